package ua

import (
	"bytes"
	"strconv"
)

// type1GlyphNames returns the glyph names in the CharStrings dictionary of
// a Type 1 font program (the eexec-encrypted part decrypted), or ok false
// when the program cannot be read.
func type1GlyphNames(prog []byte, length1 int) (names map[string]bool, ok bool) {
	if length1 <= 0 || length1 >= len(prog) {
		i := bytes.Index(prog, []byte("eexec"))
		if i < 0 {
			return nil, false
		}
		length1 = i + len("eexec")
		for length1 < len(prog) && (prog[length1] == '\r' || prog[length1] == '\n' || prog[length1] == ' ' || prog[length1] == '\t') {
			length1++
		}
	}
	enc := prog[length1:]
	if isHexData(enc) {
		enc = unhexLoose(enc)
	}
	plain := eexecDecrypt(enc)
	if len(plain) < 4 {
		return nil, false
	}
	plain = plain[4:]
	i := bytes.Index(plain, []byte("/CharStrings"))
	if i < 0 {
		return nil, false
	}
	p := plain[i+len("/CharStrings"):]
	// Skip "n dict dup begin".
	if j := bytes.Index(p, []byte("begin")); j >= 0 && j < 64 {
		p = p[j+len("begin"):]
	}
	names = map[string]bool{}
	for len(p) > 0 && len(names) < 1<<16 {
		j := bytes.IndexByte(p, '/')
		end := bytes.Index(p, []byte("end"))
		if j < 0 || (end >= 0 && end < j) {
			break
		}
		p = p[j+1:]
		k := 0
		for k < len(p) && !isPSDelimiter(p[k]) {
			k++
		}
		name := string(p[:k])
		p = p[k:]
		// "len RD " then len bytes.
		fields := bytes.Fields(p[:min(len(p), 32)])
		if len(fields) < 2 {
			return nil, false
		}
		n, err := strconv.Atoi(string(fields[0]))
		if err != nil || n < 0 {
			return nil, false
		}
		rd := bytes.Index(p, fields[1])
		start := rd + len(fields[1]) + 1
		if rd < 0 || start > len(p) || n > len(p)-start {
			return nil, false
		}
		names[name] = true
		p = p[start+n:]
	}
	return names, len(names) > 0
}

func isPSDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\f', '/', '(', ')', '<', '>', '[', ']', '{', '}', '%':
		return true
	}
	return false
}

func isHexData(b []byte) bool {
	for _, c := range b[:min(len(b), 4)] {
		if _, ok := hexVal(c); !ok {
			return false
		}
	}
	return len(b) >= 4
}

func hexVal(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func unhexLoose(b []byte) []byte {
	out := make([]byte, 0, len(b)/2)
	var hi byte
	half := false
	for _, c := range b {
		v, ok := hexVal(c)
		if !ok {
			continue
		}
		if half {
			out = append(out, hi<<4|v)
		} else {
			hi = v
		}
		half = !half
	}
	return out
}

// eexecDecrypt decrypts Type 1 eexec data (key 55665).
func eexecDecrypt(in []byte) []byte {
	r := uint16(55665)
	out := make([]byte, len(in))
	for i, c := range in {
		out[i] = c ^ byte(r>>8)
		r = (uint16(c)+r)*52845 + 22719
	}
	return out
}

// charSetNames splits a /CharSet string ("/a/b/c") into names.
func charSetNames(s string) map[string]bool {
	names := map[string]bool{}
	for _, n := range bytes.Split([]byte(s), []byte("/")) {
		n = bytes.TrimSpace(n)
		if len(n) > 0 {
			names[string(n)] = true
		}
	}
	return names
}
