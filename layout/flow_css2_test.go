package layout_test

import (
	"fmt"
	"testing"

	"github.com/seed28491532/folio/layout"
)

// TestFlowGeometry checks block geometry cases of CSS 2.1 §8–§10 found by
// the css/CSS2 floats and normal-flow reftests, each in a 400pt wide
// page: where #t's border box goes and how wide it is.
func TestFlowGeometry(t *testing.T) {
	float := func(side, w, h string) string {
		return `<div style="float:` + side + `;width:` + w + `;height:` + h + `"></div>`
	}
	tests := []struct {
		name, body string
		x, y, w    float64
	}{
		{"a percentage width beside a float is of the containing block",
			float("left", "300pt", "20pt") + `<div id=t style="overflow:hidden;width:50%;height:10pt"></div>`, 0, 20, 200},
		{"a percentage width that fits beside a float",
			float("left", "100pt", "20pt") + `<div id=t style="overflow:hidden;width:50%;height:10pt"></div>`, 100, 0, 200},
		{"percentage padding beside a float is of the containing block",
			float("left", "100pt", "20pt") + `<div id=t style="overflow:hidden;padding-left:10%;height:10pt"></div>`, 100, 0, 300},
		{"a table's width beside a float",
			float("left", "300pt", "20pt") + `<table id=t style="width:200pt;border-spacing:0"><tr><td style="padding:0">x</td></tr></table>`, 0, 20, 200},
		{"floats in a containing block 0 wide stack down",
			`<div style="width:0">` + float("left", "100pt", "50pt") + `<div id=t style="float:left;width:100pt;height:50pt"></div></div>`, 0, 50, 100},
		{"right floats in a containing block 0 wide stack down",
			`<div style="width:0">` + float("right", "100pt", "50pt") + `<div id=t style="float:right;width:100pt;height:50pt"></div></div>`, -100, 50, 100},
		{"an rtl box in an ltr block keeps to the left",
			`<div id=t style="direction:rtl;width:100pt;height:5pt"></div>`, 0, 0, 100},
		{"an ltr box in an rtl block keeps to the right",
			`<div style="direction:rtl"><div id=t style="direction:ltr;width:100pt;height:5pt"></div></div>`, 300, 0, 100},
		{"margins collapse through an empty first child into the parent",
			`<div style="overflow:hidden"><div id=t><div>` + float("left", "10pt", "10pt") + `</div>` +
				`<div style="margin-top:50pt;height:10pt"></div></div></div>`, 0, 50, 400},
		{"a negative margin after an empty child collapses into the parent",
			`<div style="overflow:hidden;padding-top:1pt"><div id=t style="margin-top:60pt"><div></div>` +
				`<div style="margin-top:-40pt;height:10pt"></div></div></div>`, 0, 21, 400},
		{"a box that fits beside an adjoining float takes the float down with its margin",
			`<div style="overflow:hidden"><div><div>` + float("left", "200pt", "10pt") + `</div>` +
				`<div id=t style="overflow:hidden;margin-top:50pt;width:100pt;height:10pt"></div></div></div>`, 200, 50, 100},
		{"a box that does not fit beside an adjoining float separates its margin",
			`<div style="overflow:hidden"><div><div>` + float("left", "200pt", "100pt") + `</div>` +
				`<div id=t style="overflow:hidden;margin-top:50pt;width:300pt;height:10pt"></div></div></div>`, 0, 100, 300},
		{"the float stays up when a deeper box separates its margin",
			`<div style="overflow:hidden;width:100pt">` + `<div>` + float("right", "50pt", "30pt") +
				`<div><div id=t style="overflow:hidden;margin-top:100pt;width:100pt;height:10pt"></div></div></div></div>`, 0, 30, 100},
		{"a first table's top margin collapses into the parent",
			`<div style="overflow:hidden"><div id=t><table style="margin-top:50pt;border-spacing:0"><tr><td style="padding:0">x</td></tr></table></div></div>`, 0, 50, 400},
		{"the root's top margin",
			`<style>html { margin-top: 20pt }</style><div id=t style="height:10pt"></div>`, 0, 20, 400},
		{"an empty child with a height does not let margins through",
			`<div style="overflow:hidden"><div id=t><div style="height:1pt"></div>` +
				`<div style="margin-top:50pt;height:10pt"></div></div></div>`, 0, 0, 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			f := fragmentOf(d, 0, "t")
			if f == nil {
				t.Fatal("no fragment #t")
			}
			if f.X != tt.x || f.Y != tt.y || f.W != tt.w {
				t.Errorf("#t at (%g, %g) width %g, want (%g, %g) width %g", f.X, f.Y, f.W, tt.x, tt.y, tt.w)
			}
		})
	}
}

// TestCaptionFloats checks that a table caption holds its floats (it
// is a block formatting context root): its lines go beside them.
func TestCaptionFloats(t *testing.T) {
	d := flowLayout(t, 400, 400, `<table><caption id=t style="width:200pt;text-align:left">`+
		`<div style="float:left;width:50pt;height:10pt"></div>inline</caption></table>`)
	ls := lineBoxes(d, 0, "t")
	if len(ls) != 1 || ls[0].X != 50 {
		t.Fatalf("caption lines %+v, want one at x 50 beside the float", ls)
	}
}

// inlineFragments returns the inline fragments of the element with id,
// in line order, from every line of page 0.
func inlineFragments(d *layout.Document, id string) []*layout.InlineFragment {
	var out []*layout.InlineFragment
	var walk func(f *layout.Fragment)
	walk = func(f *layout.Fragment) {
		for _, ln := range f.Lines {
			for _, in := range ln.Inlines {
				if v, _ := in.Box.Attr("id"); v == id {
					out = append(out, in)
				}
			}
		}
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(d.Pages[0].Root)
	return out
}

// TestBlockInInline checks an inline box split around blocks (CSS 2.1
// §9.2.1.1): its start edge is drawn on its first part only, its end
// edge on its last, and a part without content or edges makes no line.
func TestBlockInInline(t *testing.T) {
	tests := []struct {
		name, body string
		// edges are the left and right border widths of each fragment
		edges [][2]float64
		// h is the height of #c
		h float64
	}{
		{"parts around a block", `<div id=c><span id=s style="border:2pt solid">a<div>x</div>b</span></div>`,
			[][2]float64{{2, 0}, {0, 2}}, 30},
		{"an empty last part keeps the end edge", `<div id=c><span id=s style="border:2pt solid">a<div>x</div></span></div>`,
			[][2]float64{{2, 0}, {0, 2}}, 30},
		{"right to left: the start edge on the right", `<div id=c style="direction:rtl"><span id=s style="border:2pt solid;border-left-width:3pt">a<div>x</div>b</span></div>`,
			[][2]float64{{0, 2}, {3, 0}}, 30},
		{"right to left: an empty first part keeps its start edge", `<div id=c style="direction:rtl"><span id=s style="border:0 solid;border-right-width:2pt"><div>x</div></span></div>`,
			[][2]float64{{0, 2}}, 20},
		{"parts without edges make no lines", `<div id=c><span id=s><div>x</div></span></div>`,
			nil, 10},
		{"an empty part between blocks with edges on neither side", `<div id=c><span id=s style="border-top:2pt solid"><div>x</div><div>y</div></span></div>`,
			nil, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			var got [][2]float64
			for _, f := range inlineFragments(d, "s") {
				got = append(got, [2]float64{f.Border[3], f.Border[1]})
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.edges) {
				t.Errorf("span edges %v, want %v", got, tt.edges)
			}
			if c := fragmentOf(d, 0, "c"); c == nil || c.H != tt.h {
				t.Errorf("#c %+v, want %gpt high", c, tt.h)
			}
		})
	}
}

// TestTrailingSpaceOutsideInlineBox checks that a space removed at the
// end of a line is no part of the inline box closing after it.
func TestTrailingSpaceOutsideInlineBox(t *testing.T) {
	d := flowLayout(t, 400, 400, `<div><span id=s style="border-right:2pt solid">ab </span></div>`)
	fs := inlineFragments(d, "s")
	if len(fs) != 1 || fs[0].Rect.W != 12 {
		t.Fatalf("span fragments %+v, want one 12pt wide (two 5pt letters and the border)", fs)
	}
}

// TestIframeDefaultSize checks that an iframe, whose document folio does
// not render, keeps the box of a replaced element of the default object
// size (300×150 px) with no ratio.
func TestIframeDefaultSize(t *testing.T) {
	tests := []struct {
		name, body string
		w, h       float64
	}{
		{"auto", `<iframe id=t style="border:0"></iframe>`, 225, 112.5},
		{"height only: no ratio", `<iframe id=t style="border:0;height:30pt"></iframe>`, 225, 30},
		{"borders outside", `<iframe id=t style="border:2pt solid"></iframe>`, 229, 116.5},
		{"block-level", `<iframe id=t style="display:block;border:0;width:100pt"></iframe>`, 100, 112.5},
		{"a percentage height attribute of a definite height", `<div style="height:100pt"><iframe id=t height="50%" style="border:0"></iframe></div>`, 225, 50},
		{"a percentage height of a definite height", `<div style="height:100pt"><iframe id=t style="border:0;height:20%"></iframe></div>`, 225, 20},
		{"a percentage height of an auto height", `<div><iframe id=t height="50%" style="border:0"></iframe></div>`, 225, 112.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			f := fragmentOf(d, 0, "t")
			if f == nil || f.W != tt.w || f.H != tt.h {
				t.Fatalf("iframe %+v, want %gx%g", f, tt.w, tt.h)
			}
		})
	}
}

// TestMarginsAfterClearedEmptyBox checks that the margins after an empty
// box with clearance stay inside the parent (CSS 2.1 §8.3.1): they
// collapse with the box's own but not with the parent's bottom margin.
func TestMarginsAfterClearedEmptyBox(t *testing.T) {
	tests := []struct {
		name, body string
		h          float64
	}{
		{"cleared", `<div id=t><div style="float:left;width:10pt;height:1pt"></div><div style="clear:left"></div><div style="margin-top:99pt"></div></div>`, 100},
		{"not cleared: the margin leaves the parent", `<div id=t><div style="float:left;width:10pt;height:1pt"></div><div></div><div style="margin-top:99pt"></div></div>`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			if f := fragmentOf(d, 0, "t"); f == nil || f.H != tt.h {
				t.Fatalf("#t %+v, want %gpt high", f, tt.h)
			}
		})
	}
}

// TestPercentageHeightsOfBlocks checks percentage heights of blocks (CSS 2.1
// §10.5, §10.7): of a containing block with a definite height (through
// percentages of such heights too), and as auto otherwise.
func TestPercentageHeightsOfBlocks(t *testing.T) {
	tests := []struct {
		name, body string
		h          float64
	}{
		{"of a definite height", `<div style="height:100pt"><div id=t style="height:50%"></div></div>`, 50},
		{"0% of a definite height", `<div style="height:100pt"><div id=t style="height:0%">x</div></div>`, 0},
		{"through a percentage height", `<div style="height:100pt"><div style="height:50%"><div id=t style="height:50%"></div></div></div>`, 25},
		{"max-height", `<div style="height:100pt"><div id=t style="max-height:10%">x<br>y</div></div>`, 10},
		{"min-height", `<div style="height:100pt"><div id=t style="min-height:30%">x</div></div>`, 30},
		{"of an auto height: auto", `<div><div id=t style="height:50%">x</div></div>`, 10},
		{"an inline-block's", `<div style="height:100pt"><span id=t style="display:inline-block;height:40%">x</span></div>`, 40},
		{"inside an inline-block", `<div style="height:100pt"><span style="display:inline-block;height:40%"><div id=t style="height:50%"></div></span></div>`, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			if f := fragmentOf(d, 0, "t"); f == nil || f.H != tt.h {
				t.Fatalf("#t %+v, want %gpt high", f, tt.h)
			}
		})
	}
}

// TestMarginsThroughZeroHeights checks which empty boxes margins
// collapse through (CSS 2.1 §8.3.1) and that a min-height or
// max-height that changes a box's height keeps its last child's bottom
// margin inside it, as browsers do: #t's top and the height of #p.
func TestMarginsThroughZeroHeights(t *testing.T) {
	tests := []struct {
		name, body string
		y, h       float64
	}{
		{"height 0", `<div id=p style="overflow:hidden"><div style="margin-bottom:20pt"></div><div style="height:0"></div><div id=t style="margin-top:10pt;height:5pt"></div></div>`, 20, 25},
		{"height 0 with a child", `<div id=p style="overflow:hidden"><div style="margin-bottom:20pt"></div><div style="height:0"><div></div></div><div id=t style="margin-top:10pt;height:5pt"></div></div>`, 30, 35},
		{"a percentage of an auto height", `<div id=p style="overflow:hidden"><div style="margin-bottom:20pt"></div><div style="height:30%"></div><div id=t style="margin-top:10pt;height:5pt"></div></div>`, 20, 25},
		{"min-height keeps the margin inside", `<div id=p style="min-height:50pt"><div style="height:40pt;margin-bottom:20pt"></div></div><div id=t style="height:5pt"></div>`, 50, 50},
		{"max-height keeps the margin inside", `<div id=p style="max-height:50pt"><div style="height:60pt;margin-bottom:20pt"></div></div><div id=t style="height:5pt"></div>`, 50, 50},
		{"an unused min-height lets the margin through", `<div id=p style="min-height:10pt"><div style="height:40pt;margin-bottom:20pt"></div></div><div id=t style="height:5pt"></div>`, 60, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			f, p := fragmentOf(d, 0, "t"), fragmentOf(d, 0, "p")
			if f == nil || p == nil || f.Y != tt.y || p.H != tt.h {
				t.Fatalf("#t %+v in #p %+v, want #t at %g, #p %gpt high", f, p, tt.y, tt.h)
			}
		})
	}
}

// TestPercentageHeightsInFlexItems checks percentage heights inside flex
// items: of an item stretched across a row of definite height, or
// flexed in a column of one; in a row of auto height, against the
// stretched item once its line is sized (CSS Flexbox 1 §9.4 step 11:
// the item's contents are laid out again with its used cross size as
// definite — Chromium gives 5 px of a 10 px line too).
func TestPercentageHeightsInFlexItems(t *testing.T) {
	tests := []struct {
		name, body string
		h          float64
	}{
		{"stretched in a row", `<div style="display:flex;height:100pt"><div><div id=t style="height:50%"></div></div></div>`, 50},
		{"flexed in a column", `<div style="display:flex;flex-direction:column;height:100pt"><div style="flex:1"><div id=t style="height:50%"></div></div></div>`, 50},
		{"an indefinite row", `<div style="display:flex"><div><div id=t style="height:50%">x</div></div></div>`, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 400, 400, tt.body)
			if f := fragmentOf(d, 0, "t"); f == nil || f.H != tt.h {
				t.Fatalf("#t %+v, want %gpt high", f, tt.h)
			}
		})
	}
}
