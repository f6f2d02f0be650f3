package ua

import (
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// eexecEncrypt is the inverse of eexecDecrypt.
func eexecEncrypt(plain []byte) []byte {
	r := uint16(55665)
	out := make([]byte, len(plain))
	for i, p := range plain {
		c := p ^ byte(r>>8)
		out[i] = c
		r = (uint16(c)+r)*52845 + 22719
	}
	return out
}

// fakeType1 returns a Type 1 program whose CharStrings hold the names.
func fakeType1(names ...string) ([]byte, int) {
	clear := []byte("%!PS-AdobeFont-1.0: Test 001\n/FontName /Test def\ncurrentfile eexec\n")
	priv := "xxxx dup /Private 8 dict dup begin end\n2 index /CharStrings " + "3 dict dup begin\n"
	for _, n := range names {
		priv += "/" + n + " 3 RD \x01\x02\x03 ND\n"
	}
	priv += "end\nend\n"
	return append(clear, eexecEncrypt([]byte(priv))...), len(clear)
}

func TestType1GlyphNames(t *testing.T) {
	prog, l1 := fakeType1(".notdef", "a", "b")
	names, ok := type1GlyphNames(prog, l1)
	if !ok || len(names) != 3 || !names["a"] || !names["b"] {
		t.Fatalf("names = %v %v", names, ok)
	}
	if _, ok := type1GlyphNames([]byte("garbage"), 0); ok {
		t.Error("garbage parsed as a Type 1 program")
	}
}

func TestCharSetRule(t *testing.T) {
	prog, l1 := fakeType1(".notdef", "H", "i")
	res := func(name, charSet string) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
		return func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
			fd := w.Add(pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name(name), "Flags": pdfobj.Int(32), "CharSet": pdfobj.String(charSet),
				"FontFile": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Length1": pdfobj.Int(l1), "Length2": pdfobj.Int(len(prog) - l1), "Length3": pdfobj.Int(0)}, Data: prog})})
			return pdfobj.Dict{"Font": pdfobj.Dict{"F1": w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type1"), "BaseFont": pdfobj.Name(name),
				"FontDescriptor": fd, "Encoding": pdfobj.Name("WinAnsiEncoding")})}}
		}
	}
	text := "/Artifact BMC BT /F1 12 Tf (Hi) Tj ET EMC\n"
	for _, tt := range []struct {
		name, font, charSet string
		fail                bool
	}{
		{"exact", "ABCDEF+Test", "/H/i", false},
		{"with notdef", "ABCDEF+Test", "/.notdef/H/i", false},
		{"glyph not listed", "ABCDEF+Test", "/H", true},
		{"listed glyph absent", "ABCDEF+Test", "/H/i/z", true},
		{"not a subset", "Test", "/H", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := auditBytes(t, mini{tree: doc(leaf("P", nil)), content: text, resources: res(tt.font, tt.charSet)}.build(t))
			failed := false
			for _, f := range rep.Errors {
				if f.Rule == "pdfua-7.21.4.2-1" {
					failed = true
				} else {
					t.Errorf("unexpected finding %s: %s", f.Rule, f.Message)
				}
			}
			if failed != tt.fail {
				t.Errorf("7.21.4.2-1 failed = %v, want %v", failed, tt.fail)
			}
		})
	}
}

// TestType1GlyphNamesMalformedLengths: a charstring length that does not
// fit the program (huge, overflowing the offset arithmetic, or past the
// end) rejects the program rather than panicking.
func TestType1GlyphNamesMalformedLengths(t *testing.T) {
	clear := []byte("%!PS-AdobeFont-1.0: Test 001\ncurrentfile eexec\n")
	for _, n := range []string{"9223372036854775807", "9223372036854775800", "40", "-1"} {
		priv := "xxxx /CharStrings 1 dict dup begin\n/a " + n + " RD \x01\x02\x03\nend\n"
		prog := append(append([]byte(nil), clear...), eexecEncrypt([]byte(priv))...)
		if names, ok := type1GlyphNames(prog, len(clear)); ok {
			t.Errorf("length %s: parsed %v", n, names)
		}
	}
}
