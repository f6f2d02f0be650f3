package fonts

import "testing"

// TestFontSynthesis: Query.NoSynthesis (CSS font-synthesis) keeps Match
// from synthesising bold or oblique and Shape from synthesising small
// capitals and subscripts or superscripts; what it does not name is
// still synthesised.
func TestFontSynthesis(t *testing.T) {
	r := NewRegistry(Options{})
	if err := r.AddFace("Cafe", 400, StyleNormal, readTestFont(t, "cafe.ttf")); err != nil {
		t.Fatal(err)
	}
	all := SynthesisWeight | SynthesisStyle | SynthesisSmallCaps | SynthesisPosition
	tests := []struct {
		name      string
		no        FontSynthesis
		synth     Synthesis // of a bold italic match
		smallCaps bool      // "ca" is shaped in two sizes
		position  bool      // superscript synthesised
	}{
		{"auto", 0, SynthBold | SynthOblique, true, true},
		{"none", all, 0, false, false},
		{"no weight", SynthesisWeight, SynthOblique, true, true},
		{"no style", SynthesisStyle, SynthBold, true, true},
		{"no small-caps", SynthesisSmallCaps, SynthBold | SynthOblique, false, true},
		{"no position", SynthesisPosition, SynthBold | SynthOblique, true, false},
	}
	for _, tc := range tests {
		q := Query{Families: []string{"Cafe"}, Weight: 700, Style: StyleItalic, NoSynthesis: tc.no}
		if got := r.Match(q).Synthesis(); got != tc.synth {
			t.Errorf("%s: synthesis %v, want %v", tc.name, got, tc.synth)
		}
		q.Weight, q.Style = 400, StyleNormal
		runs, _ := r.Shape("Ca", q, 10, ShapeOptions{Caps: "small-caps"})
		if got := len(runs) == 2 && runs[1].Size == 10*smallCapsScale; got != tc.smallCaps {
			t.Errorf("%s: small capitals synthesised %v, want %v (runs %d)", tc.name, got, tc.smallCaps, len(runs))
		}
		runs, _ = r.Shape("Ca", q, 10, ShapeOptions{Position: "super"})
		if len(runs) == 0 || len(runs[0].Glyphs) == 0 {
			t.Fatalf("%s: no runs", tc.name)
		}
		if got := runs[0].Size < 10 && runs[0].Glyphs[0].YOffset != 0; got != tc.position {
			t.Errorf("%s: superscript synthesised %v, want %v (size %g)", tc.name, got, tc.position, runs[0].Size)
		}
	}
}
