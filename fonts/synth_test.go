package fonts

import (
	"testing"

	"github.com/go-fonts/liberation/liberationsansregular"
)

// A family is matched by style, then weight (CSS Fonts 4 §5.2), faces
// covering a weight range included, and the face chosen carries the
// synthesis it needs: bold for 600+ from a face under 600, oblique for
// italic or oblique from an upright face.
func TestMatchSynthesis(t *testing.T) {
	type face struct {
		lo, hi int
		style  Style
	}
	tests := []struct {
		name      string
		faces     []face
		weight    int
		style     Style
		wantLo    int
		wantStyle Style
		wantSynth Synthesis
	}{
		{"regular only, bold asked", []face{{400, 400, StyleNormal}}, 700, StyleNormal, 400, StyleNormal, SynthBold},
		{"regular only, 600 asked", []face{{400, 400, StyleNormal}}, 600, StyleNormal, 400, StyleNormal, SynthBold},
		{"regular only, 500 asked: no synthesis", []face{{400, 400, StyleNormal}}, 500, StyleNormal, 400, StyleNormal, 0},
		{"regular only, italic asked", []face{{400, 400, StyleNormal}}, 400, StyleItalic, 400, StyleNormal, SynthOblique},
		{"regular only, oblique asked", []face{{400, 400, StyleNormal}}, 400, StyleOblique, 400, StyleNormal, SynthOblique},
		{"regular only, bold italic asked", []face{{400, 400, StyleNormal}}, 700, StyleItalic, 400, StyleNormal, SynthBold | SynthOblique},
		{"bold upright only, bold italic asked", []face{{400, 400, StyleNormal}, {700, 700, StyleNormal}}, 700, StyleItalic, 700, StyleNormal, SynthOblique},
		{"regular italic, bold italic asked", []face{{400, 400, StyleNormal}, {400, 400, StyleItalic}}, 700, StyleItalic, 400, StyleItalic, SynthBold},
		{"oblique face serves italic unsynthesised", []face{{400, 400, StyleOblique}}, 400, StyleItalic, 400, StyleOblique, 0},
		{"italic face never slanted for normal", []face{{400, 400, StyleItalic}}, 400, StyleNormal, 400, StyleItalic, 0},
		{"300 picks ExtraLight over Regular", []face{{200, 200, StyleNormal}, {400, 400, StyleNormal}}, 300, StyleNormal, 200, StyleNormal, 0},
		{"300 picks Light over ExtraLight", []face{{200, 200, StyleNormal}, {300, 300, StyleNormal}, {400, 400, StyleNormal}}, 300, StyleNormal, 300, StyleNormal, 0},
		{"450 picks 500 before 400", []face{{400, 400, StyleNormal}, {500, 500, StyleNormal}}, 450, StyleNormal, 500, StyleNormal, 0},
		{"range covers the weight", []face{{400, 400, StyleNormal}, {100, 900, StyleNormal}}, 650, StyleNormal, 100, StyleNormal, 0},
		{"range 200–300 for bold: synthesised", []face{{200, 300, StyleNormal}}, 700, StyleNormal, 200, StyleNormal, SynthBold},
		{"range nearest end: 300–350 beats 500 for 380", []face{{300, 350, StyleNormal}, {500, 500, StyleNormal}}, 380, StyleNormal, 300, StyleNormal, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRegistry(Options{})
			for _, f := range tc.faces {
				if err := r.AddFaceWeights("Test", f.lo, f.hi, f.style, liberationsansregular.TTF); err != nil {
					t.Fatal(err)
				}
			}
			f := r.Match(Query{Families: []string{"Test"}, Weight: tc.weight, Style: tc.style})
			if f.Weight() != tc.wantLo || f.Style() != tc.wantStyle || f.Synthesis() != tc.wantSynth {
				t.Fatalf("Match = %s (style %d, synthesis %b), want weight %d style %d synthesis %b",
					f, f.Style(), f.Synthesis(), tc.wantLo, tc.wantStyle, tc.wantSynth)
			}
			if again := r.Match(Query{Families: []string{"Test"}, Weight: tc.weight, Style: tc.style}); again != f {
				t.Fatal("a second Match returned another face: variants must be shared")
			}
			if tc.wantSynth != 0 {
				base := f.Unsynthesized()
				if base == f || base.Synthesis() != 0 || base.Unsynthesized() != base {
					t.Fatalf("Unsynthesized = %s, want the plain face", base)
				}
				if f.PostScriptName() != base.PostScriptName() || f.Metrics() != base.Metrics() || f.NumGlyphs() != base.NumGlyphs() {
					t.Fatal("a synthesised variant reads other tables than its base")
				}
			}
		})
	}
}

// DejaVu Sans has an ExtraLight face: light text asking for DejaVu gets it.
func TestMatchBundledExtraLight(t *testing.T) {
	r := NewRegistry(Options{})
	for _, w := range []int{100, 200, 300} {
		f := r.Match(Query{Families: []string{"DejaVu Sans"}, Weight: w})
		if f.Weight() != 200 || f.Synthesis() != 0 || f.PostScriptName() != "DejaVuSans-ExtraLight" {
			t.Errorf("weight %d: Match = %s %q", w, f, f.PostScriptName())
		}
	}
	if f := r.Match(Query{Families: []string{"DejaVu Sans"}, Weight: 400}); f.Weight() != 400 {
		t.Errorf("weight 400: Match = %s", f)
	}
}

// Shaping with a synthesised face gives runs of that face, with the same
// glyphs and advances as the plain face.
func TestShapeSynthesisedRuns(t *testing.T) {
	r := NewRegistry(Options{})
	if err := r.AddFace("Test", 400, StyleNormal, liberationsansregular.TTF); err != nil {
		t.Fatal(err)
	}
	plain, _ := r.Shape("Synthetic text", Query{Families: []string{"Test"}, Weight: 400}, 12, ShapeOptions{})
	bold, _ := r.Shape("Synthetic text", Query{Families: []string{"Test"}, Weight: 700, Style: StyleItalic}, 12, ShapeOptions{})
	if len(plain) != 1 || len(bold) != 1 {
		t.Fatalf("runs: %d plain, %d synthesised", len(plain), len(bold))
	}
	if bold[0].Face.Synthesis() != SynthBold|SynthOblique || plain[0].Face.Synthesis() != 0 {
		t.Fatalf("synthesis: %b plain, %b bold italic", plain[0].Face.Synthesis(), bold[0].Face.Synthesis())
	}
	if bold[0].Advance != plain[0].Advance || len(bold[0].Glyphs) != len(plain[0].Glyphs) {
		t.Fatalf("advance %v vs %v", bold[0].Advance, plain[0].Advance)
	}
}

// Small capitals are synthesised: lower-case letters become capitals at
// 0.7 of the size in runs of their own, whose texts and clusters are the
// source's.
func TestShapeSmallCaps(t *testing.T) {
	r := NewRegistry(Options{})
	q := Query{Families: []string{"sans-serif"}, Weight: 400}
	const text = "Hello Wörld\u0301!"
	runs, diags := r.Shape(text, q, 10, ShapeOptions{SmallCaps: true})
	if len(diags) != 0 {
		t.Fatalf("diagnostics %+v", diags)
	}
	want := []struct {
		text string
		size float64
	}{{"H", 10}, {"ello", 7}, {" W", 10}, {"örld\u0301", 7}, {"!", 10}}
	var joined string
	for i, run := range runs {
		joined += run.Text
		if i < len(want) && (run.Text != want[i].text || run.Size != want[i].size) {
			t.Errorf("run %d: %q at %v, want %q at %v", i, run.Text, run.Size, want[i].text, want[i].size)
		}
	}
	if len(runs) != len(want) || joined != text {
		t.Fatalf("%d runs joining to %q", len(runs), joined)
	}
	capO, _ := runs[3].Face.GlyphFor('Ö')
	lowO, _ := runs[3].Face.GlyphFor('ö')
	if g := runs[3].Glyphs[0]; g.ID != capO || g.ID == lowO || g.Cluster != 0 {
		t.Errorf("ö drawn as glyph %d (cluster %d), want the capital's %d", g.ID, g.Cluster, capO)
	}
	last := runs[3].Glyphs[len(runs[3].Glyphs)-1]
	if int(last.Cluster) < len("örl") || int(last.Cluster) >= len(runs[3].Text) {
		t.Errorf("last cluster %d outside %q", last.Cluster, runs[3].Text)
	}
	plain, _ := r.Shape("ELLO", q, 7, ShapeOptions{})
	if runs[1].Advance != plain[0].Advance {
		t.Errorf("small-cap advance %v, want that of ELLO at 7 pt: %v", runs[1].Advance, plain[0].Advance)
	}
}
