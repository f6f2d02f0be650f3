package layout

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestPageSizesBothOrientations checks every named page size in both
// orientations as the page's width and height.
func TestPageSizesBothOrientations(t *testing.T) {
	sizes := []struct {
		name string
		w, h float64
	}{
		{"A3", 841.89, 1190.55}, {"A4", 595.28, 841.89}, {"A5", 419.53, 595.28}, {"A6", 297.64, 419.53},
		{"B4", 708.66, 1000.63}, {"B5", 498.9, 708.66}, {"letter", 612, 792}, {"legal", 612, 1008},
		{"ledger", 792, 1224}, {"tabloid", 792, 1224}, {"executive", 522, 756},
	}
	for _, sz := range sizes {
		for _, orient := range []string{"portrait", "landscape"} {
			t.Run(sz.name+" "+orient, func(t *testing.T) {
				d := mustPaged(t, fmt.Sprintf("<style>@page{size:%s %s; margin: 36pt}</style><p>x", sz.name, orient))
				w, h := sz.w, sz.h
				if orient == "landscape" {
					w, h = h, w
				}
				p := d.Pages[0]
				if !near1(p.Width, w) || !near1(p.Height, h) {
					t.Errorf("page %.2f×%.2f, want %.2f×%.2f", p.Width, p.Height, w, h)
				}
				if !near1(p.Area.W, w-72) || !near1(p.Area.H, h-72) {
					t.Errorf("page area %+v, want %.2f×%.2f", p.Area, w-72, h-72)
				}
			})
		}
	}
}

func near1(a, b float64) bool { return a-b < 0.01 && b-a < 0.01 }

// TestPageSelectorsFacingPages checks :first, :left and :right margins
// and the cascade by specificity (:first beats :right on page 1).
func TestPageSelectorsFacingPages(t *testing.T) {
	d := mustPaged(t, `<style>
	@page { size: 300pt 300pt; margin: 10pt }
	@page :left { margin-left: 60pt; margin-right: 20pt }
	@page :right { margin-left: 20pt; margin-right: 60pt }
	@page :first { margin-top: 100pt }
	@page :first:right { margin-left: 30pt }
	section { break-before: page } body { margin: 0 }
	</style><section>1</section><section>2</section><section>3</section><section>4</section>`)
	if len(d.Pages) != 4 {
		t.Fatalf("%d pages, want 4", len(d.Pages))
	}
	want := []Rect{
		{30, 100, 210, 190}, // first right page: :first:right is more specific
		{60, 10, 220, 280},  // left
		{20, 10, 220, 280},  // right
		{60, 10, 220, 280},  // left
	}
	for i, p := range d.Pages {
		if !rectNear(p.Area, want[i]) {
			t.Errorf("page %d (left=%v) area %+v, want %+v", i+1, p.Context.Left, p.Area, want[i])
		}
	}
}

// TestBlankPageSelector checks that a break to a right page inserts a
// blank page that takes @page :blank and shows no body content.
func TestBlankPageSelector(t *testing.T) {
	d := mustPaged(t, `<style>
	@page { size: 200pt 200pt; margin: 20pt; @bottom-center { content: counter(page) } }
	@page :blank { @bottom-center { content: "blank" } }
	h1 { break-before: right; font-size: 10pt; margin: 0 } body { margin: 0 }
	</style><h1>One</h1><h1>Two</h1>`)
	if len(d.Pages) != 3 {
		t.Fatalf("%d pages, want 3 (right, blank left, right)", len(d.Pages))
	}
	got := []string{strings.Join(marginTexts(d.Pages[0]), "|"), strings.Join(marginTexts(d.Pages[1]), "|"), strings.Join(marginTexts(d.Pages[2]), "|")}
	if want := []string{"1", "blank", "3"}; strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("footers %q, want %q", got, want)
	}
	if d.Pages[1].Root != nil || !d.Pages[1].Context.Blank {
		t.Errorf("page 2 should be blank")
	}
}

// TestNamedPages checks that the page property selects @page rules by
// name and that a change of named page forces a break.
func TestNamedPages(t *testing.T) {
	d := mustPaged(t, `<style>
	@page { size: A5; margin: 20pt }
	@page wide { size: A5 landscape; @top-center { content: "wide" } }
	@page cover { margin: 50pt }
	.wide { page: wide } .cover { page: cover } body { margin: 0 }
	</style><div class=cover><p>cover</p></div><p>a</p><div class=wide><p>table</p><p>table 2</p></div><p>b</p>`)
	if len(d.Pages) != 4 {
		t.Fatalf("%d pages, want 4 (cover, a, wide, b)", len(d.Pages))
	}
	wantName := []string{"cover", "", "wide", ""}
	for i, p := range d.Pages {
		if p.Context.Name != wantName[i] {
			t.Errorf("page %d name %q, want %q", i+1, p.Context.Name, wantName[i])
		}
	}
	if p := d.Pages[0]; !near1(p.Area.X, 50) {
		t.Errorf("cover page margin %v, want 50", p.Area.X)
	}
	if p := d.Pages[2]; p.Width < p.Height || strings.Join(marginTexts(p), "") != "wide" {
		t.Errorf("wide page %v×%v with margins %q, want landscape with the 'wide' header", p.Width, p.Height, marginTexts(p))
	}
	if p := d.Pages[3]; p.Width > p.Height || len(marginTexts(p)) != 0 {
		t.Errorf("page after the wide section %v×%v %q, want portrait without header", p.Width, p.Height, marginTexts(p))
	}
	if got := fragText(d.Pages[2].Root); got != "tabletable 2" {
		t.Errorf("wide page holds %q", got)
	}
}

// TestNamedPagesSkipOutOfFlow checks out-of-flow boxes neither start
// nor end a box's named page: a positioned or floated first child, or a
// positioned box between siblings, with another page name forces no
// break (css-page-3 §7.1; WPT page-name-propagated-003), while an
// in-flow change still does.
func TestNamedPagesSkipOutOfFlow(t *testing.T) {
	tests := []struct {
		name, body string
		pages      int
	}{
		{"positioned first child", `<div style="page:a">a</div><div style="page:b"><div style="page:c"><div style="position:absolute;left:100px">b</div><div style="page:a">c</div></div></div>`, 1},
		{"float first child", `<div style="page:a">a</div><div style="page:b"><div style="float:left;page:c">f</div><div style="page:a">c</div></div>`, 1},
		{"positioned between", `<div style="page:a">a</div><div style="position:absolute;page:b">b</div><div style="page:a">c</div>`, 1},
		{"in-flow change", `<div style="page:a">a</div><div style="page:b"><div style="position:absolute">x</div><div>c</div></div>`, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, `<style>body{margin:0}</style>`+tt.body)
			if len(d.Pages) != tt.pages {
				t.Errorf("%d pages, want %d", len(d.Pages), tt.pages)
			}
		})
	}
}

// TestPageAreaClamped checks that margins, borders or padding leaving no
// page area are scaled down to leave one (the page still shows its
// content) with a diagnostic naming the numbers, and that unknown size
// names fall back to A4.
func TestPageAreaClamped(t *testing.T) {
	tests := []struct {
		name, css string
		area      Rect
	}{
		{"margins", `size: 200pt 200pt; margin: 100pt`, Rect{64, 64, 72, 72}},
		{"vertical padding", `size: 200pt 200pt; margin: 20pt; padding: 90pt 0`, Rect{20, 64, 160, 72}},
		{"small page", `size: 100pt 300pt; margin: 0 80pt`, Rect{25, 0, 50, 300}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := pagedDoc(t, `<style>@page { `+tt.css+` }</style><p>x`)
			if err != nil {
				t.Fatalf("Paginate: %v", err)
			}
			if p := d.Pages[0]; !rectNear(p.Area, tt.area) || fragText(p.Root) != "x" {
				t.Errorf("page area %+v holding %q, want %+v holding \"x\"", p.Area, fragText(p.Root), tt.area)
			}
			if len(d.Diagnostics) != 1 || !strings.Contains(d.Diagnostics[0].Message, "leave no room") {
				t.Errorf("diagnostics %+v, want one saying the margins leave no room", d.Diagnostics)
			}
		})
	}
	if d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 20pt }</style><p>x`); len(d.Diagnostics) != 0 {
		t.Errorf("diagnostics %+v for margins that leave room", d.Diagnostics)
	}
	d := mustPaged(t, `<style>@page { size: A9 }</style><p>x`)
	if p := d.Pages[0]; !near1(p.Width, 595.28) {
		t.Errorf("unknown size gave width %v, want A4", p.Width)
	}
}

// TestPageBoxDecorations checks the page box's background (whole page),
// border (inside the margins) and padding (shrinking the page area).
func TestPageBoxDecorations(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 20pt; padding: 10pt; border: 2pt solid red; background: yellow }
	body{margin:0}</style><p>x`)
	p := d.Pages[0]
	if !rectNear(p.Area, Rect{32, 32, 136, 136}) {
		t.Errorf("page area %+v, want inside margin, border and padding", p.Area)
	}
	if len(p.Margins) != 2 {
		t.Fatalf("%d page decorations, want 2", len(p.Margins))
	}
	if bg := p.Margins[0]; !rectNear(rectOf(bg), Rect{0, 0, 200, 200}) || bg.Box.Style.BackgroundColor.A == 0 {
		t.Errorf("background %+v, want the whole page", rectOf(bg))
	}
	if bd := p.Margins[1]; !rectNear(rectOf(bd), Rect{20, 20, 160, 160}) || bd.Border[0] != 2 {
		t.Errorf("border box %+v %v, want 160×160 at 20,20 with 2pt borders", rectOf(bd), bd.Border)
	}
}

// TestPagePaddingPercentages checks percentages of the page box's top
// and bottom padding and margins are of the page height, of the left and
// right of its width (css-page-3 §3.3; WPT page-box-004).
func TestPagePaddingPercentages(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 200pt 400pt; margin: 5% 10%; padding: 10% 5% } body { margin: 0 }</style><p>x</p>`)
	// top: margin 20, padding 40; left: margin 20, padding 10
	if p := d.Pages[0]; !rectNear(p.Area, Rect{30, 60, 140, 280}) {
		t.Errorf("page area %+v, want {30 60 140 280}", p.Area)
	}
}

// TestPageSidesRTL checks a root with direction: rtl progresses pages
// right to left: the first page is a left page, and recto means left
// (css-page-3 §4.3.1; WPT page-left-right-002).
func TestPageSidesRTL(t *testing.T) {
	tests := []struct {
		name, root, body string
		left             []bool
	}{
		{"ltr", "ltr", `<p>a</p><p style="break-before:page">b</p>`, []bool{false, true}},
		{"rtl", "rtl", `<p>a</p><p style="break-before:page">b</p>`, []bool{true, false}},
		{"rtl recto", "rtl", `<p>a</p><p style="break-before:recto">b</p>`, []bool{true, false, true}},
		{"ltr recto", "ltr", `<p>a</p><p style="break-before:recto">b</p>`, []bool{false, true, false}},
		{"rtl verso", "rtl", `<p>a</p><p style="break-before:verso">b</p>`, []bool{true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, `<style>:root{direction:`+tt.root+`} body{margin:0}</style>`+tt.body)
			var got []bool
			for _, p := range d.Pages {
				got = append(got, p.Context.Left)
			}
			if !slices.Equal(got, tt.left) {
				t.Errorf("pages left %v, want %v", got, tt.left)
			}
		})
	}
}
