package layout

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fixedShaper gives every character an advance of half the font size and
// no face: geometry becomes easy to predict.
type fixedShaper struct{}

func (fixedShaper) Shape(text string, q fonts.Query, size float64, opts fonts.ShapeOptions) ([]fonts.Run, []fonts.Diagnostic) {
	r := fonts.Run{Size: size, Text: text}
	if opts.Direction == fonts.RTL {
		r.Direction = fonts.RTL
	}
	for i, c := range text {
		adv := size / 2
		if c == '\u00AD' {
			continue
		}
		r.Glyphs = append(r.Glyphs, fonts.Glyph{ID: fonts.GID(c), XAdvance: adv, Cluster: int32(i)})
		r.Advance += adv
	}
	if r.Direction == fonts.RTL {
		for i, j := 0, len(r.Glyphs)-1; i < j; i, j = i+1, j-1 {
			r.Glyphs[i], r.Glyphs[j] = r.Glyphs[j], r.Glyphs[i]
		}
	}
	return []fonts.Run{r}, nil
}

func (fixedShaper) Metrics(face *fonts.Face, q fonts.Query, size float64) LineMetrics {
	return LineMetrics{Ascent: 0.8 * size, Descent: 0.2 * size, XHeight: 0.5 * size, UnderlinePos: 0.1 * size, UnderlineThickness: 0.05 * size}
}

// pageOf is a fixed page style.
type pageOf struct {
	w, h, margin float64
}

func (p pageOf) Page(style.PageContext) *style.PageStyle {
	init := box.Initial()
	st := *init.Clone()
	for i := range st.Margin {
		st.Margin[i] = style.Length{Value: p.margin, Unit: style.Pt}
	}
	return &style.PageStyle{Size: [2]float64{p.w, p.h}, Box: &st}
}

// cssish lets tests set styles per element id on top of the built-in
// fallback styles.
type cssish map[string]func(*style.Style)

func pt(v float64) style.Length { return style.Length{Value: v, Unit: style.Pt} }

// layoutHTML builds and paginates src; every element gets a 10pt font,
// line-height 1 and zero margins unless mods change it.
func layoutHTML(t *testing.T, src string, page pageOf, mods cssish) *Document {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := box.Build(context.Background(), doc, nil, box.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tree.Root.Walk(func(b *box.Box) bool {
		if b.IsElement() || b.Anonymous {
			st := *b.Style.Clone()
			st.FontSize = 10
			st.LineHeightNum = 1
			if b.Tag() != "ul" && b.Tag() != "ol" {
				st.Margin = [4]style.Length{}
			}
			if b.Tag() == "body" {
				st.Margin = [4]style.Length{}
			}
			if id, ok := b.Attr("id"); ok && mods[id] != nil {
				mods[id](&st)
			}
			b.Style = &st
			for _, c := range b.Children {
				if c.Kind == box.KindText {
					c.Style = b.Style
				} else if c.Pseudo != style.PseudoNone {
					cs := *c.Style.Clone()
					cs.FontSize, cs.LineHeightNum = 10, 1
					cs.Margin = [4]style.Length{}
					c.Style = &cs
				}
			}
		}
		return true
	})
	d, err := Paginate(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: page})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s mismatch\n--- got\n%s--- want\n%s", name, got, want)
	}
}

// lineTexts returns the text of every line on every page, "|" between
// pages.
func lineTexts(d *Document) []string {
	var out []string
	for i, p := range d.Pages {
		if i > 0 {
			out = append(out, "|")
		}
		var walk func(f *Fragment)
		walk = func(f *Fragment) {
			for _, ln := range f.Lines {
				var sb strings.Builder
				for _, t := range ln.Texts {
					sb.WriteString(t.Text)
				}
				out = append(out, sb.String())
			}
			for _, c := range f.Children {
				walk(c)
			}
		}
		if p.Root != nil {
			walk(p.Root)
		}
	}
	return out
}

func TestFragmentsGolden(t *testing.T) {
	page := pageOf{w: 200, h: 100, margin: 10}
	cases := map[string]struct {
		src  string
		mods cssish
	}{
		"paragraphs": {`<body><p>aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm</p><p id=x>second</p></body>`,
			cssish{"x": func(s *style.Style) { s.MutMargin().Margin[style.Top] = pt(10) }}},
		"list":  {`<body><ul><li>one<li>two</ul><ol><li>first</ol></body>`, nil},
		"table": {`<body><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table></body>`, nil},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			golden(t, "frag-"+name, Dump(layoutHTML(t, "<!doctype html>"+c.src, page, c.mods)))
		})
	}
}

func TestLineBreaking(t *testing.T) {
	// 180pt wide area, 5pt per character: 36 characters a line.
	page := pageOf{w: 200, h: 1000, margin: 10}
	tests := []struct {
		name string
		src  string
		mods cssish
		want []string
	}{
		{"greedy", `<p>aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj</p>`, nil,
			[]string{"aaaa bbbb cccc dddd eeee ffff gggg ", "hhhh iiii jjjj"}},
		{"long word overflows", `<p>` + strings.Repeat("x", 50) + ` y</p>`, nil,
			[]string{strings.Repeat("x", 50) + " ", "y"}},
		{"overflow-wrap anywhere", `<p id=w>` + strings.Repeat("x", 50) + `</p>`,
			cssish{"w": func(s *style.Style) { s.MutText().OverflowWrap = style.WrapAnywhere }},
			[]string{strings.Repeat("x", 36), strings.Repeat("x", 14)}},
		{"br", `<p>a<br>b</p>`, nil, []string{"a", "b"}},
		{"pre", `<pre>a  b
c</pre>`, nil, []string{"a  b", "c"}},
		{"soft hyphen", `<p>aaaa bbbb cccc dddd eeee ffff gg hh` + "\u00AD" + `hhhhhhh</p>`, nil,
			[]string{"aaaa bbbb cccc dddd eeee ffff gg hh\u00AD", "hhhhhhh"}},
		{"nowrap", `<p id=n>aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii</p>`,
			cssish{"n": func(s *style.Style) { s.MutText().WhiteSpace = style.WhiteSpaceNowrap }},
			[]string{"aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii"}},
		{"spans", `<p>aaaa <b>bbbb</b> <i>cccc dddd</i> eeee ffff gggg hhhh iiii</p>`, nil,
			[]string{"aaaa bbbb cccc dddd eeee ffff gggg ", "hhhh iiii"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := lineTexts(layoutHTML(t, "<!doctype html><body>"+tt.src, page, tt.mods))
			if strings.Join(got, "/") != strings.Join(tt.want, "/") {
				t.Errorf("lines = %q, want %q", got, tt.want)
			}
		})
	}
}

func findBox(d *Document, tag string, n int) []*Fragment {
	var out []*Fragment
	for _, p := range d.Pages {
		var walk func(f *Fragment)
		walk = func(f *Fragment) {
			if f.Box.Tag() == tag && !f.Box.Anonymous {
				out = append(out, f)
			}
			for _, c := range f.Children {
				walk(c)
			}
		}
		if p.Root != nil {
			walk(p.Root)
		}
	}
	return out
}

func TestMarginCollapsing(t *testing.T) {
	page := pageOf{w: 200, h: 1000, margin: 0}
	mods := cssish{
		"a": func(s *style.Style) { s.MutMargin().Margin[style.Bottom] = pt(20) },
		"b": func(s *style.Style) { s.MutMargin().Margin[style.Top] = pt(30) },
		"c": func(s *style.Style) { s.MutMargin().Margin[style.Top] = pt(10) },
		"d": func(s *style.Style) { s.MutMargin().Margin[style.Top] = pt(25) },
		"e": func(s *style.Style) { m := s.MutMargin(); m.Margin[style.Top], m.Margin[style.Bottom] = pt(40), pt(5) },
		"f": func(s *style.Style) { s.MutMargin().Margin[style.Top] = pt(-10) },
		"g": func(s *style.Style) {
			s.MutBorder().Border[style.Top] = style.Border{Width: 1, Style: style.BorderSolid}
			s.MutMargin().Margin[style.Top] = pt(5)
		},
		"h": func(s *style.Style) { s.MutMargin().Margin[style.Top] = pt(7) },
	}
	d := layoutHTML(t, `<!doctype html><body>`+
		`<p id=a>a</p><p id=b>b</p>`+ // siblings: max(20,30)=30 → b at 10+30=40
		`<div id=c><p id=d>d</p></div>`+ // parent/child: max(10,25)=25 → at 50+25=75
		`<div id=e></div>`+ // empty collapses through: max(0,40,5)=40 → next at 85+40
		`<p id=f>f</p>`+ // 40 and -10 → 30: at 85+30=115
		`<div id=g><p id=h>h</p></div>`+ // border separates: g at 125+5, h at 130+1+7
		`</body>`, page, mods)
	want := map[string]float64{"a": 0, "b": 40, "d": 75, "f": 115, "g": 130, "h": 138}
	for id, y := range want {
		var got *Fragment
		for _, tag := range []string{"p", "div"} {
			for _, f := range findBox(d, tag, 0) {
				if v, _ := f.Box.Attr("id"); v == id {
					got = f
				}
			}
		}
		if got == nil {
			t.Errorf("#%s not found", id)
			continue
		}
		if diff := got.Y - y; diff > 0.01 || diff < -0.01 {
			t.Errorf("#%s at y=%.2f, want %.2f", id, got.Y, y)
		}
	}
}

func TestAlignmentAndJustify(t *testing.T) {
	page := pageOf{w: 120, h: 1000, margin: 10} // 100pt: 20 chars
	set := func(a style.TextAlign) func(*style.Style) { return func(s *style.Style) { s.MutText().TextAlign = a } }
	d := layoutHTML(t, `<!doctype html><body><p id=r>abcd</p><p id=c>abcd</p><p id=j>aaa bbb ccc ddd eee fff</p>`, page,
		cssish{"r": set(style.AlignRight), "c": set(style.AlignCenter), "j": set(style.AlignJustify)})
	ps := findBox(d, "p", 0)
	if x := ps[0].Lines[0].Texts[0].X; x != 10+100-20 {
		t.Errorf("right-aligned text at x=%v, want 90", x)
	}
	if x := ps[1].Lines[0].Texts[0].X; x != 10+40 {
		t.Errorf("centred text at x=%v, want 50", x)
	}
	ln := ps[2].Lines[0]
	tx := ln.Texts[len(ln.Texts)-1]
	end := tx.X + tx.Width
	if strings.HasSuffix(tx.Text, " ") {
		end -= 5 // the hanging space
	}
	if end < 109.99 || end > 110.01 {
		t.Errorf("justified line ends at %v, want 110", end)
	}
	last := ps[2].Lines[1].Texts[0]
	if last.X != 10 || last.Width != 15 {
		t.Errorf("last justified line not start-aligned: x=%v w=%v", last.X, last.Width)
	}
}

func TestPageBreaksOrphansWidows(t *testing.T) {
	// area 80pt tall: 8 lines of 10pt.
	page := pageOf{w: 120, h: 100, margin: 10}
	para := func(n int) string {
		var sb strings.Builder
		for i := 0; i < n; i++ {
			sb.WriteString(strings.Repeat(string(rune('a'+i)), 19) + " ")
		}
		return sb.String()
	}
	tests := []struct {
		name string
		src  string
		mods cssish
		want string // lines per page, e.g. "6|4"
	}{
		{"plain", `<p>` + para(10) + `</p>`, nil, "8|2"},
		{"widows 3", `<p id=p>` + para(10) + `</p>`, cssish{"p": func(s *style.Style) { s.MutListTable().Widows = 3 }}, "7|3"},
		{"orphans push", `<p>` + para(6) + `</p><p id=p>` + para(4) + `</p>`, cssish{"p": func(s *style.Style) { s.MutListTable().Orphans = 3 }}, "6|4"},
		{"break-before", `<p>a</p><p id=p>b</p>`, cssish{"p": func(s *style.Style) { s.MutPaged().BreakBefore = style.BreakPage }}, "1|1"},
		{"avoid inside", `<p>` + para(5) + `</p><div id=d><p>` + para(4) + `</p></div>`,
			cssish{"d": func(s *style.Style) { s.MutPaged().BreakInside = style.BreakAvoid }}, "5|4"},
		{"avoid inside too tall", `<p>` + para(5) + `</p><div id=d><p>` + para(12) + `</p></div>`,
			cssish{"d": func(s *style.Style) { s.MutPaged().BreakInside = style.BreakAvoid }}, "5|8|4"},
		{"heading kept with next", `<p>` + para(7) + `</p><h2>h</h2><p>` + para(2) + `</p>`, nil, "7|1+2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := layoutHTML(t, "<!doctype html><body>"+tt.src, page, tt.mods)
			var counts []string
			for _, p := range d.Pages {
				n := 0
				parts := []string{}
				var walk func(f *Fragment)
				walk = func(f *Fragment) {
					if len(f.Lines) > 0 {
						parts = append(parts, itoa(len(f.Lines)))
						n += len(f.Lines)
					}
					for _, c := range f.Children {
						walk(c)
					}
				}
				walk(p.Root)
				if tt.name == "heading kept with next" {
					counts = append(counts, strings.Join(parts, "+"))
				} else {
					counts = append(counts, itoa(n))
				}
			}
			if got := strings.Join(counts, "|"); got != tt.want {
				t.Errorf("lines per page = %s, want %s", got, tt.want)
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestBidiVisualOrder(t *testing.T) {
	page := pageOf{w: 400, h: 1000, margin: 0}
	d := layoutHTML(t, "<!doctype html><body><p>ab \u05d0\u05d1\u05d2 \u05d3\u05d4 cd</p>", page, nil)
	ln := findBox(d, "p", 0)[0].Lines[0]
	var vis []rune
	for _, tx := range ln.Texts {
		// glyph IDs are the code points in the fixed shaper, in visual order
		for _, g := range tx.Glyphs {
			vis = append(vis, rune(g.ID))
		}
	}
	want := "ab \u05d4\u05d3 \u05d2\u05d1\u05d0 cd"
	if string(vis) != want {
		t.Errorf("visual order %q, want %q", string(vis), want)
	}
	_ = utf8.RuneLen
}

func TestNoInfiniteLoopOnHugeContent(t *testing.T) {
	page := pageOf{w: 100, h: 60, margin: 10}
	d := layoutHTML(t, `<!doctype html><body><img width=2000 height=2000 src="x.png"><p>after</p>`, page, nil)
	if len(d.Pages) != 2 {
		t.Errorf("pages = %d, want 2 (oversized image alone, then text)", len(d.Pages))
	}
}

func TestPageLimitAndCancel(t *testing.T) {
	doc, _ := html.Parse(strings.NewReader("<p>" + strings.Repeat("<p>x</p>", 500)))
	tree, _ := box.Build(context.Background(), doc, nil, box.Options{})
	_, err := Paginate(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: pageOf{w: 100, h: 60, margin: 10}, MaxPages: 3})
	if err == nil || !strings.Contains(err.Error(), "3 pages") {
		t.Errorf("err = %v, want page limit", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Paginate(ctx, tree, Options{Shaper: fixedShaper{}}); err == nil {
		t.Error("cancelled context did not stop layout")
	}
}

func TestVerticalAlignTopBottom(t *testing.T) {
	page := pageOf{w: 400, h: 400, margin: 0}
	big := func(s *style.Style) { f := s.MutFont(); f.FontSize, f.LineHeightNum = 30, 1 }
	top := func(s *style.Style) { s.MutBox().VerticalAlign = style.VAlignTop }
	bottom := func(s *style.Style) { s.MutBox().VerticalAlign = style.VAlignBottom }
	d := layoutHTML(t, `<!doctype html><body><p>a<span id=big>B</span><span id=t>t</span><span id=b>b</span></p>`, page,
		cssish{"big": big, "t": top, "b": bottom})
	ln := findBox(d, "p", 0)[0].Lines[0]
	if ln.H != 30 {
		t.Fatalf("line height %v, want 30 (the 30pt span)", ln.H)
	}
	got := map[string]float64{}
	for _, tx := range ln.Texts {
		got[tx.Text] = tx.Baseline
	}
	// 10pt text: ascent 8, descent 2; the line box spans 0–30, baseline at 24.
	if got["t"] != 8 || got["b"] != 28 || got["a"] != 24 {
		t.Errorf("baselines a=%v t=%v b=%v, want 24, 8 (top) and 28 (bottom)", got["a"], got["t"], got["b"])
	}
}

func TestBreakToPageSide(t *testing.T) {
	page := pageOf{w: 120, h: 100, margin: 10}
	d := layoutHTML(t, `<!doctype html><body><p>one</p><p id=r>three</p><p id=l>four</p>`, page, cssish{
		"r": func(s *style.Style) { s.MutPaged().BreakBefore = style.BreakRight },
		"l": func(s *style.Style) { s.MutPaged().BreakBefore = style.BreakLeft },
	})
	got := strings.Join(lineTexts(d), " ")
	// page 1 (right): one; page 2 blank (left); page 3 (right): three; page 4 (left): four
	if got != "one | | three | four" || !d.Pages[1].Context.Blank {
		t.Errorf("pages = %q (blank page 2: %v)", got, d.Pages[1].Context.Blank)
	}
}

func TestRTLParagraphStartsRight(t *testing.T) {
	page := pageOf{w: 200, h: 100, margin: 0}
	d := layoutHTML(t, "<!doctype html><body><p dir=rtl>\u05d0\u05d1 \u05d2</p><p>ab</p>", page, nil)
	ps := findBox(d, "p", 0)
	ln := ps[0].Lines[0]
	last := ln.Texts[len(ln.Texts)-1]
	if end := last.X + last.Width; end < 199.99 {
		t.Errorf("RTL line ends at %v, want the right edge (200)", end)
	}
	if x := ps[1].Lines[0].Texts[0].X; x != 0 {
		t.Errorf("LTR line starts at %v, want 0", x)
	}
}
