package folio_test

import "testing"

// TestConvertSplitBoxBackground checks that a conversion, which paints
// pages as layout hands them on, lays the background of a box split
// across pages out in the whole box and slices it: the gradient goes on
// from one page to the next, rather than starting over on each.
func TestConvertSplitBoxBackground(t *testing.T) {
	pdf := convertAudited(t, `<!DOCTYPE html><html lang="en"><title>t</title><style>@page{size:200pt 300pt;margin:0} body{margin:0}
		h1{font-size:1pt;margin:0}</style>
		<div style="height:600pt;background:linear-gradient(red, blue) no-repeat"><h1>T</h1></div>`)
	pt := func(v float64) int { return int(v * 96 / 72) }
	for _, tt := range []struct {
		page int
		y    float64
		want [3]int
	}{
		{1, 10, [3]int{251, 0, 4}},    // 10/600 of the way
		{1, 290, [3]int{132, 0, 123}}, // 290/600
		{2, 10, [3]int{123, 0, 132}},  // 310/600
		{2, 290, [3]int{4, 0, 251}},   // 590/600
	} {
		img := rasterPageN(t, pdf, tt.page)
		if got := rgbAt(img, pt(100), pt(tt.y)); !near(got, tt.want, 24) {
			t.Errorf("page %d at %gpt: colour %v, want %v", tt.page, tt.y, got, tt.want)
		}
	}
}
