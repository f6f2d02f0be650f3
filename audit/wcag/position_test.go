package wcag

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestPositions checks line:column of elements, including elements the
// parser invents (tbody), moves (foster parenting) or hides inside raw text.
func TestPositions(t *testing.T) {
	src := "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>a <b> not a tag</title>\n" +
		"<script>document.write('<p id=fake>')</script></head>\n" +
		"<body>\n  <p id=\"one\">é<span id=\"two\">x</span></p>\n" +
		"<table><tr><td id=\"cell\">1</td></tr><div id=\"fostered\">f</div></table>\n" +
		"<p id=\"after\">after</p>\n</body></html>"
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	pos := locate(doc, []byte(src))
	c := &checker{doc: doc, pos: pos}
	want := map[string][2]int{
		"one":      {6, 3},
		"two":      {6, 16},
		"cell":     {7, 12},
		"fostered": {7, 37},
		"after":    {8, 1},
	}
	for n := range elements(doc) {
		id := attrVal(n, "id")
		if id == "fake" {
			t.Errorf("script content produced an element")
		}
		w, ok := want[id]
		if !ok {
			continue
		}
		line, col := pos.lineCol(n)
		if line != w[0] || col != w[1] {
			t.Errorf("#%s at %d:%d, want %d:%d", id, line, col, w[0], w[1])
		}
		if got := c.pos.startTagText(n); !strings.HasPrefix(got, "<") || !strings.Contains(got, id) {
			t.Errorf("#%s start tag text %q", id, got)
		}
		delete(want, id)
	}
	if len(want) > 0 {
		t.Errorf("elements not found: %v", want)
	}
	// The implied tbody has no tag of its own and reports its table's position.
	for n := range elements(doc) {
		if n.Data == "tbody" {
			line, col := pos.lineCol(n)
			if line != 7 || col != 1 {
				t.Errorf("implied tbody at %d:%d, want the table's 7:1", line, col)
			}
		}
	}
}

// TestPositionsMalformed checks that mis-nested markup keeps later
// elements in step.
func TestPositionsMalformed(t *testing.T) {
	tests := []struct{ name, src string }{
		{"misnested", "<p><b>bold<i>both</b>italic?</i></p>\n<div><p>one<p>two</div>\n<h1 id=\"end\">end</h1>"},
		{"ignored tags", "<body><p>a</p><body class=x><html lang=de><head>\n" + strings.Repeat("<td>x</td><tr><col>", 100) + "\n<h1 id=\"end\">end</h1>"},
		{"CRLF line ends", "<p>a</p>\r\n<div>x</div>\r\n<h1 id=\"end\">end</h1>"},
		{"byte order mark and comments", "\ufeff<!-- <h1 id=\"fake\"> -->\n<![CDATA[x]]><p>a\n<h1 id=\"end\">end</h1>"},
		{"implied table parts", "<table><td>1<td>2</table><p></p></p>\n<form><form></form>\n<h1 id=\"end\">end</h1>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, _ := html.Parse(strings.NewReader(tt.src))
			pos := locate(doc, []byte(tt.src))
			for n := range elements(doc) {
				if attrVal(n, "id") == "end" {
					if line, col := pos.lineCol(n); line != 3 || col != 1 {
						t.Errorf("#end at %d:%d, want 3:1", line, col)
					}
					return
				}
			}
			t.Fatal("#end not found")
		})
	}
}

func TestSelector(t *testing.T) {
	src := `<html><body><div id="main"><p>a</p><p>b <a href="#">x</a></p></div><ul><li>1</li></ul></body></html>`
	doc, _ := html.Parse(strings.NewReader(src))
	c, err := newChecker(t.Context(), doc, locate(doc, []byte(src)), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, n := range c.all {
		got[n.Data] = c.selector(n)
	}
	for tag, want := range map[string]string{"a": "#main > p:nth-of-type(2) > a", "li": "body > ul > li", "body": "body"} {
		if got[tag] != want {
			t.Errorf("selector of <%s> = %q, want %q", tag, got[tag], want)
		}
	}
	// Deep nesting keeps the selector short.
	deep := strings.Repeat("<div>", 200) + `<img src="x.png">` + strings.Repeat("</div>", 200)
	doc, _ = html.Parse(strings.NewReader(deep))
	c, _ = newChecker(t.Context(), doc, locate(doc, []byte(deep)), nil)
	img := c.all[len(c.all)-1]
	sel := c.selector(img)
	if !strings.HasPrefix(sel, ":root ") || strings.Count(sel, ">") != maxSelectorParts-1 {
		t.Errorf("deep selector %q", sel)
	}
	var buf bytes.Buffer
	buf.WriteString(c.snippet(img))
	if buf.String() != `<img src="x.png">` {
		t.Errorf("snippet %q", buf.String())
	}
}

// TestPositionsCorpus checks every element of the corpus documents: each
// one the source has a start tag for is mapped to a tag of its own name,
// in increasing source order, and only parser-made elements (implied tbody
// and the like) lack a tag.
func TestPositionsCorpus(t *testing.T) {
	for _, name := range []string{"field-survey.html", "multilingual.html", "audit-violations.html"} {
		t.Run(name, func(t *testing.T) {
			src := readCorpus(t, name)
			doc, err := html.Parse(bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			pos := locate(doc, src)
			pos.index()
			prev, mapped, total := -1, 0, 0
			for n := range elements(doc) {
				total++
				sp, ok := pos.at[n]
				if !ok {
					if !implied(n) {
						t.Errorf("<%s> has no position", n.Data)
					}
					continue
				}
				mapped++
				text := strings.ToLower(string(src[sp.start:sp.end]))
				if !strings.HasPrefix(text, "<"+n.Data) {
					t.Errorf("<%s> mapped to %q", n.Data, text)
				}
				if sp.start <= prev {
					t.Errorf("<%s> at offset %d, not after %d", n.Data, sp.start, prev)
				}
				prev = sp.start
			}
			if mapped < total*9/10 {
				t.Errorf("only %d of %d elements mapped", mapped, total)
			}
		})
	}
}
