package folio_test

import "testing"

// TestConvertShadowDecorationBreak checks the shadow of a box split
// across pages: with box-decoration-break: slice it is the unbroken
// box's, so none shows along the cut edges; with clone each fragment
// casts its own, closed at the cuts.
func TestConvertShadowDecorationBreak(t *testing.T) {
	// pages 300×200pt with 20pt margins; the box (x 30…270pt, from y
	// 30pt) runs past the first page's content bottom at 180pt
	for _, tt := range []struct {
		css  string
		want [3]int // below the first fragment, above the second
	}{
		{"", white},
		{"box-decoration-break:slice", white},
		{"box-decoration-break:clone", red},
	} {
		t.Run(tt.css, func(t *testing.T) {
			pdf := convertAudited(t, `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:300pt 200pt;margin:20pt} body{margin:0}
				div{box-shadow:0 0 0 8pt red;margin:10pt;height:300pt;background:#eee;`+tt.css+`}</style><h1 style="font-size:1pt;margin:0">T</h1><div></div>`)
			p96 := func(pt float64) int { return int(pt * 4 / 3) }
			for _, c := range []struct {
				page int
				x, y float64
				want [3]int
			}{
				{1, 26, 100, red},      // the side, on both fragments
				{2, 26, 100, red},      //
				{1, 150, 184, tt.want}, // the cut edges
				{2, 150, 16, tt.want},
			} {
				img := rasterPageN(t, pdf, c.page)
				if got := rgbAt(img, p96(c.x), p96(c.y)); !near(got, c.want, 30) {
					t.Errorf("page %d at %gpt,%gpt: colour %v, want %v", c.page, c.x, c.y, got, c.want)
				}
			}
		})
	}
}
