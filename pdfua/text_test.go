package pdfua

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
)

// showText draws run inside a P and returns the page content.
func showText(t *testing.T, run TextRun) (string, *Document) {
	t.Helper()
	d := newTestDoc()
	p := d.AddPage(200, 100)
	p.BeginTagged(d.Root().Add("P"))
	p.ShowText(run)
	p.End()
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	return string(p.content), d
}

func TestShowTextPositioning(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	tests := []struct {
		name string
		run  TextRun
		want string
	}{
		{"no adjustment", TextRun{Font: font, Size: 10, X: 10, Y: 20, Text: "ab", Glyphs: glyphs(10, 11)},
			"[" + lit(10, 11) + "] TJ"},
		{"kerning", TextRun{Font: font, Size: 10, Text: "ab", Glyphs: []fonts.Glyph{
			{ID: 10, XAdvance: 4.5, Cluster: 0}, {ID: 11, XAdvance: 5, Cluster: 1}}},
			"[" + lit(10) + "50" + lit(11) + "] TJ"},
		{"word spacing", TextRun{Font: font, Size: 10, Text: "a b", WordSpacing: 2, Glyphs: glyphs(10, 3, 11)},
			"[" + lit(10, 3) + "-200" + lit(11) + "] TJ"},
		{"char spacing", TextRun{Font: font, Size: 10, Text: "ab", CharSpacing: 1, Glyphs: glyphs(10, 11)},
			"[" + lit(10) + "-100" + lit(11) + "] TJ"},
		{"x offset", TextRun{Font: font, Size: 10, Text: "a", Glyphs: []fonts.Glyph{{ID: 10, XAdvance: 5, XOffset: 1}}},
			"[-100" + lit(10) + "] TJ"},
		{"y offset", TextRun{Font: font, Size: 10, Text: "ab", Glyphs: []fonts.Glyph{
			{ID: 10, XAdvance: 5, Cluster: 0}, {ID: 11, XAdvance: 5, YOffset: 2, Cluster: 1}}},
			"[" + lit(10) + "] TJ\n2 Ts\n[" + lit(11) + "] TJ\n0 Ts\nET"},
		{"rounding noise is carried", TextRun{Font: font, Size: 10, Text: "abc", Glyphs: []fonts.Glyph{
			{ID: 10, XAdvance: 5.001, Cluster: 0}, {ID: 11, XAdvance: 5.001, Cluster: 1}, {ID: 12, XAdvance: 5, Cluster: 2}}},
			"[" + lit(10, 11, 12) + "] TJ"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := showText(t, tc.run)
			if !strings.Contains(got, tc.want) {
				t.Errorf("content:\n%s\nwant it to contain %q", got, tc.want)
			}
		})
	}
}

func TestShowTextHeader(t *testing.T) {
	got, _ := showText(t, TextRun{Font: &fakeFont{name: "Fake"}, Size: 12, Color: Color{1, 0, 0}, X: 10.5, Y: 20,
		Text: "a", Glyphs: glyphs(10)})
	want := "/P <</MCID 0>> BDC\nBT\n/F1 12 Tf\n1 0 0 rg\n1 0 0 1 10.5 20 Tm\n[" + lit(10) + "] TJ\nET\nEMC\n"
	if got != want {
		t.Errorf("content:\n%q\nwant\n%q", got, want)
	}
}

func TestShowTextUnicode(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	d := newTestDoc()
	p := d.AddPage(200, 100)
	p.BeginTagged(d.Root().Add("P"))
	// A ligature: one glyph for three characters.
	p.ShowText(TextRun{Font: font, Size: 10, Text: "ffi", Glyphs: []fonts.Glyph{{ID: 50, XAdvance: 5}}})
	// A decomposed cluster: "é" shaped as e + combining acute.
	p.ShowText(TextRun{Font: font, Size: 10, Text: "e\u0301", Glyphs: []fonts.Glyph{{ID: 60, XAdvance: 5}, {ID: 61}}})
	// Glyph 50 again, now standing for different text: needs ActualText.
	p.ShowText(TextRun{Font: font, Size: 10, Text: "ﬃ", Glyphs: []fonts.Glyph{{ID: 50, XAdvance: 5}}})
	// Right-to-left: clusters descend.
	p.ShowText(TextRun{Font: font, Size: 10, Text: "אב", Glyphs: []fonts.Glyph{{ID: 71, XAdvance: 5, Cluster: 2}, {ID: 70, XAdvance: 5, Cluster: 0}}})
	p.End()
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	fs := d.fonts[0]
	for g, want := range map[fonts.GID]string{50: "ffi", 60: "e", 61: "\u0301", 70: "א", 71: "ב"} {
		if got := fs.mapping(g); got != want {
			t.Errorf("glyph %d maps to %q, want %q", g, got, want)
		}
	}
	content := string(p.content)
	if n := strings.Count(content, "/ActualText"); n != 1 {
		t.Errorf("%d ActualText spans, want 1:\n%s", n, content)
	}
	if !strings.Contains(content, "/Span <</ActualText <FEFFFB03>>> BDC\n["+lit(50)+"] TJ\nEMC") {
		t.Errorf("ActualText span missing or wrong:\n%s", content)
	}
}

func TestTextRunAdvance(t *testing.T) {
	r := TextRun{Text: "a b", Glyphs: glyphs(10, 3, 11), CharSpacing: 1, WordSpacing: 2}
	if got := r.Advance(); got != 5+2.5+5+3+2 {
		t.Errorf("Advance = %g", got)
	}
}

func TestShowTextErrors(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	for name, run := range map[string]TextRun{
		"no font":       {Size: 10, Text: "a", Glyphs: glyphs(10)},
		"negative size": {Font: font, Size: -1, Text: "a", Glyphs: glyphs(10)},
		"bad cluster":   {Font: font, Size: 10, Text: "a", Glyphs: []fonts.Glyph{{ID: 10, Cluster: 5}}},
		"notdef glyph":  {Font: font, Size: 10, Text: "a", Glyphs: glyphs(0)},
	} {
		d := newTestDoc()
		p := d.AddPage(100, 100)
		p.BeginTagged(d.Root().Add("P"))
		p.ShowText(run)
		if d.Err() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// A run of font size 0 draws nothing and is not an error: CSS uses
// font-size: 0 to hide white space between inline blocks.
func TestShowTextZeroSizeSkipped(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	p.BeginTagged(d.Root().Add("P"))
	p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Text: "a", Glyphs: glyphs(10)})
	p.End()
	if err := d.Err(); err != nil {
		t.Fatalf("zero-size run: %v", err)
	}
	if strings.Contains(string(p.content), "Tf") {
		t.Errorf("zero-size run was drawn:\n%s", p.content)
	}
}

// lit is the literal string TJ writes for the glyph ids.
func lit(ids ...fonts.GID) string {
	buf := []byte{'('}
	for _, id := range ids {
		buf = appendCode(buf, uint16(id))
	}
	return string(append(buf, ')'))
}

func TestAppendCode(t *testing.T) {
	for code, want := range map[uint16]string{
		0x0041: "\x00A", 0x2829: `\(\)`, 0x5C0D: `\\\r`, 0x0A00: "\n\x00",
	} {
		if got := string(appendCode(nil, code)); got != want {
			t.Errorf("appendCode(%04X) = %q, want %q", code, got, want)
		}
	}
}

// TestTextStateReuse: font and color are written only when they change,
// and Restore brings back what was current at Save.
func TestTextStateReuse(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	d := newTestDoc()
	p := d.AddPage(100, 100)
	p.BeginTagged(d.Root().Add("P"))
	run := TextRun{Font: font, Size: 10, Text: "a", Glyphs: glyphs(10)}
	p.ShowText(run) // Tf + rg
	p.ShowText(run) // nothing new
	p.Save()
	red := run
	red.Color = Color{1, 0, 0}
	p.ShowText(red) // rg only
	p.Restore()
	p.ShowText(run) // black again after Q: nothing new
	big := run
	big.Size = 12
	p.ShowText(big) // Tf only
	p.DrawPath(new(Path).Rect(Rect{0, 0, 1, 1}), PathStyle{Fill: true, FillColor: Color{0, 0, 1}})
	p.ShowText(big) // rg again after the path's fill
	p.End()
	got := string(p.content)
	if n := strings.Count(got, " Tf\n"); n != 2 {
		t.Errorf("%d Tf, want 2:\n%s", n, got)
	}
	if n := strings.Count(got, " rg\n"); n != 4 {
		t.Errorf("%d rg, want 4 (black, red, blue path, black):\n%s", n, got)
	}
}
