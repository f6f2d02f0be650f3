package pdfobj

import (
	"slices"
)

// Object is any PDF value. The concrete types are Null, Bool, Int, Real,
// String, HexString, Name, Array, Dict, *Stream and Ref, plus Raw for
// objects serialised ahead of time.
type Object interface {
	// isObject keeps the set of value types closed to this package.
	isObject()
}

// Null is the PDF null object.
type Null struct{}

// Bool is a PDF boolean.
type Bool bool

// Int is a PDF integer.
type Int int64

// Real is a PDF real number. It is written with at most five decimals and
// no exponent, as PDF syntax requires.
type Real float64

// String is a PDF literal string; the bytes are written with escapes for
// backslash, parentheses and non-printable bytes. Text strings that need
// characters outside PDFDocEncoding should be built with TextString.
type String []byte

// HexString is a PDF string written in hexadecimal form (<…>).
type HexString []byte

// Name is a PDF name without the leading slash; bytes outside the regular
// printable range are written as #xx.
type Name string

// Array is a PDF array.
type Array []Object

// Dict is a PDF dictionary. Keys are written in sorted order so that output
// is deterministic.
type Dict map[Name]Object

// Raw is an object already in PDF syntax, written verbatim. Writers of
// many small objects (the structure elements of a long document, say)
// use it to append each object's syntax straight into one buffer instead
// of building a Dict per object; the caller is responsible for the syntax
// being valid and deterministic (dictionary keys in sorted order, as
// AppendObject writes them). The reader never returns Raw.
type Raw []byte

// Ref is an indirect reference to object Num generation Gen.
type Ref struct {
	Num int
	Gen int
}

// Stream is a PDF stream: its dictionary and its (already encoded) data.
// The serialiser sets /Length; callers set /Filter when Data is encoded.
type Stream struct {
	Dict Dict
	Data []byte
}

func (Null) isObject()      {}
func (Bool) isObject()      {}
func (Int) isObject()       {}
func (Real) isObject()      {}
func (String) isObject()    {}
func (HexString) isObject() {}
func (Name) isObject()      {}
func (Array) isObject()     {}
func (Dict) isObject()      {}
func (Ref) isObject()       {}
func (Raw) isObject()       {}
func (*Stream) isObject()   {}

// sortedKeys appends the keys of d to keys in byte order and returns the
// result.
func (d Dict) sortedKeys(keys []Name) []Name {
	for k := range d {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TextString encodes s as a PDF text string: PDFDocEncoding-compatible
// ASCII stays as is, anything else becomes UTF-16BE with a byte-order mark.
func TextString(s string) String {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return String(s)
	}
	out := make([]byte, 0, 2+2*len(s))
	out = append(out, 0xFE, 0xFF)
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			hi, lo := 0xD800+(r>>10), 0xDC00+(r&0x3FF)
			out = append(out, byte(hi>>8), byte(hi), byte(lo>>8), byte(lo))
			continue
		}
		out = append(out, byte(r>>8), byte(r))
	}
	return String(out)
}
