package pdfobj

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
)

// Decryption of the standard security handler (ISO 32000-2 7.6.4) with the
// empty user password, which is how most encrypted files that a reader may
// open without asking are made: RC4 with 40–128-bit keys (revisions 2–4),
// AES-128 (revision 4) and AES-256 (revisions 5 and 6). A file whose user
// password is not empty, or that uses another handler, stays unreadable:
// Encrypted reports true, Decrypted false, and stream data fails with
// ErrEncrypted.

// cryptMethod is how a crypt filter enciphers strings or streams.
type cryptMethod uint8

const (
	cryptIdentity cryptMethod = iota // not enciphered
	cryptRC4                         // RC4 with the object key (V2)
	cryptAESV2                       // AES-128-CBC with the object key
	cryptAESV3                       // AES-256-CBC with the file key
)

// security is what decrypting the objects of a file needs.
type security struct {
	key        []byte // the file encryption key
	stm, str   cryptMethod
	encryptNum int  // object number of the encryption dictionary (not enciphered)
	metadata   bool // EncryptMetadata: metadata streams are enciphered
	// p is the /P permission flags.
	p int32
}

// padding is the password padding string (ISO 32000-2 7.6.4.3.2).
var padding = [32]byte{
	0x28, 0xBF, 0x4E, 0x5E, 0x4E, 0x75, 0x8A, 0x41, 0x64, 0x00, 0x4E, 0x56, 0xFF, 0xFA, 0x01, 0x08,
	0x2E, 0x2E, 0x00, 0xB6, 0xD0, 0x68, 0x3E, 0x80, 0x2F, 0x0C, 0xA9, 0xFE, 0x64, 0x53, 0x69, 0x7A,
}

// errNoEmptyPassword reports a file that the empty user password does not
// open.
var errNoEmptyPassword = errors.New("pdfobj: the user password is not empty")

// newSecurity reads the trailer's /Encrypt dictionary and derives the file
// key for the empty user password.
func (f *File) newSecurity() (*security, error) {
	encObj := f.trailer["Encrypt"]
	enc, ok := f.Resolve(encObj).(Dict)
	if !ok {
		return nil, errors.New("pdfobj: /Encrypt is not a dictionary")
	}
	if flt, _ := f.Resolve(enc["Filter"]).(Name); flt != "Standard" {
		return nil, fmt.Errorf("pdfobj: security handler %q is not supported", flt)
	}
	sec := &security{metadata: true}
	if r, ok := encObj.(Ref); ok {
		sec.encryptNum = r.Num
	}
	if b, ok := f.Resolve(enc["EncryptMetadata"]).(Bool); ok {
		sec.metadata = bool(b)
	}
	v := intOr(f.Resolve(enc["V"]), 0)
	r := intOr(f.Resolve(enc["R"]), 0)
	p, _ := f.Resolve(enc["P"]).(Int)
	sec.p = int32(p)
	o := stringBytes(f.Resolve(enc["O"]))
	u := stringBytes(f.Resolve(enc["U"]))
	keyLen := 5
	switch v {
	case 1:
		sec.stm, sec.str = cryptRC4, cryptRC4
	case 2:
		sec.stm, sec.str = cryptRC4, cryptRC4
		keyLen = intOr(f.Resolve(enc["Length"]), 40) / 8
	case 4, 5:
		var err error
		sec.stm, keyLen, err = f.cryptFilter(enc, "StmF")
		if err != nil {
			return nil, err
		}
		var strLen int
		sec.str, strLen, err = f.cryptFilter(enc, "StrF")
		if err != nil {
			return nil, err
		}
		keyLen = max(keyLen, strLen)
	default:
		return nil, fmt.Errorf("pdfobj: encryption algorithm /V %d is not supported", v)
	}
	switch {
	case r >= 2 && r <= 4:
		if keyLen < 5 || keyLen > 16 {
			keyLen = 16
		}
		if r == 2 {
			keyLen = 5
		}
		id, _ := f.ID()
		key := legacyKey(nil, o, sec.p, id, r, keyLen, sec.metadata)
		if !legacyUserOK(key, u, id, r) {
			return nil, errNoEmptyPassword
		}
		sec.key = key
	case r == 5 || r == 6:
		ue := stringBytes(f.Resolve(enc["UE"]))
		key, err := aes256Key(u, ue, r)
		if err != nil {
			return nil, err
		}
		sec.key = key
	default:
		return nil, fmt.Errorf("pdfobj: standard security handler revision %d is not supported", r)
	}
	return sec, nil
}

// cryptFilter resolves the crypt filter named by /StmF or /StrF (V4, V5):
// its method and key length in bytes.
func (f *File) cryptFilter(enc Dict, entry Name) (cryptMethod, int, error) {
	name, _ := f.Resolve(enc[entry]).(Name)
	if name == "" || name == "Identity" {
		return cryptIdentity, 0, nil
	}
	cfs, _ := f.Resolve(enc["CF"]).(Dict)
	cf, ok := f.Resolve(cfs[name]).(Dict)
	if !ok {
		return 0, 0, fmt.Errorf("pdfobj: crypt filter %q is not defined", name)
	}
	n := intOr(f.Resolve(cf["Length"]), 0)
	if n > 32 { // some writers give the length in bits
		n /= 8
	}
	switch m, _ := f.Resolve(cf["CFM"]).(Name); m {
	case "V2":
		if n == 0 {
			n = 16
		}
		return cryptRC4, n, nil
	case "AESV2":
		return cryptAESV2, 16, nil
	case "AESV3":
		return cryptAESV3, 32, nil
	case "None", "":
		return cryptIdentity, 0, nil
	default:
		return 0, 0, fmt.Errorf("pdfobj: crypt filter method %q is not supported", m)
	}
}

func stringBytes(o Object) []byte {
	switch s := o.(type) {
	case String:
		return s
	case HexString:
		return s
	}
	return nil
}

// legacyKey computes the file key of revisions 2–4 from a password
// (ISO 32000-2 Algorithm 2).
func legacyKey(password, o []byte, p int32, id []byte, r, n int, metadata bool) []byte {
	h := md5.New()
	pw := append(append([]byte{}, password[:min(len(password), 32)]...), padding[:32-min(len(password), 32)]...)
	h.Write(pw)
	h.Write(o[:min(len(o), 32)])
	var pb [4]byte
	binary.LittleEndian.PutUint32(pb[:], uint32(p))
	h.Write(pb[:])
	h.Write(id)
	if r >= 4 && !metadata {
		h.Write([]byte{0xff, 0xff, 0xff, 0xff})
	}
	key := h.Sum(nil)
	if r >= 3 {
		for i := 0; i < 50; i++ {
			s := md5.Sum(key[:n])
			key = s[:]
		}
	}
	return key[:n]
}

// legacyUserOK reports whether key opens the file, comparing the /U entry
// with what the key gives (Algorithms 4 and 5).
func legacyUserOK(key, u, id []byte, r int) bool {
	if r == 2 {
		c, err := rc4.NewCipher(key)
		if err != nil {
			return false
		}
		var out [32]byte
		c.XORKeyStream(out[:], padding[:])
		return len(u) >= 32 && bytes.Equal(out[:], u[:32])
	}
	h := md5.New()
	h.Write(padding[:])
	h.Write(id)
	out := h.Sum(nil)
	k := make([]byte, len(key))
	for i := 0; i < 20; i++ {
		for j := range key {
			k[j] = key[j] ^ byte(i)
		}
		c, err := rc4.NewCipher(k)
		if err != nil {
			return false
		}
		c.XORKeyStream(out, out)
	}
	return len(u) >= 16 && bytes.Equal(out[:16], u[:16])
}

// aes256Key checks the empty user password against /U and decrypts the
// file key from /UE (revisions 5 and 6, Algorithm 2.A).
func aes256Key(u, ue []byte, r int) ([]byte, error) {
	if len(u) < 48 || len(ue) < 32 {
		return nil, errors.New("pdfobj: /U or /UE of an AES-256 encryption dictionary is too short")
	}
	validation, keySalt := u[32:40], u[40:48]
	if !bytes.Equal(hash2B(nil, validation, r), u[:32]) {
		return nil, errNoEmptyPassword
	}
	inter := hash2B(nil, keySalt, r)
	block, err := aes.NewCipher(inter)
	if err != nil {
		return nil, fmt.Errorf("pdfobj: %w", err)
	}
	key := make([]byte, 32)
	cipher.NewCBCDecrypter(block, make([]byte, aes.BlockSize)).CryptBlocks(key, ue[:32])
	return key, nil
}

// hash2B is the password hash of revision 6 (ISO 32000-2 Algorithm 2.B)
// for a user password (no /U data), or plain SHA-256 for revision 5.
func hash2B(password, salt []byte, r int) []byte {
	first := sha256.Sum256(append(append([]byte{}, password...), salt...))
	k := first[:]
	if r == 5 {
		return k
	}
	var e []byte
	for round := 0; round < 64 || int(e[len(e)-1]) > round-32; round++ {
		if round >= 64+256 { // unreachable by the algorithm's bound; keeps the loop finite
			break
		}
		k1 := bytes.Repeat(append(append([]byte{}, password...), k...), 64)
		block, _ := aes.NewCipher(k[:16])
		e = make([]byte, len(k1))
		cipher.NewCBCEncrypter(block, k[16:32]).CryptBlocks(e, k1)
		sum := 0
		for _, b := range e[:16] {
			sum += int(b)
		}
		var h hash.Hash
		switch sum % 3 {
		case 0:
			h = sha256.New()
		case 1:
			h = sha512.New384()
		default:
			h = sha512.New()
		}
		h.Write(e)
		k = h.Sum(nil)
	}
	return k[:32]
}

// objectKey derives the key of object num, gen (Algorithm 1); AES-256
// uses the file key itself.
func (s *security) objectKey(m cryptMethod, num, gen int) []byte {
	if m == cryptAESV3 {
		return s.key
	}
	h := md5.New()
	h.Write(s.key)
	h.Write([]byte{byte(num), byte(num >> 8), byte(num >> 16), byte(gen), byte(gen >> 8)})
	if m == cryptAESV2 {
		h.Write([]byte("sAlT"))
	}
	return h.Sum(nil)[:min(len(s.key)+5, 16)]
}

// decrypt deciphers data of object num, gen with method m; damaged AES
// data (not whole blocks, bad padding) gives what could be deciphered.
func (s *security) decrypt(m cryptMethod, data []byte, num, gen int) []byte {
	switch m {
	case cryptRC4:
		c, err := rc4.NewCipher(s.objectKey(m, num, gen))
		if err != nil {
			return data
		}
		out := make([]byte, len(data))
		c.XORKeyStream(out, data)
		return out
	case cryptAESV2, cryptAESV3:
		if len(data) < 2*aes.BlockSize {
			return nil // the IV alone (an empty string), or damaged
		}
		block, err := aes.NewCipher(s.objectKey(m, num, gen))
		if err != nil {
			return data
		}
		body := data[aes.BlockSize : aes.BlockSize+(len(data)-aes.BlockSize)/aes.BlockSize*aes.BlockSize]
		out := make([]byte, len(body))
		cipher.NewCBCDecrypter(block, data[:aes.BlockSize]).CryptBlocks(out, body)
		if n := int(out[len(out)-1]); n >= 1 && n <= aes.BlockSize && n <= len(out) {
			out = out[:len(out)-n]
		}
		return out
	}
	return data
}

// decryptObject deciphers the strings and stream data of object num, gen
// read from the file; it returns a new object and leaves o unchanged.
func (s *security) decryptObject(o Object, num, gen int) Object {
	if num == s.encryptNum && num != 0 {
		return o
	}
	if st, ok := o.(*Stream); ok {
		d := s.decryptValue(st.Dict, num, gen, 0).(Dict)
		t, _ := d["Type"].(Name)
		m := s.stm
		if t == "XRef" || (t == "Metadata" && !s.metadata) || identityCrypt(d) {
			m = cryptIdentity
		}
		return &Stream{Dict: d, Data: s.decrypt(m, st.Data, num, gen)}
	}
	return s.decryptValue(o, num, gen, 0)
}

// identityCrypt reports a stream whose own /Crypt filter is /Identity
// (ISO 32000-2 7.6.6), which its data is not enciphered with.
func identityCrypt(d Dict) bool {
	flt := d["Filter"]
	if n, ok := flt.(Name); ok {
		flt = Array{n}
	}
	a, _ := flt.(Array)
	for i, x := range a {
		if x != Name("Crypt") {
			continue
		}
		var parms Dict
		switch p := d["DecodeParms"].(type) {
		case Dict:
			parms = p
		case Array:
			if i < len(p) {
				parms, _ = p[i].(Dict)
			}
		}
		name, _ := parms["Name"].(Name)
		return name == "" || name == "Identity"
	}
	return false
}

// decryptValue deciphers the strings in a direct object (nesting below
// the parser's own depth limit).
func (s *security) decryptValue(o Object, num, gen, depth int) Object {
	if depth > DefaultMaxDepth+8 {
		return o
	}
	switch v := o.(type) {
	case String:
		return String(s.decrypt(s.str, v, num, gen))
	case HexString:
		return HexString(s.decrypt(s.str, v, num, gen))
	case Array:
		out := make(Array, len(v))
		for i, e := range v {
			out[i] = s.decryptValue(e, num, gen, depth+1)
		}
		return out
	case Dict:
		out := make(Dict, len(v))
		for k, e := range v {
			out[k] = s.decryptValue(e, num, gen, depth+1)
		}
		return out
	}
	return o
}
