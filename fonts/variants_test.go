package fonts

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// runSizes describes runs as "text@size" items.
func runSizes(runs []Run) string {
	var b []string
	for _, r := range runs {
		b = append(b, r.Text+"@"+strconv.FormatFloat(r.Size, 'g', 4, 64))
	}
	return strings.Join(b, " ")
}

// TestFontVariantCapsMore: petite-caps and all-petite-caps fall back to
// the face's small capitals (smcp, c2sc) or to synthesised ones; unicase
// draws capitals as small capitals and leaves lower case; titling-caps
// without titl changes nothing. Text and clusters stay the source's.
func TestFontVariantCapsMore(t *testing.T) {
	feat := featureRegistry(t)
	fq := Query{Families: []string{"F"}, Weight: 400}
	shapeIDs := func(text string, opts ShapeOptions) []GID {
		runs, _ := feat.Shape(text, fq, 10, opts)
		return glyphIDs(runs)
	}
	if got, want := shapeIDs("Petite", ShapeOptions{Caps: "petite-caps"}), shapeIDs("Petite", ShapeOptions{Features: "smcp=1"}); !slices.Equal(got, want) {
		t.Errorf("petite-caps without pcap: %v, want smcp's %v", got, want)
	}
	if got, want := shapeIDs("Petite", ShapeOptions{Caps: "all-petite-caps"}), shapeIDs("Petite", ShapeOptions{Features: "smcp=1,c2sc=1"}); !slices.Equal(got, want) {
		t.Errorf("all-petite-caps without pcap: %v, want smcp and c2sc's %v", got, want)
	}
	if got, want := shapeIDs("Uni", ShapeOptions{Caps: "unicase"}), shapeIDs("Uni", ShapeOptions{Features: "c2sc=1"}); !slices.Equal(got, want) {
		t.Errorf("unicase without unic: %v, want c2sc's %v", got, want)
	}
	if got, want := shapeIDs("Title", ShapeOptions{Caps: "titling-caps"}), shapeIDs("Title", ShapeOptions{}); !slices.Equal(got, want) {
		t.Errorf("titling-caps without titl: %v, want %v", got, want)
	}
	// Liberation has no small capitals: synthesised
	r := NewRegistry(Options{})
	q := Query{Families: []string{"Liberation Sans"}, Weight: 400}
	for _, tc := range []struct{ caps, want string }{
		{"petite-caps", "P@10 etite@7"},
		{"all-petite-caps", "Petite@7"},
		{"unicase", "U@7 ni@10"},
		{"titling-caps", "Uni@10"},
		{"normal", "Uni@10"},
	} {
		text := "Petite"
		if tc.caps == "unicase" || tc.caps == "titling-caps" || tc.caps == "normal" {
			text = "Uni"
		}
		runs, diags := r.Shape(text, q, 10, ShapeOptions{Caps: tc.caps})
		if got := runSizes(runs); got != tc.want || len(diags) > 0 {
			t.Errorf("%s: runs %q, want %q (%v)", tc.caps, got, tc.want, diags)
		}
	}
}

// TestFontVariantPosition: sups and subs are used when they have a
// variant for every character (spaces aside); otherwise the text is
// synthesised: smaller, and moved up for super, down for sub.
func TestFontVariantPosition(t *testing.T) {
	feat := featureRegistry(t)
	fq := Query{Families: []string{"F"}, Weight: 400}
	tests := []struct {
		text, pos string
		feature   string // the feature expected, "" for synthesis
	}{
		{"x2 y", "super", "sups=1"},
		{"12", "sub", "subs=1"},
		{"x2", "sub", ""},  // no subscript x
		{"A", "super", ""}, // no superscript capitals
	}
	for _, tc := range tests {
		runs, _ := feat.Shape(tc.text, fq, 10, ShapeOptions{Position: tc.pos})
		if tc.feature != "" {
			want, _ := feat.Shape(tc.text, fq, 10, ShapeOptions{Features: tc.feature})
			if !slices.Equal(glyphIDs(runs), glyphIDs(want)) || runs[0].Size != 10 {
				t.Errorf("%q %s: %v at %g, want %s's %v", tc.text, tc.pos, glyphIDs(runs), runs[0].Size, tc.feature, glyphIDs(want))
			}
			continue
		}
		plain, _ := feat.Shape(tc.text, fq, 10, ShapeOptions{})
		if !slices.Equal(glyphIDs(runs), glyphIDs(plain)) || runs[0].Size >= 10 || runs[0].Size < 4 {
			t.Errorf("%q %s: %v at %g, want the plain glyphs smaller", tc.text, tc.pos, glyphIDs(runs), runs[0].Size)
		}
		y := runs[0].Glyphs[0].YOffset
		if tc.pos == "super" && y <= 0 || tc.pos == "sub" && y >= 0 {
			t.Errorf("%q %s: y offset %g", tc.text, tc.pos, y)
		}
		if runs[0].Text != tc.text {
			t.Errorf("%q %s: run text %q", tc.text, tc.pos, runs[0].Text)
		}
	}
}
