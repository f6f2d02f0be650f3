package layout

import (
	"context"
	"math"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// boxTree parses src and runs the real style cascade and box builder on
// it; a failure of either fails the test.
func boxTree(t testing.TB, src string) (*box.Tree, *style.Styles) {
	t.Helper()
	ctx := context.Background()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	st, err := style.Compute(ctx, doc, style.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tree, err := box.Build(ctx, doc, st, box.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tree, st
}

// sameDumps fails the test at the first line where dumps a and b (made
// the ways named aName and bName) differ.
func sameDumps(t testing.TB, a, b, aName, bName string) {
	t.Helper()
	if a == b {
		return
	}
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			t.Fatalf("line %d differs:\n%s: %s\n%s: %s", i+1, aName, al[i], bName, bl[i])
		}
	}
	t.Fatalf("dumps differ in length: %d vs %d lines", len(al), len(bl))
}

// pagedDoc runs the real style cascade and box builder on src and
// paginates it with the fixed-advance shaper (every character half the
// font size wide).
func pagedDoc(t testing.TB, src string) (*Document, error) {
	t.Helper()
	tree, st := boxTree(t, src)
	return Paginate(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st})
}

func mustPaged(t testing.TB, src string) *Document {
	t.Helper()
	d, err := pagedDoc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// fragText is the text on the lines of f and its descendants.
func fragText(f *Fragment) string {
	var sb strings.Builder
	var walk func(*Fragment)
	walk = func(f *Fragment) {
		for _, ln := range f.Lines {
			for _, tx := range ln.Texts {
				sb.WriteString(tx.Text)
			}
			for _, a := range ln.Atomics {
				walk(a)
			}
		}
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(f)
	return sb.String()
}

// marginTexts lists the text of each margin box of p.
func marginTexts(p *Page) []string {
	var out []string
	for _, m := range p.Margins {
		if s := fragText(m); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// marginByText finds the margin fragment of p whose text is s.
func marginByText(t *testing.T, p *Page, s string) *Fragment {
	t.Helper()
	for _, m := range p.Margins {
		if fragText(m) == s {
			return m
		}
	}
	t.Fatalf("page %d: no margin box with text %q (have %q)", p.Index+1, s, marginTexts(p))
	return nil
}

func pnear(a, b float64) bool { return math.Abs(a-b) < 0.01 }

func rectOf(f *Fragment) Rect { return Rect{f.X, f.Y, f.W, f.H} }

func rectNear(a, b Rect) bool {
	return pnear(a.X, b.X) && pnear(a.Y, b.Y) && pnear(a.W, b.W) && pnear(a.H, b.H)
}
