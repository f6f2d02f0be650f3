package pdfua

import (
	"testing"
	"unicode/utf8"

	"github.com/seed28491532/folio/fonts"
)

// FuzzShowText feeds arbitrary text, glyph ids and cluster offsets (as
// broken shaping output could produce) to ShowText: it must never panic,
// and when it accepts the run the document must write, with every shown
// glyph mapped to valid Unicode.
func FuzzShowText(f *testing.F) {
	f.Add("office", []byte{10, 0, 11, 1, 12, 3, 13, 4}, 0.0, 0.0)
	f.Add("e\u0301\U0001F600", []byte{1, 0, 2, 0, 3, 3, 4, 3}, 1.0, 2.0)
	f.Add("אב", []byte{5, 2, 6, 0}, 0.0, 0.0)
	f.Add("\x00\xff", []byte{7, 0, 8, 1}, -1.0, 0.0)
	f.Fuzz(func(t *testing.T, text string, raw []byte, charSp, wordSp float64) {
		if len(raw) > 512 {
			raw = raw[:512]
		}
		var gs []fonts.Glyph
		for i := 0; i+1 < len(raw); i += 2 {
			gs = append(gs, fonts.Glyph{ID: fonts.GID(raw[i]), XAdvance: float64(raw[i+1] % 7), YOffset: float64(raw[i] % 3), Cluster: int32(raw[i+1])})
		}
		d := newTestDoc()
		p := d.AddPage(100, 100)
		p.BeginTagged(d.Root().Add("P"))
		p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: text, Glyphs: gs, CharSpacing: charSp, WordSpacing: wordSp})
		p.End()
		if d.Err() != nil {
			return
		}
		if _, err := d.Bytes(); err != nil {
			t.Fatalf("accepted run fails to write: %v", err)
		}
		if len(d.fonts) == 0 {
			return
		}
		fs := d.fonts[0]
		for _, g := range fs.usedGlyphs() {
			m := fs.mapping(g)
			if m == "" || !utf8.ValidString(m) {
				t.Fatalf("glyph %d maps to %q", g, m)
			}
			for _, r := range m {
				if r == 0 || r == 0xFEFF || r == 0xFFFE {
					t.Fatalf("glyph %d maps to forbidden U+%04X", g, r)
				}
			}
		}
	})
}

// FuzzAddJPEG feeds arbitrary bytes to the JPEG path: never a panic, and
// an accepted image has a plausible size and component count.
func FuzzAddJPEG(f *testing.F) {
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, 0, 1, 0, 1, 1, 1, 0x11, 0, 0xFF, 0xD9})
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xEE, 0x00, 0x07, 'A', 'd', 'o', 'b', 'e', 0xFF, 0xD9})
	f.Add([]byte("\xFF\xD8\xFF\xFF\xFF"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if info, err := scanJPEG(data); err == nil && (info.components == 0 || info.components > 255) {
			t.Fatalf("scanJPEG accepted %+v", info)
		}
		d := newTestDoc()
		im, err := d.AddJPEG("fuzz.jpg", data)
		if err != nil {
			return
		}
		if w, h := im.Size(); w <= 0 || h <= 0 || int64(w)*int64(h) > MaxImagePixels {
			t.Fatalf("accepted a %dx%d image", w, h)
		}
	})
}

// FuzzStructure builds random structure trees (types, nesting, table
// spans, scopes) and writes them: Write must return a result or an error,
// never panic or run away on absurd spans.
func FuzzStructure(f *testing.F) {
	f.Add([]byte{1, 0, 2, 1, 3, 2, 4, 3, 4, 3})
	f.Add([]byte{1, 0, 5, 1, 2, 2, 4, 3, 200, 255})
	types := []string{"P", "Table", "THead", "TBody", "TR", "TH", "TD", "L", "LI", "Lbl", "LBody", "Div", "Caption", "TOC", "TOCI", "H1", "H2", "Figure", "Span", "Custom"}
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 400 {
			ops = ops[:400]
		}
		d := newTestDoc()
		d.RoleMap("Custom", "Div")
		p := d.AddPage(100, 100)
		elems := []*StructElem{d.Root()}
		for i := 0; i+1 < len(ops); i += 2 {
			parent := elems[int(ops[i+1])%len(elems)]
			e := parent.Add(types[int(ops[i])%len(types)])
			switch ops[i] % 7 {
			case 1:
				e.Table = &TableAttrs{RowSpan: int(ops[i+1]) * 1000, ColSpan: int(ops[i]) / 3, Scope: Scope([]string{"", "Row", "Column", "Both"}[ops[i+1]%4])}
			case 2:
				e.Attrs().Alt = "alt"
			case 3:
				p.BeginTagged(e)
				p.End()
			}
			elems = append(elems, e)
		}
		d.Bytes() // must not panic; an error is fine
	})
}
