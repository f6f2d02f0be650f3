package pdfobj

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestDecryptStandardSecurity opens one small document encrypted by qpdf
// with the empty user password in each scheme of the standard security
// handler, and checks that its strings (the structure element's /Alt),
// the content stream and the XMP metadata read as plain text; a file with
// a user password stays encrypted.
func TestDecryptStandardSecurity(t *testing.T) {
	tests := []struct {
		file      string
		decrypted bool
	}{
		{"rc4-40.pdf", true},  // revision 2, RC4 40-bit
		{"rc4-128.pdf", true}, // revision 3, RC4 128-bit
		{"aes-128.pdf", true}, // revision 4, AESV2
		{"aes-256.pdf", true}, // revision 6, AESV3
		{"aes-256-r5.pdf", true},
		{"rc4-128-v4.pdf", true},             // revision 4 with a V2 (RC4) crypt filter
		{"aes-256-clear-metadata.pdf", true}, // /EncryptMetadata false
		{"aes-128-clear-metadata.pdf", true}, // the same in revision 4 (part of the key)
		{"aes-256-user-password.pdf", false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "encrypted", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			f, err := Open(data)
			if err != nil {
				t.Fatal(err)
			}
			if !f.Encrypted() || f.Decrypted() != tt.decrypted {
				t.Fatalf("Encrypted %t Decrypted %t, want true %t (warnings %v)", f.Encrypted(), f.Decrypted(), tt.decrypted, f.Warnings())
			}
			lang := Text(f.Resolve(f.Root()["Lang"]))
			meta, merr := f.DecodeStream(f.Resolve(f.Root()["Metadata"]).(*Stream))
			if !tt.decrypted {
				if lang == "en" || !errors.Is(merr, ErrEncrypted) {
					t.Errorf("undecrypted file reads /Lang %q, metadata error %v", lang, merr)
				}
				return
			}
			if lang != "en" {
				t.Errorf("catalog /Lang %q, want en", lang)
			}
			if merr != nil || !bytes.Contains(meta, []byte("pdfuaid:part")) {
				t.Errorf("metadata %q, error %v", meta, merr)
			}
			pages, err := f.Pages()
			if err != nil || len(pages) != 1 {
				t.Fatalf("pages %d, error %v", len(pages), err)
			}
			content, err := f.DecodeStream(f.Resolve(pages[0].Dict["Contents"]).(*Stream))
			if err != nil || !bytes.Contains(content, []byte("BDC")) {
				t.Errorf("content %q, error %v", content, err)
			}
			found := false
			for _, n := range f.ObjectNumbers() {
				if d, ok := f.Resolve(Ref{Num: n}).(Dict); ok && Text(f.Resolve(d["Alt"])) == "A bar chart of sales by quarter" {
					found = true
				}
			}
			if !found {
				t.Error("the Figure's /Alt does not read as plain text")
			}
		})
	}
}

// TestDecryptDamagedAES checks that AES data that is not whole blocks, or
// shorter than its IV, deciphers to something without a panic.
func TestDecryptDamagedAES(t *testing.T) {
	s := &security{key: bytes.Repeat([]byte{7}, 16), stm: cryptAESV2, str: cryptAESV2}
	for _, n := range []int{0, 1, 15, 16, 17, 31, 32, 33, 100} {
		out := s.decryptObject(String(bytes.Repeat([]byte{0xAB}, n)), 3, 0)
		if _, ok := out.(String); !ok {
			t.Errorf("%d bytes: decrypted to %T", n, out)
		}
	}
}

// TestDecryptSkips checks what decryption leaves alone: cross-reference
// streams, streams whose own crypt filter is /Identity, metadata when
// /EncryptMetadata is false; other streams and strings are deciphered.
func TestDecryptSkips(t *testing.T) {
	s := &security{key: []byte("0123456789abcdef"), stm: cryptRC4, str: cryptRC4, metadata: false}
	data := []byte("plain stream data")
	tests := []struct {
		name  string
		dict  Dict
		plain bool
	}{
		{"content stream", Dict{}, false},
		{"xref stream", Dict{"Type": Name("XRef")}, true},
		{"identity crypt filter", Dict{"Filter": Array{Name("Crypt"), Name("FlateDecode")}, "DecodeParms": Array{Dict{"Name": Name("Identity")}, Null{}}}, true},
		{"named crypt filter", Dict{"Filter": Name("Crypt"), "DecodeParms": Dict{"Name": Name("StdCF")}}, false},
		{"unencrypted metadata", Dict{"Type": Name("Metadata")}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := s.decryptObject(&Stream{Dict: tt.dict, Data: data}, 7, 0).(*Stream)
			if bytes.Equal(got.Data, data) != tt.plain {
				t.Errorf("data left plain = %t, want %t", bytes.Equal(got.Data, data), tt.plain)
			}
		})
	}
	if str := s.decryptObject(Dict{"T": String("abc")}, 7, 0).(Dict)["T"].(String); string(str) == "abc" {
		t.Error("string in a dictionary not deciphered")
	}
}
