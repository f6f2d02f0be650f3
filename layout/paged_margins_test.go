package layout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// sixteen is a 200×150pt page with 20pt margins and every margin box
// generated, each holding one letter.
const sixteen = `<style>
@page { size: 200pt 150pt; margin: 20pt;
  @top-left-corner { content: "a" } @top-left { content: "b" } @top-center { content: "c" }
  @top-right { content: "d" } @top-right-corner { content: "e" }
  @right-top { content: "f" } @right-middle { content: "g" } @right-bottom { content: "h" }
  @bottom-right-corner { content: "i" } @bottom-right { content: "j" } @bottom-center { content: "k" }
  @bottom-left { content: "l" } @bottom-left-corner { content: "m" }
  @left-bottom { content: "n" } @left-middle { content: "o" } @left-top { content: "p" } }
body { margin: 0; font-size: 10pt }
</style><p>x</p>`

// raster draws each margin box of p as its letter on a grid of 10pt
// cells (a cell belongs to the box covering its centre); '.' is the page
// area, ' ' uncovered margin.
func raster(p *Page) string {
	cols, rows := int(p.Width/10), int(p.Height/10)
	var sb strings.Builder
	for r := range rows {
		for c := range cols {
			x, y := float64(c)*10+5, float64(r)*10+5
			ch := byte(' ')
			if x > p.Area.X && x < p.Area.X+p.Area.W && y > p.Area.Y && y < p.Area.Y+p.Area.H {
				ch = '.'
			}
			for _, m := range p.Margins {
				if s := fragText(m); s != "" && x > m.X && x < m.X+m.W && y > m.Y && y < m.Y+m.H {
					ch = s[0]
				}
			}
			sb.WriteByte(ch)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestSixteenMarginBoxesPlaced checks the placement of all sixteen
// margin boxes as css-page-3 figure 5 shows: corners fill the corners,
// the boxes of a side share it in thirds when their contents are alike,
// the side boxes run down the left and right margins.
func TestSixteenMarginBoxesPlaced(t *testing.T) {
	d := mustPaged(t, sixteen)
	p := d.Pages[0]
	got := raster(p)
	// exact rectangles: 160pt of top band split in thirds, 110pt of side
	// band in thirds
	third, vthird := 160.0/3, 110.0/3
	rects := map[string]Rect{
		"a": {0, 0, 20, 20}, "e": {180, 0, 20, 20}, "i": {180, 130, 20, 20}, "m": {0, 130, 20, 20},
		"b": {20, 0, third, 20}, "c": {20 + third, 0, third, 20}, "d": {20 + 2*third, 0, third, 20},
		"l": {20, 130, third, 20}, "k": {20 + third, 130, third, 20}, "j": {20 + 2*third, 130, third, 20},
		"p": {0, 20, 20, vthird}, "o": {0, 20 + vthird, 20, vthird}, "n": {0, 20 + 2*vthird, 20, vthird},
		"f": {180, 20, 20, vthird}, "g": {180, 20 + vthird, 20, vthird}, "h": {180, 20 + 2*vthird, 20, vthird},
	}
	if len(p.Margins) != 16 {
		t.Fatalf("%d margin boxes, want 16: %q\n%s", len(p.Margins), marginTexts(p), got)
	}
	for s, r := range rects {
		if f := marginByText(t, p, s); !rectNear(rectOf(f), r) {
			t.Errorf("box %q at %+v, want %+v", s, rectOf(f), r)
		}
	}
	if t.Failed() {
		t.Logf("raster:\n%s", got)
	}
}

// TestSixteenMarginBoxesRaster is the ASCII picture of figure 5.
func TestSixteenMarginBoxesRaster(t *testing.T) {
	d := mustPaged(t, sixteen)
	golden(t, "paged_sixteen", raster(d.Pages[0]))
}

// TestMarginBoxAutoWidths checks the §5.3.2 distribution of auto widths.
func TestMarginBoxAutoWidths(t *testing.T) {
	page := `@page { size: 320pt 200pt; margin: 20pt 10pt; %s } body{margin:0}`
	tests := []struct {
		name, css string
		want      map[string]Rect // by text
	}{
		{"left alone takes the band", `@top-left { content: "abc"; font-size: 10pt }`,
			map[string]Rect{"abc": {10, 0, 300, 20}}},
		{"right alone takes the band", `@top-right { content: "abc"; font-size: 10pt }`,
			map[string]Rect{"abc": {10, 0, 300, 20}}},
		// max-content 30pt and 10pt: the 300pt band splits 3:1
		{"left and right by max-content", `@top-left { content: "abc"; font-size: 10pt } @top-right { content: "d"; font-size: 10pt }`,
			map[string]Rect{"abc": {10, 0, 225, 20}, "d": {235, 0, 75, 20}}},
		// centre 100pt of max-content against an imaginary box twice the
		// larger side (2×10pt): AC gets 300×20/120 = 50, B the other 250,
		// A and C half of AC each
		{"centre wider than the sides", `@top-left { content: "ab"; font-size: 10pt } @top-center { content: "cccccccccccccccccccc"; font-size: 10pt } @top-right { content: "d"; font-size: 10pt }`,
			map[string]Rect{"ab": {10, 0, 25, 20}, "cccccccccccccccccccc": {35, 0, 250, 20}, "d": {285, 0, 25, 20}}},
		// the sides' min-content (30pt words) no longer fit at max-content:
		// the space past min-content goes by max−min
		{"long texts shrink toward min-content", `@top-left { content: "aaaaaa aaaaaa aaaaaa aaaaaa"; font-size: 10pt } @top-right { content: "bbbbbb bbbbbb bbbbbb bbbbbb bbbbbb bbbbbb bbbbbb bbbbbb"; font-size: 10pt }`,
			map[string]Rect{"aaaaaa aaaaaa aaaaaa aaaaaa": {10, 0, 30 + 240*105/(135+275-60.0), 20}, "bbbbbb bbbbbb bbbbbb bbbbbb bbbbbb bbbbbb bbbbbb bbbbbb": {10 + 30 + 240*105/(135+275-60.0), 0, 300 - 30 - 240*105/(135+275-60.0), 20}}},
		{"given widths", `@top-left { content: "ab"; font-size: 10pt; width: 50pt } @top-center { content: "c"; font-size: 10pt; width: 100pt } @top-right { content: "d"; font-size: 10pt }`,
			map[string]Rect{"ab": {10, 0, 50, 20}, "c": {110, 0, 100, 20}, "d": {210, 0, 100, 20}}},
		{"percentage width and margins", `@bottom-left { content: "ab"; font-size: 10pt; width: 50%; margin: 2pt 5pt }`,
			map[string]Rect{"ab": {15, 182, 150, 16}}},
		{"content none suppresses", `@top-left { content: none } @top-right { content: "d"; font-size: 10pt }`,
			map[string]Rect{"d": {10, 0, 300, 20}}},
		{"left side boxes stack by height", `@left-top { content: "a"; font-size: 10pt; height: 40pt } @left-bottom { content: "b"; font-size: 10pt }`,
			map[string]Rect{"a": {0, 20, 10, 40}, "b": {0, 60, 10, 120}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, fmt.Sprintf("<style>"+page+"</style><p>x", tt.css))
			p := d.Pages[0]
			if len(p.Margins) != len(tt.want) {
				t.Fatalf("margin boxes %q, want %d", marginTexts(p), len(tt.want))
			}
			for s, r := range tt.want {
				if f := marginByText(t, p, s); !rectNear(rectOf(f), r) {
					t.Errorf("%q at %+v, want %+v", s, rectOf(f), r)
				}
			}
		})
	}
}

// TestMarginBoxAlignment checks the default alignment of margin-box
// content: top-left starts at the left, top-center is centred,
// top-right ends at the right; vertical-align moves it within the box.
func TestMarginBoxAlignment(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 330pt 200pt; margin: 40pt 15pt;
	  @top-left { content: "aa"; font-size: 10pt; line-height: 1 }
	  @top-center { content: "bb"; font-size: 10pt; line-height: 1; vertical-align: top }
	  @top-right { content: "cc"; font-size: 10pt; line-height: 1; vertical-align: bottom }
	  @bottom-center { content: "dd"; font-size: 10pt; line-height: 1; text-align: left; background: #eee; border: 1pt solid black } }
	  body{margin:0}</style><p>x`)
	p := d.Pages[0]
	textBox := func(s string) (x, y float64) {
		f := marginByText(t, p, s)
		var find func(*Fragment) (float64, float64, bool)
		find = func(f *Fragment) (float64, float64, bool) {
			for _, ln := range f.Lines {
				for _, tx := range ln.Texts {
					return tx.X, ln.Y, true
				}
			}
			for _, c := range f.Children {
				if x, y, ok := find(c); ok {
					return x, y, ok
				}
			}
			return 0, 0, false
		}
		x, y, _ = find(f)
		return x, y
	}
	// band 300pt in thirds starting at 15
	if x, y := textBox("aa"); !pnear(x, 15) || !pnear(y, 15) {
		t.Errorf("top-left text at %v,%v, want 15,15 (left, middle)", x, y)
	}
	if x, y := textBox("bb"); !pnear(x, 115+45) || !pnear(y, 0) {
		t.Errorf("top-center text at %v,%v, want 160,0 (centred, top)", x, y)
	}
	if x, y := textBox("cc"); !pnear(x, 315-10) || !pnear(y, 30) {
		t.Errorf("top-right text at %v,%v, want 305,30 (right, bottom)", x, y)
	}
	f := marginByText(t, p, "dd")
	if !rectNear(rectOf(f), Rect{15, 160, 300, 40}) || f.Border[style.Top] != 1 {
		t.Errorf("bottom-center box %+v border %v, want the whole 300×40 band (no side boxes) with a 1pt border", rectOf(f), f.Border)
	}
	if x, _ := textBox("dd"); !pnear(x, 16) {
		t.Errorf("bottom-center text-align left puts text at %v, want 16", x)
	}
}

// TestMarginBoxOverflow checks that margin-box content far too large for
// its box (a long text, a huge counter(pages) in a narrow margin) stays
// in the margin: the page area and page count do not change, so no
// further layout pass is needed.
func TestMarginBoxOverflow(t *testing.T) {
	long := strings.Repeat("word ", 500)
	body := `<h1>One</h1><h1>Two</h1><h1>Three</h1>`
	plain := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 10pt } h1 { break-before: page; margin: 0 }</style>`+body)
	d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 10pt;
	  @top-center { content: "`+long+`"; font-size: 10pt }
	  @bottom-right { content: counter(pages) counter(pages) counter(pages) counter(pages) counter(pages); font-size: 30pt }
	  @left-middle { content: "`+long+`"; height: 50% } }
	h1 { break-before: page; margin: 0 }</style>`+body)
	if len(d.Pages) != len(plain.Pages) {
		t.Fatalf("%d pages with overflowing margin boxes, %d without", len(d.Pages), len(plain.Pages))
	}
	for i, p := range d.Pages {
		if p.Area != plain.Pages[i].Area {
			t.Errorf("page %d area %+v, want %+v", i+1, p.Area, plain.Pages[i].Area)
		}
		if len(p.Margins) != 3 {
			t.Errorf("page %d: %d margin boxes, want 3", i+1, len(p.Margins))
		}
		pct := 0
		for _, m := range p.Margins {
			if m.Box.Style.Height.Unit == style.Percent {
				pct++
				if !pnear(m.H, 90) {
					t.Errorf("left-middle height %v, want 50%% of the 180pt band", m.H)
				}
			}
		}
		if pct != 1 {
			t.Errorf("page %d: %d margin boxes with a percentage height, want 1 (left-middle)", i+1, pct)
		}
	}
}

// TestMarginBoxTextTransform checks that text-transform applies to the
// generated text of margin boxes, as WeasyPrint applies it.
func TestMarginBoxTextTransform(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 300pt 300pt; margin: 30pt;
	  @top-center { content: "running head " counter(page); text-transform: uppercase }
	  @bottom-left { content: "Mixed Case"; text-transform: lowercase }
	  @bottom-right { content: "page one of " counter(pages) } }</style><p>Body`)
	got := strings.Join(marginTexts(d.Pages[0]), "|")
	// in painting order: clockwise, so bottom-right before bottom-left
	if want := "RUNNING HEAD 1|page one of 1|mixed case"; got != want {
		t.Errorf("margin texts %q, want %q", got, want)
	}
}
