package htmlstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// render is html.Render of n, or the error text.
func render(n *html.Node) string {
	var b bytes.Buffer
	if err := html.Render(&b, n); err != nil {
		return "render error: " + err.Error()
	}
	return b.String()
}

// bodyOf returns the body element of a parsed document, or nil.
func bodyOf(doc *html.Node) *html.Node {
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.DataAtom == atom.Body && n.Namespace == "" &&
			n.Parent != nil && n.Parent.DataAtom == atom.Html && n.Parent.Parent == doc {
			return n
		}
	}
	return nil
}

// headPart renders what precedes body in the tree: the document's children
// before html, and html's children before body.
func headPart(doc, body *html.Node) string {
	var sb strings.Builder
	for c := doc.FirstChild; c != nil; c = c.NextSibling {
		if body != nil && c == body.Parent {
			for h := c.FirstChild; h != nil && h != body; h = h.NextSibling {
				sb.WriteString(render(h))
			}
			break
		}
		sb.WriteString(render(c))
	}
	return sb.String()
}

// streamed is what streaming a document gave.
type streamed struct {
	doc, body *html.Node
	head      string       // headPart when Body returned
	nodes     []*html.Node // the children as Next returned them
	renders   []string     // their renders when returned
	changed   bool         // Changed after Finish
	parser    *Parser
}

// mutate is what a test caller does to the children Next returns.
type mutate int

const (
	keep   mutate = iota // change nothing
	strip                // delete attributes and texts, remove descendants, unlink all but the last
	unlink               // unlink every returned child, the last too
)

// stream parses in with chunk-byte reads, collecting the children, then
// finishes the parse.
func stream(t testing.TB, in string, chunk int, m mutate) (*streamed, error) {
	t.Helper()
	p := New(context.Background(), strings.NewReader(in))
	p.chunk = chunk
	defer p.Close()
	s := &streamed{parser: p}
	doc, body, err := p.Body()
	if err != nil {
		return nil, err
	}
	s.doc, s.body, s.head = doc, body, headPart(doc, body)
	var prev *html.Node
	for {
		n, err := p.Next()
		if err != nil {
			return nil, err
		}
		if n == nil {
			break
		}
		s.nodes = append(s.nodes, n)
		s.renders = append(s.renders, render(n))
		switch m {
		case strip:
			if prev != nil {
				body.RemoveChild(prev)
			}
			for d := range n.Descendants() {
				d.Attr, d.Data = nil, ""
			}
			n.Attr = nil
			for n.FirstChild != nil {
				n.RemoveChild(n.FirstChild)
			}
		case unlink:
			body.RemoveChild(n)
		}
		prev = n
	}
	if err := p.Finish(); err != nil {
		return nil, err
	}
	s.changed = p.Changed()
	return s, nil
}

// check compares a streamed parse of in with html.Parse's.
func check(t testing.TB, in string, chunk int, m mutate) {
	t.Helper()
	want, err := html.Parse(strings.NewReader(in))
	if err != nil {
		t.Fatalf("html.Parse: %v", err)
	}
	s, err := stream(t, in, chunk, m)
	if err != nil {
		t.Fatalf("chunk %d: %v", chunk, err)
	}
	wantBody := bodyOf(want)
	if (s.body == nil) != (wantBody == nil) {
		t.Fatalf("chunk %d: body %v, html.Parse's %v", chunk, s.body != nil, wantBody != nil)
	}
	if m == keep {
		if got, w := render(s.doc), render(want); got != w {
			t.Fatalf("chunk %d: final tree\n%s\nwant\n%s", chunk, got, w)
		}
		if got := headPart(s.doc, s.body); got != s.head {
			t.Errorf("chunk %d: head changed after Body:\n%s\nthen\n%s", chunk, s.head, got)
		}
		for i, n := range s.nodes {
			if got := render(n); got != s.renders[i] {
				t.Errorf("chunk %d: child %d changed after Next returned it:\n%s\nthen\n%s", chunk, i, s.renders[i], got)
			}
		}
	}
	if wantBody == nil {
		return
	}
	var wantKids []string
	for c := range wantBody.ChildNodes() {
		wantKids = append(wantKids, render(c))
	}
	if len(s.renders) != len(wantKids) {
		t.Fatalf("chunk %d: Next returned %d children, html.Parse's body has %d", chunk, len(s.renders), len(wantKids))
	}
	for i := range wantKids {
		if s.renders[i] != wantKids[i] {
			t.Errorf("chunk %d: child %d\n%s\nwant\n%s", chunk, i, s.renders[i], wantKids[i])
		}
	}
	if m == keep {
		i := 0
		for c := range s.body.ChildNodes() {
			if i >= len(s.nodes) || s.nodes[i] != c {
				t.Fatalf("chunk %d: body child %d is not the node Next returned", chunk, i)
			}
			i++
		}
	}
}

var docs = []struct{ name, in string }{
	{"empty", ""},
	{"text only", "hello"},
	{"head only", "<!doctype html><html><head><title>T</title><style>p{}</style></head>"},
	{"head only, no html tag", "<title>T</title><meta charset=utf-8>"},
	{"no body tag", "<!doctype html><title>T</title><p>one<p>two<p>three"},
	{"explicit body", "<!doctype html><html><head><title>T</title></head><body class=b><h1>A</h1><p>x</p>\n<p>y</p></body></html>"},
	{"whitespace and comments", "<!--a--> <!doctype html> <!--b--><html> <head> </head> <!--c--> <body> <!--d--> <p>x</p> </body> <!--e--> </html> <!--f-->"},
	{"text merges at body level", "<body>a</span>b</i>c<p>x</p>d</em>e"},
	{"text merges in a child", "<body><p>a</span>b</i>c</p><p>d</p>"},
	{"foster parenting", "<body><p>x<table><div>a</div>b<tr><td>c</td></tr>d<span>e</span></table>f"},
	{"foster text merges", "<body><table>a<tr>b<td>c</td>d</tr>e</table>g"},
	{"foster before last table", "<body>x<table>y<tr><td>1</table><table>z<tr><td>2</table>"},
	{"nested tables", "<body><table><tr><td><table>a<tr><td>b</table>c</td></tr></table>d"},
	{"content after body", "<body><p>x</p></body>y<p>z</p></html>w<!--c-->v"},
	{"content after html", "<body><p>x</body></html>\n<p>late</p>"},
	{"second body tag", "<body class=a><p>x</p><body id=b class=c><p>y"},
	{"second html tag", "<html lang=en><body><p>x</p><html dir=rtl><p>y"},
	{"frameset", "<!doctype html><html><head></head><frameset><frame src=a></frameset></html>"},
	{"frameset after implied body", "<div></div><frameset><frame></frameset>"},
	{"frameset after explicit body", "<body><div></div><frameset><frame></frameset>"},
	{"frameset too late", "<div>x</div><frameset><frame></frameset>"},
	{"formatting reconstructed", "<p><b class=x id=y>1</p><p>2</p><p>3</p>"},
	{"formatting across children", "<p><b>1<p>2</b>3<div><i>4</div><p>5"},
	{"adoption agency", "<b>1<p>2</b>3</p><a href=x>4<div>5</a>6</div>"},
	{"adoption with table", "<b><table><tr><td>x</b></td></tr></table>y</b>z"},
	{"noah's ark", "<p><b><b><b><b>x</p><p>y</p><p>z"},
	{"unclosed a", "<a href=1>x<a href=2>y<p>z</p><a href=3>w"},
	{"raw text", "<body><script>if (a<b) {}</script><style>p{}</style><textarea>a</b>b</textarea><pre>\nx</pre><p>y"},
	{"foreign content", "<body><svg><circle r=1/><foreignObject><p>x</p></foreignObject></svg><math><mi>y</mi></math><p>z"},
	{"svg table breakout", "<body><svg><table><tr><td>x</td></tr></table></svg>y"},
	{"template", "<body><template><tr><td>x</td></tr>y</template><p>z<template><b>q</template>r"},
	{"lists and forms", "<body><ul><li>a<li>b</ul><form><input><form>x</form></form><dl><dt>a<dd>b</dl>"},
	{"form left open", "<body><div><form></div><p>x</p></form><p>y"},
	{"select", "<body><select><option>a<option>b</select><p>c"},
	{"entities and nul", "<body>&amp;&lt;x&#0;\x00y<p>\x00z</p>"},
	{"head elements in body", "<body><p>x</p><meta charset=utf-8><title>t</title><link rel=a><p>y"},
	{"nobr", "<body><nobr>a<nobr>b</nobr>c<p>d"},
	{"caption and colgroup", "<body><table><caption>c<colgroup><col><tbody><tr><td>x</table>y"},
}

func TestStream(t *testing.T) {
	for _, d := range docs {
		t.Run(d.name, func(t *testing.T) {
			// Without a doctype the document is in quirks mode, where a
			// table does not close a paragraph.
			for _, in := range []string{d.in, "<!doctype html>" + d.in} {
				for _, chunk := range []int{1, 2, 3, 7, 64, defaultChunk} {
					for _, m := range []mutate{keep, strip, unlink} {
						check(t, in, chunk, m)
					}
				}
			}
		})
	}
}

// longDoc is a document like bench/longdoc's: sections of headings,
// paragraphs, lists, notes and tables.
func longDoc(sections int) string {
	var sb strings.Builder
	sb.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Long</title>\n<style>section { break-before: page }</style>\n</head>\n<body>\n")
	words := strings.Fields("survey river basin station level reading season sample depth flow record index")
	sentence := func(n, seed int) string {
		var w []string
		for i := range n {
			w = append(w, words[(seed*7+i*13+i*i)%len(words)])
		}
		return strings.Join(w, " ") + "."
	}
	for s := 1; s <= sections; s++ {
		fmt.Fprintf(&sb, "<section><h2>Chapter %d. %s</h2>\n", s, sentence(3, s))
		for i := 1; i <= 3; i++ {
			fmt.Fprintf(&sb, "<p>%s %s %s</p>\n", sentence(14, s+i), sentence(11, s+i+3), sentence(16, s+i+5))
		}
		fmt.Fprintf(&sb, "<ul><li>%s</li><li>%s</li></ul>\n<div class=\"note\"><p>%s</p></div>\n", sentence(8, s), sentence(10, s+1), sentence(18, s+4))
		fmt.Fprintf(&sb, "<table><caption>Readings %d</caption>\n<thead><tr><th>Site<th>Level</tr></thead><tbody>\n", s)
		for r := 1; r <= 12; r++ {
			fmt.Fprintf(&sb, "<tr><th scope=\"row\">S-%d</th><td>%d.%d</td><td>%s</td></tr>\n", r, r*37%100, r%10, sentence(4, r+s))
		}
		sb.WriteString("</tbody></table>\n</section>\n")
	}
	sb.WriteString("</body>\n</html>\n")
	return sb.String()
}

func TestStreamLongDocument(t *testing.T) {
	in := longDoc(40)
	for _, chunk := range []int{13, 1000, defaultChunk} {
		check(t, in, chunk, keep)
		check(t, in, chunk, strip)
	}
}

// TestNextIsIncremental shows that Next parses only as far as it must: the
// input read when the k-th section is returned grows with k, by about a
// section, and is far from the whole document.
func TestNextIsIncremental(t *testing.T) {
	in := longDoc(200)
	r := &countingReader{r: strings.NewReader(in)}
	p := New(context.Background(), r)
	p.chunk = 512
	defer p.Close()
	if _, _, err := p.Body(); err != nil {
		t.Fatal(err)
	}
	sectionLen := len(longDoc(2)) - len(longDoc(1))
	sections := 0
	for {
		n, err := p.Next()
		if err != nil {
			t.Fatal(err)
		}
		if n == nil {
			break
		}
		if n.Type != html.ElementNode {
			continue
		}
		sections++
		// Sections end at about sections*sectionLen bytes; the parser may be
		// a section and a chunk ahead.
		if limit := (sections+1)*sectionLen + 2*p.chunk + 300; r.n > limit {
			t.Fatalf("section %d returned after reading %d bytes, more than %d", sections, r.n, limit)
		}
	}
	if sections != 200 {
		t.Fatalf("%d sections, want 200", sections)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += n
	return n, err
}

// TestBodyReadsLittle shows that Body returns after the head and the start
// of the body, not after the whole document, and that nothing is read
// before Body.
func TestBodyReadsLittle(t *testing.T) {
	in := longDoc(100)
	r := &countingReader{r: strings.NewReader(in)}
	p := New(context.Background(), r)
	p.chunk = 256
	defer p.Close()
	if r.n != 0 {
		t.Fatalf("New read %d bytes", r.n)
	}
	_, body, err := p.Body()
	if err != nil || body == nil {
		t.Fatalf("Body: %v, %v", body, err)
	}
	if head := strings.Index(in, "<body>") + len("<body>"); r.n > head+2*p.chunk {
		t.Errorf("Body read %d bytes; the body starts at %d", r.n, head)
	}
}

func TestChanged(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"<body class=a><p>x</p><p>y</p>", false},
		{"<body class=a><p>x</p><body class=b id=c><p>y", true},
		{"<body class=a><p>x</p><body class=b><p>y", false},
		{"<html lang=en><p>x</p><html dir=rtl><p>y", true},
		{"<html lang=en><p>x</p><html lang=fr><p>y", false},
		{"<p>x</p></body></html><body id=late>", true},
	}
	for _, tt := range tests {
		s, err := stream(t, tt.in, 1, keep)
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if s.changed != tt.want {
			t.Errorf("%q: Changed %v, want %v", tt.in, s.changed, tt.want)
		}
	}
}

// errReader returns its data, then err.
type errReader struct {
	data string
	err  error
}

func (r *errReader) Read(b []byte) (int, error) {
	if r.data == "" {
		return 0, r.err
	}
	n := copy(b, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestErrors(t *testing.T) {
	disk := errors.New("disk on fire")
	deep := "<body><p>x</p>" + strings.Repeat("<div>", 600) + "y"
	tests := []struct {
		name   string
		r      io.Reader
		finish bool   // call Finish right after Body
		at     string // the call that fails
		want   string
		is     error
	}{
		{"read error in head", &errReader{"<title>x", disk}, false, "Body", "htmlstream: reading the document: disk on fire", disk},
		{"read error in body", &errReader{"<p>x</p><p>y</p><p>z", disk}, false, "Next", "htmlstream: reading the document: disk on fire", disk},
		{"read error in Finish", &errReader{"<p>x</p><p>y</p><p>z", disk}, true, "Finish", "htmlstream: reading the document: disk on fire", disk},
		{"too deep", strings.NewReader(deep), false, "Next", "exceeds 512", nil},
		{"too deep in Finish", strings.NewReader(deep), true, "Finish", "exceeds 512", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := New(context.Background(), tt.r)
			p.chunk = 4
			defer p.Close()
			at, err := drainAt(p, tt.finish)
			if at != tt.at || err == nil || !strings.Contains(err.Error(), tt.want) || tt.is != nil && !errors.Is(err, tt.is) {
				t.Fatalf("%s: %v, want %s: %q", at, err, tt.at, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "htmlstream: ") {
				t.Errorf("error %q does not name the package", err)
			}
			for _, call := range []func() error{p.Finish, func() error { _, err := p.Next(); return err }, func() error { _, _, err := p.Body(); return err }} {
				if again := call(); again == nil || again.Error() != err.Error() {
					t.Errorf("a later call gave %v, want %v", again, err)
				}
			}
		})
	}
}

// drainAt calls Body, Next until nil (unless finish) and Finish, returning
// the first error and the call that gave it.
func drainAt(p *Parser, finish bool) (string, error) {
	if _, _, err := p.Body(); err != nil {
		return "Body", err
	}
	for !finish {
		n, err := p.Next()
		if err != nil {
			return "Next", err
		}
		finish = n == nil
	}
	return "Finish", p.Finish()
}

// drain calls Body, Next until nil, and Finish, returning the first error.
func drain(p *Parser) error {
	_, err := drainAt(p, false)
	return err
}

// settled waits until the number of goroutines is at most n.
func settled(n int) bool {
	for range 200 {
		if runtime.NumGoroutine() <= n {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

func TestCancel(t *testing.T) {
	in := longDoc(50)
	base := runtime.NumGoroutine()
	for _, at := range []int{0, 1, 5} {
		ctx, cancel := context.WithCancel(context.Background())
		r := &countingReader{r: strings.NewReader(in)}
		p := New(ctx, r)
		p.chunk = 100
		if _, _, err := p.Body(); err != nil {
			t.Fatal(err)
		}
		for range at {
			if _, err := p.Next(); err != nil {
				t.Fatal(err)
			}
		}
		cancel()
		read := r.n
		_, err := p.Next()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Next after cancel: %v, want context.Canceled", err)
		}
		if r.n != read {
			t.Errorf("read %d bytes after cancel", r.n-read)
		}
		if !settled(base) {
			t.Fatalf("%d goroutines after cancel without Close, %d before", runtime.NumGoroutine(), base)
		}
		if err := p.Finish(); !errors.Is(err, context.Canceled) {
			t.Errorf("Finish after cancel: %v", err)
		}
		p.Close()
	}
}

func TestClose(t *testing.T) {
	in := longDoc(20)
	base := runtime.NumGoroutine()
	for _, calls := range []int{-1, 0, 3} {
		p := New(context.Background(), strings.NewReader(in))
		p.chunk = 64
		if calls >= 0 {
			if _, _, err := p.Body(); err != nil {
				t.Fatal(err)
			}
		}
		for range calls {
			if _, err := p.Next(); err != nil {
				t.Fatal(err)
			}
		}
		p.Close()
		p.Close()
		if !settled(base) {
			t.Fatalf("%d goroutines after Close, %d before", runtime.NumGoroutine(), base)
		}
		if _, err := p.Next(); err == nil {
			t.Error("Next after Close: no error")
		}
		if _, _, err := p.Body(); err == nil {
			t.Error("Body after Close: no error")
		}
		if err := p.Finish(); err == nil {
			t.Error("Finish after Close: no error")
		}
	}
	// After the end of the parse too.
	p := New(context.Background(), strings.NewReader(in))
	if err := drain(p); err != nil {
		t.Fatal(err)
	}
	p.Close()
	if !settled(base) {
		t.Fatalf("%d goroutines after the end, %d before", runtime.NumGoroutine(), base)
	}
}

func TestNextBeforeBody(t *testing.T) {
	p := New(context.Background(), strings.NewReader("<p>x"))
	defer p.Close()
	if _, err := p.Next(); err == nil {
		t.Fatal("Next before Body: no error")
	}
}

// TestFinishKeepsRest shows that Finish leaves the children Next has not
// returned in the body, and that Next returns them afterwards.
func TestFinishKeepsRest(t *testing.T) {
	in := longDoc(5)
	p := New(context.Background(), strings.NewReader(in))
	p.chunk = 50
	defer p.Close()
	if _, _, err := p.Body(); err != nil {
		t.Fatal(err)
	}
	first, err := p.Next()
	if err != nil || first == nil {
		t.Fatalf("Next: %v %v", first, err)
	}
	if err := p.Finish(); err != nil {
		t.Fatal(err)
	}
	n := 1
	for {
		c, err := p.Next()
		if err != nil {
			t.Fatal(err)
		}
		if c == nil {
			break
		}
		n++
	}
	want, _ := html.Parse(strings.NewReader(in))
	wantN := 0
	for range bodyOf(want).ChildNodes() {
		wantN++
	}
	if n != wantN {
		t.Fatalf("%d children, want %d", n, wantN)
	}
}

func TestParserInternals(t *testing.T) {
	var s parserState
	var err error
	if _, perr := html.ParseWithOptions(strings.NewReader("<p>x"), bindOption(&s, &err)); perr != nil {
		t.Fatal(perr)
	}
	if err != nil {
		t.Fatalf("the fields of x/net/html's parser changed: %v", err)
	}
	if s.doc == nil || s.afe == nil || s.textNodes == nil || s.framesetOK == nil {
		t.Fatal("a field is not bound")
	}
	// A missing field is reported by name.
	var other struct{ doc *html.Node }
	if err := (&parserState{}).bind(reflect.ValueOf(&other)); err == nil || !strings.Contains(err.Error(), "afe") {
		t.Errorf("bind of a struct without afe: %v", err)
	}
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestStreamMemory shows what streaming is for: a caller that drops each
// child once done with it keeps the live heap near the input's size, while
// html.Parse's tree is several times larger. The parser keeps no returned
// child alive.
func TestStreamMemory(t *testing.T) {
	in := longDoc(400) // about 1 MB
	base := liveHeap()
	doc, err := html.Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	whole := liveHeap() - base
	runtime.KeepAlive(doc)
	doc = nil

	base = liveHeap()
	p := New(context.Background(), strings.NewReader(in))
	defer p.Close()
	_, body, err := p.Body()
	if err != nil {
		t.Fatal(err)
	}
	var peak uint64
	for i := 0; ; i++ {
		n, err := p.Next()
		if err != nil {
			t.Fatal(err)
		}
		if n == nil {
			break
		}
		body.RemoveChild(n)
		if i%50 != 0 {
			continue
		}
		if h := liveHeap(); h > base {
			peak = max(peak, h-base)
		}
	}
	t.Logf("input %d KB: html.Parse's tree %d KB live, streaming at most %d KB", len(in)>>10, whole>>10, peak>>10)
	if peak*4 > whole {
		t.Errorf("streaming kept %d KB live, more than a quarter of the whole tree's %d KB", peak>>10, whole>>10)
	}
}
