package display

import (
	"testing"

	"github.com/seed28491532/folio/layout"
)

// TestBackgroundAttachmentFixed checks that a fixed background layer is
// sized and placed in the page box, and still painted only over its box;
// a scrolling one in its box.
func TestBackgroundAttachmentFixed(t *testing.T) {
	for _, tt := range []struct {
		attach string
		fixed  bool
	}{{"scroll", false}, {"fixed", true}} {
		l := styledList(t, `<div style="margin:30pt;height:40pt;background:linear-gradient(red, blue) `+tt.attach+`"></div>`)
		var tile, clip *layout.Rect
		for _, it := range l.Items {
			if it.Op == OpGradient {
				r := it.Rect
				tile, clip = &r, it.Clip
			}
		}
		if tile == nil || clip == nil {
			t.Fatalf("%s: no gradient tile", tt.attach)
		}
		page := layout.Rect{W: l.Page.Width, H: l.Page.Height}
		if got := *tile == page; got != tt.fixed {
			t.Errorf("%s: tile %+v, page %+v", tt.attach, *tile, page)
		}
		if clip.H != 40 {
			t.Errorf("%s: painted over %+v, want the 40pt high box", tt.attach, *clip)
		}
	}
}

// TestBackgroundAttachmentFixedInTransform checks that a fixed layer in
// a transformed box scrolls with the box.
func TestBackgroundAttachmentFixedInTransform(t *testing.T) {
	l := styledList(t, `<div style="transform:rotate(45deg)"><div style="margin:30pt;height:40pt;background:linear-gradient(red, blue) fixed"></div></div>`)
	for _, it := range l.Items {
		if it.Op == OpGradient && it.Rect.H != 40 {
			t.Errorf("tile %+v, want the 40pt box", it.Rect)
		}
	}
}
