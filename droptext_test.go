package folio

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"weak"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/render"
)

// TestDropText checks that dropText unlinks a DOM's text and comments,
// keeps its elements linked in order, and leaves foreign content (an
// inline SVG, drawn from its DOM) whole.
func TestDropText(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"text and comments", `<p>a<!-- c --><b>b</b> c <i>d</i></p>`, `html(head body(p(b i)))`},
		{"only text", `<p>text</p>`, `html(head body(p))`},
		{"whitespace between elements", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>", `html(head body(ul(li li)))`},
		{"inline svg keeps its text", `<p>x<svg><title>T</title><text>t</text></svg></p>`, `html(head body(p(svg(title(#) text(#)))))`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			dropText(doc)
			if got := shape(doc.FirstChild); got != tc.want {
				t.Errorf("after dropText: %s, want %s", got, tc.want)
			}
			checkLinks(t, doc)
		})
	}
}

// shape writes the element tree under n ("#" for a text node).
func shape(n *html.Node) string {
	var sb strings.Builder
	for x := n; x != nil; x = x.NextSibling {
		if x != n {
			sb.WriteByte(' ')
		}
		switch x.Type {
		case html.TextNode:
			sb.WriteByte('#')
			continue
		case html.ElementNode:
			sb.WriteString(x.Data)
		default:
			continue
		}
		if x.FirstChild != nil {
			sb.WriteString("(" + shape(x.FirstChild) + ")")
		}
	}
	return sb.String()
}

// checkLinks fails when a node's sibling and parent links disagree.
func checkLinks(t *testing.T, n *html.Node) {
	t.Helper()
	var prev *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Parent != n || c.PrevSibling != prev {
			t.Fatalf("<%s> under <%s>: parent or previous sibling wrong", c.Data, n.Data)
		}
		prev = c
		checkLinks(t, c)
	}
	if n.LastChild != prev {
		t.Fatalf("<%s>: last child wrong", n.Data)
	}
}

// TestFlatTagsAfterTextDropped checks the tagging fallback of a
// conversion whose DOM text was let go while it was first laid out: the
// documents are parsed again, and the flat file has all their text, in
// one document and in each of a merge.
func TestFlatTagsAfterTextDropped(t *testing.T) {
	bad := `<!doctype html><html lang=en><title>t</title><body><p>Before the table.</p>` +
		`<table><tr><td>Cell one</td></tr><caption>Middle caption</caption><tr><td>Cell two</td></tr></table>`
	good := `<!doctype html><html lang=en><title>u</title><body><p>Second document.</p>`
	for _, tc := range []struct {
		name string
		srcs []string
		want []string
	}{
		{"one document", []string{bad}, []string{"Before the table.", "Cell one", "Middle caption", "Cell two"}},
		{"merged", []string{good, bad}, []string{"Second document.", "Before the table.", "Cell two"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sources []Source
			for _, s := range tc.srcs {
				sources = append(sources, Source{HTML: strings.NewReader(s)})
			}
			res, err := ConvertAll(context.Background(), sources, Options{})
			if err != nil {
				t.Fatal(err)
			}
			flat := false
			for _, d := range res.Diagnostics {
				flat = flat || strings.Contains(d.Message, "tagged as plain")
			}
			if !flat {
				t.Fatalf("no fallback: %v", res.Diagnostics)
			}
			text := strings.Join(strings.Fields(pdfText(t, res.PDF)), " ")
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("the flat file lacks %q: %q", w, text)
				}
			}
		})
	}
}

// pdfText is the text pdftotext finds in pdf.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatalf("pdftotext is required: %v", err)
	}
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// TestDOMTextLetGo checks that once the writer has read a document's
// structure and dropText has run, nothing holds the DOM's text nodes
// while the document is laid out and written: not the DOM, which keeps
// its elements, nor the styles, the boxes or the writer. A field that
// kept a text node would keep a long document's text twice.
func TestDOMTextLetGo(t *testing.T) {
	ctx := context.Background()
	c := &conversion{}
	in, err := c.parse(ctx, Source{HTML: strings.NewReader(`<!doctype html><html lang=en><title>t</title>` +
		`<h1>Title</h1><p>Some <a href="#x">linked</a> text.</p><table><tr><td id=x>cell</td></tr></table>`)}, [2]float64{})
	if err != nil {
		t.Fatal(err)
	}
	text := weakTextNode(t, in.doc)
	tree, err := box.Build(ctx, in.doc, in.styles, box.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := render.NewWriter(ctx, render.Options{Title: "t", Lang: "en"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.BeginPart(tree, ""); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	if text.Value() == nil {
		t.Fatal("the text node is let go before dropText")
	}
	dropText(in.doc)
	runtime.GC()
	if text.Value() != nil {
		t.Error("a text node is held after dropText while the document is laid out")
	}
	runtime.KeepAlive(in)
	runtime.KeepAlive(tree)
	runtime.KeepAlive(w)
}

// weakTextNode returns a weak pointer to the first text node of the body
// of doc.
func weakTextNode(t *testing.T, doc *html.Node) weak.Pointer[html.Node] {
	t.Helper()
	var find func(*html.Node) *html.Node
	find = func(n *html.Node) *html.Node {
		if n.Type == html.TextNode && strings.TrimSpace(n.Data) != "" && n.Parent != nil && n.Parent.Data != "title" {
			return n
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if f := find(c); f != nil {
				return f
			}
		}
		return nil
	}
	n := find(doc)
	if n == nil {
		t.Fatal("no text node")
	}
	return weak.Make(n)
}

// TestDOMLetGoAfterWriting: once a document is written, nothing holds its
// DOM unless the audit will read it (the file is assembled after the
// last document is written, without it).
func TestDOMLetGoAfterWriting(t *testing.T) {
	for _, audit := range []bool{false, true} {
		ctx := context.Background()
		c := &conversion{opts: Options{Audit: audit}}
		in, err := c.parse(ctx, Source{HTML: strings.NewReader(`<!doctype html><html lang=en><title>t</title>` +
			`<h1>Title</h1><p>Some text.</p>`)}, [2]float64{})
		if err != nil {
			t.Fatal(err)
		}
		h1 := in.doc.FirstChild.NextSibling.LastChild.FirstChild // html > body > h1
		if h1 == nil || h1.Data != "h1" {
			t.Fatalf("no h1 at the expected place: %v", h1)
		}
		elem := weak.Make(h1)
		h1 = nil
		docs := []*input{in}
		reg, fc := c.registry(ctx, docs)
		ro := c.renderOptions(in.meta, fc, renderArchive{})
		if _, err := c.write(ctx, docs, []string{""}, reg, [2]float64{}, ro); err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		if held := elem.Value() != nil; held != audit {
			t.Errorf("audit %v: DOM held after writing: %v, want %v", audit, held, audit)
		}
		runtime.KeepAlive(in)
	}
}
