package folio_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/pdfinfo"
)

// TestConvertTOCTagged: the list of a nav with role="doc-toc" is tagged
// TOC and its items TOCI, a list nested in an entry a TOC inside that
// TOCI; the nav's heading stays outside the TOC (which may hold only TOC,
// TOCI and Caption), and a list elsewhere stays L.
func TestConvertTOCTagged(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>Book</title></head><body>
<nav role="doc-toc"><h1>Contents</h1><ol>
<li><a href="#c1">Chapter one</a><ol><li><a href="#s1">Section one</a></li></ol></li>
<li><a href="#c2">Chapter two</a></li></ol></nav>
<h2 id="c1">Chapter one</h2><h3 id="s1">Section one</h3><ul><li>a plain list item</li></ul><h2 id="c2">Chapter two</h2></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := pdfinfo.Read(res.PDF)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(n *pdfinfo.Node, depth int)
	walk = func(n *pdfinfo.Node, depth int) {
		switch n.Type {
		case "TOC", "TOCI", "L", "LI", "H1":
			b.WriteString(strings.Repeat(" ", depth) + n.Type + "\n")
		}
		for _, c := range n.Children {
			d := depth
			if n.Type == "TOC" || n.Type == "TOCI" || n.Type == "L" || n.Type == "LI" {
				d++
			}
			walk(c, d)
		}
	}
	walk(info.Structure, 0)
	want := "H1\nTOC\n TOCI\n  TOC\n   TOCI\n TOCI\nL\n LI\n"
	if got := b.String(); got != want {
		t.Errorf("structure\n%s\nwant\n%s", got, want)
	}
	uaClean(t, res.PDF)
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Message, "tagged as plain") {
			t.Errorf("tags flattened: %s", d.Message)
		}
	}
}

// TestConvertBookmarks: bookmark-level: none takes a heading out of the
// PDF outline, a level puts any element in it, bookmark-label replaces
// the item's text (css-gcpm-3 §3); headings keep their level by default.
func TestConvertBookmarks(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>B</title><style>
.skip { bookmark-level: none } .mark { bookmark-level: 2; bookmark-label: "Custom label" } .lv { bookmark-level: 3 }</style></head>
<body><h1>First heading</h1><h2 class="skip">Hidden heading</h2><p class="mark">A paragraph</p><div class="lv">Div text</div><h2>Second heading</h2></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Outlines []outline `json:"outlines"`
	}
	if err := json.Unmarshal([]byte(tool(t, res.PDF, "qpdf", "--json", "--json-key=outlines")), &doc); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	var walk func(os []outline, depth int)
	walk = func(os []outline, depth int) {
		for _, o := range os {
			b.WriteString(strings.Repeat(" ", depth) + o.Title + "\n")
			walk(o.Kids, depth+1)
		}
	}
	walk(doc.Outlines, 0)
	want := "First heading\n Custom label\n  Div text\n Second heading\n"
	if got := b.String(); got != want {
		t.Errorf("outline\n%s\nwant\n%s", got, want)
	}
	uaClean(t, res.PDF)
}

// outline is an item of qpdf's JSON outline.
type outline struct {
	Title string    `json:"title"`
	Kids  []outline `json:"kids"`
}

// TestConvertInlineBlockMargin: an inline-block's left margin moves the
// box and its content together: the text starts inside its border (it
// used to start a margin further right, outside the box).
func TestConvertInlineBlockMargin(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>I</title><style>
@page { size: 300pt 200pt; margin: 0 } body { margin: 0 }
span { display: inline-block; margin-left: 100pt; border: 2pt solid black; padding-left: 3pt; width: 80pt; height: 40pt }
</style></head><body><span>Box</span></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(src), folio.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if w := findWord(t, pdfWords(t, res.PDF), "Box"); w.x < 104.5 || w.x > 106 {
		t.Errorf("text starts at x = %.1f pt, want 105 (margin 100 + border 2 + padding 3)", w.x)
	}
}
