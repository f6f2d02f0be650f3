package style

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/internal/benchdoc"
)

// streamCases are documents over every selector kind and property group
// the streamed cascade must compute as Compute does.
var streamCases = map[string]string{
	"siblings": `<style>
h2 + p { color: red } h2 ~ p { margin-top: 3pt } section:first-child { padding: 1pt }
div:last-child { border: 1px solid } p:only-child { font-weight: bold } :nth-child(odd) { text-indent: 2pt }
p:first-of-type { font-style: italic } div:nth-of-type(2) { margin-left: 5pt } :nth-child(3n+2 of div) { color: blue }
div:not(:last-child) { margin-bottom: 7pt } :is(h2, p):first-child + * { letter-spacing: 1pt } div:empty { height: 4pt }
</style><body><section><p>only</p></section><h2>t</h2><p>a</p><p>b</p><div></div> text <div><p>x</p><p>y</p></div><h2>u</h2><p>c</p><div>last</div></body>`,
	"attributes": `<style>[data-x] { color: green } [lang|=en] { font-size: 9pt } a[href^="http"] { text-decoration: none }
[class~=note] { padding: 2pt } [title$="end" i] { margin: 1pt } input[type=checkbox] { width: 9pt }</style>
<body><p data-x>a</p><p lang="en-GB">b <a href="https://x">l</a><a href="/y">m</a></p><div class="a note b" title="The END">c</div><input type=checkbox></body>`,
	"custom properties": `<style>:root { --c: red; --gap: 3pt } body { --w: 10pt } p { color: var(--c); margin: var(--gap) var(--w) }
.scope { --c: blue } .scope p { padding: calc(var(--gap) * 2) } .bad { width: var(--missing) }</style>
<body><p>a</p><div class="scope"><p>b</p><div style="--c: green"><p>c</p></div></div><p class="bad">d</p></body>`,
	"inherit em rem": `<style>html { font-size: 20px } body { font-size: 12pt; border-color: olive } p { font-size: 1.5em; margin: 1rem 2em }
span { border-top-color: inherit; border-top-style: solid; width: 3rem } div { line-height: inherit; padding: 2ex }</style>
<body><p>a <span>s</span></p><div style="font-size: 2rem"><p>b</p></div></body>`,
	"pseudo-elements": `<style>p::before { content: "> " } p::after { content: attr(data-a) } li::marker { color: red }
p::first-line { font-weight: bold } p::first-letter { font-size: 2em } .n::before { content: none } li.c::marker { content: "- " }
</style><body><p data-a="!">a</p><ul><li>x</li><li class="c">y</li></ul><p class="n">b</p><ol><li>z</li></ol></body>`,
	"lang": `<html lang="fr"><style>:lang(de) { color: red } q { quotes: auto } :lang(fr) > q { font-style: italic }</style>
<body><p><q>a</q></p><div lang="de"><p><q>b</q></p></div><p lang="en"><q>c</q></p></body></html>`,
	"svg": `<style>svg rect { fill: red } circle { stroke: blue } svg { width: 10pt }</style>
<body><p>a</p><svg viewBox="0 0 10 10"><rect style="fill: blue; bogus: 1" width="5" height="5"/><g><circle r="2"/></g></svg><p>b</p></body>`,
	"style attributes": `<body><div style="color: red; bogus: 1">a</div><p style="margin: 1pt 2pt 3pt 4pt 5pt">b</p>
<div style="color: red; bogus: 1"><span style="font-size: 9pt">c</span></div><p style="padding: 2pt !important">d</p></body>`,
	"counters": `<style>body { counter-reset: ch sec } h2 { counter-increment: ch; counter-reset: sec }
h2::before { content: counter(ch) ". " } h3::before { content: counter(ch) "." counter(sec, lower-roman) " " } h3 { counter-increment: sec }
ol { counter-reset: item 5 } li { counter-increment: item 2 }</style>
<body><h2>a</h2><h3>b</h3><h3>c</h3><h2>d</h2><ol><li>x</li><li>y</li></ol></body>`,
	"html and body": `<html class="dark"><style>body > div { color: red } html .x { color: green } body.wide p { margin: 0 }
.dark div p { font-weight: bold } body div > p:first-child { color: navy } * { orphans: 3 }</style>
<body class="wide" style="font-size: 11pt"><div><p class="x">a</p></div><p>b</p><div><div><p>c</p></div></div></body></html>`,
	"sharing": `<style>p { color: red } .a { color: blue } div p { margin: 2pt }</style><body>` +
		strings.Repeat(`<div><p>a</p><p class="a">b</p></div><p>c</p>`, 40) + `</body>`,
	"display and tables": `<style>table { border-collapse: collapse } td:nth-child(2) { color: red } tr:nth-child(even) td { background: #eee }
span { display: block } thead th { font-weight: bold } caption { caption-side: bottom }</style>
<body><span>s</span><table><caption>c</caption><thead><tr><th>h</th><th>i</th></tr></thead>
<tbody><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></tbody></table><span>t</span></body>`,
	"no body children": `<style>body { color: red }</style><body></body>`,
	"text only":        `<body>just text</body>`,
}

// streamCompute computes the styles of src the streamed way: the body's
// children detached, then appended one at a time, each element computed
// once the next element is in the tree (the last at the end), as
// ComputeChild requires.
func streamCompute(t *testing.T, src string, opts Options) (*Styles, *html.Node, error) {
	return streamComputeFrom(t, src, opts, 0)
}

// streamComputeFrom is streamCompute with the first attached children of
// the body left in the tree for ComputeStream (computed by ComputeChild
// like the others).
func streamComputeFrom(t *testing.T, src string, opts Options, attached int) (*Styles, *html.Node, error) {
	t.Helper()
	doc := parseHTML(t, src)
	body := find(doc, "body")
	var kids []*html.Node
	c := body.FirstChild
	for i := 0; i < attached && c != nil; i++ {
		kids = append(kids, c)
		c = c.NextSibling
	}
	for c != nil {
		next := c.NextSibling
		body.RemoveChild(c)
		kids = append(kids, c)
		c = next
	}
	ctx := context.Background()
	st, err := ComputeStream(ctx, doc, body, opts)
	if err != nil {
		t.Fatal(err)
	}
	// pending are the children appended since the last element computed
	var pending []*html.Node
	for _, c := range kids {
		if c.Parent == nil {
			body.AppendChild(c)
		}
		if c.Type == html.ElementNode {
			for _, p := range pending {
				if err := st.ComputeChild(ctx, p); err != nil {
					return st, doc, err
				}
			}
			pending = pending[:0]
		}
		pending = append(pending, c)
	}
	for _, p := range pending {
		if err := st.ComputeChild(ctx, p); err != nil {
			return st, doc, err
		}
	}
	return st, doc, nil
}

var allPseudos = []Pseudo{PseudoNone, PseudoBefore, PseudoAfter, PseudoMarker, PseudoFirstLetter, PseudoFirstLine, PseudoFootnoteCall, PseudoFootnoteMarker}

// sameAsWhole checks that the streamed styles of sdoc equal the whole
// document's of wdoc (the same document parsed twice), element by element
// and pseudo-element by pseudo-element, with the same diagnostics.
func sameAsWhole(t *testing.T, whole, streamed *Styles, wdoc, sdoc *html.Node) {
	t.Helper()
	if !reflect.DeepEqual(whole.Diagnostics(), streamed.Diagnostics()) {
		t.Errorf("diagnostics differ:\nwhole    %v\nstreamed %v", whole.Diagnostics(), streamed.Diagnostics())
	}
	if len(whole.nodes) != len(streamed.nodes) || len(whole.pseudos) != len(streamed.pseudos) {
		t.Errorf("%d/%d styles, %d/%d pseudo sets (whole/streamed)", len(whole.nodes), len(streamed.nodes), len(whole.pseudos), len(streamed.pseudos))
	}
	var ws, ss []*html.Node
	for n := range elementNodes(wdoc) {
		ws = append(ws, n)
	}
	for n := range elementNodes(sdoc) {
		ss = append(ss, n)
	}
	if len(ws) != len(ss) {
		t.Fatalf("%d elements whole, %d streamed", len(ws), len(ss))
	}
	for i, n := range ws {
		for _, p := range allPseudos {
			a, b := whole.Of(n, p), streamed.Of(ss[i], p)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("<%s> (element %d) pseudo %d: style differs:\nwhole    %+v\nstreamed %+v", n.Data, i, p, a, b)
			}
		}
	}
}

// TestComputeStreamSameStyles checks that ComputeStream and ComputeChild
// over every body child in turn give the styles and diagnostics Compute
// gives on the whole document: the targeted cases, the sharing and
// parallel cases and the corpus, with SVG content styled and skipped.
func TestComputeStreamSameStyles(t *testing.T) {
	docs := parallelDocs(t)
	for name, src := range streamCases {
		docs["stream: "+name] = src
	}
	// structural pseudo-classes that look at later siblings, on table rows
	// and cells (never children of the body): streamable
	docs["stream: zebra"] = strings.Replace(zebraTable(40), "<table>", "<p>a</p><table>", 1)
	units := func(families []string, weight int, style uint8) (float64, float64) {
		return 0.4 + float64(len(families))/10 + float64(weight)/10000, 0.45 + float64(style)/10
	}
	faceUnits := func(faces []FontFace) FontUnits {
		return func([]string, int, uint8) (float64, float64) { return 0.7, float64(len(faces)) / 10 }
	}
	docs["stream: font units"] = `<style>@font-face { font-family: F; src: url(f.woff) } p { margin: 1ex 2ch } .f { font-family: F; font-weight: bold; width: 10ch }</style>
<body><p>a</p><div class="f"><p style="font-style: italic; text-indent: 3ex">b</p></div></body>`
	for name, src := range docs {
		for _, opts := range []Options{{}, {SkipSVGContent: true}, {FontUnits: units, FaceUnits: faceUnits}} {
			whole, wdoc := compute(t, src, opts)
			attached := 0
			if opts.SkipSVGContent {
				attached = 3 // (the first children in the tree from the start)
			}
			streamed, sdoc, err := streamComputeFrom(t, src, opts, attached)
			if errors.Is(err, ErrWholeDocument) {
				continue // a style sheet in the body
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			reason := streamed.Streamable()
			if strings.HasPrefix(name, "stream: ") && reason != "" {
				t.Errorf("%s: not streamable: %s", name, reason)
			}
			if reason != "" {
				continue
			}
			t.Run(name, func(t *testing.T) {
				sameAsWhole(t, whole, streamed, wdoc, sdoc)
			})
		}
	}
}

// TestComputeStreamRelease checks that Release lets go of a child's
// styles (and its descendants' and pseudo-elements') and of nothing else,
// and that Done ends the stream.
func TestComputeStreamRelease(t *testing.T) {
	st, doc, err := streamCompute(t, streamCases["pseudo-elements"], Options{})
	if err != nil {
		t.Fatal(err)
	}
	ul, body := find(doc, "ul"), find(doc, "body")
	li := ul.FirstChild
	if st.Of(ul, PseudoNone) == nil || st.Of(li, PseudoMarker) == nil {
		t.Fatal("no styles before Release")
	}
	before := len(st.nodes)
	st.Release(ul)
	if st.Of(ul, PseudoNone) != nil || st.Of(li, PseudoNone) != nil || st.Of(li, PseudoMarker) != nil {
		t.Error("styles of the released child kept")
	}
	if got := before - len(st.nodes); got != 3 {
		t.Errorf("Release freed %d styles, want 3 (ul and its two li)", got)
	}
	if st.Of(body, PseudoNone) == nil || st.Of(find(doc, "p"), PseudoBefore) == nil {
		t.Error("Release let go of other elements' styles")
	}
	// a child whose descendants were unlinked before Release
	ol := find(doc, "ol")
	oli := ol.FirstChild
	ol.RemoveChild(oli)
	st.Release(ol)
	if st.Of(ol, PseudoNone) != nil || st.Of(oli, PseudoNone) != nil || st.Of(oli, PseudoMarker) != nil {
		t.Error("styles of a child unlinked before Release kept")
	}
	// ReleaseElements between children: the next one is computed all the
	// same
	st.ReleaseElements()
	extra := &html.Node{Type: html.ElementNode, Data: "p"}
	body.AppendChild(extra)
	if err := st.ComputeChild(context.Background(), extra); err != nil || st.Of(extra, PseudoNone) == nil {
		t.Errorf("ComputeChild after ReleaseElements: %v, style %v", err, st.Of(extra, PseudoNone))
	}
	st.Done()
	if err := st.ComputeChild(context.Background(), ul); err == nil {
		t.Error("ComputeChild after Done did not fail")
	}
	if r := st.Streamable(); r != "" {
		t.Errorf("Streamable after Done: %q", r)
	}
}

// TestComputeChildErrors checks the errors of ComputeChild: a node outside
// the body, a style sheet inside a child, a style attribute that needs the
// whole document, a child computed before the next one was in the tree, a
// cancelled context.
func TestComputeChildErrors(t *testing.T) {
	doc := parseHTML(t, `<style>p:last-child { color: red }</style><body></body>`)
	body := find(doc, "body")
	ctx := context.Background()
	st, err := ComputeStream(ctx, doc, body, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// child appends src's first node to the body and computes it with an
	// element after it, which it then takes out again
	child := func(ctx context.Context, src string) (*html.Node, error) {
		frag, err := html.ParseFragment(strings.NewReader(src), body)
		if err != nil {
			t.Fatal(err)
		}
		next := &html.Node{Type: html.ElementNode, Data: "hr"}
		body.AppendChild(frag[0])
		body.AppendChild(next)
		defer body.RemoveChild(next)
		return frag[0], st.ComputeChild(ctx, frag[0])
	}
	div := &html.Node{Type: html.ElementNode, Data: "div"}
	if err := st.ComputeChild(ctx, div); err == nil || !strings.Contains(err.Error(), "not a child of the body") {
		t.Errorf("detached child: %v", err)
	}
	if err := st.ComputeChild(ctx, &html.Node{Type: html.TextNode, Data: "x"}); err != nil {
		t.Errorf("text node: %v", err)
	}
	for _, src := range []string{`<div><style>p { color: red }</style></div>`, `<div><link rel=stylesheet href=a.css></div>`} {
		if _, err := child(ctx, src); !errors.Is(err, ErrWholeDocument) {
			t.Errorf("%s: %v, want ErrWholeDocument", src, err)
		}
	}
	for _, tc := range []struct{ src, want string }{
		{`<div><p style="position: fixed; top: 0">x</p></div>`, "style attribute with position: fixed"},
		{`<p>a<span style="float: footnote">n</span></p>`, "style attribute with float: footnote"},
		{`<table style="page: wide"></table>`, "style attribute with page: named page"},
		{`<p style="color: red; position: relative">x</p>`, ""},
		{`<template><style>p{}</style></template>`, ""},
	} {
		n, err := child(ctx, tc.src)
		if tc.want == "" && err != nil || tc.want != "" && (!errors.Is(err, ErrWholeDocument) || !strings.HasSuffix(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.src, err, tc.want)
		}
		if st.Of(n, PseudoNone) == nil {
			t.Errorf("%s: no style computed", tc.src)
		}
	}
	// a child computed while it was the last element, then another one
	last := &html.Node{Type: html.ElementNode, Data: "aside"}
	body.AppendChild(last)
	if err := st.ComputeChild(ctx, last); err != nil {
		t.Fatal(err)
	}
	if _, err := child(ctx, `<footer></footer>`); err == nil || !strings.Contains(err.Error(), "<aside> was computed before the element after it") {
		t.Errorf("child computed before its next sibling was there: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := child(cctx, `<p></p>`); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := ComputeStream(ctx, doc, div, Options{}); err == nil {
		t.Error("ComputeStream with a body outside the document did not fail")
	}
}

// TestLooksAtNext checks which sheets make a body child wait for the next
// element before it is computed, and that without them a child computed
// while it was last is no error.
func TestLooksAtNext(t *testing.T) {
	for _, tc := range []struct {
		css  string
		want bool
	}{
		{``, false},
		{`p { color: red } li:first-child {}`, false},
		{`li:last-child { margin: 0 }`, true},
		{`:not(:only-child) { margin: 0 }`, true},
		{`p:last-child::after { content: "." }`, true},
		{`tr:last-child td, td:only-child { margin: 0 }`, false},
		{`p:hover:last-child { color: red }`, false},
	} {
		doc := parseHTML(t, "<style>"+tc.css+"</style><body></body>")
		body := find(doc, "body")
		st, err := ComputeStream(context.Background(), doc, body, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := st.stream.needsNext; got != tc.want {
			t.Errorf("%q: looks at the next element %v, want %v", tc.css, got, tc.want)
		}
		if tc.want {
			continue
		}
		for _, tag := range []string{"p", "div"} {
			n := &html.Node{Type: html.ElementNode, Data: tag}
			body.AppendChild(n)
			if err := st.ComputeChild(context.Background(), n); err != nil {
				t.Errorf("%q: %v", tc.css, err)
			}
		}
	}
}

// TestStreamable checks the reason Streamable gives for each feature that
// keeps a document from streaming, and "" for those that do not.
func TestStreamable(t *testing.T) {
	tests := []struct{ name, css, body, want string }{
		{"plain", `p { color: red } li:last-child { margin: 0 } p:only-child {} p:first-of-type {}`, ``, ""},
		{"has", `div:has(> img) { padding: 0 }`, ``, "selector :has()"},
		{"nth-last-child", `li:nth-last-child(2) { color: red }`, ``, "selector :nth-last-child()"},
		{"nth-last-of-type", `p:NTH-LAST-OF-TYPE(1) { color: red }`, ``, "selector :nth-last-of-type()"},
		{"last-of-type", `p:last-of-type { color: red }`, ``, "selector :last-of-type"},
		{"only-of-type", `:not(p:only-of-type) { color: red }`, ``, "selector :only-of-type"},
		{"table rows", `tbody tr:nth-last-child(-n+3) { color: red } tr:last-child td:last-of-type, TH:Only-Of-Type { margin: 0 }`, ``, ""},
		{"table rows with a namespace", `*|tr:nth-last-of-type(2) { color: red }`, ``, ""},
		{"table cell in not", `td:not(:last-of-type) { color: red }`, ``, "selector :last-of-type"},
		{"table", `table:last-of-type { color: red }`, ``, "selector :last-of-type"},
		{"div after a row", `tr:last-of-type, div:last-of-type { color: red }`, ``, "selector :last-of-type"},
		{"row has", `tr:has(td) { color: red }`, ``, "selector :has()"},
		{"escaped", `tr[title="a)"] :last-of-type { color: red }`, ``, "selector :last-of-type"},
		{"empty", `:empty { display: none }`, ``, "selector :empty on the body"},
		{"body empty", `body:empty::before { content: "x" }`, ``, "selector :empty on the body"},
		{"empty elements", `div:empty, p:not(:empty), :empty + p, :empty > p, td:empty { display: none }`, ``, ""},
		{"contains", `:contains("x") { color: red }`, ``, "selector :contains on the body"},
		{"empty in not", `:not(:empty) { color: red }`, ``, "selector :empty on the body"},
		{"last-of-type in a pseudo-element rule", `p:last-of-type::before { content: "x" }`, ``, "selector :last-of-type"},
		{"running", `header { position: running(head) }`, ``, "position: running()"},
		{"fixed", `.f { position: fixed }`, ``, "position: fixed"},
		{"var in position", `.f { position: var(--p) }`, ``, "var() in position"},
		{"footnote", `.fn { float: footnote }`, ``, "float: footnote"},
		{"footnote-display", `.fn { footnote-display: inline }`, ``, "footnote-display"},
		{"footnote-policy", `.fn { footnote-policy: line }`, ``, "footnote-policy"},
		{"target-counter", `a::after { content: target-counter(attr(href), page) }`, ``, "content: target-counter()"},
		{"target-counters", `a::after { content: target-counters(attr(href), page, ".") }`, ``, "content: target-counters()"},
		{"target-text", `a::after { content: target-text(attr(href)) }`, ``, "content: target-text()"},
		{"leader", `li::after { content: leader(".") }`, ``, "content: leader()"},
		{"string-set target-text", `h2 { string-set: t target-text(attr(href)) }`, ``, "string-set: target-text()"},
		{"string-set pages", `h2 { string-set: t "of " counter(pages) }`, ``, "string-set: counter(pages)"},
		{"string-set page", `h2 { string-set: t counter(page) }`, ``, ""},
		{"margin box leader", `@page { @bottom-center { content: leader(".") counter(page) } }`, ``, "content: leader()"},
		{"margin box pages", `@page { @bottom-center { content: counter(page) " of " counter(pages) } }`, ``, ""},
		{"custom target-counter", `:root { --t: target-counter(attr(href), page) }`, ``, "custom property with target-counter()"},
		{"named page", `table { page: wide }`, ``, "page: named page"},
		{"page auto", `table { page: auto }`, ``, ""},
		{"clip-path url", `img { clip-path: url(#c) }`, ``, "clip-path: url()"},
		{"clip-path shape", `img { clip-path: circle(40%) }`, ``, ""},
		{"body background", `body { background: url(a.png) }`, ``, "background-image on <body>"},
		{"root gradient", `:root { background-image: linear-gradient(red, blue) }`, ``, "background-image on <html>"},
		{"body colour", `body { background: #eee }`, ``, ""},
		{"other background", `div { background-image: url(a.png) }`, ``, ""},
		{"body style attribute", ``, ` style="background-image: url(a.png)"`, "background-image on <body>"},
		{"body named page attribute", ``, ` style="page: x"`, "page: named page on <body>"},
		{"body string-set attribute", ``, ` style="string-set: t counter(pages)"`, "style attribute with string-set: counter(pages)"},
		{"hover only", `p:hover:last-of-type { color: red }`, ``, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := parseHTML(t, "<style>"+tc.css+"</style><body"+tc.body+"></body>")
			st, err := ComputeStream(context.Background(), doc, find(doc, "body"), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := st.Streamable(); got != tc.want {
				t.Errorf("Streamable() = %q, want %q", got, tc.want)
			}
		})
	}
	st, _ := compute(t, `<p>x</p>`, Options{})
	if st.Streamable() == "" {
		t.Error("styles from Compute report streamable")
	}
}

// TestStreamableLongdoc checks that bench/longdoc's document streams (its
// style sheet, and the styles of its first sections as Compute gives them).
func TestStreamableLongdoc(t *testing.T) {
	src := benchdoc.LongDoc(3)
	whole, wdoc := compute(t, src, Options{})
	streamed, sdoc, err := streamCompute(t, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r := streamed.Streamable(); r != "" {
		t.Fatalf("longdoc not streamable: %s", r)
	}
	sameAsWhole(t, whole, streamed, wdoc, sdoc)
}

// TestComputeChildWithPages checks that page styles asked for while the
// children are computed (layout asks for them between and, on other
// goroutines, during ComputeChild calls) are those of Compute and leave
// the children's styles unchanged; run it with -race.
func TestComputeChildWithPages(t *testing.T) {
	src := `<style>@page { margin: 1cm; @top-center { content: "T"; color: red } } @page :left { margin-left: 2cm }
p { color: blue } h2 + p { margin: 0 }</style><body>` + strings.Repeat(`<h2>t</h2><p>a</p><div><p>b</p></div>`, 30) + `</body>`
	whole, wdoc := compute(t, src, Options{})
	doc, body, kids := detachBody(t, src)
	ctx := context.Background()
	st, err := ComputeStream(ctx, doc, body, Options{})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 200 {
			st.Page(PageContext{Left: i%2 == 0, Index: i + 1})
		}
	}()
	var prev *html.Node
	for _, c := range kids {
		body.AppendChild(c)
		if c.Type != html.ElementNode {
			continue
		}
		if prev != nil {
			if err := st.ComputeChild(ctx, prev); err != nil {
				t.Fatal(err)
			}
		}
		prev = c
	}
	if err := st.ComputeChild(ctx, prev); err != nil {
		t.Fatal(err)
	}
	<-done
	for _, left := range []bool{false, true} {
		pc := PageContext{Left: left, Index: 3}
		if a, b := whole.Page(pc), st.Page(pc); !reflect.DeepEqual(a, b) {
			t.Errorf("left %v: page style differs:\nwhole    %+v\nstreamed %+v", left, a, b)
		}
	}
	sameAsWhole(t, whole, st, wdoc, doc)
}

// TestComputeStreamRandom compares the streamed cascade with Compute on
// generated documents: random body children (with text between some)
// under a sheet of every sibling and structural selector that streams.
func TestComputeStreamRandom(t *testing.T) {
	const sheet = `<style>
:first-child { margin-top: 1pt } :last-child { margin-bottom: 2pt } :only-child { padding: 3pt }
:nth-child(2n) { color: red } :nth-child(3n+1 of .a) { color: blue } :nth-of-type(odd) { font-style: italic }
:first-of-type { letter-spacing: 1pt } .a + .b { border-top: 1px solid } .a ~ p { text-indent: 4pt }
p + div > p:first-child { word-spacing: 2pt } :not(:first-child) { line-height: 1.2 } div:empty { height: 2pt }
body > :nth-child(5n+2):not(:last-child) { orphans: 4 } [data-k="1"] ~ .b:nth-child(even) { widows: 3 }
tr:last-child td:last-of-type, tr:nth-last-child(2) { font-weight: bold } .b:is(:nth-child(3), :last-child) { text-align: right }
</style>`
	tags := []string{"p", "div", "section", "h2", "ul", "table"}
	seed := uint32(1)
	next := func(n int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>16) % n
	}
	for doc := 0; doc < 40; doc++ {
		var b strings.Builder
		b.WriteString(sheet + "<body>")
		for i, n := 0, 1+next(12); i < n; i++ {
			tag := tags[next(len(tags))]
			cls := []string{"", ` class="a"`, ` class="b"`, ` class="a b"`}[next(4)]
			fmt.Fprintf(&b, `<%s%s data-k="%d">`, tag, cls, next(3))
			switch tag {
			case "ul":
				for j, m := 0, next(4); j < m; j++ {
					b.WriteString("<li>x</li>")
				}
			case "table":
				b.WriteString("<tr><td>1</td><td>2</td></tr><tr><td>3</td></tr>")
			case "div":
				for j, m := 0, next(3); j < m; j++ {
					b.WriteString(`<p class="b">y</p>`)
				}
			default:
				b.WriteString("t")
			}
			fmt.Fprintf(&b, "</%s>", tag)
			if next(3) == 0 {
				b.WriteString(" text ")
			}
		}
		b.WriteString("</body>")
		src := b.String()
		whole, wdoc := compute(t, src, Options{})
		streamed, sdoc, err := streamCompute(t, src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r := streamed.Streamable(); r != "" {
			t.Fatalf("not streamable: %s", r)
		}
		t.Run(fmt.Sprint(doc), func(t *testing.T) {
			sameAsWhole(t, whole, streamed, wdoc, sdoc)
		})
	}
}

// TestReadsEarlierSiblings: which style sheets may match a body child by
// its earlier siblings (the caller keeps them linked only then).
func TestReadsEarlierSiblings(t *testing.T) {
	for _, tc := range []struct {
		css  string
		want bool
	}{
		{``, false}, // the UA sheet's details > summary:first-of-type cannot match a body child
		{`p { color: red } [class~=x] { color: blue } td:nth-child(2n+1) { color: red }`, false},
		{`ul > li:first-child, tr:nth-child(odd) td, details > summary:last-of-type { color: red }`, false},
		{`h1 + p { margin: 0 }`, true},
		{`h2 ~ section { color: red }`, true},
		{`p:first-child { color: red }`, true},
		{`body > section:nth-of-type(2) { color: red }`, true},
		{`:is(ul, ol) > li:first-child { color: red }`, true}, // read conservatively
		{`a[title="x+y"], ol[type="1"] { color: red }`, false},
		{`ul > a[title="x"]:first-child { color: red }`, true}, // a string in the compound: read conservatively
		{`p::before { content: "+" }`, false},
		{`li:nth-child(2)::marker { color: red }`, true},
	} {
		doc := parseHTML(t, "<style>"+tc.css+"</style><body></body>")
		st, err := ComputeStream(context.Background(), doc, find(doc, "body"), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := st.ReadsEarlierSiblings(); got != tc.want {
			t.Errorf("%q: reads earlier siblings %v, want %v", tc.css, got, tc.want)
		}
	}
}
