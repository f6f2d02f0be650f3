package layout_test

import (
	"strings"
	"testing"
)

func TestFlexPictures(t *testing.T) {
	tests := []struct{ name, src string }{
		{"flex row grow",
			`<div style="display:flex;gap:5pt"><div style="background:#ccc">aa</div><div style="flex-grow:1;background:#ccc">g</div><span style="background:#ccc">bb</span></div>`},
		{"flex wrap",
			`<div style="display:flex;flex-wrap:wrap;row-gap:5pt;column-gap:5pt"><div style="width:40pt;background:#ccc">a</div><div style="width:40pt;background:#ccc">b</div><div style="width:40pt;background:#ccc">c</div></div>`},
		{"flex column centred",
			`<div style="display:flex;flex-direction:column;align-items:center;gap:5pt"><div style="background:#ccc">one</div><div style="background:#ccc">three</div></div>`},
		{"justify space-between and align center",
			`<div style="display:flex;justify-content:space-between;align-items:center;height:30pt;background:#eee"><div>l</div><div>r</div></div>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 100, tt.src)
			goldenPicture(t, tt.name, picture(d, 0))
		})
	}
}

func TestFlexRowGeometry(t *testing.T) {
	d := flowLayout(t, 100, 100, `<div id=c style="display:flex;gap:10pt">`+
		`<div id=a style="width:20pt">a</div><div id=g style="flex-grow:1">g</div><div id=h style="flex-grow:3;height:30pt">h</div></div><p id=p>after</p>`)
	a, g, h := fragmentOf(d, 0, "a"), fragmentOf(d, 0, "g"), fragmentOf(d, 0, "h")
	// free space 100-20-5-5-20 = 50: g gets 12.5, h 37.5
	if a.X != 0 || a.W != 20 || g.X != 30 || g.W != 17.5 || h.X != 57.5 || h.W != 42.5 {
		t.Errorf("items a %v+%v g %v+%v h %v+%v", a.X, a.W, g.X, g.W, h.X, h.W)
	}
	// align-items: stretch makes every item as tall as the line
	if a.H != 30 || g.H != 30 || h.H != 30 {
		t.Errorf("heights %v %v %v, want 30 (stretched)", a.H, g.H, h.H)
	}
	if p := fragmentOf(d, 0, "p"); p.Y != 30 {
		t.Errorf("next block at y %v, want 30", p.Y)
	}
}

func TestFlexShrink(t *testing.T) {
	d := flowLayout(t, 100, 100, `<div style="display:flex"><div id=a style="width:80pt">a</div><div id=b style="width:40pt;flex-shrink:2">b</div></div>`)
	a, b := fragmentOf(d, 0, "a"), fragmentOf(d, 0, "b")
	// overflow 20, weights 80×1 and 40×2: each shrinks by 10
	if a.W != 70 || b.W != 30 || b.X != 70 {
		t.Errorf("a %v wide, b %v wide at %v; want 70, 30 at 70", a.W, b.W, b.X)
	}
}

func TestFlexColumnGeometry(t *testing.T) {
	d := flowLayout(t, 100, 100, `<div style="display:flex;flex-direction:column;height:60pt;row-gap:5pt">`+
		`<div id=a>a</div><div id=b style="flex-grow:1">b</div></div>`)
	a, b := fragmentOf(d, 0, "a"), fragmentOf(d, 0, "b")
	if a.Y != 0 || a.H != 10 || a.W != 100 || b.Y != 15 || b.H != 45 {
		t.Errorf("a %v+%v (w %v), b %v+%v; want a 0+10 100 wide, b 15+45", a.Y, a.H, a.W, b.Y, b.H)
	}
}

func TestFlexLinesBreakBetweenPages(t *testing.T) {
	// Eight 40pt items wrap two to a 100pt line; lines are 30pt tall, so
	// three fit on a 100pt page and the fourth starts page 2 whole.
	item := `<div style="width:40pt;height:30pt">x</div>`
	d := flowLayout(t, 100, 100, `<div style="display:flex;flex-wrap:wrap">`+strings.Repeat(item, 8)+`</div>`)
	if len(d.Pages) != 2 {
		t.Fatalf("got %d pages, want 2", len(d.Pages))
	}
	count := func(i int) int {
		return strings.Count(picture(d, i), "x")
	}
	if count(0) != 6 || count(1) != 2 {
		t.Errorf("items per page %d and %d, want 6 and 2", count(0), count(1))
	}
}

func TestFlexTallerThanPageKeepsContent(t *testing.T) {
	// A row whose item is taller than a page: nothing is lost past the
	// page bottom; the items fall back to block layout and break.
	lines := strings.Repeat("w<br>", 25)
	for _, dir := range []string{"row", "column"} {
		t.Run(dir, func(t *testing.T) {
			d := flowLayout(t, 100, 100, `<p>top</p><div style="display:flex;flex-direction:`+dir+`"><div>`+lines+`</div><div>z</div></div>`)
			n, z := 0, 0
			for i := range d.Pages {
				pic := picture(d, i)
				n += strings.Count(pic, "w")
				z += strings.Count(pic, "z")
			}
			if n != 25 || z != 1 {
				t.Errorf("%d of 25 lines and %d of 1 z painted on %d pages", n, z, len(d.Pages))
			}
		})
	}
}

func TestInlineFlexShrinkToFit(t *testing.T) {
	// An inline-flex row is as wide as its items and gap side by side.
	d := flowLayout(t, 200, 100, `<p><span id=c style="display:inline-flex;column-gap:5pt"><span>aa</span><span>bbb</span></span></p>`)
	if c := fragmentOf(d, 0, "c"); c == nil || c.W != 30 {
		t.Fatalf("inline-flex = %+v, want 30pt wide (10+5+15)", c)
	}
}

func TestFlexAutoMargin(t *testing.T) {
	// margin-left: auto pushes the last item to the right end.
	d := flowLayout(t, 100, 100, `<div style="display:flex"><div id=a>aa</div><div id=b style="margin-left:auto">bb</div></div>`)
	a, b := fragmentOf(d, 0, "a"), fragmentOf(d, 0, "b")
	if a.X != 0 || b.X != 90 {
		t.Errorf("a at %v, b at %v; want 0 and 90", a.X, b.X)
	}
}

// TestFlexReverse checks the reversed directions start at the right
// (bottom) edge, and wrap-reverse stacks the lines from the bottom.
func TestFlexReverse(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"row-reverse packs at the right",
			`<div style="display:flex;flex-direction:row-reverse"><div id=a style="width:20pt">a</div><div id=b style="width:20pt">b</div></div>`,
			"a:180,0 20x10 b:160,0 20x10"},
		{"row-reverse with flex-end packs at the left",
			`<div style="display:flex;flex-direction:row-reverse;justify-content:flex-end"><div id=a style="width:20pt">a</div><div id=b style="width:20pt">b</div></div>`,
			"a:20,0 20x10 b:0,0 20x10"},
		{"row-reverse with start packs at the left too",
			`<div style="display:flex;flex-direction:row-reverse;justify-content:start"><div id=a style="width:20pt">a</div><div id=b style="width:20pt">b</div></div>`,
			"a:20,0 20x10 b:0,0 20x10"},
		{"column-reverse starts at the bottom",
			`<div style="display:flex;flex-direction:column-reverse;height:60pt"><div id=a>a</div><div id=b>b</div></div>`,
			"a:0,50 200x10 b:0,40 200x10"},
		{"column-reverse of auto height",
			`<div style="display:flex;flex-direction:column-reverse"><div id=a>a</div><div id=b>b</div></div>`,
			"a:0,10 200x10 b:0,0 200x10"},
		{"wrap-reverse stacks lines upwards",
			`<div style="display:flex;flex-wrap:wrap-reverse;width:100pt"><div id=a style="width:40pt">a</div><div id=b style="width:40pt">b</div><div id=c style="width:40pt">c</div></div>`,
			"a:0,10 40x10 b:40,10 40x10 c:0,0 40x10"},
		{"rtl row starts at the right",
			`<div style="display:flex;direction:rtl"><div id=a style="width:20pt">a</div><div id=b style="width:20pt">b</div></div>`,
			"a:180,0 20x10 b:160,0 20x10"},
		{"rtl row-reverse starts at the left",
			`<div style="display:flex;direction:rtl;flex-direction:row-reverse"><div id=a style="width:20pt">a</div><div id=b style="width:20pt">b</div></div>`,
			"a:0,0 20x10 b:20,0 20x10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 200, 100, tt.src)
			var ids []string
			for _, w := range strings.Fields(tt.want) {
				if i := strings.IndexByte(w, ':'); i > 0 {
					ids = append(ids, w[:i])
				}
			}
			if got := rects(d, 0, ids...); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestFlexRowSplitsSideBySide(t *testing.T) {
	// A row taller than the page: its items break at the page bottom and
	// continue side by side, each in its own column, on the next pages.
	a := strings.Repeat("w<br>", 25)
	b := strings.Repeat("z<br>", 12)
	d := flowLayout(t, 100, 100, `<div style="display:flex;column-gap:10pt"><div id=a style="width:40pt">`+a+
		`</div><div id=b style="width:40pt">`+b+`</div></div><p id=p>after</p>`)
	if len(d.Pages) != 3 {
		t.Fatalf("got %d pages, want 3", len(d.Pages))
	}
	wantW, wantZ := []int{10, 10, 5}, []int{10, 2, 0}
	for i := range d.Pages {
		pic := picture(d, i)
		if w, z := strings.Count(pic, "w"), strings.Count(pic, "z"); w != wantW[i] || z != wantZ[i] {
			t.Errorf("page %d: %d w and %d z, want %d and %d", i+1, w, z, wantW[i], wantZ[i])
		}
		if fa := fragmentOf(d, i, "a"); fa == nil || fa.X != 0 || fa.Y != 0 {
			t.Errorf("page %d: item a at %v, want (0, 0)", i+1, fa)
		}
		if fb := fragmentOf(d, i, "b"); i < 2 && (fb == nil || fb.X != 50 || fb.Y != 0) {
			t.Errorf("page %d: item b at %v, want (50, 0)", i+1, fb)
		}
	}
	if p := fragmentOf(d, 2, "p"); p == nil || p.Y != 50 {
		t.Errorf("the next paragraph at %v, want y 50 on page 3", p)
	}
}

func TestFlexColumnBreaksItems(t *testing.T) {
	// A column taller than the page breaks inside and between its items,
	// which keep their flex cross size and alignment (centred here).
	item := func(id, c string, n int) string {
		return `<div id=` + id + `>` + strings.Repeat(c+"<br>", n) + `</div>`
	}
	d := flowLayout(t, 100, 100, `<div style="display:flex;flex-direction:column;align-items:center;row-gap:10pt">`+
		item("a", "w", 12)+item("b", "z", 3)+item("c", "q", 9)+`</div>`)
	if len(d.Pages) != 3 {
		t.Fatalf("got %d pages, want 3", len(d.Pages))
	}
	wantW, wantZ, wantQ := []int{10, 2, 0}, []int{0, 3, 0}, []int{0, 3, 6}
	for i := range d.Pages {
		pic := picture(d, i)
		if w, z, q := strings.Count(pic, "w"), strings.Count(pic, "z"), strings.Count(pic, "q"); w != wantW[i] || z != wantZ[i] || q != wantQ[i] {
			t.Errorf("page %d: %d w, %d z, %d q; want %d, %d, %d", i+1, w, z, q, wantW[i], wantZ[i], wantQ[i])
		}
	}
	// shrink-to-fit and centred on every page
	for _, c := range []struct {
		page int
		id   string
		y    float64
	}{{0, "a", 0}, {1, "a", 0}, {1, "b", 30}, {1, "c", 70}, {2, "c", 0}} {
		f := fragmentOf(d, c.page, c.id)
		if f == nil || f.W != 5 || f.X != 47.5 || f.Y != c.y {
			t.Errorf("page %d: #%s at %v, want x 47.5 y %g width 5", c.page+1, c.id, f, c.y)
		}
	}
}

func TestFlexReorderedLinesBreakBetweenPages(t *testing.T) {
	// Lines moved out of child order (order, wrap-reverse) break between
	// pages too: the fourth line in visual order starts page 2.
	var items strings.Builder
	for i, c := range "abcdefgh" {
		items.WriteString(`<div style="width:40pt;height:30pt;order:` + string(rune('9'-i)) + `">` + string(c) + `</div>`)
	}
	for _, tt := range []struct{ wrap, page2 string }{
		{"wrap", "ab"},         // order reverses: h g | f e | d c | b a
		{"wrap-reverse", "gh"}, // the same lines bottom to top: b a | d c | f e | h g
	} {
		d := flowLayout(t, 100, 100, `<div style="display:flex;flex-wrap:`+tt.wrap+`">`+items.String()+`</div>`)
		if len(d.Pages) != 2 {
			t.Fatalf("%s: got %d pages, want 2", tt.wrap, len(d.Pages))
		}
		got := ""
		for _, c := range "abcdefgh" {
			if strings.ContainsRune(picture(d, 1), c) {
				got += string(c)
			}
		}
		if got != tt.page2 {
			t.Errorf("%s: page 2 holds %q, want %q", tt.wrap, got, tt.page2)
		}
		all := picture(d, 0) + picture(d, 1)
		for _, c := range "abcdefgh" {
			if strings.Count(all, string(c)) != 1 {
				t.Errorf("%s: item %c painted %d times", tt.wrap, c, strings.Count(all, string(c)))
			}
		}
	}
}

// TestFlexBasisNotAuto: only flex-basis: auto takes the item's size
// property; content and an indefinite percentage size the item by its
// content (css-flexbox §7.2.3, WPT flex-basis-010).
func TestFlexBasisNotAuto(t *testing.T) {
	tests := []struct {
		name, item string
		want       float64
	}{
		{"auto uses height", "flex:0 0 auto;height:50pt", 50},
		{"indefinite percentage ignores height", "flex:0 0 0%;height:50pt", 20},
		{"content ignores height", "flex:0 0 content;height:50pt", 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 100, `<div style="display:flex;flex-direction:column">`+
				`<div id=i style="`+tt.item+`"><div style="height:20pt"></div></div></div>`)
			if h := fragmentOf(d, 0, "i").H; h != tt.want {
				t.Errorf("item height %v, want %v", h, tt.want)
			}
		})
	}
	d := flowLayout(t, 100, 100, `<div style="display:flex"><div id=i style="flex:0 0 content;width:50pt"><div style="width:20pt"></div></div></div>`)
	if w := fragmentOf(d, 0, "i").W; w != 20 {
		t.Errorf("row item with flex-basis content: width %v, want 20", w)
	}
}

// TestFlexShrinkFactorsBelowOne: flex-shrink factors summing to less
// than one shrink the items by that fraction of the overflow only, the
// sum taken over the factors themselves, not their scaled values (§9.7
// step 4b, WPT flex-shrink-008).
func TestFlexShrinkFactorsBelowOne(t *testing.T) {
	tests := []struct {
		name, items string
		want        float64
	}{
		// overflow 500: 0.9 of it taken off
		{"one item", `<div id=a style="flex-shrink:0.9;width:550pt"></div>`, 100},
		// overflow 100: 0.5 of it, 25 each
		{"two items", `<div id=a style="flex-shrink:0.25;width:75pt"></div><div style="flex-shrink:0.25;width:75pt"></div>`, 50},
		{"factors of one", `<div id=a style="flex-shrink:0.5;width:75pt"></div><div style="flex-shrink:0.5;width:75pt"></div>`, 25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 100, `<div style="display:flex;width:50pt">`+tt.items+`</div>`)
			if w := fragmentOf(d, 0, "a").W; w != tt.want {
				t.Errorf("first item %v wide, want %v", w, tt.want)
			}
		})
	}
}

// TestFlexAutoMinimumUnderMax: the automatic minimum size of an item is
// no larger than its max main size (css-flexbox §4.5, WPT
// flexbox-min-width-auto-001).
func TestFlexAutoMinimumUnderMax(t *testing.T) {
	tests := []struct {
		name, src string
		want      float64
	}{
		{"row max-width", `<div style="display:flex;width:1pt"><div id=a style="width:100pt;max-width:50pt"><div style="width:80pt;height:5pt"></div></div></div>`, 50},
		{"row without max-width", `<div style="display:flex;width:1pt"><div id=a style="width:100pt"><div style="width:80pt;height:5pt"></div></div></div>`, 80},
		{"column max-height", `<div style="display:flex;flex-direction:column;height:1pt"><div id=a style="max-height:30pt"><div style="height:50pt"></div></div></div>`, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 200, 200, tt.src)
			a := fragmentOf(d, 0, "a")
			got := a.W
			if strings.Contains(tt.src, "column") {
				got = a.H
			}
			if got != tt.want {
				t.Errorf("item main size %v, want %v", got, tt.want)
			}
		})
	}
}

// TestFlexColumnShrinkToFitBorders: an unstretched item of a column
// container is as wide as its content plus its borders and padding,
// content-box or border-box (WPT flexbox-flex-basis-content-004a).
func TestFlexColumnShrinkToFitBorders(t *testing.T) {
	for _, sizing := range []string{"content-box", "border-box"} {
		t.Run(sizing, func(t *testing.T) {
			d := flowLayout(t, 200, 200, `<div style="display:flex;flex-direction:column;align-items:flex-start">`+
				`<div id=a style="box-sizing:`+sizing+`;border:2pt solid;padding:0 3pt"><div style="width:45pt;height:5pt"></div></div></div>`)
			if w := fragmentOf(d, 0, "a").W; w != 55 {
				t.Errorf("item %v wide, want 55 (45 content, 4 border, 6 padding)", w)
			}
		})
	}
}
