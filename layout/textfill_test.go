package layout_test

import (
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestTextFillColor checks -webkit-text-fill-color: glyphs and list
// markers are filled with it when set (inherited), with color when it
// is currentcolor, while color still drives currentcolor elsewhere.
func TestTextFillColor(t *testing.T) {
	red, green := style.Color{R: 255, A: 255}, style.Color{G: 128, A: 255}
	tests := []struct {
		name, css string
		want      style.Color
	}{
		{"set", "color: red; -webkit-text-fill-color: green", green},
		{"currentcolor", "color: red; -webkit-text-fill-color: currentcolor", red},
		{"initial", "color: red", red},
		{"inherited, then color changes", "-webkit-text-fill-color: green; color: blue", green},
		{"invalid keeps the earlier value", "color: red; -webkit-text-fill-color: green; -webkit-text-fill-color: 12px", green},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 300, 300, `<ol style="`+tt.css+`"><li id=a>x</li></ol>`)
			li := fragmentOf(d, 0, "a")
			if li == nil || len(li.Lines) == 0 {
				t.Fatal("no list item line")
			}
			ln := li.Lines[0]
			if len(ln.Texts) == 0 || ln.Texts[0].Color != tt.want {
				t.Errorf("text colour %+v, want %v", ln.Texts, tt.want)
			}
			if ln.Marker == nil || len(ln.Marker.Texts) == 0 || ln.Marker.Texts[0].Color != tt.want {
				t.Errorf("marker colour wrong, want %v", tt.want)
			}
		})
	}
}
