package display

import (
	"reflect"
	"testing"

	"github.com/seed28491532/folio/fonts"
)

// TestCharAdvances checks how glyph advances spread over characters:
// one a character, a ligature's shared by its characters, a
// two-byte character counted once, letter spacing after each cluster,
// runs concatenated, and nil when the runs do not cover the text.
func TestCharAdvances(t *testing.T) {
	g := func(cluster int32, adv float64) fonts.Glyph { return fonts.Glyph{Cluster: cluster, XAdvance: adv} }
	tests := []struct {
		name    string
		s       string
		runs    []fonts.Run
		spacing float64
		want    []float64
	}{
		{"kerned pair", "AVe", []fonts.Run{{Text: "AVe", Glyphs: []fonts.Glyph{g(0, 6), g(1, 7), g(2, 5)}}}, 0, []float64{6, 7, 5}},
		{"ligature", "fix", []fonts.Run{{Text: "fix", Glyphs: []fonts.Glyph{g(0, 8), g(2, 4)}}}, 0, []float64{4, 4, 4}},
		{"two-byte character", "é!", []fonts.Run{{Text: "é!", Glyphs: []fonts.Glyph{g(0, 5), g(2, 3)}}}, 0, []float64{5, 3}},
		{"mark on its base", "e\u0301x", []fonts.Run{{Text: "e\u0301x", Glyphs: []fonts.Glyph{g(0, 5), g(0, 0), g(3, 4)}}}, 0, []float64{2.5, 2.5, 4}},
		{"letter spacing", "ab", []fonts.Run{{Text: "ab", Glyphs: []fonts.Glyph{g(0, 5), g(1, 5)}}}, 1, []float64{6, 6}},
		{"two runs", "ab", []fonts.Run{{Text: "a", Glyphs: []fonts.Glyph{g(0, 5)}}, {Text: "b", Glyphs: []fonts.Glyph{g(0, 6)}}}, 0, []float64{5, 6}},
		{"runs short of the text", "abc", []fonts.Run{{Text: "ab", Glyphs: []fonts.Glyph{g(0, 5), g(1, 5)}}}, 0, nil},
	}
	for _, tt := range tests {
		if got := charAdvances(tt.s, tt.runs, tt.spacing); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
