package box

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"weak"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
	"github.com/seed28491532/folio/svg"
)

// streamed is a tree built by a Stream, with what its calls returned.
type streamed struct {
	s    *Stream
	tree *Tree
	// returned are the boxes NewStream's Append and Finish calls
	// returned, in order
	returned []*Box
	// whole is Whole after each step (NewStream, each Append, Finish)
	whole []string
	// built holds the elements of the boxes Built gave after each call
	built map[*html.Node]bool
}

// noteBuilt adds the elements of the boxes s.Built gives to out.built.
func (out *streamed) noteBuilt() {
	for _, b := range out.s.Built() {
		b.Walk(func(c *Box) bool {
			if c.IsElement() {
				out.built[c.Node] = true
			}
			return true
		})
	}
}

// parseStyled parses src and computes its styles.
func parseStyled(t testing.TB, src string) (*html.Node, *style.Styles) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	st, err := style.Compute(context.Background(), doc, style.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return doc, st
}

// streamBuild builds doc's tree with a Stream as a parser would feed
// it: the body holds only the child being appended (those before are
// let go, those after not parsed yet); the DOM is put back after.
func streamBuild(t testing.TB, doc *html.Node, ss StyleSource) *streamed {
	t.Helper()
	body := findElement(doc, "body")
	var kids []*html.Node
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		kids = append(kids, c)
	}
	for _, c := range kids {
		body.RemoveChild(c)
	}
	defer func() {
		for c := body.FirstChild; c != nil; c = body.FirstChild {
			body.RemoveChild(c)
		}
		for _, c := range kids {
			body.AppendChild(c)
		}
	}()
	s, err := NewStream(context.Background(), doc, body, ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := &streamed{s: s, tree: s.Tree(), whole: []string{s.Whole()}, built: map[*html.Node]bool{}}
	for _, c := range kids {
		body.AppendChild(c)
		got, err := s.Append(c)
		if err != nil {
			t.Fatal(err)
		}
		out.noteBuilt()
		body.RemoveChild(c)
		out.returned = append(out.returned, got...)
		out.whole = append(out.whole, s.Whole())
	}
	got, err := s.Finish()
	if err != nil {
		t.Fatal(err)
	}
	out.noteBuilt()
	out.returned = append(out.returned, got...)
	out.whole = append(out.whole, s.Whole())
	return out
}

// treeDiff returns the first difference between trees a (Build's) and
// b (a Stream's), "" when they are equal. styles is the StyleSource
// both used: a box whose style is the source's must have the same
// pointer in both; other styles (anonymous boxes, copies) are compared
// by value.
func treeDiff(a, b *Tree, styles StyleSource) string {
	switch {
	case a.Scanned != b.Scanned, a.StringSets != b.StringSets, a.PageCounters != b.PageCounters, a.ClipURLs != b.ClipURLs:
		return fmt.Sprintf("flags: Build %v/%v/%v/%v, stream %v/%v/%v/%v", a.Scanned, a.StringSets, a.PageCounters, a.ClipURLs,
			b.Scanned, b.StringSets, b.PageCounters, b.ClipURLs)
	case (a.PageImage == nil) != (b.PageImage == nil):
		return "PageImage set in one tree only"
	case len(a.Diagnostics) != len(b.Diagnostics):
		return fmt.Sprintf("%d diagnostics, stream %d", len(a.Diagnostics), len(b.Diagnostics))
	}
	for i := range a.Diagnostics {
		if a.Diagnostics[i] != b.Diagnostics[i] {
			return fmt.Sprintf("diagnostic %d: %+v, stream %+v", i, a.Diagnostics[i], b.Diagnostics[i])
		}
	}
	c := &treeCmp{styles: styles, pair: map[*Box]*Box{}}
	if d := c.box(a.Root, b.Root, "root"); d != "" {
		return d
	}
	return c.refs()
}

// treeCmp compares two trees box by box.
type treeCmp struct {
	styles StyleSource
	// pair maps the boxes of the first tree to those of the second
	pair map[*Box]*Box
	// refs are the references between boxes to check once every box
	// is paired
	links [][2]*Box
	where []string
}

// link notes that box x of the first tree refers to y, and x' to y'.
func (c *treeCmp) link(x, y *Box, at string) {
	c.links = append(c.links, [2]*Box{x, y})
	c.where = append(c.where, at)
}

func (c *treeCmp) refs() string {
	for i, l := range c.links {
		x, y := l[0], l[1]
		if x == nil && y == nil {
			continue
		}
		if x == nil || y == nil || c.pair[x] != y {
			return c.where[i] + ": refers to a different box"
		}
	}
	return ""
}

func (c *treeCmp) box(x, y *Box, at string) string {
	if x == nil || y == nil {
		if x != y {
			return at + ": a box in one tree only"
		}
		return ""
	}
	at = fmt.Sprintf("%s/%s%s#%d", at, x.Kind, tagOf(x), x.Index)
	c.pair[x] = y
	switch {
	case x.Kind != y.Kind || x.Pseudo != y.Pseudo || x.Anonymous != y.Anonymous || x.Continuation != y.Continuation ||
		x.ListItem != y.ListItem || x.MarkerShape != y.MarkerShape || x.Outside != y.Outside || x.FlexItem != y.FlexItem:
		return at + fmt.Sprintf(": flags differ: %+v vs %+v", *x, *y)
	case x.Node != y.Node:
		return at + ": node differs"
	case x.Text != y.Text:
		return fmt.Sprintf("%s: text %q, stream %q", at, x.Text, y.Text)
	case x.Index != y.Index:
		return fmt.Sprintf("%s: index %d, stream %d", at, x.Index, y.Index)
	case len(x.Children) != len(y.Children):
		return fmt.Sprintf("%s: %d children, stream %d\n%s--- stream\n%s", at, len(x.Children), len(y.Children), Dump(x), Dump(y))
	case !reflect.DeepEqual(x.Decorations(), y.Decorations()):
		return at + ": decorations differ"
	case x.Pending() || y.Pending():
		return at + ": pending children"
	}
	if d := c.style(x, y); d != "" {
		return at + d
	}
	if d := imageDiff(x.Image, y.Image); d != "" {
		return at + ": image: " + d
	}
	if d := c.rare(x, y, at); d != "" {
		return d
	}
	c.link(x.Parent, y.Parent, at+" Parent")
	c.link(x.Marker, y.Marker, at+" Marker")
	for i := range x.Children {
		if d := c.box(x.Children[i], y.Children[i], at); d != "" {
			return d
		}
	}
	return ""
}

// style compares the boxes' styles: the source's pointer when Build's
// box has it, else equal values.
func (c *treeCmp) style(x, y *Box) string {
	if x.Style == y.Style {
		return ""
	}
	if x.Style == nil || y.Style == nil {
		return ": style nil in one tree"
	}
	if x.Node != nil && c.styles.Of(x.Node, x.Pseudo) == x.Style {
		return ": the stream's style is not the source's"
	}
	if !reflect.DeepEqual(*x.Style, *y.Style) {
		return ": styles differ"
	}
	return ""
}

func (c *treeCmp) rare(x, y *Box, at string) string {
	if (x.rare == nil) != (y.rare == nil) {
		return at + ": rare fields in one tree only"
	}
	if x.rare == nil {
		return ""
	}
	r, s := x.rare, y.rare
	switch {
	case !reflect.DeepEqual(r.Strings, s.Strings):
		return fmt.Sprintf("%s: strings %q, stream %q", at, r.Strings, s.Strings)
	case !reflect.DeepEqual(r.ContentParts, s.ContentParts), r.Leader != s.Leader, r.Continued != s.Continued:
		return at + ": content parts, leader or continued differ"
	case len(r.Backgrounds) != len(s.Backgrounds), len(r.Masks) != len(s.Masks), len(r.Fixed) != len(s.Fixed):
		return at + ": backgrounds, masks or fixed boxes differ"
	}
	for i := range r.Backgrounds {
		if d := imageDiff(r.Backgrounds[i], s.Backgrounds[i]); d != "" {
			return at + ": background: " + d
		}
	}
	for i := range r.Masks {
		if d := imageDiff(r.Masks[i], s.Masks[i]); d != "" {
			return at + ": mask: " + d
		}
	}
	for i := range r.Fixed {
		c.link(r.Fixed[i], s.Fixed[i], at+" Fixed")
	}
	c.link(r.InInline, s.InInline, at+" InInline")
	c.link(r.Source, s.Source, at+" Source")
	if d := c.box(r.FirstLine, s.FirstLine, at+" first-line"); d != "" {
		return d
	}
	return c.box(r.Footnote, s.Footnote, at+" footnote")
}

func tagOf(b *Box) string {
	if t := b.Tag(); t != "" {
		return "<" + t + ">"
	}
	return ""
}

// imageDiff compares two loaded images.
func imageDiff(a, b *Image) string {
	if a == nil || b == nil {
		if a != b {
			return "in one tree only"
		}
		return ""
	}
	if a.Src != b.Src || a.Alt != b.Alt || a.HasAlt != b.HasAlt || a.Decorative != b.Decorative || a.Format != b.Format ||
		a.PixelWidth != b.PixelWidth || a.PixelHeight != b.PixelHeight || string(a.Data) != string(b.Data) ||
		fmt.Sprint(a.Err) != fmt.Sprint(b.Err) || (a.SVG == nil) != (b.SVG == nil) ||
		a.SVG != nil && a.SVG.Expanded() != b.SVG.Expanded() {
		return fmt.Sprintf("%+v vs %+v", *a, *b)
	}
	if a.SVG != nil {
		o := svg.RenderOptions{Width: 100, Height: 100}
		sa, errA := a.SVG.Render(context.Background(), o)
		sb, errB := b.SVG.Render(context.Background(), o)
		if errA != nil || errB != nil || !reflect.DeepEqual(sa, sb) {
			return fmt.Sprintf("SVG drawn differently: %v, %v\n%+v\n%+v", errA, errB, sa, sb)
		}
	}
	return ""
}

const pixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

// streamDocs are documents the stream must build as Build does.
var streamDocs = []struct{ name, src string }{
	{"blocks", `<p>one</p><p>two</p>`},
	{"empty body", ``},
	{"white space only", "  \n  <!-- c -->\n "},
	{"inline only", `some <b>bold</b> text <i>and more</i>`},
	{"inline before, between, after", `lead <em>in</em><p>a</p> mid <b>b</b> <div>c</div> tail <i>i</i> `},
	{"space runs between blocks", "<p>a</p>\n   \n<p>b</p>\n"},
	{"split inline", `<span>a<div>b</div>c</span> after <p>p</p><a href="#">x<p>y</p></a>`},
	{"split inline last", `<p>p</p><span>a<div>b</div>c</span> tail`},
	{"nested split inline", `<b>x<i>y<div>z</div>w</i>v</b><p>q</p>`},
	{"counters", `<style>body{counter-reset:sec 3 fig} h2{counter-increment:sec} h2::before{content:counter(sec) ". "}
		p{counter-increment:fig} p::after{content:" (" counters(fig, ".") ")"} section{counter-reset:fig}</style>
		<h2>A</h2><p>x</p><section><p>y</p><h2>B</h2><p>z</p></section><p>w</p><h2>C</h2>`},
	{"body pseudo-elements", `<style>body::before{content:"start " open-quote} body::after{content:close-quote " end"}
		p::before{content:open-quote} p::after{content:close-quote}</style><p>a</p>text<p>b</p>`},
	{"body block pseudo-elements", `<style>body::before{content:"start";display:block} body::after{content:"end";display:block}</style>inline<p>b</p>more`},
	{"body after only inline", `<style>body::after{content:"end"}</style>some text`},
	{"quotes", `<style>q{quotes:"«" "»" "‹" "›"}</style><p><q>a <q>b</q></q></p> <q>c</q><p>d <q>e</q></p>`},
	{"lists", `<ul><li>one<li>two<ol start=4><li>four<li value=9>nine<li>ten</ol></ul><ol reversed><li>a<li>b<li>c</ol>
		<ol><li>x</ol><ul style="list-style-type:square"><li>s</ul><ol style="list-style-position:inside"><li>in</ol>`},
	{"list items at body level", `<li>loose</li><li>second</li><p>p</p>`},
	{"string-set", `<style>h1{string-set:title content(), chap counter(page)} .h{display:none;string-set:hidden "H"}</style>
		<h1>Title</h1><p>a</p><div class=h></div>x<p>b</p><div class=h>z</div>`},
	{"hidden string at the end", `<style>.h{display:none;string-set:hidden "H"}</style><p>a</p><div class=h></div>`},
	{"display none and contents", `<p>a</p><div style="display:none"><p>no</p></div> in <div style="display:contents">c1<p>c2</p>c3</div><span style="display:contents"><b>x</b></span>`},
	{"tables", `<table><caption>c</caption><tr><td>1<td>2</tr></table> x <div style="display:table-row"><span>r</span></div>
		<div style="display:table-cell">c</div> <div style="display:table-cell">d</div><p>after</p><div style="display:table-cell">e</div>`},
	{"table parts only", `<div style="display:table-cell">c</div> <div style="display:table-cell">d</div>`},
	{"images", `<img src="` + pixel + `" alt="px"> text <p><img src="` + pixel + `"></p><img src="data:image/png;base64,AAAA"><img src="` + pixel + `" style="display:block">`},
	{"inline svg", `<svg width="10" height="10" aria-label="sq"><rect width="10" height="10"/></svg><p>x</p><svg width="5" height="5"><title>t</title></svg>`},
	{"floats and positioned", `<p>a</p><div style="float:left">f</div> <div style="position:absolute">abs</div><p>b</p> x <span style="float:right">g</span>`},
	{"only out of flow", `<div style="float:left">f</div><span style="position:absolute">a</span>`},
	{"breaks and text", `a<br>b<p>c</p>d<br>`},
	{"white-space pre", `<style>body{white-space:pre}</style>  a  <p> b </p>  c  `},
	{"first-letter and first-line on children", `<style>p::first-letter{color:red} div::first-line{color:blue}</style><p>hello</p><div>line one</div>`},
	{"inline-block and flex children", `<span style="display:inline-block">ib</span> <div style="display:flex">a<b>b</b></div><div style="display:grid">g</div>`},
	{"body overflow propagated", `<style>body{overflow:hidden}</style><p>a</p>`},
	{"text decoration on body", `<style>body{text-decoration:underline}</style>t<p>p</p>u`},
	{"content after body in html", `<p>a</p></body><!-- after -->`},
	{"svg ids of earlier children", `<svg width="9" height="9"><defs><rect id="r" width="5" height="5"/></defs></svg><p>x</p>` +
		`<div><svg width="9" height="9"><use href="#r"/><use href="#r" x="4"/></svg></div>`},
	{"style sheet before an svg", `<style>rect{fill:red}</style><p>x</p><svg width="9" height="9"><rect width="5" height="5"/></svg>`},
	{"aria-labelledby in the same child", `<p><img src="` + pixel + `" aria-labelledby="l"><span id=l>label</span></p>` +
		`<div><svg width="9" height="9" aria-labelledby="m n"><title id=m>t</title></svg><b id=n>bold</b></div>`},
	{"aria-labelledby in the head", `<p><img src="` + pixel + `" aria-labelledby="t"></p>`},
	{"reversed counters inside a child", `<style>i::before{content:counter(c)} i{counter-increment:c -1}</style>` +
		`<div><span style="counter-reset:reversed(c)"></span><i></i><i></i></div><div><i></i></div>`},
	{"root pseudo-elements", `<style>html::before{content:"x"} html::after{content:"y"}</style><p>a</p>`},
	{"inline link at body level", `<a href="#t">link</a> and <h1>head</h1><a href="#t">again</a>`},
	{"backgrounds", `<div style="background-image:url(` + pixel + `)">b</div>`},
}

// TestStreamMatchesBuild builds documents with a Stream, a body child
// at a time with the body holding that child only, and compares the
// tree with Build's box by box; the boxes Append and Finish return are
// the body's children, in order, numbered after those before.
func TestStreamMatchesBuild(t *testing.T) {
	for _, tt := range streamDocs {
		t.Run(tt.name, func(t *testing.T) {
			src := "<!doctype html><html><head><title id=t>t</title></head><body>" + tt.src
			doc, ss := parseStyled(t, src)
			want, err := Build(context.Background(), doc, ss, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := streamBuild(t, doc, ss)
			if d := treeDiff(want, got.tree, ss); d != "" {
				t.Fatalf("%s\n--- Build\n%s--- stream\n%s", d, Dump(want.Root), Dump(got.tree.Root))
			}
			body := got.s.Body()
			if len(got.returned) != len(body.Children) {
				t.Fatalf("Append and Finish returned %d boxes, the body has %d children", len(got.returned), len(body.Children))
			}
			for i, b := range got.returned {
				if body.Children[i] != b {
					t.Fatalf("box %d returned is not the body's child %d", i, i)
				}
			}
			for _, c := range body.Children {
				c.Walk(func(b *Box) bool {
					if b.IsElement() && !got.built[b.Node] {
						t.Errorf("<%s>'s box was not among those Built gave", b.Tag())
					}
					return true
				})
			}
			for i, w := range got.whole {
				if w != "" {
					t.Errorf("step %d: Whole = %q, want \"\"", i, w)
				}
			}
		})
	}
}

// TestStreamWhole checks each reason a stream needs the whole document:
// a child's reason shows from the Append that builds it on, the root's
// and the body's from NewStream on.
func TestStreamWhole(t *testing.T) {
	tests := []struct {
		name, style, body string
		want              string
		fromStart         bool
	}{
		{"running", ``, `<p>a</p><div style="position: running(hdr)">h</div>`, "running", false},
		{"fixed", ``, `<p>a</p><div style="position: fixed">f</div>`, "position: fixed", false},
		{"footnote", ``, `<p>a</p><p>b<span style="float: footnote">n</span></p>`, "footnote", false},
		{"target-counter page", `a::after{content: target-counter(attr(href), page)}`, `<p id=x>a</p><p><a href="#x">x</a></p>`, "target-counter", false},
		{"target-text", `a::after{content: target-text(attr(href))}`, `<p id=x>a</p><p><a href="#x">x</a></p>`, "target-text", false},
		{"target-counter", `a::after{content: target-counter(attr(href), c)}`, `<p id=x>a</p><p><a href="#x">x</a></p>`, "target-counter", false},
		{"leader", `li::after{content: leader(".") "1"}`, `<p>a</p><ul><li>x</ul>`, "leader()", false},
		{"named page", ``, `<p>a</p><div style="page: wide">w</div>`, "named page", false},
		{"clip-path url", ``, `<p>a</p><div style="clip-path: url(#c)">c</div>`, "clip-path", false},
		{"string of pages", `h1{string-set: t "of " counter(pages)}`, `<p>a</p><h1>h</h1>`, "counter(pages)", false},
		{"svg id of a later child", ``, `<svg width="9" height="9"><use href="#r"/></svg><svg width="9" height="9"><rect id="r" width="5" height="5"/></svg>`, "SVG id", false},
		{"style sheet after an svg", ``, `<svg width="9" height="9"><rect width="5" height="5"/></svg><style>rect{fill:red}</style>`, "style sheet", false},
		{"aria-labelledby before", ``, `<p id=l>label</p><img src="` + pixel + `" aria-labelledby="l">`, "built before", false},
		{"aria-labelledby after", ``, `<p>a</p><img src="` + pixel + `" aria-labelledby="l"><p id=l>label</p>`, "not built yet", false},
		{"reversed counter on a body child", `i::before{content:counter(c)} i{counter-increment:c -1}`, `<p>a</p><div style="counter-reset:reversed(c)"><i></i></div><i></i>`, "reversed(c)", false},
		{"reversed counter on the body", `body{counter-reset:reversed(c)}`, `<p>a</p>`, "reversed(c)", true},
		{"body flex", `body{display: flex}`, `<p>a</p>`, "not display: block", true},
		{"body grid", `body{display: grid}`, `<p>a</p>`, "not display: block", true},
		{"body table", `body{display: table}`, `<p>a</p>`, "not display: block", true},
		{"body list-item", `body{display: list-item}`, `<p>a</p>`, "not display: block", true},
		{"body contents", `body{display: contents}`, `<p>a</p>`, "no block box", true},
		{"root none", `html{display: none}`, `<p>a</p>`, "no block box", true},
		{"body columns", `body{columns: 2}`, `<p>a</p>`, "multi-column", true},
		{"root overflow", `html{overflow: hidden}`, `<p>a</p>`, "overflow", true},
		{"body float", `body{float: left}`, `<p>a</p>`, "floats", true},
		{"body relative", `body{position: relative}`, `<p>a</p>`, "positioned", true},
		{"body transform", `body{transform: rotate(1deg)}`, `<p>a</p>`, "transformed", true},
		{"body first-line", `body::first-line{color: red}`, `<p>a</p>`, "::first-line", true},
		{"body first-letter", `body::first-letter{color: red}`, `<p>a</p>`, "::first-letter", true},
		{"root first-letter", `html::first-letter{color: red}`, `<p>a</p>`, "::first-letter", true},
		{"canvas image", `body{background-image: url(` + pixel + `)}`, `<p>a</p>`, "background image", true},
		{"root canvas image", `html{background-image: url(` + pixel + `)}`, `<p>a</p>`, "background image", true},
		{"body named page", `body{page: wide}`, `<p>a</p>`, "named page", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, ss := parseStyled(t, "<html><head><style>"+tt.style+"</style></head><body>"+tt.body)
			got := streamBuild(t, doc, ss)
			first := got.whole[0]
			if tt.fromStart != (first != "") {
				t.Errorf("Whole after NewStream = %q, from the start: %v", first, tt.fromStart)
			}
			if !tt.fromStart && got.whole[1] != "" {
				t.Errorf("Whole after the first child, which needs nothing = %q", got.whole[1])
			}
			if last := got.whole[len(got.whole)-1]; !strings.Contains(last, tt.want) {
				t.Errorf("Whole = %q, want it to say %q", last, tt.want)
			}
		})
	}
}

// TestStreamMisuse checks the errors of a stream used wrongly: a body
// that is not the root's child, Append after Finish, a done context.
func TestStreamMisuse(t *testing.T) {
	doc, ss := parseStyled(t, "<p>a</p><p>b</p>")
	body := findElement(doc, "body")
	if _, err := NewStream(context.Background(), doc, findElement(doc, "p"), ss, Options{}); err == nil || !strings.Contains(err.Error(), "child of the document's root") {
		t.Errorf("NewStream with a p for body: %v", err)
	}
	if _, err := NewStream(context.Background(), doc, nil, ss, Options{}); err == nil {
		t.Error("NewStream without a body: no error")
	}
	s, err := NewStream(context.Background(), doc, body, ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(body.FirstChild); err == nil || !strings.Contains(err.Error(), "after Finish") {
		t.Errorf("Append after Finish: %v", err)
	}
	if _, err := s.Finish(); err == nil {
		t.Error("Finish twice: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	s, err = NewStream(ctx, doc, body, ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if _, err := s.Append(body.FirstChild); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Errorf("Append with a canceled context: %v", err)
	}
	if _, err := s.Finish(); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Errorf("Finish after a canceled Append: %v", err)
	}
	s, err = NewStream(context.Background(), doc, body, ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(nil); err == nil {
		t.Error("Append(nil): no error")
	}
}

// streamPieces are the fragments TestStreamRandomDocs puts together.
var streamPieces = []string{
	"<p>para</p>", "text ", "  \n ", "<b>bold</b>", "<span>a<div>blk</div>b</span>",
	`<div style="display:table-cell">cell</div>`, `<div style="display:table-row"><i>r</i></div>`,
	`<div style="float:left">fl</div>`, `<span style="position:absolute">abs</span>`,
	`<div style="display:none">no</div>`, `<div style="display:contents">x<p>y</p></div>`,
	"<ul><li>item</ul>", "<br>", `<img src="` + pixel + `">`, "<q>quote</q>", "<h2>head</h2>",
	`<span style="display:inline-block">ib</span>`, "<table><tr><td>t</table>", "<li>loose</li>",
	`<div class=c>counted</div>`, `<em>x<span>y<p>z</p></span></em>`,
	`<div style="display:table-caption">cap</div>`, `<div style="display:table-column"></div>`,
	`<div style="display:table-row-group"><div style="display:table-cell">g</div></div>`,
	`<span style="display:inline-table">it</span>`, `<div style="display:flex">f<b>x</b></div>`,
	`<span style="display:inline-flex">if</span>`, `<svg width="4" height="4"><rect width="2" height="2"/></svg>`,
	`<p class=fl>first letter</p>`, `<pre> pre  text </pre>`, `<span style="white-space:pre">  sp  </span>`,
}

// TestStreamRandomDocs compares Stream and Build on documents made of
// random runs of streamPieces (fixed seeds).
func TestStreamRandomDocs(t *testing.T) {
	const css = `<style>body::before{content:"B"} body::after{content:"A"} .c{counter-increment:c} .c::before{content:counter(c) open-quote}
		.c::after{content:close-quote} h2{string-set:h content()}
		.fl::first-letter{float:left} .fl::first-line{color:red}</style>`
	for seed := range uint64(200) {
		r := rand.New(rand.NewPCG(seed, 7))
		var sb strings.Builder
		for range r.IntN(12) {
			sb.WriteString(streamPieces[r.IntN(len(streamPieces))])
		}
		doc, ss := parseStyled(t, "<html><head>"+css+"</head><body>"+sb.String())
		want, err := Build(context.Background(), doc, ss, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := streamBuild(t, doc, ss)
		if d := treeDiff(want, got.tree, ss); d != "" {
			t.Fatalf("seed %d: %s\nbody: %s", seed, d, sb.String())
		}
	}
}

// TestStreamLetsGo checks that a stream keeps no box once it is
// appended: when the consumer lets go of the body's children (as layout
// does with the pages it has handed on), the boxes of the first
// children are garbage while later ones are built.
func TestStreamLetsGo(t *testing.T) {
	doc, ss := parseStyled(t, longDoc(40))
	body := findElement(doc, "body")
	s, err := NewStream(context.Background(), doc, body, ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var early []weak.Pointer[Box]
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		got, err := s.Append(c)
		if err != nil {
			t.Fatal(err)
		}
		if len(early) < 20 {
			for _, b := range got {
				b.Walk(func(x *Box) bool {
					early = append(early, weak.Make(x))
					return true
				})
			}
		}
		s.Body().Children = nil
	}
	if len(early) < 20 {
		t.Fatalf("only %d boxes from the first children", len(early))
	}
	runtime.GC()
	kept := 0
	for _, w := range early {
		if w.Value() != nil {
			kept++
		}
	}
	if kept > 0 {
		t.Errorf("%d of the %d boxes of the first children are still reachable", kept, len(early))
	}
	runtime.KeepAlive(s)
}

// TestStreamGrow wires a stream to the body box's SetGrow as layout
// takes it: each Grow appends the boxes of the next children that give
// some (a child may give none: its inline content is held), the last
// ones Finish's; the grown tree is Build's.
func TestStreamGrow(t *testing.T) {
	doc, ss := parseStyled(t, "<html><head><style>body::after{content:'end'}</style></head><body>"+
		"lead <p>a</p> x <span>y</span> <div>b</div>  tail")
	want, err := Build(context.Background(), doc, ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	body := findElement(doc, "body")
	s, err := NewStream(context.Background(), doc, body, ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	next, finished, grows := body.FirstChild, false, 0
	s.Body().SetGrow(func() bool {
		grows++
		for next != nil {
			n := next
			next = n.NextSibling
			got, err := s.Append(n)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) > 0 {
				return true
			}
		}
		if finished {
			return false
		}
		finished = true
		got, err := s.Finish()
		if err != nil {
			t.Fatal(err)
		}
		return len(got) > 0
	})
	s.Body().GrowAll()
	if !finished || s.Body().Pending() {
		t.Fatalf("after GrowAll: finished %v, pending %v", finished, s.Body().Pending())
	}
	if grows != 4 {
		t.Errorf("%d calls of grow, want 4 (up to <p>, up to <div>, Finish, the end)", grows)
	}
	s.Body().rare = nil // only the spent grow function was there
	if d := treeDiff(want, s.Tree(), ss); d != "" {
		t.Fatal(d)
	}
}
