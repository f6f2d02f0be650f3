package layout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestMarginAxisFixed checks the css-page-3 fixed-dimension rules on one
// axis: auto sizes fill the margin, auto margins centre a given size,
// the outer margin gives way when over-constrained, auto margins count
// as zero when the box overflows, min and max sizes clamp and the rules
// run again.
func TestMarginAxisFixed(t *testing.T) {
	pt := func(v float64) style.Length { return style.Length{Value: v, Unit: style.Pt} }
	pct := func(v float64) style.Length { return style.Length{Value: v, Unit: style.Percent} }
	auto := style.Length{Unit: style.Auto}
	tests := []struct {
		name       string
		ax         marginAxis
		outerStart bool
		start, sz  float64
	}{
		{"auto size fills", marginAxis{start: pt(5), end: pt(10), size: auto, max: auto}, true, 5, 85},
		{"auto size, auto margins are 0", marginAxis{start: auto, end: auto, size: auto, max: auto}, true, 0, 100},
		{"auto margins centre", marginAxis{start: auto, end: auto, size: pt(20), max: auto}, true, 40, 20},
		{"auto start margin", marginAxis{start: auto, end: pt(10), size: pt(20), max: auto}, false, 70, 20},
		{"auto end margin", marginAxis{start: pt(10), end: auto, size: pt(20), max: auto}, false, 10, 20},
		{"over-constrained, start outer", marginAxis{start: pt(3), end: pt(3), size: pt(20), max: auto}, true, 77, 20},
		{"over-constrained, end outer", marginAxis{start: pt(3), end: pt(3), size: pt(20), max: auto}, false, 3, 20},
		{"overflowing: auto margins 0, outer gives way", marginAxis{start: auto, end: auto, size: pt(120), max: auto}, true, -20, 120},
		{"content-box adds edges", marginAxis{start: auto, end: auto, size: pt(20), max: auto, edges: 10, contentBox: true}, true, 35, 30},
		{"percentage of the base", marginAxis{start: auto, end: auto, size: pct(50), max: auto, base: 60}, true, 35, 30},
		{"max clamps an auto size", marginAxis{start: auto, end: auto, size: auto, max: pt(40)}, true, 30, 40},
		{"min grows a given size", marginAxis{start: auto, end: pt(0), size: pt(10), min: pt(30), max: auto}, true, 70, 30},
		{"size never below the edges", marginAxis{start: pt(60), end: pt(60), size: auto, max: auto, edges: 8}, true, 60, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.ax.min == (style.Length{}) {
				tc.ax.min = auto
			}
			start, sz := tc.ax.fixed(100, tc.outerStart)
			if !pnear(start, tc.start) || !pnear(sz, tc.sz) {
				t.Errorf("start %v size %v, want %v %v", start, sz, tc.start, tc.sz)
			}
		})
	}
}

// TestMarginBoxDimensions lays out margin boxes with sizes and margins of
// their own on a 300×200pt page with 50pt margins and checks their
// border boxes: fixed dimensions follow the margin (auto margins centre,
// the outer margin gives way), variable ones the side's sharing with
// auto margins 0, min/max sizes applied to the side as a whole.
func TestMarginBoxDimensions(t *testing.T) {
	const page = `@page { size: 300pt 200pt; margin: 50pt; font-size: 10pt; `
	tests := []struct {
		name  string
		rules string
		text  string
		want  Rect
	}{
		{"top box, auto height fills", `@top-left { content: "a"; margin-bottom: 10pt }`, "a", Rect{50, 0, 200, 40}},
		{"top box, auto vertical margins centre", `@top-left { content: "a"; height: 20pt; margin: auto }`, "a", Rect{50, 15, 200, 20}},
		{"top box over-constrained: margin-top gives way", `@top-center { content: "a"; height: 20pt; margin: 3pt }`, "a", Rect{53, 27, 194, 20}},
		{"bottom box over-constrained: margin-bottom gives way", `@bottom-center { content: "a"; height: 20pt; margin: 3pt }`, "a", Rect{53, 153, 194, 20}},
		{"left box: width fixed, margin-left gives way", `@left-middle { content: "a"; width: 20pt; margin: 0 4pt }`, "a", Rect{26, 50, 20, 100}},
		{"right box: margin-right gives way", `@right-middle { content: "a"; width: 20pt; margin: 0 4pt }`, "a", Rect{254, 50, 20, 100}},
		{"corner: both dimensions fixed", `@top-left-corner { content: "a"; width: 20pt; height: 10pt; margin: auto }`, "a", Rect{15, 20, 20, 10}},
		{"variable dimension: auto margins are 0", `@top-center { content: "a"; width: 40pt; margin: 0 auto }`, "a", Rect{130, 0, 40, 50}},
		{"max-width on a lone box", `@top-left { content: "a"; max-width: 60pt }`, "a", Rect{50, 0, 60, 50}},
		{"min-height on a side box", `@left-top { content: "a"; min-height: 80pt } @left-bottom { content: "b" }`, "a", Rect{0, 50, 50, 80}},
		{"percent height of the top margin, margin-top gives way", `@top-right { content: "a"; height: 40% }`, "a", Rect{50, 30, 200, 20}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, "<style>"+page+tc.rules+" }</style><p>x")
			f := marginByText(t, d.Pages[0], tc.text)
			if got := rectOf(f); !rectNear(got, tc.want) {
				t.Errorf("border box %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestMarginBoxPaintOrder checks that margin boxes are painted in the
// css-page-3 order (top-left corner, then clockwise) whatever the order
// of their rules, boxes of greater z-index later, and boxes of negative
// z-index behind the document (with the page's own decorations).
func TestMarginBoxPaintOrder(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 300pt 200pt; margin: 50pt; background: #eee;
	  @left-top { content: "p" } @bottom-left { content: "l" } @top-center { content: "c" }
	  @right-middle { content: "g"; z-index: 2 } @top-left-corner { content: "a" }
	  @bottom-right-corner { content: "i"; z-index: -1 } }</style><p>x`)
	p := d.Pages[0]
	var behind, front []string
	for i, f := range p.Margins {
		s := fragText(f)
		if s == "" {
			continue
		}
		if i < p.Decorations {
			behind = append(behind, s)
		} else {
			front = append(front, s)
		}
	}
	if got := strings.Join(behind, ""); got != "i" {
		t.Errorf("behind the document %q, want %q", got, "i")
	}
	if got := strings.Join(front, ""); got != "aclpg" {
		t.Errorf("in front %q, want %q (clockwise from the top-left corner, z-index 2 last)", got, "aclpg")
	}
	if p.Decorations < 2 || fragText(p.Margins[0]) != "" {
		t.Errorf("the page background should stay first, under every margin box")
	}
}

// TestMarginBoxQuotes checks open-quote and close-quote in margin-box
// content: marks by nesting depth from the box's quotes property, no mark
// for a close-quote with nothing open.
func TestMarginBoxQuotes(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 300pt 200pt; margin: 50pt;
	  @top-left { content: open-quote "a " open-quote "b" close-quote close-quote close-quote; quotes: "[" "]" "{" "}" } }</style><p>x`)
	if got := strings.Join(marginTexts(d.Pages[0]), "|"); got != "[a {b}]" {
		t.Errorf("margin text %q, want %q", got, "[a {b}]")
	}
}

// TestMarginBoxPageCounters checks counters of the page context in
// margin boxes: they start from the root element's counter-reset, the
// page rule's counter-increment adds to them page after page, and a
// margin box's own counter-reset hides the page's value in that box.
func TestMarginBoxPageCounters(t *testing.T) {
	d := mustPaged(t, `<style>html { counter-reset: foo 10 } body { margin: 0 }
	  @page { size: 200pt 200pt; margin: 40pt; counter-increment: foo;
	    @top-center { content: "top " counter(foo) }
	    @bottom-center { counter-reset: foo 2; counter-increment: foo; content: "bottom " counter(foo) } }
	  p { break-after: page; margin: 0 }</style><p>a</p><p>b</p><p>c</p>`)
	if len(d.Pages) != 3 {
		t.Fatalf("%d pages, want 3", len(d.Pages))
	}
	for i, p := range d.Pages {
		want := fmt.Sprintf("top %d|bottom 3", 11+i)
		if got := strings.Join(marginTexts(p), "|"); got != want {
			t.Errorf("page %d margin texts %q, want %q", i+1, got, want)
		}
	}
}

// TestMarginBoxPageCounterReset checks a counter-reset in the page
// context: it makes an instance for its page alone, so the increments of
// the other pages carry on from the document's value.
func TestMarginBoxPageCounterReset(t *testing.T) {
	d := mustPaged(t, `<style>html { counter-reset: foo 10 } body { margin: 0 }
	  @page { size: 200pt 200pt; margin: 40pt; counter-increment: foo; @top-center { content: counter(foo) } }
	  @page :left { counter-reset: foo 5 }
	  p { break-after: page; margin: 0 }</style><p>a</p><p>b</p><p>c</p><p>d</p>`)
	var got []string
	for _, p := range d.Pages {
		got = append(got, strings.Join(marginTexts(p), ""))
	}
	// right pages: 11, 12 (the document's instance); left pages: 6 (their own)
	if want := "11 6 12 6"; strings.Join(got, " ") != want {
		t.Errorf("page counters %q, want %q", strings.Join(got, " "), want)
	}
}
