package fonts

import (
	"slices"
	"testing"
)

func TestMatch(t *testing.T) {
	r := NewRegistry(Options{})
	tests := []struct {
		name       string
		families   []string
		weight     int
		style      Style
		wantFamily string
		wantWeight int
		wantStyle  Style
	}{
		{"generic serif", []string{"serif"}, 400, StyleNormal, FamilySerif, 400, StyleNormal},
		{"generic sans-serif", []string{"sans-serif"}, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"generic monospace bold", []string{"monospace"}, 700, StyleNormal, FamilyMono, 700, StyleNormal},
		{"cursive maps to sans", []string{"cursive"}, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"fantasy maps to sans", []string{"fantasy"}, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"system-ui maps to sans", []string{"system-ui"}, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"Arial alias", []string{"Arial"}, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"Helvetica Neue quoted", []string{`"Helvetica Neue"`}, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"Times New Roman single-quoted, odd case and spacing", []string{"'times   NEW roman'"}, 400, StyleNormal, FamilySerif, 400, StyleNormal},
		{"Georgia is serif", []string{"Georgia"}, 400, StyleNormal, FamilySerif, 400, StyleNormal},
		{"Courier New alias", []string{"Courier New"}, 400, StyleNormal, FamilyMono, 400, StyleNormal},
		{"Verdana alias", []string{"Verdana"}, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"DejaVu by name", []string{"DejaVu Sans Mono"}, 400, StyleNormal, FamilyDejaVuMon, 400, StyleNormal},
		{"first known family wins", []string{"No Such Font", "Courier", "serif"}, 400, StyleNormal, FamilyMono, 400, StyleNormal},
		{"unknown families fall back to sans", []string{"No Such Font"}, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"empty list falls back to sans", nil, 400, StyleNormal, FamilySans, 400, StyleNormal},
		{"weight 0 means normal", []string{"serif"}, 0, StyleNormal, FamilySerif, 400, StyleNormal},
		{"500 takes 400 (lighter before heavier)", []string{"serif"}, 500, StyleNormal, FamilySerif, 400, StyleNormal},
		{"600 takes 700 (heavier first)", []string{"serif"}, 600, StyleNormal, FamilySerif, 700, StyleNormal},
		{"900 takes 700", []string{"serif"}, 900, StyleNormal, FamilySerif, 700, StyleNormal},
		{"300 takes 400 (nothing lighter)", []string{"serif"}, 300, StyleNormal, FamilySerif, 400, StyleNormal},
		{"italic", []string{"serif"}, 400, StyleItalic, FamilySerif, 400, StyleItalic},
		{"bold italic", []string{"sans-serif"}, 700, StyleItalic, FamilySans, 700, StyleItalic},
		{"oblique falls back to italic", []string{"serif"}, 400, StyleOblique, FamilySerif, 400, StyleItalic},
		{"italic falls back to oblique", []string{"DejaVu Sans"}, 700, StyleItalic, FamilyDejaVu, 700, StyleOblique},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := r.Match(Query{Families: tc.families, Weight: tc.weight, Style: tc.style})
			if f == nil {
				t.Fatal("Match returned nil")
			}
			if f.Family() != tc.wantFamily || f.Weight() != tc.wantWeight || f.Style() != tc.wantStyle {
				t.Errorf("Match = %s (style %d), want %s %d (style %d)", f, f.Style(), tc.wantFamily, tc.wantWeight, tc.wantStyle)
			}
		})
	}
}

// TestMatchWeightRules checks CSS Fonts 3 §5.2 weight fallback on a family
// with many weights.
func TestMatchWeightRules(t *testing.T) {
	r := NewRegistry(Options{})
	data := testFontData()
	for _, w := range []int{300, 400, 600, 800} {
		if err := r.AddFace("Multi", w, StyleNormal, data); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ want, got int }{
		{100, 300}, {200, 300}, {300, 300}, {350, 300}, {400, 400}, {450, 400},
		{500, 400}, {550, 600}, {600, 600}, {700, 800}, {900, 800},
	}
	for _, tc := range tests {
		f := r.Match(Query{Families: []string{"multi"}, Weight: tc.want})
		if f.Weight() != tc.got {
			t.Errorf("weight %d matched %d, want %d", tc.want, f.Weight(), tc.got)
		}
	}
	// Only lighter than 400 and heavier than 500 available: 450 goes lighter.
	r2 := NewRegistry(Options{})
	for _, w := range []int{300, 600} {
		if err := r2.AddFace("Two", w, StyleNormal, data); err != nil {
			t.Fatal(err)
		}
	}
	if f := r2.Match(Query{Families: []string{"Two"}, Weight: 450}); f.Weight() != 300 {
		t.Errorf("450 with {300,600} matched %d, want 300", f.Weight())
	}
}

func TestAddFaceShadowsAlias(t *testing.T) {
	r := NewRegistry(Options{})
	if err := r.AddFace("Arial", 400, StyleNormal, testFontData()); err != nil {
		t.Fatal(err)
	}
	f := r.Match(Query{Families: []string{"arial"}})
	if f.Family() != "Arial" {
		t.Errorf("Match(arial) = %s, want the added face", f)
	}
	// Other registries are not affected.
	if f := NewRegistry(Options{}).Match(Query{Families: []string{"arial"}}); f.Family() != FamilySans {
		t.Errorf("fresh registry Match(arial) = %s, want %s", f, FamilySans)
	}
}

func TestAddFaceInvalidatesFallbackChains(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Fancy", "serif"}}
	runs, _ := r.Shape("x", q, 10, ShapeOptions{})
	if runs[0].Face.Family() != FamilySerif {
		t.Fatalf("before AddFace: %s", runs[0].Face)
	}
	if err := r.AddFace("Fancy", 400, StyleNormal, testFontData()); err != nil {
		t.Fatal(err)
	}
	runs, _ = r.Shape("x", q, 10, ShapeOptions{})
	if runs[0].Face.Family() != "Fancy" {
		t.Errorf("after AddFace: %s, want the added face", runs[0].Face)
	}
}

// TestFallbackChainCache checks that cached fallback chains are the ones
// buildChain computes (and Match, their first face, the one matching
// computes), for long family lists too, across more queries
// than the cache keeps, and that the caller changing its family slice
// afterwards does not change what is cached.
func TestFallbackChainCache(t *testing.T) {
	r := NewRegistry(Options{})
	fams := []string{"No Such", "Arial", "serif", "monospace", "Courier New", "sans-serif"}
	var queries []Query
	for w := 100; w <= 900; w += 100 {
		for s := StyleNormal; s <= StyleOblique; s++ {
			for n := 0; n <= len(fams); n++ {
				queries = append(queries, Query{Families: slices.Clone(fams[:n]), Weight: w, Style: s})
				queries = append(queries, Query{Families: slices.Clone(fams[len(fams)-n:]), Weight: w, Style: s})
			}
		}
	}
	if len(queries) <= maxChains {
		t.Fatalf("%d queries do not overflow the cache of %d", len(queries), maxChains)
	}
	for pass := 0; pass < 2; pass++ {
		for _, q := range queries {
			got, want := r.fallbackChain(q), r.buildChain(q)
			if !slices.Equal(got, want) {
				t.Fatalf("pass %d, %+v: chain %v, want %v", pass, q, got, want)
			}
			if m, u := r.Match(q), r.matchUncached(q); m != u {
				t.Fatalf("pass %d, %+v: Match %v, uncached %v", pass, q, m, u)
			}
		}
	}
	q := Query{Families: []string{"monospace"}, Weight: 400}
	before := r.fallbackChain(q)
	q.Families[0] = "serif"
	if got := r.fallbackChain(Query{Families: []string{"monospace"}, Weight: 400}); !slices.Equal(got, before) {
		t.Errorf("chain changed after the caller reused its slice: %v, want %v", got, before)
	}
}
