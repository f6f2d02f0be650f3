package layout_test

import (
	"testing"

	"github.com/seed28491532/folio/layout"
)

// fragmentSize returns the border-box size of the first fragment of the
// element with id id.
func fragmentSize(d *layout.Document, id string) (w, h float64, ok bool) {
	var walk func(f *layout.Fragment) bool
	walk = func(f *layout.Fragment) bool {
		if f.Box != nil {
			if v, _ := f.Box.Attr("id"); v == id {
				w, h = f.W, f.H
				return true
			}
		}
		for _, c := range f.Children {
			if walk(c) {
				return true
			}
		}
		return false
	}
	for _, p := range d.Pages {
		if p.Root != nil && walk(p.Root) {
			return w, h, true
		}
	}
	return 0, 0, false
}

// TestShrinkToFitKeepsBoxSizing checks boxes laid out at a computed
// width (floats, fit-content, absolutely positioned boxes, multicol
// floats) keep their content-box height: the vertical padding adds to it.
func TestShrinkToFitKeepsBoxSizing(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		w, h      float64
	}{
		{"float", `<div id=x style="float:left;height:40pt;padding:0 5pt 30pt"><div style="width:20pt"></div></div>`, 30, 70},
		{"multicol float", `<div id=x style="float:left;columns:2;column-gap:0;height:40pt;padding:30pt"><div style="width:20pt"></div></div>`, 100, 100},
		{"fit-content", `<div id=x style="width:fit-content;height:40pt;padding-top:10pt;border:1pt solid"><div style="width:20pt"></div></div>`, 22, 52},
		{"absolute", `<div style="position:relative;width:100pt;height:100pt"><div id=x style="position:absolute;left:10pt;right:10pt;height:40pt;padding:5pt"></div></div>`, 80, 50},
		{"border-box float", `<div id=x style="float:left;box-sizing:border-box;height:40pt;padding:0 5pt 30pt"><div style="width:20pt"></div></div>`, 30, 40},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, tt.src)
			w, h, ok := fragmentSize(d, "x")
			if !ok || w != tt.w || h != tt.h {
				t.Errorf("%gx%g (found %v), want %gx%g\n%s", w, h, ok, tt.w, tt.h, layout.Dump(d))
			}
		})
	}
}

// TestMinHeightWinsOverMaxHeight checks the used height of a box whose
// min-height exceeds its max-height is the min-height (CSS 2.1 §10.7),
// in one piece and split across columns.
func TestMinHeightWinsOverMaxHeight(t *testing.T) {
	for _, tt := range []struct {
		name, src, want string
	}{
		{"unsplit", `<div id=x style="min-height:150pt;max-height:60pt"><div style="height:10pt"></div></div>`, "0,0 600x150"},
		{"in columns", `<div style="columns:3;column-gap:0;column-fill:auto;width:150pt;height:100pt"><div id=x style="min-height:160pt;max-height:110pt"><div style="height:200pt"></div></div></div>`,
			"0,0 50x100 | 50,0 50x60"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, tt.src)
			if got := fragmentRects(d, "x"); got != tt.want {
				t.Errorf("fragments %s, want %s\n%s", got, tt.want, layout.Dump(d))
			}
		})
	}
}
