package render

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/benchdoc"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
)

// feedBody takes the body's children out of tree and gives them back
// per at a time (all at once when per is 0) as layout asks
// (box.Box.SetGrow), reading their texts as they come (ReadTextsFrom),
// as the facade does for a body parsed and built one child at a time.
// It returns the number of children given so far, and in all.
func feedBody(t testing.TB, tree *box.Tree, per int) (given func() int, all int) {
	t.Helper()
	var body *box.Box
	for _, c := range tree.Root.Children {
		if c.Tag() == "body" {
			body = c
		}
	}
	if body == nil {
		t.Fatal("no body box")
	}
	kids := body.Children
	body.Children = nil
	// the DOM of the children to come is not reachable from the root:
	// the facade parses it as layout asks
	if body.Node != nil {
		body.Node.FirstChild, body.Node.LastChild = nil, nil
	}
	if per <= 0 {
		per = len(kids)
	}
	next := 0
	body.SetGrow(func() bool {
		if next >= len(kids) {
			return false
		}
		n := min(per, len(kids)-next)
		add := kids[next : next+n]
		body.Children = append(body.Children, add...)
		ReadTextsFrom(tree, add)
		for _, c := range add {
			if c.IsElement() {
				unlinkBelow(c.Node) // as the facade lets the DOM go
			}
		}
		next += n
		return true
	})
	return func() int { return next }, len(kids)
}

// growSink is a heapSink that records how many of the body's children
// were given when the first page is handed on.
type growSink struct {
	*heapSink
	given      func() int
	firstGiven int
}

// Start begins the part and, for a body given as layout asks, lets go
// of the tree's maps of texts, as the facade does (the writer holds
// them): ReadTextsFrom makes new ones for the children to come.
func (s *growSink) Start(tot layout.Totals) error {
	if err := s.heapSink.Start(tot); err != nil {
		return err
	}
	if s.given != nil {
		s.tree.Texts, s.tree.FigureAlts, s.tree.THIDs = nil, nil, nil
	}
	return nil
}

func (s *growSink) Page(p *layout.Page) error {
	if s.pages == 0 && s.given != nil {
		s.firstGiven = s.given()
	}
	return s.heapSink.Page(p)
}

type lateGrowSink struct{ *growSink }

func (s lateGrowSink) Margins(p *layout.Page) error { return lateHeapSink{s.heapSink}.Margins(p) }

// growResult is a file written by writeGrown, and how many of the
// body's children existed when its first page was handed on.
type growResult struct {
	pdf               []byte
	pages             int
	firstGiven, total int
	sealed            int // top-level subtrees sealed before the part ended
}

// writeGrown lays src out with PaginateEach and writes it, its body's
// children given per at a time as layout asks (per < 0: the whole
// tree, built eagerly); late hands the margin boxes showing the page
// count on after the last page (a layout.LateSink).
func writeGrown(t testing.TB, reg *fonts.Registry, src string, per int, late bool) growResult {
	t.Helper()
	tree, st := buildTree(t, src)
	var given func() int
	total := 0
	if per >= 0 {
		given, total = feedBody(t, tree, per)
	} else {
		ReadTexts(tree)
	}
	w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en", Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), DocumentID: []byte("0123456789abcdef")}, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := &growSink{heapSink: &heapSink{w: w, tree: tree, last: -1}, given: given}
	var sink layout.Sink = s
	if late {
		sink = lateGrowSink{s}
	}
	sum, err := layout.PaginateEach(context.Background(), tree, layout.Options{Shaper: layout.FontShaper{Registry: reg}, Pages: st, MaxPages: 5000}, sink)
	if err != nil {
		t.Fatal(err)
	}
	sealed := w.r.s.sealed
	if err := w.EndPart(); err != nil {
		t.Fatal(err)
	}
	res, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	return growResult{pdf: res.PDF, pages: sum.Pages, firstGiven: s.firstGiven, total: total, sealed: sealed}
}

// unlinkBelow unlinks the DOM below element n, keeping the elements'
// parent links, as the facade does once the texts are read.
func unlinkBelow(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		c.PrevSibling, c.NextSibling = nil, nil
		if c.Type == html.ElementNode && c.Namespace == "" {
			unlinkBelow(c)
		}
		c = next
	}
	n.FirstChild, n.LastChild = nil, nil
}

// TestGrownBodySameFile checks that a body whose children come as layout
// asks (one per call, a few, all at once) gives the file of the tree
// built whole, byte for byte.
func TestGrownBodySameFile(t *testing.T) {
	reg := fonts.NewRegistry(fonts.Options{})
	para := `<p>Survey team measured soil depth, water flow and station records along the river basin; each reading was checked twice.</p>`
	head := `<!doctype html><html lang=en><title>t</title><style>@page { size: A6 }</style><body>`
	dot := "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	for _, tc := range []struct {
		name string
		src  string
		late bool
	}{
		{"bench 3 pages", benchdoc.LongDoc(3), true},
		{"breaks between children", head + `<h1>Title</h1>` + para + `<div style="break-after:page">` + para + `</div>` + para +
			`<div style="break-before:page">` + para + `</div>` + strings.Repeat(para+`<h2 style="break-after:avoid">Kept</h2><p style="break-before:avoid">`+"With its heading</p>", 6), false},
		{"margins through the last child", head + para + `<div style="margin-bottom:40px"><div style="margin-bottom:60px"><p style="margin-bottom:30px">Last</p></div></div>`, false},
		{"empty children collapsing", head + `<div></div><div style="margin:20px"></div>` + para + `<div></div>` + para + `<p></p>`, false},
		{"tables split", head + `<table>` + strings.Repeat(`<tr><th>Site</th><td>2026-01-02</td><td>`+para+`</td></tr>`, 20) + `</table>` + para, false},
		{"lists", head + strings.Repeat(`<ul><li>One</li><li>Two`+para+`</li></ul><ol start=3><li>Three</li></ol>`, 8), false},
		{"headings and links", head + `<p id=early><a href="#last">To the end</a></p>` + strings.Repeat(`<h1 id=a>Part</h1>`+para+`<h2>Section</h2>`+para+`<p><a href="#a">Back</a> <a href="https://example.org">Out</a></p>`, 5) + `<h3 id=last>End</h3><p>An empty link: <a href="#early"></a>.</p>`, false},
		{"images and floats", head + strings.Repeat(`<div><img alt="Chart" style="float:left;width:40px;height:60px" src="`+dot+`">`+para+`</div><figure><img alt="Figure" style="width:80px;height:40px" src="`+dot+`"><figcaption>Caption</figcaption></figure>`, 6), false},
		{"empty body", head, false},
		{"out of flow first", head + `<div style="float:left;width:30%">Float</div><div style="position:absolute;top:5px">Abs</div>` + para + para, false},
		{"inline content", head + `Text with <b>bold</b> and <a href="#x">a link</a>` + strings.Repeat(` <span id=x>words and words</span>`, 60), false},
		{"structure mapping", head + `<main><header><h2>Starts at two</h2></header><section><h4>Skips a level</h4><p>Text with <a href="#target">an internal link</a> and <em>emphasis</em>.</p></section>
<article><p id="target">Target.</p><nav>Loose text in nav.</nav></article><aside><blockquote><p>Quoted.</p></blockquote><q>inline quote</q></aside></main>
<ol><li>one</li><li>two<ul><li>nested</li></ul></li></ol><dl><dt>Term</dt><dd>Def one</dd><dd>Def two</dd></dl>
<table><caption>Cap</caption><thead><tr><th id=h1>H1</th><th>H2</th></tr></thead><tbody><tr><th>R</th><td headers=h1>1</td></tr></tbody></table>
<pre>code  block</pre><address>Address line</address><div>Bare div text</div><p>See <a href="#target">the target</a> again.</p>`, false},
		{"main wrapping all", head + `<header>Top</header><main>` + strings.Repeat(`<section><h2>S</h2>`+para+`</section>`, 12) + `</main><footer>End</footer>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := writeGrown(t, reg, tc.src, -1, tc.late)
			if tc.name == "images and floats" && !bytes.Contains(want.pdf, []byte("/Subtype /Image")) {
				t.Fatal("no image in the file")
			}
			for _, per := range []int{1, 3, 0} {
				got := writeGrown(t, reg, tc.src, per, tc.late)
				if got.pages != want.pages {
					t.Errorf("%d children a call: %d pages, want %d", per, got.pages, want.pages)
				}
				if !bytes.Equal(got.pdf, want.pdf) {
					t.Errorf("%d children a call: the file (%d bytes) differs from the one of the whole tree (%d bytes)", per, len(got.pdf), len(want.pdf))
				}
			}
		})
	}
}

// TestGrownLongBodySameFile checks a body of 150 sections given as
// layout asks against the whole tree, past 100 pages: the margin boxes
// showing "Page N of M" come after the last page (layout.LateSink) and
// the structure's top-level subtrees, the body's children, are sealed
// as the file streams. With a plain sink the page count needs counting
// passes, which lay the whole body out (it is grown whole first).
func TestGrownLongBodySameFile(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 150 pages four times")
	}
	reg := fonts.NewRegistry(fonts.Options{})
	src := benchdoc.LongDoc(150)
	for _, late := range []bool{true, false} {
		want := writeGrown(t, reg, src, -1, late)
		if want.pages != 150 || want.sealed < 100 {
			t.Fatalf("%d pages, %d sections sealed as the file streamed: want 150, at least 100", want.pages, want.sealed)
		}
		for _, per := range []int{1, 0} {
			got := writeGrown(t, reg, src, per, late)
			if got.sealed != want.sealed {
				t.Errorf("late margin boxes %v, %d children a call: %d sections sealed as the file streamed, want %d", late, per, got.sealed, want.sealed)
			}
			if !bytes.Equal(got.pdf, want.pdf) {
				t.Errorf("late margin boxes %v, %d children a call: the file (%d bytes, %d pages) differs from the one of the whole tree (%d bytes)", late, per, len(got.pdf), got.pages, len(want.pdf))
			}
		}
	}
}

// TestGrowIsLazy checks that layout asks for the body's children as it
// reaches them: when the first page is handed on, a few of the 150
// sections exist (the section laid out and the two after it), or when
// "Page N of M" keeps the first 100 pages until it is known whether the
// document is longer, about 100; the file is the same.
func TestGrowIsLazy(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 150 pages")
	}
	reg := fonts.NewRegistry(fonts.Options{})
	plain := strings.Replace(benchdoc.LongDoc(150), `"Page " counter(page) " of " counter(pages)`, `"Page " counter(page)`, 1)
	for _, tc := range []struct {
		name     string
		src      string
		late     bool
		maxFirst int
	}{
		{"page numbers", plain, false, 4},
		{"page N of M, late", benchdoc.LongDoc(150), true, 104},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := writeGrown(t, reg, tc.src, 1, tc.late)
			t.Logf("%d of %d sections given when the first page was handed on", got.firstGiven, got.total)
			if got.firstGiven == 0 || got.firstGiven > tc.maxFirst {
				t.Errorf("%d of %d sections given when the first page was handed on, want 1 to %d", got.firstGiven, got.total, tc.maxFirst)
			}
			want := writeGrown(t, reg, tc.src, -1, tc.late)
			if !bytes.Equal(got.pdf, want.pdf) {
				t.Errorf("the file (%d bytes) differs from the one of the whole tree (%d bytes)", len(got.pdf), len(want.pdf))
			}
		})
	}
}

// TestGrownMainSealed checks the subtrees sealed as the file streams
// when one child of the body holds most of the document (a main around
// 110 sections, a page each, with a few paragraphs after it): the
// structure walks into it, whose children are then the top-level
// subtrees, as for the whole tree, though whether it holds most of the
// tree is decided before the body's last children exist (holdsMost asks
// for them); and when it holds less than half (as many sections
// follow it), the body's children are the subtrees sealed; and with
// links to ids before and after them, whose destinations are placed
// as their links are found (destKnown), the file streaming or not.
func TestGrownMainSealed(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out 220 pages four times")
	}
	reg := fonts.NewRegistry(fonts.Options{})
	head := `<!doctype html><html lang=en><title>t</title><style>@page { size: A7 } section { break-before: page }</style><body>`
	sec := `<section><h2>Part</h2><p>Survey team measured soil depth and water flow.</p></section>`
	for _, tc := range []struct{ name, src string }{
		{"most", head + `<header>Top</header><main>` + strings.Repeat(sec, 110) + `</main>` + strings.Repeat(`<p>After</p>`, 5)},
		{"half", head + `<main>` + strings.Repeat(sec, 55) + `</main>` + strings.Repeat(sec, 60)},
		{"links", head + linkedSections(110)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := writeGrown(t, reg, tc.src, -1, false)
			got := writeGrown(t, reg, tc.src, 1, false)
			if want.sealed < 50 || got.sealed != want.sealed {
				t.Errorf("%d subtrees sealed as the file streamed, %d of the whole tree: want as many, at least 50", got.sealed, want.sealed)
			}
			if !bytes.Equal(got.pdf, want.pdf) {
				t.Errorf("the file (%d bytes) differs from the one of the whole tree (%d bytes)", len(got.pdf), len(want.pdf))
			}
		})
	}
}

// linkedSections is n sections, a page each, with ids, each linking to
// the one before and the one after it, after a table of contents
// linking to every fifth: links to ids met before and after them,
// across the page where the file starts streaming.
func linkedSections(n int) string {
	var sb strings.Builder
	sb.WriteString("<nav><ul>")
	for i := 1; i <= n; i += 5 {
		fmt.Fprintf(&sb, `<li><a href="#s%d">Section %d</a></li>`, i, i)
	}
	sb.WriteString("</ul></nav>")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, `<section id="s%d"><h2>Section %d</h2><p><a href="#s%d">Before</a> <a href="#s%d">After</a> </p></section>`, i, i, i-1, i+1)
	}
	sb.WriteString(`<p><a href="#none">Nowhere</a></p>`)
	return sb.String()
}

// TestGrownBodyMixed checks the file of a body given as layout asks
// against the whole tree's on documents mixing, in an order drawn from
// a fixed seed, the kinds of children the other tests take one by one:
// headings with ids and links to them before and after, paragraphs,
// lists, tables, floats, forced and avoided breaks, empty blocks and
// margins collapsing, on small pages; every tenth is long.
func TestGrownBodyMixed(t *testing.T) {
	reg := fonts.NewRegistry(fonts.Options{})
	para := `<p>Survey team measured soil depth, water flow and station records along the river basin.</p>`
	parts := []func(i int) string{
		func(i int) string { return fmt.Sprintf(`<h2 id=h%d>Heading %d</h2>`, i, i) },
		func(i int) string { return para },
		func(i int) string {
			return fmt.Sprintf(`<p>See <a href="#h%d">heading %d</a> and <a href="#h%d">heading %d</a>.</p>`, i/2, i/2, i+3, i+3)
		},
		func(i int) string { return `<ul><li>One</li><li>Two ` + para + `</li></ul>` },
		func(i int) string {
			return `<table><tr><th>Site</th><th>Level</th></tr>` + strings.Repeat(`<tr><td>S-1</td><td>4.2 metres at noon</td></tr>`, 6) + `</table>`
		},
		func(i int) string { return `<div style="float:right;width:35%">Float beside</div>` + para },
		func(i int) string { return `<div style="break-before:page">` + para + `</div>` },
		func(i int) string { return `<h3 style="break-after:avoid">Kept</h3>` },
		func(i int) string { return `<div></div><div style="margin:25px 0"></div>` },
		func(i int) string {
			return `<div style="margin-bottom:30px"><p style="margin-bottom:45px">Margins</p></div>`
		},
	}
	rnd := rand.New(rand.NewPCG(24, 2026))
	for d := range 40 {
		var sb strings.Builder
		sb.WriteString(`<!doctype html><html lang=en><title>t</title><style>@page { size: A7 }</style><body>`)
		n := 30
		if d%10 == 9 {
			n = 1000 // past 100 pages: the file streams, subtrees are sealed
		}
		for i := range n {
			sb.WriteString(parts[rnd.IntN(len(parts))](i))
		}
		src := sb.String()
		want := writeGrown(t, reg, src, -1, false)
		for _, per := range []int{1, 2} {
			if got := writeGrown(t, reg, src, per, false); !bytes.Equal(got.pdf, want.pdf) {
				t.Errorf("document %d, %d children a call: the file (%d bytes, %d pages) differs from the one of the whole tree (%d bytes, %d pages)", d, per, len(got.pdf), got.pages, len(want.pdf), want.pages)
			}
		}
	}
}
