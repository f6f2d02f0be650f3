package layout

import (
	"math"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestMarkerBesideContent checks that an outside text marker is flush
// with the list item's content box: ending at its left edge in a
// left-to-right item, starting at its right edge in a right-to-left one
// (the marker's suffix makes the gap), whatever its length.
func TestMarkerBesideContent(t *testing.T) {
	tests := []struct {
		name, src string
		rtl       bool
	}{
		{"ltr decimal", `<ol><li>a</li></ol>`, false},
		{"rtl decimal", `<ol dir=rtl><li>a</li></ol>`, true},
		{"rtl long string", `<ol dir=rtl style="list-style-type:'some long marker'"><li>a</li></ol>`, true},
		{"ltr long string", `<ol style="list-style-type:'some long marker'"><li>a</li></ol>`, false},
	}
	page := pageOf{w: 300, h: 200, margin: 0}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := layoutHTML(t, "<!doctype html><body>"+tt.src, page, nil)
			li := findBox(d, "li", 0)[0]
			if len(li.Lines) == 0 || li.Lines[0].Marker == nil || len(li.Lines[0].Marker.Texts) == 0 {
				t.Fatal("no text marker on the item's first line")
			}
			x0, x1 := math.Inf(1), math.Inf(-1)
			for _, tx := range li.Lines[0].Marker.Texts {
				x0, x1 = math.Min(x0, tx.X), math.Max(x1, tx.X+tx.Width)
			}
			cr := li.ContentRect()
			edge, want := x1, cr.X
			if tt.rtl {
				edge, want = x0, cr.X+cr.W
			}
			if math.Abs(edge-want) > 0.01 {
				t.Errorf("marker spans %.2f–%.2f, want it flush with the content edge %.2f", x0, x1, want)
			}
		})
	}
}

// TestMarginsCollapsePastMarker checks that the anonymous block holding
// only a list item's outside marker (and white space) does not stop the
// item's first block child's top margin from collapsing with the
// list's: the child starts at the list's top, as without a marker.
func TestMarginsCollapsePastMarker(t *testing.T) {
	page := pageOf{w: 300, h: 300, margin: 0}
	for _, src := range []string{"<ul id=u><li><p id=p>x</p></li></ul>", "<ul id=u><li>\n <p id=p>x</p></li></ul>", "<div id=u><div>\n <p id=p>x</p></div></div>"} {
		mods := cssish{"p": func(st *style.Style) { st.MutMargin().Margin[style.Top] = pt(10) }, "u": func(st *style.Style) { st.MutMargin().Margin[style.Top] = pt(5) }}
		d := layoutHTML(t, "<!doctype html><body>"+src, page, mods)
		p := findBox(d, "p", 0)[0]
		if p.Y != 10 {
			t.Errorf("%q: p at %v, want 10 (the margins 5 and 10 collapsed)", src, p.Y)
		}
	}
}
