package layout

import "testing"

// TestBlockInRelativeInline checks that a block inside a relatively
// positioned inline box moves with it (CSS 2.1 §9.2.1.1), by the sum
// of the offsets of the inline boxes it is in, its own offset added,
// and that what is positioned against the block moves too.
func TestBlockInRelativeInline(t *testing.T) {
	const page = `<style>@page{size:400pt 300pt; margin:0} body{margin:0}
	  section { width: 100pt; height: 20pt }</style>`
	tests := []struct {
		name string
		body string
		want Rect
	}{
		{"static inline", `<span><section></section></span>`, Rect{0, 0, 100, 20}},
		{"relative inline", `<span style="position:relative;left:10pt;top:5pt"><section></section></span>`, Rect{10, 5, 100, 20}},
		{"nested relative inlines", `<span style="position:relative;left:10pt"><span style="position:relative;top:7pt;left:3pt"><section></section></span></span>`, Rect{13, 7, 100, 20}},
		{"relative block in a relative inline", `<span style="position:relative;left:10pt"><section style="position:relative;left:4pt;top:2pt"></section></span>`, Rect{14, 2, 100, 20}},
		{"percentage of the containing block width", `<div style="width:200pt"><span style="position:relative;left:10%"><section></section></span></div>`, Rect{20, 0, 100, 20}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, page+tc.body)
			got := findBox(d, "section", 0)
			if len(got) != 1 {
				t.Fatalf("%d fragments of the block, want 1\n%s", len(got), Dump(d))
			}
			if r := rectOf(got[0]); !rectNear(r, tc.want) {
				t.Errorf("block at %+v, want %+v\n%s", r, tc.want, Dump(d))
			}
		})
	}
	// an absolutely positioned box whose containing block is the block
	// moves with it
	d := mustPaged(t, page+`<span style="position:relative;left:10pt;top:5pt"><section style="position:relative"><i style="position:absolute;left:1pt;top:1pt;width:5pt;height:5pt;display:block"></i></section></span>`)
	if got := findBox(d, "i", 0); len(got) != 1 || !rectNear(rectOf(got[0]), Rect{11, 6, 5, 5}) {
		t.Errorf("absolute box at %v, want one at {11 6 5 5}\n%s", got, Dump(d))
	}
}
