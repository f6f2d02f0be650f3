package pdfua

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

func TestToUnicodeCMap(t *testing.T) {
	used := []fonts.GID{3, 4, 5, 6, 10, 11, 0x1FF, 0x200, 20, 21}
	used = sortedGIDs(used)
	text := map[fonts.GID]string{
		3: "a", 4: "b", 5: "c", // range
		6:     "ffi",           // ligature: several characters
		10:    "😀",             // outside the BMP: surrogate pair
		11:    "x\x00\uFEFF",   // forbidden code points are dropped
		20:    "\uFFFE",        // nothing left: zero width space
		21:    "(",             // PDF delimiters need no escaping in hex
		0x1FF: "y", 0x200: "z", // consecutive but across a 256 block
	}
	got := string(toUnicodeCMap(used, func(g fonts.GID) string { return text[g] }))
	for _, want := range []string{
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange",
		"1 beginbfrange\n<0003> <0005> <0061>\nendbfrange",
		"<0006> <006600660069>",
		"<000A> <D83DDE00>",
		"<000B> <0078>",
		"<0014> <200B>",
		"<0015> <0028>",
		"<01FF> <0079>", "<0200> <007A>",
		"7 beginbfchar",
		"/CMapName /Adobe-Identity-UCS def",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("CMap lacks %q:\n%s", want, got)
		}
	}
}

func TestToUnicodeBlocksOf100(t *testing.T) {
	var used []fonts.GID
	text := map[fonts.GID]string{}
	for g := fonts.GID(1); g <= 250; g++ {
		used = append(used, g*2) // not consecutive: all bfchar
		text[g*2] = "A"
	}
	got := string(toUnicodeCMap(used, func(g fonts.GID) string { return text[g] }))
	if n := strings.Count(got, "beginbfchar"); n != 3 {
		t.Errorf("%d bfchar blocks for 250 entries, want 3", n)
	}
	if !strings.Contains(got, "100 beginbfchar") || !strings.Contains(got, "50 beginbfchar") {
		t.Errorf("block sizes wrong:\n%s", got[:200])
	}
}

func TestWidthsArray(t *testing.T) {
	widths := map[fonts.GID]float64{1: 500, 2: 500, 3: 500, 4: 600, 5: 250.5, 9: 300, 10: 300, 20: 700, 21: 700, 22: 700, 23: 700}
	used := []fonts.GID{1, 2, 3, 4, 5, 9, 10, 20, 21, 22, 23}
	got := pdfobj.Format(widthsArray(used, func(g fonts.GID) float64 { return widths[g] }))
	want := "[1 3 500 4 [600 250.5] 9 [300 300] 20 23 700]"
	if got != want {
		t.Errorf("W = %s, want %s", got, want)
	}
	if got := pdfobj.Format(widthsArray(nil, nil)); got != "[]" {
		t.Errorf("empty W = %s", got)
	}
}

func TestSubsetTag(t *testing.T) {
	a := subsetTag("LiberationSans", []fonts.GID{3, 4, 5})
	if !regexp.MustCompile(`^[A-Z]{6}$`).MatchString(a) {
		t.Fatalf("tag %q is not six uppercase letters", a)
	}
	if b := subsetTag("LiberationSans", []fonts.GID{3, 4, 5}); b != a {
		t.Errorf("same glyphs gave %q and %q", a, b)
	}
	if b := subsetTag("LiberationSans", []fonts.GID{3, 4, 6}); b == a {
		t.Errorf("different glyph sets gave the same tag %q", a)
	}
	if b := subsetTag("LiberationSerif", []fonts.GID{3, 4, 5}); b == a {
		t.Errorf("different faces gave the same tag %q", a)
	}
}

// TestFontObjects checks the font dictionaries of a document drawn with
// the fake font, including /W equal to advance × 1000 / unitsPerEm.
func TestFontObjects(t *testing.T) {
	for _, cff := range []bool{false, true} {
		d := newTestDoc()
		p := d.AddPage(100, 100)
		p.BeginTagged(d.Root().Add("P"))
		p.ShowText(TextRun{Font: &fakeFont{name: "Fake-Regular", cff: cff}, Size: 10, Text: "a b", Glyphs: glyphs(10, 3, 11)})
		p.End()
		data, err := d.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		s := string(data)
		tag := subsetTag("Fake-Regular", []fonts.GID{3, 10, 11})
		for _, want := range []string{
			"/BaseFont /" + tag + "+Fake-Regular", "/Encoding /Identity-H", "/Subtype /Type0",
			"/W [3 [250] 10 [500 500]]", "/Flags 4", "/FontBBox [-488 -244 977 977]",
			"/Ascent 905", "/Descent -212", "/CapHeight 688",
			"/CIDSystemInfo <</Ordering (Identity)/Registry (Adobe)/Supplement 0>>",
		} {
			if !strings.Contains(s, want) {
				t.Errorf("cff=%v: font objects lack %q", cff, want)
			}
		}
		if cff {
			for _, want := range []string{"/FontFile3", "/Subtype /OpenType", "/Subtype /CIDFontType0"} {
				if !strings.Contains(s, want) {
					t.Errorf("CFF font lacks %q", want)
				}
			}
			if strings.Contains(s, "/CIDToGIDMap") {
				t.Error("CFF CIDFontType0 has a CIDToGIDMap")
			}
		} else {
			for _, want := range []string{"/FontFile2", "/Length1 17", "/Subtype /CIDFontType2", "/CIDToGIDMap /Identity"} {
				if !strings.Contains(s, want) {
					t.Errorf("TrueType font lacks %q", want)
				}
			}
		}
		if strings.Contains(s, "/CIDSet") {
			t.Error("CIDSet written; PDF/UA-1 advice is to omit it")
		}
	}
}

func TestFontErrors(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	p.BeginTagged(d.Root().Add("P"))
	p.ShowText(TextRun{Font: &fakeFont{name: ""}, Size: 10, Text: "a", Glyphs: glyphs(10)})
	if err := d.Err(); err == nil || !strings.Contains(err.Error(), "no PostScript name") {
		t.Errorf("error = %v", err)
	}
}

func TestCleanMapping(t *testing.T) {
	for in, want := range map[string]string{
		"abc":            "abc",
		"":               "\u200B",
		"a\x00b":         "ab",
		"\uFEFF\uFFFE":   "\u200B",
		"\uFFFD":         "\uFFFD", // a real replacement character stays
		"a\xffb":         "ab",     // invalid UTF-8 does not
		"\U0001F600\x00": "\U0001F600",
	} {
		if got := cleanMapping(in); got != want {
			t.Errorf("cleanMapping(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSubsetTagsDistinct: two faces with the same PostScript name and the
// same glyphs still get different /BaseFont names.
func TestSubsetTagsDistinct(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	p.BeginTagged(d.Root().Add("P"))
	for i := 0; i < 2; i++ {
		p.ShowText(TextRun{Font: &fakeFont{name: "Same"}, Size: 10, Text: "a", Glyphs: glyphs(10)})
	}
	p.End()
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	names := regexp.MustCompile(`/BaseFont /([A-Z]{6})\+Same`).FindAllStringSubmatch(string(data), -1)
	tags := map[string]bool{}
	for _, m := range names {
		tags[m[1]] = true
	}
	if len(tags) != 2 {
		t.Errorf("tags %v, want two distinct", tags)
	}
}

// sortedGIDs returns a sorted copy of gs without duplicates.
func sortedGIDs(gs []fonts.GID) []fonts.GID {
	out := slices.Clone(gs)
	slices.Sort(out)
	return slices.Compact(out)
}

// countingFont is a fake font whose glyph 7 has no advance (a combining
// mark) and which counts Advance calls.
type countingFont struct {
	fakeFont
	calls map[fonts.GID]int
}

func (f *countingFont) Advance(g fonts.GID) int {
	f.calls[g]++
	if g == 7 {
		return 0
	}
	return f.fakeFont.Advance(g)
}

// TestGlyphWidthCached checks that widths, zero included, are computed
// once per glyph and written to /W, and that a zero-width glyph does not
// move the following glyph.
func TestGlyphWidthCached(t *testing.T) {
	face := &countingFont{fakeFont: fakeFont{name: "Fake"}, calls: map[fonts.GID]int{}}
	d := newTestDoc()
	p := d.AddPage(200, 200)
	p.BeginTagged(d.Root().Add("P"))
	for range 3 {
		gl := glyphs(10, 7, 11, 300)
		gl[1].XAdvance = 0
		p.ShowText(TextRun{Font: face, Size: 10, X: 10, Y: 100, Text: "abcd", Glyphs: gl})
	}
	p.End()
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []fonts.GID{7, 10, 11, 300} {
		if face.calls[g] != 1 {
			t.Errorf("Advance(%d) called %d times, want once", g, face.calls[g])
		}
	}
	if !bytes.Contains(data, []byte("/W [7 [0] 10 [500 500] 300 [500]]")) {
		t.Errorf("/W array missing or wrong in\n%s", data)
	}
	// The zero-width glyph and its neighbours sit in one string: no
	// adjustment is needed anywhere in the run.
	content := string(pageContents(t, data)[0])
	if strings.Count(content, "] TJ") != 3 || regexp.MustCompile(`\)[-.0-9]`).MatchString(content) {
		t.Errorf("unexpected positioning in\n%s", content)
	}
}
