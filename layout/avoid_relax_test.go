package layout_test

import (
	"testing"

	"github.com/seed28491532/folio/layout"
)

// TestAvoidRelaxed checks the breaks taken when avoiding one fails: an
// empty box before a tall break-inside: avoid one does not make a break
// before it worth taking, a break avoided between siblings moves into the
// last content of the sibling before, and orphans and widows give way
// before break-before/after: avoid does.
func TestAvoidRelaxed(t *testing.T) {
	const mc = `<div style="columns:2;column-fill:auto;column-gap:0;width:100pt;height:100pt">`
	const sq = `style="height:50pt;break-inside:avoid"`
	for _, tt := range []struct {
		name, src string
		want      map[string]string
	}{
		{"tall avoid after an empty box",
			`<p style="height:20pt"></p>` + mc + `<div></div><div id=t style="break-inside:avoid;height:200pt"></div></div>`,
			map[string]string{"t": "0,20 50x100 | 50,20 50x100"}},
		{"into the previous sibling's last content",
			`<p style="height:20pt"></p>` + mc + `<div><div ` + sq + `></div><div><div><div id=a ` + sq + `></div><div id=b ` + sq + `></div></div></div></div><div id=c ` + sq + ` style="break-before:avoid"></div></div>`,
			map[string]string{"a": "0,70 50x50", "b": "50,20 50x50", "c": "50,70 50x50"}},
		{"nested, after a sibling",
			`<p style="height:20pt"></p><div style="columns:2;column-fill:auto;column-gap:0;width:100pt;height:110pt"><div style="height:2pt"></div><div><div><div><div id=a style="overflow:hidden;height:50pt"></div><div id=b style="overflow:hidden;height:50pt"></div></div></div><div id=c style="break-before:avoid;overflow:hidden;height:50pt"></div></div></div>`,
			map[string]string{"a": "0,22 50x50", "b": "50,20 50x50", "c": "50,70 50x50"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 600, 400, tt.src)
			for id, want := range tt.want {
				if got := fragmentRects(d, id); got != want {
					t.Errorf("#%s: fragments %s, want %s\n%s", id, got, want, layout.Dump(d))
				}
			}
		})
	}
}

// TestWidowsGiveWayBeforeAvoid checks that when every break is against
// some rule, orphans and widows give way before break-before/after: avoid
// does: the paragraph is split against widows rather than moved to the
// next column against an avoided break.
func TestWidowsGiveWayBeforeAvoid(t *testing.T) {
	const src = `<style>.c{break-before:avoid;break-after:avoid} i{display:inline-block;vertical-align:top;width:100%;height:50pt}</style>` +
		`<div style="columns:2;column-fill:auto;column-gap:0;width:100pt;height:120pt;orphans:2;widows:2">` +
		`<div class=c><i></i></div><div class=c><i></i><i></i></div><div class=c><i></i></div></div>`
	d := flowLayout(t, 600, 400, src)
	if got, want := atomicTops(d), "0:0 0:50 50:0 50:50"; got != want {
		t.Errorf("squares at %s, want %s\n%s", got, want, layout.Dump(d))
	}
}
