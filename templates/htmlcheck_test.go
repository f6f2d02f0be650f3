package templates

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// checkAccessibleHTML parses a rendered document and reports every way it
// breaks the accessibility rules the templates promise: lang and title,
// exactly one h1, headings in order without skipped levels, tables with a
// caption and scoped header cells, images with alt text and data: sources,
// unique ids, internal links that resolve, no script, and print CSS with
// @page size and a "Page N of M" footer.
func checkAccessibleHTML(t *testing.T, src []byte) *html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		t.Fatalf("parse HTML: %v", err)
	}
	var (
		lang, title string
		h1s         int
		lastLevel   int
		ids         = map[string]int{}
		links       []string
		styles      []string
	)
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		if id := attr(n, "id"); id != "" {
			ids[id]++
		}
		switch n.DataAtom {
		case atom.Html:
			lang = attr(n, "lang")
		case atom.Title:
			title = textOf(n)
		case atom.Style:
			styles = append(styles, textOf(n))
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			level := int(n.Data[1] - '0')
			if level == 1 {
				h1s++
			}
			if level > lastLevel+1 {
				t.Errorf("heading <%s>%q skips from level %d", n.Data, textOf(n), lastLevel)
			}
			if strings.TrimSpace(textOf(n)) == "" {
				t.Errorf("empty <%s>", n.Data)
			}
			lastLevel = level
		case atom.Table:
			first := firstElementChild(n)
			if first == nil || first.DataAtom != atom.Caption || strings.TrimSpace(textOf(first)) == "" {
				t.Errorf("table without a non-empty caption as its first child")
			}
		case atom.Th:
			if s := attr(n, "scope"); s != "col" && s != "row" {
				t.Errorf("<th>%q has scope %q, want col or row", textOf(n), s)
			}
		case atom.Img:
			alt, ok := attrOK(n, "alt")
			if !ok || strings.TrimSpace(alt) == "" {
				t.Errorf("<img> without alt text")
			}
			if src := attr(n, "src"); !strings.HasPrefix(src, "data:image/png;base64,") && !strings.HasPrefix(src, "data:image/jpeg;base64,") {
				t.Errorf("<img> src %.40q is not a PNG/JPEG data URI", src)
			}
		case atom.A:
			if h := attr(n, "href"); strings.HasPrefix(h, "#") {
				links = append(links, h[1:])
			}
		case atom.Script:
			t.Errorf("document contains a <script>")
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(strings.ToLower(a.Key), "on") {
				t.Errorf("<%s> has event handler attribute %s", n.Data, a.Key)
			}
			if a.Key == "style" {
				t.Errorf("<%s> has an inline style attribute", n.Data)
			}
		}
	}
	if lang == "" {
		t.Errorf("<html> has no lang")
	}
	if strings.TrimSpace(title) == "" {
		t.Errorf("no <title>")
	}
	if h1s != 1 {
		t.Errorf("%d h1 elements, want exactly 1", h1s)
	}
	for id, n := range ids {
		if n > 1 {
			t.Errorf("id %q used %d times", id, n)
		}
	}
	for _, l := range links {
		if ids[l] == 0 {
			t.Errorf("link to #%s, which no element has", l)
		}
	}
	if len(styles) != 1 {
		t.Fatalf("%d <style> elements, want 1", len(styles))
	}
	css := styles[0]
	for _, want := range []string{"@page", "size: A4", "@bottom-center { content: ", "counter(page)", "counter(pages)", "display: table-header-group", "break-inside: avoid"} {
		if !strings.Contains(css, want) {
			t.Errorf("stylesheet lacks %q", want)
		}
	}
	return doc
}

func attr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func firstElementChild(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

func textOf(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	if n.Type == html.TextNode {
		return n.Data
	}
	return b.String()
}

// docText is the text content of the body, with white space collapsed.
func docText(doc *html.Node) string {
	var b strings.Builder
	for d := range doc.Descendants() {
		if d.Type == html.TextNode && d.Parent != nil && d.Parent.DataAtom != atom.Style && d.Parent.DataAtom != atom.Title {
			b.WriteString(d.Data)
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
