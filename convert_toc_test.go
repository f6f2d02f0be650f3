package folio_test

import (
	"context"
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
