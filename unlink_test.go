package folio

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// TestUnlinkDOM checks that unlinkDOM cuts every link from a node to its
// children and siblings and every text node from its parent, keeps each
// element's parent link, and leaves foreign content whole below its
// root.
func TestUnlinkDOM(t *testing.T) {
	tests := []struct {
		name, src string
		// path is the tags from <html> down to the element checked
		path []string
		// foreign is the shape left below that element
		foreign string
	}{
		{"paragraph", `<p>a<!-- c --><b>b</b> c <i>d</i></p>`, []string{"html", "body", "p", "i"}, ""},
		{"list", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>", []string{"html", "body", "ul", "li"}, ""},
		{"table cell", `<table><tr><th id=h>H<td headers=h>c</table>`, []string{"html", "body", "table", "tbody", "tr", "td"}, ""},
		{"inline svg", `<p>x<svg><title>T</title><text>t</text></svg></p>`, []string{"html", "body", "p", "svg"}, "title(#) text(#)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			n := doc
			for _, tag := range tc.path {
				n = childElement(n, tag)
				if n == nil {
					t.Fatalf("no <%s> on the path %v", tag, tc.path)
				}
			}
			unlinkDOM(doc)
			if doc.FirstChild != nil || doc.LastChild != nil {
				t.Error("the document still links to its children")
			}
			for x, i := n, len(tc.path)-1; i >= 0; x, i = x.Parent, i-1 {
				if x == nil || x.Data != tc.path[i] {
					t.Fatalf("the parent links of <%s> do not lead up through %v", n.Data, tc.path)
				}
				if x.NextSibling != nil || x.PrevSibling != nil {
					t.Errorf("<%s> still links to its siblings", x.Data)
				}
				if x != n && (x.FirstChild != nil || x.LastChild != nil) {
					t.Errorf("<%s> still links to its children", x.Data)
				}
			}
			if got := shape(n.FirstChild); got != tc.foreign {
				t.Errorf("below <%s>: %q, want %q", n.Data, got, tc.foreign)
			}
		})
	}
}

// childElement returns the first child element of n with tag, or nil.
func childElement(n *html.Node, tag string) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == tag {
			return c
		}
	}
	return nil
}

// TestLetGoFreesFinishedElements checks what letTextGo and letGo achieve
// for a long document: once they ran (the writer has read the structure
// in between) and layout
// let go of the boxes of a finished section, nothing holds that
// section's elements, neither the DOM, nor the styles by element, nor
// the input; the elements of the sections still to lay out keep what
// painting reads (attributes and ancestors).
func TestLetGoFreesFinishedElements(t *testing.T) {
	ctx := context.Background()
	c := &conversion{}
	in, err := c.parse(ctx, Source{HTML: strings.NewReader(`<!doctype html><html lang=en><title>t</title><body>` +
		`<section id=s1><h2>One</h2><p id=p1>First <b>section</b>.</p></section>` +
		`<section id=s2><h2>Two</h2><a href="#p1"><p id=p2>Second section.</p></a></section>`)}, [2]float64{})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := box.Build(ctx, in.doc, in.styles, box.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s1, p1 := elementByID(in.doc, "s1"), elementByID(in.doc, "p1")
	finished := weak.Make(p1)
	p2 := elementByID(in.doc, "p2")
	styles := in.styles
	in.letTextGo(tree)
	in.letGo(tree)
	if styles.Of(p2, style.PseudoNone) != nil {
		t.Error("the styles by element are kept after letGo")
	}
	// layout lets go of the boxes of the finished section
	if !dropBoxesOf(tree.Root, s1) {
		t.Fatal("no box of the first section")
	}
	s1, p1 = nil, nil
	runtime.GC()
	if finished.Value() != nil {
		t.Error("an element of a section whose boxes are let go is still held")
	}
	if a := p2.Parent; a == nil || a.Data != "a" || a.Attr[0].Val != "#p1" {
		t.Error("an element to lay out lost its parent link or its parent's attributes")
	}
	runtime.KeepAlive(tree)
	runtime.KeepAlive(in)
}

// elementByID returns the element of doc with id, or nil.
func elementByID(n *html.Node, id string) *html.Node {
	for _, a := range n.Attr {
		if a.Key == "id" && a.Val == id {
			return n
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if e := elementByID(c, id); e != nil {
			return e
		}
	}
	return nil
}

// dropBoxesOf removes the boxes of element n from their parents in the
// tree under b and unlinks their descendants, as layout lets go of
// finished boxes (boxes share blocks of child slots); it reports whether
// there was one.
func dropBoxesOf(b *box.Box, n *html.Node) bool {
	found := false
	kept := b.Children[:0]
	for _, c := range b.Children {
		if c.Node == n {
			found = true
			unlinkBoxes(c)
			continue
		}
		found = dropBoxesOf(c, n) || found
		kept = append(kept, c)
	}
	clear(b.Children[len(kept):])
	b.Children = kept
	return found
}

// unlinkBoxes empties the child slots of b and its descendants.
func unlinkBoxes(b *box.Box) {
	for _, c := range b.Children {
		unlinkBoxes(c)
	}
	clear(b.Children)
	b.Children = nil
}

// TestLettingDOMGoKeepsBytes checks that a conversion that lets the DOM
// go before layout (ReadTexts, dropText, then letGo) writes the same file
// as one that keeps it for the audit: the outline titles of headings and
// bookmark-level elements, the titles of links, the alternative text of
// figures and formulas, the th ids a cell's headers name, a block's link
// ancestor and a perspective parent are all read before their nodes go.
func TestLettingDOMGoKeepsBytes(t *testing.T) {
	rows := ""
	for i := range 60 {
		rows += fmt.Sprintf(`<tr><th id=r%d scope=row>Row %d</th><td headers="r%d c1">v%d</td></tr>`, i, i, i, i)
	}
	src := `<!doctype html><html lang=en><title>t</title><body>` +
		`<h1>Main <em>title</em></h1><nav role=doc-toc><ol><li><a href="#s1">One</a></ol></nav>` +
		`<a href="https://example.com"><div>Block in a link</div></a>` +
		`<div style="perspective:300px"><div style="transform:rotateY(30deg);height:40px">3D</div></div>` +
		`<table><thead><tr><th id=c1>Col</th><th>Value</th></tr></thead>` + rows + `</table>` +
		`<h2 id=s1>Second <b>heading</b></h2><figure><svg width=10 height=10><circle r=4 /></svg></figure>` +
		`<figure><div><img alt="Dot chart" width=10 height=10></div><figcaption>Dots</figcaption></figure>` +
		`<div role=img>Drawn text</div><p style="bookmark-level:3">Outlined paragraph</p>` +
		`<math><mi>x</mi></math></body></html>`
	convert := func(audit bool) []byte {
		res, err := Convert(context.Background(), strings.NewReader(src), Options{Audit: audit, Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		return res.PDF
	}
	kept, let := convert(true), convert(false)
	if !bytes.Equal(kept, let) {
		t.Errorf("the file differs when the DOM is let go before layout (%d bytes, %d kept)", len(let), len(kept))
	}
}
