package ua

import (
	"slices"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// cffIndexBytes writes a CFF INDEX of items with 1-byte offsets.
func cffIndexBytes(items ...[]byte) []byte {
	if len(items) == 0 {
		return []byte{0, 0}
	}
	out := []byte{0, byte(len(items)), 1, 1}
	off := 1
	for _, it := range items {
		off += len(it)
		out = append(out, byte(off))
	}
	for _, it := range items {
		out = append(out, it...)
	}
	return out
}

// fakeCFF builds a bare CFF program whose glyphs have the given names
// (.notdef first, implied): standard strings by their SID, others from
// the String INDEX, in a format 0 charset.
func fakeCFF(names ...string) []byte {
	var custom [][]byte
	var sids []int
	for _, n := range names {
		sid := slices.Index(cffStandardStrings[:], n)
		if sid < 0 {
			sid = len(cffStandardStrings) + len(custom)
			custom = append(custom, []byte(n))
		}
		sids = append(sids, sid)
	}
	int5 := func(v int) []byte { return []byte{29, byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)} }
	head := []byte{1, 0, 4, 1}
	nameIdx := cffIndexBytes([]byte("Test"))
	strIdx := cffIndexBytes(custom...)
	gsubr := cffIndexBytes()
	topLen := 2 + 1 + 2 + 12 // one Top DICT of two 5-byte operands and their operators
	charset := len(head) + len(nameIdx) + topLen + len(strIdx) + len(gsubr)
	csData := []byte{0}
	for _, sid := range sids {
		csData = append(csData, byte(sid>>8), byte(sid))
	}
	charStrings := charset + len(csData)
	top := append(append(int5(charset), 15), append(int5(charStrings), 17)...)
	glyphs := [][]byte{{14}}
	for range names {
		glyphs = append(glyphs, []byte{14})
	}
	out := slices.Concat(head, nameIdx, cffIndexBytes(top), strIdx, gsubr, csData, cffIndexBytes(glyphs...))
	return out
}

func TestCFFGlyphNames(t *testing.T) {
	names, ok := cffGlyphNames(fakeCFF("H", "i", "H.alt"))
	if !ok {
		t.Fatal("fake CFF not readable")
	}
	for _, n := range []string{".notdef", "H", "i", "H.alt"} {
		if !names[n] {
			t.Errorf("%s missing from %v", n, names)
		}
	}
	if len(names) != 4 {
		t.Errorf("names %v, want 4", names)
	}
	for _, bad := range [][]byte{nil, {1, 0, 4}, {1, 0, 200, 1}, fakeCFF("H")[:30]} {
		if _, ok := cffGlyphNames(bad); ok {
			t.Errorf("damaged program %x read", bad)
		}
	}
}

// TestCharSetRuleCFF checks 7.21.4.2-1 on a subset Type 1 font whose
// program is bare CFF (FontFile3 /Type1C).
func TestCharSetRuleCFF(t *testing.T) {
	prog := fakeCFF("H", "i")
	res := func(charSet string) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
		return func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
			fd := w.Add(pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name("ABCDEF+Test"), "Flags": pdfobj.Int(32), "CharSet": pdfobj.String(charSet),
				"FontFile3": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("Type1C")}, Data: prog})})
			return pdfobj.Dict{"Font": pdfobj.Dict{"F1": w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type1"), "BaseFont": pdfobj.Name("ABCDEF+Test"),
				"FontDescriptor": fd, "Encoding": pdfobj.Name("WinAnsiEncoding")})}}
		}
	}
	text := "/Artifact BMC BT /F1 12 Tf (Hi) Tj ET EMC\n"
	for _, tt := range []struct {
		name, charSet string
		fail          bool
	}{
		{"exact", "/H/i", false},
		{"glyph not listed", "/H", true},
		{"listed glyph absent", "/H/i/z", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := auditBytes(t, mini{tree: doc(leaf("P", nil)), content: text, resources: res(tt.charSet)}.build(t))
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
