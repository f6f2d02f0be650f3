package fonts

import (
	"os"
	"slices"
	"testing"
)

// featureRegistry has the test face with OpenType features (a subset of
// STIX Two Text: smcp, c2sc, onum, pnum, frac, liga) as family "F".
func featureRegistry(t testing.TB) *Registry {
	t.Helper()
	data, err := os.ReadFile("testdata/FolioFeatures.otf")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRegistry(Options{})
	if err := r.AddFace("F", 400, StyleNormal, data); err != nil {
		t.Fatal(err)
	}
	return r
}

func glyphIDs(runs []Run) []GID {
	var ids []GID
	for _, r := range runs {
		for _, g := range r.Glyphs {
			ids = append(ids, g.ID)
		}
	}
	return ids
}

// Features change the glyphs harfbuzz picks, on the fast path (word cache
// and Latin shortcut) as on the reference path, and a cached word shaped
// with other features is not reused.
func TestShapeFeatures(t *testing.T) {
	r := featureRegistry(t)
	q := Query{Families: []string{"F"}, Weight: 400}
	shape := func(text string, opts ShapeOptions) []GID {
		t.Helper()
		fast, _, _ := r.shape(nil, nil, false, text, q, 10, opts, true)
		ref, _, _ := r.shape(nil, nil, false, text, q, 10, opts, false)
		if !slices.Equal(glyphIDs(fast), glyphIDs(ref)) {
			t.Errorf("%q %+v: fast path %v, reference %v", text, opts, glyphIDs(fast), glyphIDs(ref))
		}
		return glyphIDs(fast)
	}
	tests := []struct {
		text, features string
		fewer          bool // fewer glyphs than characters (a ligature)
	}{
		{"2024", "onum=1", false},
		{"2024", "pnum=1", false},
		{"1/2", "frac=1", false},
		{"abc", "smcp=1", false},
		{"ABC", "c2sc=1", false},
	}
	for _, tt := range tests {
		plain := shape(tt.text, ShapeOptions{})
		with := shape(tt.text, ShapeOptions{Features: tt.features})
		if slices.Equal(plain, with) {
			t.Errorf("%q with %s: glyphs %v unchanged", tt.text, tt.features, with)
		}
		if again := shape(tt.text, ShapeOptions{}); !slices.Equal(plain, again) {
			t.Errorf("%q without features after %s: %v, want %v", tt.text, tt.features, again, plain)
		}
	}
	// DejaVu Sans: fi (liga) and st (dlig) ligatures
	dv := NewRegistry(Options{})
	dq := Query{Families: []string{"DejaVu Sans"}, Weight: 400}
	count := func(text, features string) int {
		fast, _, _ := dv.shape(nil, nil, false, text, dq, 10, ShapeOptions{Features: features}, true)
		ref, _, _ := dv.shape(nil, nil, false, text, dq, 10, ShapeOptions{Features: features}, false)
		if !slices.Equal(glyphIDs(fast), glyphIDs(ref)) {
			t.Errorf("%q %s: fast path %v, reference %v", text, features, glyphIDs(fast), glyphIDs(ref))
		}
		return len(glyphIDs(fast))
	}
	for _, c := range []struct {
		text, features string
		want           int
	}{
		{"fit", "", 2}, {"fit", "liga=0", 3}, {"fit", "liga=0,bad,liga,x=1,liga=1", 2},
		{"fist", "", 3}, {"fist", "dlig=1", 2}, {"fist", "liga=0,dlig=1", 3},
	} {
		if got := count(c.text, c.features); got != c.want {
			t.Errorf("%q with %q: %d glyphs, want %d", c.text, c.features, got, c.want)
		}
	}
}

// SmallCaps uses the face's smcp when it has one (one run at the full
// size, the small-capital glyphs), and synthesises otherwise.
func TestSmallCapsFeature(t *testing.T) {
	r := featureRegistry(t)
	q := Query{Families: []string{"F"}, Weight: 400}
	runs, _ := r.Shape("Small", q, 10, ShapeOptions{SmallCaps: true})
	smcp, _ := r.Shape("Small", q, 10, ShapeOptions{Features: "smcp=1"})
	if len(runs) != 1 || runs[0].Size != 10 || !slices.Equal(glyphIDs(runs), glyphIDs(smcp)) {
		t.Errorf("small-caps with smcp: %d runs, glyphs %v, want one 10pt run of %v", len(runs), glyphIDs(runs), glyphIDs(smcp))
	}
	if f := r.Match(q); !f.HasFeature("smcp") || f.HasFeature("tnum") || f.HasFeature("x") {
		t.Errorf("HasFeature wrong for %s", f)
	}
	lib := NewRegistry(Options{})
	runs, _ = lib.Shape("Small", Query{Families: []string{"Liberation Sans"}, Weight: 400}, 10, ShapeOptions{SmallCaps: true})
	if len(runs) < 2 {
		t.Errorf("Liberation Sans has no smcp: want synthesised runs, got %d", len(runs))
	}
}

// AllSmallCaps makes capitals small too: c2sc with smcp where the face
// has them, else all letters synthesised at the small size.
func TestAllSmallCaps(t *testing.T) {
	r := featureRegistry(t)
	q := Query{Families: []string{"F"}, Weight: 400}
	runs, _ := r.Shape("Small", q, 10, ShapeOptions{SmallCaps: true, AllSmallCaps: true})
	want, _ := r.Shape("Small", q, 10, ShapeOptions{Features: "smcp=1,c2sc=1"})
	some, _ := r.Shape("Small", q, 10, ShapeOptions{SmallCaps: true})
	if !slices.Equal(glyphIDs(runs), glyphIDs(want)) || slices.Equal(glyphIDs(runs), glyphIDs(some)) {
		t.Errorf("all-small-caps glyphs %v, want c2sc+smcp %v (small-caps: %v)", glyphIDs(runs), glyphIDs(want), glyphIDs(some))
	}
	lib := NewRegistry(Options{})
	lq := Query{Families: []string{"Liberation Sans"}, Weight: 400}
	runs, _ = lib.Shape("Small Caps", lq, 10, ShapeOptions{SmallCaps: true, AllSmallCaps: true})
	text := ""
	for _, run := range runs {
		text += run.Text
		if run.Text != " " && run.Size != 7 {
			t.Errorf("synthesised all-small-caps: run %q at %gpt, want 7", run.Text, run.Size)
		}
	}
	if text != "Small Caps" {
		t.Errorf("runs cover %q, want the source text", text)
	}
}

// font-kerning: none (kern=0) turns the pair kerning off, on the Latin
// shortcut's words too.
func TestKerningOff(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Liberation Sans"}, Weight: 400}
	width := func(features string) float64 {
		runs, _ := r.Shape("AVAVA", q, 100, ShapeOptions{Features: features})
		w := 0.0
		for _, run := range runs {
			w += run.Advance
		}
		return w
	}
	kerned, plain := width(""), width("kern=0")
	if kerned >= plain {
		t.Errorf("AVAVA: %g wide kerned, %g with kern=0; want kerning to tighten it", kerned, plain)
	}
}

// Control characters other than tab, line feed and carriage return are
// drawn visibly (CSS Text 3 §4.1.3), with the replacement glyph.
func TestVisibleControls(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Liberation Sans"}, Weight: 400}
	rep := glyphIDs(mustShape(t, r, "\u25A1", q))[0]
	for _, c := range []struct {
		text  string
		shown bool
	}{
		{"a\x01b", true}, {"a\x0Bb", true}, {"a\x0Cb", true}, {"a\x1Fb", true}, {"a\x7Fb", true}, {"a\u0085b", true}, {"a\u009Fb", true},
		{"a\nb", false}, {"a\rb", false}, {"a\u00ADb", false}, {"a\u200Bb", false},
	} {
		ids := glyphIDs(mustShape(t, r, c.text, q))
		if got := len(ids) == 3 && ids[1] == rep; got != c.shown {
			t.Errorf("%q: glyphs %v, want the middle character drawn as the replacement (%d): %v", c.text, ids, rep, c.shown)
		}
	}
}

func mustShape(t *testing.T, r *Registry, text string, q Query) []Run {
	t.Helper()
	runs, _ := r.Shape(text, q, 10, ShapeOptions{})
	if len(runs) == 0 {
		t.Fatalf("%q: no runs", text)
	}
	return runs
}
