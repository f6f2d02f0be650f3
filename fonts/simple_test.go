package fonts

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/go-text/typesetting/language"
)

// simpleWords are the words TestSimpleShapeMatchesHarfbuzz shapes both
// ways: page numbers and roman numerals as margin boxes print them, common
// words, every printable Latin-1 character alone and between letters, all
// pairs of digits, letters, space and punctuation, and kerning runs.
func simpleWords() []string {
	var words []string
	for n := 0; n <= 120; n++ {
		d, r := fmt.Sprint(n), romanNumeral(max(n, 1))
		words = append(words, d, d+" ", r, r+" ", strings.ToLower(r), strings.ToLower(r)+" ", d+".", "("+d+")")
	}
	words = append(words, strings.Fields(latinParagraph)...)
	words = append(words, strings.Fields(latinOneParagraph)...)
	words = append(words, "Page ", "of ", "Page", "Chapter ", "Bench ", "report", "Invoice ", "Total:", "€1,234.56",
		"AVAVA", "LTAVWAY", "To", "Ta.", "P.", "F,", "Ty", "Wo", "Yo", "ff", "fi", "fl", "ffi", "ffl", "1111", "11", "T.V.", "  ", "   x  ")
	var set []rune
	for c := rune(0x20); c <= 0xFF; c++ {
		if c >= 0x7F && c < 0xA0 {
			continue
		}
		words = append(words, string(c), "x"+string(c)+"x", "A"+string(c)+"V", string(c)+string(c))
		if c < 0x7F || c == 0xA0 || c == 0xE9 || c == 0xC9 || c == 0xAB || c == 0xBB {
			set = append(set, c)
		}
	}
	for _, a := range set {
		for _, b := range set {
			words = append(words, string(a)+string(b))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := 2 + rng.IntN(7)
		var b strings.Builder
		for range n {
			b.WriteRune(set[rng.IntN(len(set))])
		}
		words = append(words, b.String())
	}
	return words
}

// TestSimpleShapeMatchesHarfbuzz checks the shortcut of simple.go against
// harfbuzz on every bundled face and a CFF face, in several languages and
// with ligatures on and off: whenever the shortcut takes a word, its
// glyphs, advances, offsets and clusters are exactly harfbuzz's. It also
// checks that the shortcut does take page numbers and roman numerals in
// the Liberation faces (the default serif, sans and monospace).
func TestSimpleShapeMatchesHarfbuzz(t *testing.T) {
	words := simpleWords()
	if testing.Short() {
		words = words[:len(words)/4]
	}
	r := NewRegistry(Options{})
	var faces []*Face
	for _, fam := range r.bundled.families {
		for _, f := range fam {
			if !slices.Contains(faces, f) {
				faces = append(faces, f)
			}
		}
	}
	if data, err := os.ReadFile("testdata/CFFTest.otf"); err == nil {
		if err := r.AddFace("CFF Test", 400, StyleNormal, data); err != nil {
			t.Fatal(err)
		}
		faces = append(faces, r.Families("CFF Test")...)
	}
	failures := 0
	optsList := []ShapeOptions{{}, {Lang: "en"}, {Lang: "tr"}, {Lang: "nl"}, {Lang: "ro", NoLigatures: true}, {Lang: "sr"}, {NoLigatures: true}}
	for _, f := range faces {
		pf, err := f.load()
		if err != nil {
			t.Fatal(err)
		}
		sf := pf.simple()
		sh := f.getShaper(pf)
		taken, tookUnkerned := 0, 0
		for oi, opts := range optsList {
			lang := shapingLanguage(opts.Lang)
			if !simpleEligible(language.Latin, lang, opts) {
				t.Fatalf("%+v not eligible", opts)
			}
			if oi > 1 && oi%2 == 0 && len(words) > 5000 {
				// Fewer words for the other languages: they share the
				// face analysis; the first two get them all.
				continue
			}
			for _, w := range words {
				// The unkerned path shapes the first word of w (up to
				// wordEnd) found in a longer text.
				first := w[:wordEnd(w, 0)]
				text := "ab " + w
				unkerned, end, adv, direct := sf.appendUnkerned(nil, text, 3, len(text), 1, 0.5)
				if direct {
					tookUnkerned++
					if end != 3+len(first) {
						t.Errorf("%s: appendUnkerned(%q) ends at %d, want %d", f, text, end, 3+len(first))
					}
					var g []cachedGlyph
					sum := 0.5
					for _, u := range unkerned {
						g = append(g, cachedGlyph{id: u.ID, cluster: int32(u.Cluster - 3), xAdv: int32(u.XAdvance), xOff: int32(u.XOffset), yOff: int32(u.YOffset)})
						sum += u.XAdvance
					}
					want := sh.shape(f, pf, first, language.Latin, lang, opts)
					if !slices.Equal(g, want.glyphs) || sum != adv {
						t.Errorf("%s %+v %q:\nunkerned %+v (advance %g, sum %g)\nharfbuzz %+v", f, opts, first, g, adv, sum, want.glyphs)
					}
					if _, ok := sf.shape(nil, first); !ok {
						t.Errorf("%s: appendUnkerned takes %q, shape does not", f, first)
					}
				}
				got, ok := sf.shape(nil, w)
				if !ok {
					continue
				}
				taken++
				want := sh.shape(f, pf, w, language.Latin, lang, opts)
				if !slices.Equal(got, want.glyphs) || len(want.missing) > 0 {
					t.Errorf("%s %+v %q:\nshortcut %+v\nharfbuzz %+v missing %q", f, opts, w, got, want.glyphs, want.missing)
					if failures++; failures >= 20 {
						t.FailNow()
					}
				}
			}
		}
		f.shapers.Put(sh)
		t.Logf("%s: shortcut ok=%v, took %d words (%d without kerning), %d emulated pair lookups", f, sf.ok, taken, tookUnkerned, len(sf.pairs))
		if strings.HasPrefix(f.Family(), "Liberation") {
			for n := 1; n <= 100; n++ {
				for _, w := range []string{fmt.Sprint(n), fmt.Sprint(n) + " ", strings.ToLower(romanNumeral(n)), romanNumeral(n), "Page ", "of "} {
					if _, ok := sf.shape(nil, w); !ok {
						t.Errorf("%s: shortcut does not take %q", f, w)
					}
				}
			}
		}
	}
}

// TestSimpleShapeRejects checks that the shortcut leaves to harfbuzz what
// it cannot shape: text outside printable Latin-1, soft hyphens, controls,
// malformed UTF-8, ligatures of the DejaVu faces, and right-to-left or
// non-Latin items.
func TestSimpleShapeRejects(t *testing.T) {
	r := NewRegistry(Options{})
	pf, err := r.Match(Query{Families: []string{"serif"}}).load()
	if err != nil {
		t.Fatal(err)
	}
	sf := pf.simple()
	for _, w := range []string{"", "a\u00adb", "tab\t", "\x7f", "\u0080", "ā", "e\u0301", "\xc3", "\xc3(", "Ωμέγα", "\xff"} {
		if _, ok := sf.shape(nil, w); ok {
			t.Errorf("serif shortcut took %q", w)
		}
	}
	dv, err := r.Match(Query{Families: []string{"DejaVu Sans"}}).load()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := dv.simple().shape(nil, "fi"); ok {
		t.Error(`DejaVu Sans shortcut took "fi", which has a ligature`)
	}
	if simpleEligible(language.Arabic, "ar", ShapeOptions{}) || simpleEligible(language.Latin, "en", ShapeOptions{Direction: RTL}) ||
		simpleEligible(language.Latin, "en-x-hbsccyrl", ShapeOptions{}) {
		t.Error("simpleEligible accepts an item the shortcut does not model")
	}
}
