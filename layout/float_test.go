package layout_test

import (
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/style"
)

// flowShaper gives every character a 5pt advance at 10pt, so a line of n
// characters is 5n points wide.
type flowShaper struct{}

func (flowShaper) Shape(text string, q fonts.Query, size float64, opts fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic) {
	r := fonts.Run{Size: size, Text: text}
	for i, c := range text {
		r.Glyphs = append(r.Glyphs, fonts.Glyph{ID: fonts.GID(c), XAdvance: size / 2, Cluster: int32(i)})
		r.Advance += size / 2
	}
	return []fonts.Run{r}, nil
}

func (flowShaper) Metrics(*fonts.Face, fonts.Query, float64) layout.LineMetrics {
	return layout.LineMetrics{Ascent: 8, Descent: 2, XHeight: 5, UnderlinePos: 1, UnderlineThickness: 1}
}

// flowLayout lays src out on pages w×h points with no page margins, a
// 10pt font and 10pt lines.
func flowLayout(t *testing.T, w, h float64, src string) *layout.Document {
	t.Helper()
	d, err := paginate(t, `<style>@page { size: `+ftoa(w)+`pt `+ftoa(h)+`pt; margin: 0 }
body { margin: 0; font-size: 10pt; line-height: 1 } p { margin: 0 }</style>`+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// paginate runs the real cascade and box builder on src and lays it out
// with flowShaper and at most maxPages pages (0: the default limit). Only
// the layout error is returned; the earlier stages fail the test.
func paginate(t testing.TB, src string, maxPages int) (*layout.Document, error) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, err := style.Compute(ctx, doc, style.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := box.Build(ctx, doc, st, box.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return layout.Paginate(ctx, tree, layout.Options{Shaper: flowShaper{}, Pages: st, MaxPages: maxPages})
}

func ftoa(v float64) string {
	s := []byte{}
	n := int(v)
	if n == 0 {
		return "0"
	}
	for n > 0 {
		s = append([]byte{byte('0' + n%10)}, s...)
		n /= 10
	}
	return string(s)
}

// picture paints page i of d as text, one character per 5pt square: '.'
// backgrounds, letters where glyphs start.
func picture(d *layout.Document, i int) string {
	p := d.Pages[i]
	const s = 5
	w, h := int(math.Ceil(p.Width/s)), int(math.Ceil(p.Height/s))
	g := make([][]byte, h)
	for y := range g {
		g[y] = []byte(strings.Repeat(" ", w))
	}
	for _, it := range display.BuildPage(d.Pages[i]).Items {
		switch it.Op {
		case display.OpFill:
			r := it.Rect
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					cx, cy := (float64(x)+0.5)*s, (float64(y)+0.5)*s
					if cx >= r.X && cx < r.X+r.W && cy >= r.Y && cy < r.Y+r.H {
						g[y][x] = '.'
					}
				}
			}
		case display.OpText:
			x := it.Text.X
			for _, c := range it.Text.Text {
				gx, gy := int(math.Floor(x/s)), int(math.Floor((it.Text.Baseline-1)/s))
				if gx >= 0 && gx < w && gy >= 0 && gy < h && c != ' ' {
					g[gy][gx] = byte(c)
				}
				x += 5
			}
		}
	}
	var lines []string
	for y := range g {
		lines = append(lines, strings.TrimRight(string(g[y]), " "))
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n") + "\n"
}

func goldenPicture(t *testing.T, name, got string) {
	t.Helper()
	goldenFile(t, filepath.Join("testdata", "flow-"+strings.ReplaceAll(name, " ", "-")+".golden"), got)
}

// goldenFile compares got with the file at path, or rewrites the file
// when the tests run with -update.
func goldenFile(t *testing.T, path, got string) {
	t.Helper()
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// fragmentOf finds the first fragment of the element with id on page i.
func fragmentOf(d *layout.Document, i int, id string) *layout.Fragment {
	var walk func(f *layout.Fragment) *layout.Fragment
	walk = func(f *layout.Fragment) *layout.Fragment {
		if v, _ := f.Box.Attr("id"); v == id && f.Box.IsElement() {
			return f
		}
		for _, c := range f.Children {
			if r := walk(c); r != nil {
				return r
			}
		}
		for _, ln := range f.Lines {
			for _, a := range ln.Atomics {
				if r := walk(a); r != nil {
					return r
				}
			}
		}
		return nil
	}
	if d.Pages[i].Root == nil {
		return nil
	}
	return walk(d.Pages[i].Root)
}

// lineBoxes returns x, width and text of every line of the element with
// id on page i.
func lineBoxes(d *layout.Document, i int, id string) []*layout.Line {
	f := fragmentOf(d, i, id)
	if f == nil {
		return nil
	}
	var out []*layout.Line
	var walk func(f *layout.Fragment)
	walk = func(f *layout.Fragment) {
		out = append(out, f.Lines...)
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(f)
	return out
}

func TestFloatPictures(t *testing.T) {
	tests := []struct{ name, src string }{
		{"float left text wraps",
			`<div style="float:left;width:30pt;height:20pt;background:#ccc"></div><p>aaa bbb ccc ddd eee fff ggg hhh</p>`},
		{"float right shrink to fit",
			`<p><span style="float:right;background:#ccc">xx</span>aaa bbb ccc ddd eee fff ggg</p>`},
		{"float taller than the paragraph",
			`<div style="float:left;width:20pt;height:40pt;background:#ccc"></div><p>aaa bbb ccc</p><p>ddd eee fff ggg hhh iii</p>`},
		{"clear both",
			`<div style="float:left;width:20pt;height:20pt;background:#ccc"></div><div style="float:right;width:20pt;height:30pt;background:#ccc"></div><p>aa</p><p style="clear:both">cleared</p>`},
		{"clear left only",
			`<div style="float:left;width:20pt;height:10pt;background:#ccc"></div><div style="float:right;width:20pt;height:30pt;background:#ccc"></div><p style="clear:left">bb cc</p>`},
		{"floats stack side by side",
			`<div style="float:left;width:20pt;height:10pt;background:#ccc">a</div><div style="float:left;width:20pt;height:10pt;background:#ccc">b</div><div style="float:left;width:80pt;height:10pt;background:#ccc">c</div>`},
		{"BFC avoids floats and contains them",
			`<div style="float:left;width:20pt;height:20pt;background:#ccc"></div><div style="overflow:hidden;background:#eee">bfc</div><div style="display:flow-root"><div style="float:right;width:10pt;height:30pt;background:#ccc"></div></div><p>after</p>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 100, tt.src)
			goldenPicture(t, tt.name, picture(d, 0))
		})
	}
}

func TestFloatGeometry(t *testing.T) {
	d := flowLayout(t, 100, 200, `<div id=f style="float:left;width:30pt;height:20pt;margin-right:5pt"></div>`+
		`<p id=p>aaa bbb ccc ddd eee fff ggg hhh iii</p>`)
	f := fragmentOf(d, 0, "f")
	if f == nil || f.X != 0 || f.Y != 0 || f.W != 30 || f.H != 20 {
		t.Fatalf("float fragment = %+v", f)
	}
	lines := lineBoxes(d, 0, "p")
	if len(lines) < 3 {
		t.Fatalf("got %d lines", len(lines))
	}
	// The first two lines (y 0–20) sit right of the float's margin box.
	for i, ln := range lines[:2] {
		if ln.X != 35 || ln.W != 65 {
			t.Errorf("line %d: x %v w %v, want 35 and 65", i, ln.X, ln.W)
		}
	}
	if ln := lines[2]; ln.X != 0 || ln.W != 100 {
		t.Errorf("line 2 below the float: x %v w %v, want 0 and 100", ln.X, ln.W)
	}
	// The paragraph itself is not moved: floats are out of flow.
	if p := fragmentOf(d, 0, "p"); p.Y != 0 || p.X != 0 || p.W != 100 {
		t.Errorf("paragraph box = %v,%v %vx%v, want at 0,0 100 wide", p.X, p.Y, p.W, p.H)
	}
}

func TestFloatRightShrinkToFit(t *testing.T) {
	d := flowLayout(t, 100, 100, `<div id=f style="float:right">abc</div><p>x</p>`)
	f := fragmentOf(d, 0, "f")
	if f == nil || f.W != 15 || f.X != 85 {
		t.Fatalf("float = %+v, want 15pt wide at x 85", f)
	}
}

func TestFloatPushedOrSplitAtPageEnd(t *testing.T) {
	// Seven 10pt lines fill 70 of the 100pt page. A float that does not
	// fit below them moves whole to page 2 when a page holds it (break-
	// inside: avoid or not); a float taller than a page is split where
	// it starts. Either way the text after it stays on page 1.
	tests := []struct {
		name, style string
		h1, h2      float64 // the float's height on pages 1 and 2
		afterX      float64
	}{
		{"avoid", "height:40pt;break-inside:avoid", 0, 40, 0},
		{"fits a page", "height:40pt", 0, 40, 0},
		{"taller than a page", "height:120pt", 30, 90, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := flowLayout(t, 100, 100, `<p>a<br>a<br>a<br>a<br>a<br>a<br>a</p>`+
				`<div id=f style="float:left;width:20pt;`+tt.style+`"></div><p id=after>after</p>`)
			if len(d.Pages) != 2 {
				t.Fatalf("got %d pages, want 2", len(d.Pages))
			}
			f1, f2 := fragmentOf(d, 0, "f"), fragmentOf(d, 1, "f")
			if tt.h1 == 0 && f1 != nil || tt.h1 > 0 && (f1 == nil || f1.Y != 70 || f1.H != tt.h1) {
				t.Fatalf("float on page 1 = %+v, want %vpt at y 70", f1, tt.h1)
			}
			if f2 == nil || f2.Y != 0 || f2.H != tt.h2 {
				t.Fatalf("float on page 2 = %+v, want %vpt at the top", f2, tt.h2)
			}
			if ls := lineBoxes(d, 0, "after"); len(ls) != 1 || ls[0].X != tt.afterX || ls[0].Y != 70 {
				t.Fatalf("text after the float: %+v, want one line on page 1 at x %v", ls, tt.afterX)
			}
		})
	}
}

func TestFloatTallerThanPageSplits(t *testing.T) {
	d := flowLayout(t, 100, 100, `<div id=f style="float:left;width:50pt">a<br>b<br>c<br>d<br>e<br>f<br>g<br>h<br>i<br>j<br>k<br>l<br>m</div><p>x</p>`)
	if len(d.Pages) != 2 {
		t.Fatalf("got %d pages, want 2", len(d.Pages))
	}
	if f := fragmentOf(d, 0, "f"); f == nil || len(f.Lines) != 10 {
		t.Fatalf("page 1 float = %+v, want 10 lines", f)
	}
	if f := fragmentOf(d, 1, "f"); f == nil || len(f.Lines) != 3 {
		t.Fatalf("page 2 float = %+v, want 3 lines", f)
	}
}

func TestLinesAroundFloatsBreakAcrossPages(t *testing.T) {
	// A paragraph wrapping round a float breaks across the page and goes
	// on at full width on the next page.
	words := strings.Repeat("aaa ", 60)
	d := flowLayout(t, 100, 100, `<div style="float:left;width:50pt;height:50pt"></div><p id=p>`+words+`</p>`)
	if len(d.Pages) < 2 {
		t.Fatalf("got %d pages", len(d.Pages))
	}
	l1 := lineBoxes(d, 0, "p")
	if len(l1) != 10 || l1[0].W != 50 || l1[9].W != 100 {
		t.Fatalf("page 1: %d lines, first w %v, last w %v", len(l1), l1[0].W, l1[len(l1)-1].W)
	}
	l2 := lineBoxes(d, 1, "p")
	if len(l2) == 0 || l2[0].Y != 0 || l2[0].W != 100 {
		t.Fatalf("page 2 lines: %+v", l2)
	}
	// 5 lines of 2 words, 5 of 4, then the rest: every word placed once.
	n := 0
	for _, pg := range []int{0, 1, 2} {
		if pg >= len(d.Pages) {
			break
		}
		for _, ln := range lineBoxes(d, pg, "p") {
			for _, tx := range ln.Texts {
				n += strings.Count(tx.Text, "aaa")
			}
		}
	}
	if n != 60 {
		t.Errorf("placed %d words, want 60", n)
	}
}

func TestRelativeAndAbsolutePositioning(t *testing.T) {
	d := flowLayout(t, 100, 100, `<p id=a>aa</p><p id=r style="position:relative;left:10pt;top:5pt">rr</p><p id=b>bb</p>`+
		`<div id=cb style="position:relative;margin-left:20pt;width:60pt;height:40pt;border:1pt solid">`+
		`<span id=br style="position:absolute;right:0;bottom:0">xx</span>`+
		`<div id=st style="position:absolute">st</div>cc</div>`+
		`<div id=pg style="position:absolute;top:0;right:0;width:10pt;height:10pt"></div>`)
	r := fragmentOf(d, 0, "r")
	if r.X != 10 || r.Y != 15 {
		t.Errorf("relative box at %v,%v, want 10,15", r.X, r.Y)
	}
	if b := fragmentOf(d, 0, "b"); b.Y != 20 {
		t.Errorf("box after the relative one at y %v, want 20 (flow unchanged)", b.Y)
	}
	cb := fragmentOf(d, 0, "cb")
	br := fragmentOf(d, 0, "br")
	// padding box of cb: x 21..81, y 31..71
	if br == nil || br.W != 10 || br.X != 71 || br.Y != 61 {
		t.Fatalf("absolute box = %+v (cb %+v), want 10pt wide at 71,61", br, cb)
	}
	st := fragmentOf(d, 0, "st")
	if st == nil || st.X != 21 || st.Y != 31 {
		t.Fatalf("static-position box = %+v, want at 21,31", st)
	}
	if ls := lineBoxes(d, 0, "cb"); len(ls) == 0 || ls[0].Y != 31 {
		t.Errorf("content of the containing block does not start at its top: %+v", ls)
	}
	pg := fragmentOf(d, 0, "pg")
	if pg == nil || pg.X != 90 || pg.Y != 0 {
		t.Fatalf("box positioned against the page area = %+v, want at 90,0", pg)
	}
}

func TestFixedRepeatsOnEveryPage(t *testing.T) {
	d := flowLayout(t, 100, 100, `<p>a<br>b<br>c<br>d<br>e<br>f<br>g<br>h<br>i<br>j<br>k<br>l</p>`+
		`<div id=fx style="position:fixed;bottom:0;right:0;width:10pt;height:10pt"></div><p>m</p>`)
	if len(d.Pages) != 2 {
		t.Fatalf("got %d pages, want 2", len(d.Pages))
	}
	for i := range d.Pages {
		f := fragmentOf(d, i, "fx")
		if f == nil || f.X != 90 || f.Y != 90 {
			t.Fatalf("page %d: fixed box = %+v, want at 90,90", i+1, f)
		}
		// tagged where it is in the flow (page 2), an artifact elsewhere
		if want := i == 0; f.Repeated != want {
			t.Errorf("page %d: Repeated = %v, want %v", i+1, f.Repeated, want)
		}
	}
}

func TestFloatAnchoredInText(t *testing.T) {
	// 100pt lines hold 20 characters. The float's anchor follows "bbb"
	// on the first line: 35pt of text + 30pt fits, so the float sits at
	// the top of that line and the line is broken again beside it.
	d := flowLayout(t, 100, 100, `<p id=p>aaa bbb<span id=f style="float:right;width:30pt;height:20pt"></span> ccc ddd eee fff ggg hhh iii</p>`)
	f := fragmentOf(d, 0, "f")
	if f == nil || f.X != 70 || f.Y != 0 {
		t.Fatalf("float = %+v, want at 70,0", f)
	}
	ls := lineBoxes(d, 0, "p")
	if len(ls) < 3 || ls[0].W != 70 || ls[1].W != 70 || ls[2].W != 100 {
		t.Fatalf("lines: %d, widths %v %v", len(ls), ls[0].W, ls[1].W)
	}
	got := ""
	for _, tx := range ls[0].Texts {
		got += tx.Text
	}
	if !strings.HasPrefix(got, "aaa bbb ccc") {
		t.Errorf("first line %q, want the text before and after the anchor", got)
	}
	// Anchored after 75pt of text, a 30pt float does not fit beside the
	// first line: it goes below it.
	d = flowLayout(t, 100, 100, `<p id=p>aaa bbb ccc ddd eee<span id=f style="float:right;width:30pt;height:20pt"></span> fff ggg hhh</p>`)
	if f := fragmentOf(d, 0, "f"); f == nil || f.Y != 10 || f.X != 70 {
		t.Fatalf("float = %+v, want at 70,10 (below the first line)", f)
	}
	if ls := lineBoxes(d, 0, "p"); ls[0].W != 100 || ls[1].W != 70 {
		t.Errorf("line widths %v %v, want 100 and 70", ls[0].W, ls[1].W)
	}
}

func TestRelativeInline(t *testing.T) {
	d := flowLayout(t, 100, 100, `<p id=p>aa <span style="position:relative;top:-3pt;left:2pt">bb</span> cc</p>`)
	ls := lineBoxes(d, 0, "p")
	if len(ls) != 1 {
		t.Fatalf("%d lines", len(ls))
	}
	var base, shifted *layout.Text
	for _, tx := range ls[0].Texts {
		switch strings.TrimSpace(tx.Text) {
		case "aa":
			base = tx
		case "bb":
			shifted = tx
		}
	}
	if base == nil || shifted == nil {
		t.Fatalf("texts %+v", ls[0].Texts)
	}
	if shifted.Baseline != base.Baseline-3 || shifted.X != 17 {
		t.Errorf("shifted run at x %v baseline %v; want x 17 and baseline %v", shifted.X, shifted.Baseline, base.Baseline-3)
	}
}

func TestRTLLinesBesideFloatStartRight(t *testing.T) {
	// text-align: start (the initial value) resolves against direction in
	// layout: right-to-left lines beside a right float end at its left
	// edge.
	d := flowLayout(t, 100, 100, `<div style="float:right;width:30pt;height:20pt"></div><p id=p dir=rtl style="direction:rtl">abc def</p>`)
	ls := lineBoxes(d, 0, "p")
	if len(ls) == 0 || ls[0].X != 0 || ls[0].W != 70 {
		t.Fatalf("lines %+v", ls)
	}
	end := 0.0
	for _, tx := range ls[0].Texts {
		end = max(end, tx.X+tx.Width)
	}
	if end != 70 {
		t.Errorf("right-to-left line ends at %v, want 70 (the float's left edge)", end)
	}
}

func TestFloatCountsInShrinkToFit(t *testing.T) {
	// An inline-block holding a 30pt float and "abc": max-content is
	// both side by side.
	d := flowLayout(t, 200, 100, `<p><span id=ib style="display:inline-block"><span style="float:left;width:30pt;height:10pt"></span>abc</span></p>`)
	if ib := fragmentOf(d, 0, "ib"); ib == nil || ib.W != 45 {
		t.Fatalf("inline-block = %+v, want 45pt wide", ib)
	}
}
