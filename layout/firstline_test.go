package layout

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// lineRuns returns the lines of the paragraph with id "p" on the first
// page, and the texts of each.
func lineRuns(t *testing.T, d *Document) ([]*Line, [][]Text) {
	t.Helper()
	ps := frags(d.Pages[0], "p", "p")
	if len(ps) != 1 {
		t.Fatalf("%d fragments of p", len(ps))
	}
	var out [][]Text
	var lns []*Line
	var walk func(f *Fragment)
	walk = func(f *Fragment) {
		for _, ln := range f.Lines {
			var ts []Text
			for _, x := range ln.Texts {
				ts = append(ts, *x)
			}
			out = append(out, ts)
			lns = append(lns, ln)
		}
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(ps[0])
	return lns, out
}

// lineText joins the texts of a line.
func lineText(ts []Text) string {
	var sb strings.Builder
	for _, x := range ts {
		sb.WriteString(x.Text)
	}
	return sb.String()
}

// TestFirstLine lays out the first line of a paragraph with its
// ::first-line style: the line's glyphs take its font size and color,
// the line breaks at the width the bigger glyphs take (the fixed shaper
// advances half the font size), its height is its line-height (or the
// paragraph's strut when that is taller), and the second line is
// back to the paragraph's style.
func TestFirstLine(t *testing.T) {
	red := style.Color{R: 255, A: 255}
	for _, c := range []struct {
		name, css, body string
		first, second   string  // the first two lines' text
		size1           float64 // the first line's font size
		h1              float64 // its line box's height
	}{
		{"plain", `p::first-line{font-size:20pt;color:red}`, `aaaa bbbb cccc dddd eeee ffff gggg`,
			"aaaa bbbb ", "cccc dddd eeee ffff ", 20, 20},
		{"inline descendants", `p::first-line{font-size:20pt;color:red}`, `aaaa <b>bbbb cccc</b> dddd eeee`,
			"aaaa bbbb ", "cccc dddd eeee", 20, 20},
		{"none", ``, `aaaa bbbb cccc dddd eeee ffff gggg`,
			"aaaa bbbb cccc dddd ", "eeee ffff gggg", 10, 10},
		{"smaller first line", `p::first-line{font-size:5pt}`, `aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj`,
			"aaaa bbbb cccc dddd eeee ffff gggg hhhh ", "iiii jjjj", 5, 10},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := layoutCSS(t, `<style>@page{size:300pt 300pt;margin:0} body{margin:0}
p{width:100pt;font-size:10pt;line-height:1;margin:0} `+c.css+`</style><p id=p>`+c.body+`</p>`)
			lns, lines := lineRuns(t, d)
			if len(lines) < 2 {
				t.Fatalf("%d lines", len(lines))
			}
			if got := lineText(lines[0]); got != c.first {
				t.Errorf("first line %q, want %q", got, c.first)
			}
			if got := lineText(lines[1]); got != c.second {
				t.Errorf("second line %q, want %q", got, c.second)
			}
			for _, x := range lines[0] {
				if x.Size != c.size1 {
					t.Errorf("first line text %q is %gpt, want %g", x.Text, x.Size, c.size1)
				}
				if c.size1 == 20 && x.Color != red {
					t.Errorf("first line text %q has color %v, want red", x.Text, x.Color)
				}
			}
			for _, x := range lines[1] {
				if x.Size != 10 || x.Color == red {
					t.Errorf("second line text %q is %gpt %v, want 10pt not red", x.Text, x.Size, x.Color)
				}
			}
			if lns[0].H != c.h1 || lns[1].H != 10 {
				t.Errorf("lines %gpt and %gpt high, want %g and 10", lns[0].H, lns[1].H, c.h1)
			}
		})
	}
}

// TestFirstLineWithFirstLetter: the ::first-letter box is inside the
// first line and inherits the first line's color where it sets none;
// its own font size wins (relative to the line's). A floated first letter (a drop cap) leaves the
// first line styled beside it.
func TestFirstLineWithFirstLetter(t *testing.T) {
	red := style.Color{R: 255, A: 255}
	for _, c := range []struct {
		name, letter string
		first        string // the first line's text
		letterSize   float64
	}{
		// a relative size is taken against the first line's (20pt)
		{"inline letter", `p::first-letter{font-size:300%}`, "aaaa ", 60},
		{"floated letter", `p::first-letter{font-size:300%;float:left}`, "aaa ", 60},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := layoutCSS(t, `<style>@page{size:300pt 300pt;margin:0} body{margin:0}
p{width:100pt;font-size:10pt;line-height:1;margin:0} p::first-line{font-size:20pt;color:red} `+c.letter+`</style><p id=p>aaaa bbbb cccc dddd eeee</p>`)
			_, lines := lineRuns(t, d)
			if len(lines) < 2 {
				t.Fatalf("%d lines", len(lines))
			}
			var letter *Text
			walkTexts(d.Pages[0].Root, func(x *Text) {
				if x.Box.Pseudo == style.PseudoNone && x.Box.Parent != nil && x.Box.Parent.Pseudo == style.PseudoFirstLetter ||
					x.Text == "a" && x.Size == c.letterSize {
					letter = x
				}
			})
			if letter == nil || letter.Size != c.letterSize || letter.Color != red {
				t.Fatalf("first letter %+v, want %gpt red", letter, c.letterSize)
			}
			if got := lineText(lines[0]); !strings.HasSuffix(got, c.first) {
				t.Errorf("first line %q, want it to end %q", got, c.first)
			}
			for _, x := range lines[0] {
				if x.Color != red {
					t.Errorf("first line text %q not red", x.Text)
				}
			}
			for _, x := range lines[1] {
				if x.Size != 10 || x.Color == red {
					t.Errorf("second line text %q is %gpt %v, want 10pt not red", x.Text, x.Size, x.Color)
				}
			}
		})
	}
}

// walkTexts calls fn with every text run under f.
func walkTexts(f *Fragment, fn func(*Text)) {
	if f == nil {
		return
	}
	for _, ln := range f.Lines {
		for _, x := range ln.Texts {
			fn(x)
		}
		for _, a := range ln.Atomics {
			walkTexts(a, fn)
		}
	}
	for _, c := range f.Children {
		walkTexts(c, fn)
	}
}

// TestFirstLineTextTransform upper-cases the first line only.
func TestFirstLineTextTransform(t *testing.T) {
	d := layoutCSS(t, `<style>@page{size:300pt 300pt;margin:0} body{margin:0}
p{width:100pt;font-size:10pt;line-height:1;margin:0} p::first-line{text-transform:uppercase}</style><p id=p>aaaa <i>bbbb</i> cccc dddd eeee ffff gggg</p>`)
	_, lines := lineRuns(t, d)
	if len(lines) < 2 {
		t.Fatalf("%d lines", len(lines))
	}
	if got, want := lineText(lines[0])+"|"+lineText(lines[1]), "AAAA BBBB CCCC DDDD |eeee ffff gggg"; got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
}

// TestFirstLineBoxOnFirstLineOnly: the first line's fictional inline box
// (its background, decorations) is a fragment of the first line only.
func TestFirstLineBoxOnFirstLineOnly(t *testing.T) {
	d := layoutCSS(t, `<style>@page{size:300pt 300pt;margin:0} body{margin:0}
p{width:100pt;font-size:10pt;line-height:1;margin:0} p::first-line{background:yellow;text-decoration:underline}</style><p id=p>aaaa bbbb cccc dddd eeee ffff gggg</p>`)
	lns, lines := lineRuns(t, d)
	if len(lns) < 2 {
		t.Fatalf("%d lines", len(lns))
	}
	for i, ln := range lns {
		n := 0
		for _, f := range ln.Inlines {
			if f.Box.Pseudo == style.PseudoFirstLine {
				n++
			}
		}
		if want := map[bool]int{true: 1, false: 0}[i == 0]; n != want {
			t.Errorf("line %d holds %d first-line boxes, want %d", i, n, want)
		}
		for _, x := range lines[i] {
			if got := len(x.Decorations) > 0; got != (i == 0) {
				t.Errorf("line %d text %q underlined: %v", i, x.Text, got)
			}
		}
	}
}

// TestFirstLineAcrossPages: a paragraph broken across pages has its
// first-line style on its first line only, not on the first line of its
// continuation; letter-spacing of the first line widens it.
func TestFirstLineAcrossPages(t *testing.T) {
	d := layoutCSS(t, `<style>@page{size:300pt 45pt;margin:0} body{margin:0}
p{width:100pt;font-size:10pt;line-height:1;margin:0;orphans:1;widows:1} p::first-line{font-size:20pt;letter-spacing:5pt}</style><p id=p>aaa bbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk</p>`)
	if len(d.Pages) < 2 {
		t.Fatalf("%d pages", len(d.Pages))
	}
	var sizes [][]float64
	var first string
	for i, pg := range d.Pages {
		var ss []float64
		walkTexts(pg.Root, func(x *Text) {
			ss = append(ss, x.Size)
			if i == 0 && first == "" {
				first = x.Text
			}
		})
		sizes = append(sizes, ss)
	}
	// 20pt glyphs 10pt wide and 5pt apart: "aaa " is 60pt, "bbb " 60
	if first != "aaa " {
		t.Errorf("first line starts %q, want %q alone", first, "aaa ")
	}
	if sizes[0][0] != 20 {
		t.Errorf("first line at %gpt", sizes[0][0])
	}
	for i, ss := range sizes {
		for j, s := range ss {
			if (i > 0 || j > 0) && s != 10 {
				t.Errorf("page %d text %d at %gpt, want 10", i+1, j, s)
			}
		}
	}
}

// TestFirstLineLongParagraph: the first line of a long paragraph is set
// from as much of its text as the line needs, not all of it (the text
// shaped for the first line stays bounded as the paragraph grows), and
// breaks as it does from the whole text.
func TestFirstLineLongParagraph(t *testing.T) {
	for _, words := range []int{10, 1000, 20000} {
		body := strings.Repeat("aaaa bbbb cccc ", words/3)
		d := layoutCSS(t, `<style>@page{size:300pt 3000pt;margin:0} body{margin:0}
p{width:100pt;font-size:10pt;line-height:1;margin:0} p::first-line{font-size:20pt}</style><p id=p>`+body+`</p>`)
		_, lines := lineRuns(t, d)
		if len(lines) < 2 || lineText(lines[0]) != "aaaa bbbb " || lineText(lines[1]) != "cccc aaaa bbbb cccc " {
			t.Fatalf("%d words: lines %q, %q", words, lineText(lines[0]), lineText(lines[1]))
		}
	}
	// a first line longer than the text first collected for it
	d := layoutCSS(t, `<style>@page{size:300pt 300pt;margin:0} body{margin:0}
p{width:100pt;font-size:10pt;line-height:1;margin:0} p::first-line{font-size:20pt}</style><p id=p><span style="white-space:nowrap">`+
		strings.Repeat("xx ", 400)+`</span>tail words</p>`)
	if _, lines := lineRuns(t, d); len(lines) != 2 || lineText(lines[0]) != strings.Repeat("xx ", 400)+"tail " || lineText(lines[1]) != "words" {
		t.Errorf("nowrap first line: %d lines", len(lines))
	}
	// the first line's paragraph of a 20,000-word paragraph
	var b strings.Builder
	b.WriteString(`<style>p{width:100pt;font-size:10pt} p::first-line{font-size:20pt}</style><p id=p>`)
	b.WriteString(strings.Repeat("aaaa bbbb cccc ", 7000))
	tree, _ := boxTree(t, b.String())
	l := newLayouter(context.Background(), Options{Shaper: fixedShaper{}})
	var blk *box.Box
	tree.Root.Walk(func(x *box.Box) bool {
		if x.FirstLine() != nil {
			blk = x
		}
		return true
	})
	if blk == nil {
		t.Fatal("no first-line container")
	}
	l.cbWidth = 100
	p := l.newPara(blk)
	p.collect(blk, nil, 100)
	p.shape()
	if _, ok := p.nextSpan(0, 100, 0); !ok || p.first == nil || len(p.first.units) > 2000 {
		t.Errorf("the first line's paragraph has %d units of the paragraph's %d", len(p.first.units), len(p.units))
	}
}

// TestFirstLineKeepsPlace: a ::first-line rule that changes only the
// colour leaves the first line where it is (the first-line box's initial
// border, medium but of style none, has no width).
func TestFirstLineKeepsPlace(t *testing.T) {
	d := layoutCSS(t, `<style>p{font:12pt sans-serif;margin:0} .a::first-line{color:black}</style><p class=a>Hello world</p><p>Hello world</p>`)
	var xs []string
	for _, ln := range strings.Split(Dump(d), "\n") {
		if i := strings.Index(ln, " x="); strings.Contains(ln, "line y=") && i >= 0 {
			xs = append(xs, strings.Fields(ln[i:])[0])
		}
	}
	if len(xs) != 2 || xs[0] != xs[1] {
		t.Errorf("line starts %v, want the same", xs)
	}
}
