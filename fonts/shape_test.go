package fonts

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

// runText concatenates the runs' texts, which must give back the input.
func runText(runs []Run) string {
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(r.Text)
	}
	return b.String()
}

// checkRuns verifies the invariants every Shape result must hold.
func checkRuns(t *testing.T, text string, runs []Run) {
	t.Helper()
	if got := runText(runs); got != text {
		t.Errorf("runs cover %q, want %q", got, text)
	}
	for _, run := range runs {
		if run.Face == nil {
			t.Errorf("run %q has no face", run.Text)
			continue
		}
		starts := map[int]bool{}
		for i := range run.Text {
			starts[i] = true
		}
		sum := 0.0
		for _, g := range run.Glyphs {
			if g.ID == 0 {
				t.Errorf("run %q (%s) contains glyph 0", run.Text, run.Face)
			}
			if int(g.ID) >= run.Face.NumGlyphs() {
				t.Errorf("run %q: glyph %d out of range", run.Text, g.ID)
			}
			if !starts[int(g.Cluster)] {
				t.Errorf("run %q: cluster %d is not a character start", run.Text, g.Cluster)
			}
			sum += g.XAdvance
		}
		if math.Abs(sum-run.Advance) > 1e-9 {
			t.Errorf("run %q: Advance %v, glyph sum %v", run.Text, run.Advance, sum)
		}
	}
}

func TestShapeMixedScriptsNoNotdef(t *testing.T) {
	r := NewRegistry(Options{})
	text := "ffi ♥ → ✓ Ωμέγα Привет"
	for _, fam := range []string{"serif", "sans-serif", "monospace"} {
		runs, diags := r.Shape(text, Query{Families: []string{fam}, Weight: 400}, 12, ShapeOptions{})
		checkRuns(t, text, runs)
		if len(diags) != 0 {
			t.Errorf("%s: unexpected diagnostics %v", fam, diags)
		}
		n := 0
		for _, run := range runs {
			n += len(run.Glyphs)
		}
		if want := utf8.RuneCountInString(text); n != want {
			t.Errorf("%s: %d glyphs, want %d (Liberation has no ffi ligature)", fam, n, want)
		}
	}
}

func TestShapeFallback(t *testing.T) {
	r := NewRegistry(Options{})
	tests := []struct {
		family   string
		text     string
		fallback string // family expected for the run holding the text's first rune
	}{
		// Liberation lacks ✓ (U+2713), Armenian and Georgian; DejaVu has them.
		{"serif", "✓", FamilyDejaVu}, // DejaVu Serif lacks it too
		{"sans-serif", "✓", FamilyDejaVu},
		{"monospace", "✓", FamilyDejaVuMon},
		{"sans-serif", "Բարեւ", FamilyDejaVu},
		{"serif", "ქართული", FamilyDejaVuSer},
		// Present in Liberation: stays in the primary face.
		{"serif", "♥", FamilySerif},
		{"serif", "שלום", FamilySerif},
	}
	for _, tc := range tests {
		runs, diags := r.Shape("a"+tc.text+"b", Query{Families: []string{tc.family}}, 10, ShapeOptions{})
		checkRuns(t, "a"+tc.text+"b", runs)
		if len(diags) > 0 {
			t.Errorf("%q: diagnostics %v", tc.text, diags)
		}
		var got string
		for _, run := range runs {
			if strings.HasPrefix(run.Text, tc.text[:1]) || strings.Contains(run.Text, tc.text) {
				got = run.Face.Family()
			}
		}
		if got != tc.fallback {
			t.Errorf("%s %q drawn with %q, want %q", tc.family, tc.text, got, tc.fallback)
		}
	}
}

func TestShapeFallbackFollowsFamilyList(t *testing.T) {
	r := NewRegistry(Options{})
	// The second family of the list is tried before the bundled fallbacks.
	runs, _ := r.Shape("x✓", Query{Families: []string{"serif", "DejaVu Sans Mono"}}, 10, ShapeOptions{})
	if len(runs) != 2 || runs[1].Face.Family() != FamilyDejaVuMon {
		t.Fatalf("runs %+v, want ✓ from DejaVu Sans Mono", runs)
	}
}

func TestShapeUncoveredCharacter(t *testing.T) {
	r := NewRegistry(Options{})
	text := "a中b中"
	runs, diags := r.Shape(text, Query{Families: []string{"serif"}}, 10, ShapeOptions{})
	checkRuns(t, text, runs)
	if len(diags) != 1 || diags[0].Rune != '中' || !strings.Contains(diags[0].Message, "U+4E2D") {
		t.Fatalf("diagnostics %v, want one naming U+4E2D", diags)
	}
	if len(runs) != 4 || runs[1].Text != "中" || len(runs[1].Glyphs) != 1 {
		t.Fatalf("runs %+v", runs)
	}
	g := runs[1].Glyphs[0]
	want, ok := runs[1].Face.GlyphFor(replacementRune)
	if !ok || g.ID != want || g.XAdvance <= 0 {
		t.Errorf("replacement glyph %+v from %s, want U+25A1 glyph %d with an advance", g, runs[1].Face, want)
	}
}

func TestShapeLigature(t *testing.T) {
	r := NewRegistry(Options{})
	// Liberation has no ffi ligature; DejaVu Sans has one (U+FB03).
	q := Query{Families: []string{"DejaVu Sans"}}
	runs, _ := r.Shape("ffi", q, 10, ShapeOptions{})
	if len(runs) != 1 || len(runs[0].Glyphs) != 1 {
		t.Fatalf("ffi: %+v, want one ligature glyph", runs)
	}
	lig, _ := runs[0].Face.GlyphFor(0xFB03)
	if g := runs[0].Glyphs[0]; g.ID != lig || g.Cluster != 0 {
		t.Errorf("ffi glyph %+v, want U+FB03's glyph %d at cluster 0", g, lig)
	}
	// The ligature's cluster covers all three characters: the next cluster
	// starts at byte 3.
	runs, _ = r.Shape("ffix", q, 10, ShapeOptions{})
	if gs := runs[0].Glyphs; len(gs) != 2 || gs[1].Cluster != 3 {
		t.Errorf("ffix: %+v, want the x at cluster 3", gs)
	}
	runs, _ = r.Shape("ffi", q, 10, ShapeOptions{NoLigatures: true})
	if len(runs[0].Glyphs) != 3 {
		t.Errorf("NoLigatures: %d glyphs, want 3", len(runs[0].Glyphs))
	}
}

func TestShapeKerning(t *testing.T) {
	r := NewRegistry(Options{})
	for _, fam := range []string{"serif", "sans-serif"} {
		q := Query{Families: []string{fam}}
		av, _ := r.Shape("AV", q, 10, ShapeOptions{})
		a, _ := r.Shape("A", q, 10, ShapeOptions{})
		v, _ := r.Shape("V", q, 10, ShapeOptions{})
		if !(av[0].Advance < a[0].Advance+v[0].Advance-0.1) {
			t.Errorf("%s: AV advance %.3f, A+V %.3f: no kerning", fam, av[0].Advance, a[0].Advance+v[0].Advance)
		}
	}
}

func TestShapeScalesWithSize(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"serif"}}
	f := r.Match(q)
	runs, _ := r.Shape("M", q, 20, ShapeOptions{})
	g := runs[0].Glyphs[0]
	want := float64(f.Advance(g.ID)) * 20 / float64(f.Metrics().UnitsPerEm)
	if math.Abs(g.XAdvance-want) > 1e-9 {
		t.Errorf("advance %v at 20pt, want %v", g.XAdvance, want)
	}
	// Cached words scale too.
	runs, _ = r.Shape("M", q, 10, ShapeOptions{})
	if math.Abs(runs[0].Glyphs[0].XAdvance-want/2) > 1e-9 {
		t.Errorf("cached advance %v at 10pt, want %v", runs[0].Glyphs[0].XAdvance, want/2)
	}
}

func TestShapeIgnorablesAndControls(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"serif"}}
	tests := []struct {
		text   string
		glyphs int
	}{
		{"co\u00ADop", 4}, // soft hyphen: no glyph
		{"a\u200Db", 2},   // zero-width joiner
		{"x\u200By", 2},   // zero-width space
		{"a\nb", 2},       // newline
		{"a\tb", 3},       // tab drawn as a space
		{"e\u0301", 1},    // composed to é
		{"q\u0302", 2},    // base + combining circumflex
		{"\u00ADa", 1},    // leading ignorable
		{"\u202Eabc\u202C", 3},
	}
	for _, tc := range tests {
		runs, diags := r.Shape(tc.text, q, 10, ShapeOptions{})
		checkRuns(t, tc.text, runs)
		n := 0
		for _, run := range runs {
			n += len(run.Glyphs)
		}
		if n != tc.glyphs || len(diags) != 0 {
			t.Errorf("%q: %d glyphs, diags %v; want %d glyphs", tc.text, n, diags, tc.glyphs)
		}
	}
}

func TestShapeRTL(t *testing.T) {
	r := NewRegistry(Options{})
	text := "שלום עולם"
	runs, _ := r.Shape(text, Query{Families: []string{"sans-serif"}}, 10, ShapeOptions{Direction: RTL, Lang: "he"})
	checkRuns(t, text, runs)
	if len(runs) != 1 || runs[0].Direction != RTL {
		t.Fatalf("runs %+v", runs)
	}
	gs := runs[0].Glyphs
	// Visual order: clusters decrease, the last glyph is the first letter.
	for i := 1; i < len(gs); i++ {
		if gs[i].Cluster > gs[i-1].Cluster {
			t.Errorf("RTL clusters not decreasing: %+v", gs)
			break
		}
	}
	if gs[len(gs)-1].Cluster != 0 {
		t.Errorf("last glyph cluster %d, want 0", gs[len(gs)-1].Cluster)
	}
}

func TestShapeCacheMatchesUncached(t *testing.T) {
	text := "The quick brown fox jumps over the lazy dog. AVA Wave ffi "
	q := Query{Families: []string{"serif"}}
	r := NewRegistry(Options{})
	first, _ := r.Shape(text, q, 11, ShapeOptions{})
	second, _ := r.Shape(text, q, 11, ShapeOptions{})
	fresh, _ := NewRegistry(Options{}).Shape(text, q, 11, ShapeOptions{})
	for _, other := range [][]Run{second, fresh} {
		if len(other) != len(first) {
			t.Fatalf("run count differs")
		}
		for i := range first {
			if len(first[i].Glyphs) != len(other[i].Glyphs) {
				t.Fatalf("glyph count differs")
			}
			for j := range first[i].Glyphs {
				if first[i].Glyphs[j] != other[i].Glyphs[j] {
					t.Errorf("glyph %d differs: %+v vs %+v", j, first[i].Glyphs[j], other[i].Glyphs[j])
				}
			}
		}
	}
}

func TestShapeInvalidUTF8(t *testing.T) {
	r := NewRegistry(Options{})
	text := "ab\xffc\xe2\x82"
	runs, _ := r.Shape(text, Query{}, 10, ShapeOptions{})
	checkRuns(t, text, runs)
}

// TestShapeConcurrent shapes on one registry from several goroutines (run
// with -race) and checks every result equals shaping on a fresh registry.
func TestShapeConcurrent(t *testing.T) {
	const text = "Concurrent shaping of ffi → ✓ Ωμέγα words"
	q := Query{Families: []string{"serif"}}
	summary := func(runs []Run) string {
		var b strings.Builder
		for _, run := range runs {
			fmt.Fprintf(&b, "%s|%q|%v|%g;", run.Face.Family(), run.Text, run.Glyphs, run.Advance)
		}
		return b.String()
	}
	baseRuns, _ := NewRegistry(Options{}).Shape(text, q, 10, ShapeOptions{})
	want := summary(baseRuns)
	r := NewRegistry(Options{})
	got := make(chan string)
	for i := 0; i < 8; i++ {
		go func() {
			s := want
			for j := 0; j < 50; j++ {
				runs, _ := r.Shape(text, q, 10, ShapeOptions{})
				if s = summary(runs); s != want {
					break
				}
			}
			got <- s
		}()
	}
	for i := 0; i < 8; i++ {
		if s := <-got; s != want {
			t.Errorf("concurrent shaping gave\n%s\nwant\n%s", s, want)
		}
	}
}

func TestShapeCombiningMarkFallback(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"serif"}}
	// Liberation Serif lacks U+20D0 COMBINING LEFT HARPOON ABOVE; DejaVu
	// Sans has both it and its base, so the whole cluster moves there.
	text := "xa\u20D0y"
	runs, diags := r.Shape(text, q, 10, ShapeOptions{})
	checkRuns(t, text, runs)
	if len(diags) != 0 || len(runs) != 3 || runs[1].Text != "a\u20D0" || runs[1].Face.Family() != FamilyDejaVu {
		t.Errorf("runs %+v diags %v, want the cluster a+U+20D0 in DejaVu Sans", runs, diags)
	}
	// A mark no face has stays with its base and is reported.
	text = "a\u20DDb"
	runs, diags = r.Shape(text, q, 10, ShapeOptions{})
	checkRuns(t, text, runs)
	if len(runs) != 1 || len(diags) != 1 || diags[0].Rune != 0x20DD {
		t.Errorf("runs %+v diags %v, want one run and a diagnostic for U+20DD", runs, diags)
	}
}
