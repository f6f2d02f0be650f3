package layout_test

import "testing"

// TestFlexItemGeometry checks item boxes for cross-axis alignment,
// align-content, the freezing of items at their limits and automatic
// minimum sizes (CSS Flexbox 1 §8, §9.7, §4.5).
func TestFlexItemGeometry(t *testing.T) {
	type box struct {
		id         string
		x, y, w, h float64
	}
	tests := []struct {
		name string
		src  string
		want []box
	}{
		{"align-self overrides align-items",
			`<div style="display:flex;align-items:flex-start;height:40pt"><div id=a style="width:10pt;height:10pt"></div>` +
				`<div id=b style="width:10pt;height:10pt;align-self:center"></div><div id=c style="width:10pt;height:10pt;align-self:flex-end"></div><div id=d style="width:10pt"></div></div>`,
			[]box{{"a", 0, 0, 10, 10}, {"b", 10, 15, 10, 10}, {"c", 20, 30, 10, 10}, {"d", 30, 0, 10, 0}}},
		{"stretch by default, not with an auto cross margin",
			`<div style="display:flex;height:40pt"><div id=a style="width:10pt"></div><div id=b style="width:10pt;margin-top:auto"></div></div>`,
			[]box{{"a", 0, 0, 10, 40}, {"b", 10, 40, 10, 0}}},
		{"auto cross margins centre",
			`<div style="display:flex;height:40pt"><div id=a style="width:10pt;height:10pt;margin:auto 0"></div></div>`,
			[]box{{"a", 0, 15, 10, 10}}},
		{"baseline lines up the first lines",
			`<div style="display:flex;align-items:baseline"><div id=a style="padding-top:20pt;width:30pt">x</div><div id=b style="width:30pt">y</div></div>`,
			[]box{{"a", 0, 0, 30, 30}, {"b", 30, 20, 30, 10}}},
		{"align-content center",
			`<div style="display:flex;flex-wrap:wrap;align-content:center;height:60pt"><div id=a style="width:60pt;height:10pt"></div><div id=b style="width:60pt;height:10pt"></div></div>`,
			[]box{{"a", 0, 20, 60, 10}, {"b", 0, 30, 60, 10}}},
		{"align-content stretch grows the lines",
			`<div style="display:flex;flex-wrap:wrap;height:60pt"><div id=a style="width:60pt"></div><div id=b style="width:60pt;height:10pt"></div></div>`,
			[]box{{"a", 0, 0, 60, 25}, {"b", 0, 25, 60, 10}}},
		{"percentage row-gap of the definite height",
			`<div style="display:flex;flex-wrap:wrap;row-gap:50%;align-content:flex-start;height:40pt"><div id=a style="width:60pt;height:10pt"></div><div id=b style="width:60pt;height:10pt"></div></div>`,
			[]box{{"a", 0, 0, 60, 10}, {"b", 0, 30, 60, 10}}},
		{"an item frozen at its max-width gives its share to the others",
			`<div style="display:flex"><div id=a style="flex:1;max-width:10pt"></div><div id=b style="flex:1"></div></div>`,
			[]box{{"a", 0, 0, 10, 0}, {"b", 10, 0, 90, 0}}},
		{"automatic minimum width no larger than the specified width",
			`<div style="display:flex"><div id=a style="flex:0 1 0%;width:15pt"><div style="width:40pt"></div></div></div>`,
			[]box{{"a", 0, 0, 15, 0}}},
		{"no automatic minimum width for a scroll container",
			`<div style="display:flex"><div id=a style="flex:0 1 0%;overflow:hidden"><div style="width:40pt"></div></div></div>`,
			[]box{{"a", 0, 0, 0, 0}}},
		{"column wrap puts lines side by side",
			`<div style="display:flex;flex-flow:column wrap;height:30pt;column-gap:10pt;align-content:flex-start"><div id=a style="width:20pt;height:20pt"></div>` +
				`<div id=b style="width:30pt;height:20pt"></div><div id=c style="width:10pt;height:5pt"></div></div>`,
			[]box{{"a", 0, 0, 20, 20}, {"b", 30, 0, 30, 20}, {"c", 30, 20, 10, 5}}},
		{"flex-basis content ignores the width",
			`<div style="display:flex"><div id=a style="flex-basis:content;width:50pt;flex-shrink:0;min-width:0"><div style="width:20pt"></div></div></div>`,
			[]box{{"a", 0, 0, 20, 0}}},
		{"percentage heights in a column of definite height",
			`<div style="display:flex;flex-direction:column;height:40pt"><div id=a style="height:25%"></div><div id=b style="flex-basis:50%"></div></div>`,
			[]box{{"a", 0, 0, 100, 10}, {"b", 0, 10, 100, 20}}},
		{"no percentage heights in a column of indefinite height",
			`<div style="display:flex;flex-direction:column"><div id=a style="display:flex;flex-direction:column"><div id=b style="height:10pt"></div><div id=c style="height:50%"></div></div></div>`,
			[]box{{"a", 0, 0, 100, 10}, {"c", 0, 10, 100, 0}}},
		{"abspos static position by justify-content and align-self",
			`<div style="display:flex;position:relative;justify-content:center;align-items:flex-end;height:40pt"><div id=a style="position:absolute;width:10pt;height:10pt"></div>` +
				`<div id=b style="position:absolute;width:10pt;height:10pt;align-self:center"></div></div>`,
			[]box{{"a", 45, 30, 10, 10}, {"b", 45, 15, 10, 10}}},
		{"abspos static position in a column of content height",
			`<div style="display:flex;flex-direction:column;justify-content:flex-end;align-items:center;position:relative"><div id=a style="position:absolute;width:10pt;height:10pt"></div><div style="height:30pt"></div></div>`,
			[]box{{"a", 45, 20, 10, 10}}},
		{"safe alignment keeps an overflowing abspos child at the start",
			`<div style="display:flex;position:relative;height:10pt"><div id=a style="position:absolute;width:10pt;height:30pt;align-self:safe center"></div></div>`,
			[]box{{"a", 0, 0, 10, 30}}},
		{"stretch obeys max-height and min-width",
			`<div style="display:flex;height:40pt"><div id=a style="width:10pt;max-height:25pt"></div></div>` +
				`<div style="display:flex;flex-direction:column;width:50pt"><div id=b style="height:10pt;max-width:20pt;min-width:30pt"></div></div>`,
			[]box{{"a", 0, 0, 10, 25}, {"b", 0, 40, 30, 10}}},
		{"a replaced item with an auto cross size stretches",
			`<div style="display:flex;height:40pt"><img id=a style="width:10pt" src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>"></div>`,
			[]box{{"a", 0, 0, 10, 40}}},
		{"preserved white space between items makes no item",
			`<div style="display:flex;white-space:pre;justify-content:space-around">  <div id=a style="flex:none;width:20pt;height:5pt"></div>	<div id=b style="flex:none;width:20pt;height:5pt"></div>
 </div>`,
			[]box{{"a", 15, 0, 20, 5}, {"b", 65, 0, 20, 5}}},
		{"column wrap of auto height breaks lines at max-height",
			`<div style="display:flex;flex-flow:column wrap;max-height:25pt;align-content:flex-start"><div id=a style="width:20pt;height:10pt"></div>` +
				`<div id=b style="width:20pt;height:10pt"></div><div id=c style="width:20pt;height:10pt"></div></div>`,
			[]box{{"a", 0, 0, 20, 10}, {"b", 0, 10, 20, 10}, {"c", 20, 0, 20, 10}}},
		{"percentage max-height of an image in a stretched item",
			`<div style="display:flex;height:60pt"><div id=a><img id=i style="max-height:100%" src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='200' height='200'/>"></div></div>`,
			[]box{{"a", 0, 0, 60, 60}, {"i", 0, 0, 60, 60}}},
		{"a stretched image's width follows its ratio in a row of definite height",
			`<div id=f style="display:inline-flex;height:60pt"><img id=i src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10'/>"></div>`,
			[]box{{"f", 0, 0, 120, 60}, {"i", 0, 0, 120, 60}}},
		{"a stretched image's height follows its ratio in a column",
			`<div style="display:flex;flex-direction:column;width:90pt"><img id=i src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='60' height='30'/>"></div>`,
			[]box{{"i", 0, 0, 90, 45}}},
		{"a table item of a column stretches to the container's width",
			`<div style="display:flex;flex-direction:column;width:80pt"><table id=a style="border-spacing:0"><tr><td style="padding:0"><div style="width:5pt;height:5pt"></div></td></tr></table></div>`,
			[]box{{"a", 0, 0, 80, 5}}},
		{"a stretched table item's height holds its captions",
			`<div style="display:flex;width:100pt;height:100pt"><table id=t style="border-spacing:0;flex-grow:1"><caption style="height:10pt"></caption>` +
				`<caption style="height:20pt;caption-side:bottom"></caption><tr><td id=c></td></tr></table></div>`,
			[]box{{"t", 0, 0, 100, 100}, {"c", 0, 10, 100, 70}}},
		{"a flexed table item of a column holds its captions",
			`<div style="display:flex;flex-direction:column;width:100pt;height:100pt"><table id=t style="border-spacing:0;flex-grow:1"><caption style="height:10pt"></caption>` +
				`<tr><td id=c></td></tr></table></div>`,
			[]box{{"t", 0, 0, 100, 100}, {"c", 0, 10, 100, 90}}},
		{"a column table item's own height sizes its grid",
			`<div style="display:flex;flex-direction:column;width:100pt"><table id=t style="border-spacing:0;height:50pt"><caption style="height:10pt"></caption>` +
				`<tr><td id=c></td></tr></table></div>`,
			[]box{{"t", 0, 0, 100, 60}, {"c", 0, 10, 100, 50}}},
		{"a column table item's flex-basis sizes its grid",
			`<div style="display:flex;flex-direction:column;width:100pt"><table id=t style="border-spacing:0;flex:0 0 50pt"><caption style="height:10pt"></caption>` +
				`<tr><td id=c></td></tr></table></div>`,
			[]box{{"t", 0, 0, 100, 60}, {"c", 0, 10, 100, 50}}},
		{"a column item's base size is its content height, not its min-height",
			`<div style="display:flex;flex-direction:column;height:100pt"><div id=a style="min-height:40pt;flex:1 0 auto"><div style="height:2pt"></div></div>` +
				`<div id=b style="flex:1 0 2pt"></div></div>`,
			[]box{{"a", 0, 0, 100, 50}, {"b", 0, 50, 100, 50}}},
		{"a table item does not shrink below its min-content width",
			`<div style="display:flex;width:100pt"><table id=t style="border-spacing:0;min-width:30pt"><tr><td style="padding:0"><div style="width:80pt;height:5pt"></div></td></tr></table>` +
				`<div id=b style="flex-basis:100pt;min-width:0;height:5pt"></div></div>`,
			[]box{{"t", 0, 0, 80, 5}, {"b", 80, 0, 20, 5}}},
		{"automatic minimum height of a column item",
			`<div style="display:flex;flex-direction:column;height:20pt"><div id=a style="height:50pt"><div style="height:15pt"></div></div><div id=b style="height:50pt"></div></div>`,
			[]box{{"a", 0, 0, 100, 15}, {"b", 0, 15, 100, 5}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 100, tt.src)
			for _, w := range tt.want {
				f := fragmentOf(d, 0, w.id)
				if f.X != w.x || f.Y != w.y || f.W != w.w || f.H != w.h {
					t.Errorf("%s at (%v,%v) %vx%v, want (%v,%v) %vx%v", w.id, f.X, f.Y, f.W, f.H, w.x, w.y, w.w, w.h)
				}
			}
		})
	}
}

// TestFlexRowClampedCrossSize: a row container with an auto height
// sizes its lines by min-height and max-height (§9.4 step 15): a single
// line stretches to min-height or shrinks to max-height, and
// align-content distributes the negative space max-height leaves.
func TestFlexRowClampedCrossSize(t *testing.T) {
	tests := []struct {
		name, container, item string
		wantY, wantH          float64
	}{
		{"single line stretches to min-height", "min-height:50pt", "", 0, 50},
		{"single line clamped by max-height", "max-height:15pt", "", 0, 15},
		{"border-box max-height", "max-height:25pt;box-sizing:border-box;border:5pt solid", "", 5, 15},
		{"wrapped lines centred in max-height", "max-height:30pt;flex-wrap:wrap;align-content:center", "width:60pt;", -5, 20},
		{"definite height wins", "height:40pt;max-height:80pt", "", 0, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 200, `<div style="display:flex;`+tt.container+`">`+
				`<div id=a style="`+tt.item+`"><div style="height:20pt"></div></div>`+
				`<div style="`+tt.item+`"><div style="height:20pt"></div></div></div>`)
			if a := fragmentOf(d, 0, "a"); a.Y != tt.wantY || a.H != tt.wantH {
				t.Errorf("first item at y %v, %v tall; want %v, %v", a.Y, a.H, tt.wantY, tt.wantH)
			}
		})
	}
}

// TestRelativeTopPercentOfStretchedItem: top as a percentage resolves
// against the definite height of the containing block, a stretched
// flex item included; against an auto height it is auto (WPT
// position-relative-percentage-top-002).
func TestRelativeTopPercentOfStretchedItem(t *testing.T) {
	tests := []struct {
		name, src string
		want      float64
	}{
		{"stretched flex item", `<div style="display:flex"><div style="height:40pt"></div><div><div id=r style="position:relative;top:-50%;height:10pt"></div></div></div>`, -20},
		{"definite block", `<div style="height:60pt"><div id=r style="position:relative;top:50%;height:10pt"></div></div>`, 30},
		{"auto height", `<div><div id=r style="position:relative;top:50%;height:10pt"></div></div>`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 200, tt.src)
			if y := fragmentOf(d, 0, "r").Y; y != tt.want {
				t.Errorf("relative box at y %v, want %v", y, tt.want)
			}
		})
	}
}

// TestBlockifiedItemPercentHeights: a flex item made of an inline
// element (a span) resolves height, min-height and max-height
// percentages against the container's definite height like a block
// item (WPT flexbox-definite-sizes-001/002).
func TestBlockifiedItemPercentHeights(t *testing.T) {
	for _, tag := range []string{"div", "span"} {
		for _, prop := range []string{"height:50%", "min-height:50%"} {
			t.Run(tag+" "+prop, func(t *testing.T) {
				d := flowLayout(t, 100, 200, `<div style="display:flex;height:80pt;align-items:center"><`+tag+` id=i style="width:10pt;`+prop+`"></`+tag+`></div>`)
				if h := fragmentOf(d, 0, "i").H; h != 40 {
					t.Errorf("item height %v, want 40", h)
				}
			})
		}
	}
}
