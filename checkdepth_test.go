package folio

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestCheckDepth: the DOM depth limit counts element nesting from the
// document (html is 1, body 2), names the first element too deep, and
// the text limit counts the bytes of every text node.
func TestCheckDepth(t *testing.T) {
	nested := func(n int) string {
		return strings.Repeat("<div>", n) + "x" + strings.Repeat("</div>", n)
	}
	for _, c := range []struct {
		name        string
		src         string
		depth, text int
		wantErr     string
	}{
		// html, body and 3 divs: depth 5
		{name: "at the depth limit", src: nested(3), depth: 5},
		{name: "one over", src: nested(3), depth: 4, wantErr: "depth exceeds 4 at <div>"},
		{name: "deep in a later sibling", src: "<p>a</p><section><p><b><i>x</i></b></p></section>", depth: 5,
			wantErr: "depth exceeds 5 at <i>"},
		{name: "text at the limit", src: "<p>abc</p><p>de</p>", text: 5},
		{name: "text over", src: "<p>abc</p><p>def</p>", text: 5, wantErr: "more than 5 bytes of text"},
		{name: "default depth", src: nested(510)},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader(c.src))
			if err != nil {
				t.Fatal(err)
			}
			err = checkDepth(doc, c.depth, c.text)
			switch {
			case c.wantErr == "" && err != nil:
				t.Fatalf("checkDepth: %v, want no error", err)
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr) || !errors.Is(err, ErrLimit)):
				t.Fatalf("checkDepth: %v, want an ErrLimit naming %q", err, c.wantErr)
			}
		})
	}
}

// TestCheckDepthAllocs: checking a wide tree (a chart's svg of 2,000
// children) allocates nothing: the walk follows the tree's links.
func TestCheckDepthAllocs(t *testing.T) {
	doc, err := html.Parse(strings.NewReader("<svg>" + strings.Repeat(`<rect width="1" height="1"/>`, 2000) + "</svg>"))
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(5, func() {
		if err := checkDepth(doc, 0, 1<<20); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Fatalf("checkDepth allocated %v times, want 0", n)
	}
}
