package wcag

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// TestPaintAgreesWithAncestorWalks checks that the paint the contrast rule
// carries down the tree gives, for every element, exactly what walking up
// its ancestors gives: background colour and blocker, opacity, disabled.
func TestPaintAgreesWithAncestorWalks(t *testing.T) {
	docs := map[string][]byte{
		"layers": []byte(`<!DOCTYPE html><html lang="en"><head><title>t</title><style>
			body { background: #fafafa } .half { background: rgba(0,0,128,.5) } .img { background-image: url(x.png) }
			.op { opacity: .5 } .zero { opacity: 0 } .solid { background: #123 }
			</style></head><body>
			<div class="half"><p class="half">a <span class="op">b <em class="op">c</em></span></p></div>
			<div class="img"><p>d</p><div class="half"><p>e</p></div><div class="solid"><p class="half">f</p></div></div>
			<div class="zero"><p>g</p></div>
			<fieldset disabled><legend>h</legend><p>i</p></fieldset><div aria-disabled="true"><p>j</p></div>
			<button disabled><span>k</span></button><p style="background: rgba(255,0,0,.25)"><b style="opacity:.3">l</b></p>
			</body></html>`),
		"synthetic": syntheticDoc(400),
	}
	names, _ := filepath.Glob(filepath.Join(corpusDir, "*.html"))
	for _, name := range names {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(name)] = src
	}
	for name, src := range docs {
		doc, err := html.Parse(bytes.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		styles, err := style.Compute(context.Background(), doc, style.Options{})
		if err != nil {
			t.Fatal(err)
		}
		c, err := newChecker(context.Background(), doc, nil, styles)
		if err != nil {
			t.Fatal(err)
		}
		var visit func(n *html.Node, parent paint)
		checked := 0
		visit = func(n *html.Node, parent paint) {
			for e := n.FirstChild; e != nil; e = e.NextSibling {
				if e.Type != html.ElementNode {
					continue
				}
				p := paintOf(parent, e, c.style(e))
				bg, blocker := c.background(e)
				if blocker != p.blocker || blocker == nil && bg != p.bg {
					t.Errorf("%s: <%s> background %v %v, paint %v %v", name, e.Data, bg, blocker, p.bg, p.blocker)
				}
				if op := c.opacity(e); p.opaque != (op == 1) {
					t.Errorf("%s: <%s> opacity %v, paint says opaque=%v", name, e.Data, op, p.opaque)
				}
				if d := disabledControl(e); d != p.disabled {
					t.Errorf("%s: <%s> disabled %v, paint %v", name, e.Data, d, p.disabled)
				}
				checked++
				visit(e, p)
			}
		}
		visit(doc, paint{bg: paper(), opaque: true})
		if checked == 0 {
			t.Errorf("%s: no elements", name)
		}
	}
}
