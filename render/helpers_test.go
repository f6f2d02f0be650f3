package render

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/style"
)

// buildTree parses src and runs the cascade and the box builder on it; a
// failure of either fails the test.
func buildTree(t testing.TB, src string) (*box.Tree, *style.Styles) {
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

// layoutHTML builds the box tree of src and lays it out with the fonts of
// reg (up to 5,000 pages).
func layoutHTML(t testing.TB, reg *fonts.Registry, src string) (*box.Tree, *layout.Document) {
	t.Helper()
	tree, st := buildTree(t, src)
	ld, err := layout.Paginate(context.Background(), tree, layout.Options{Shaper: layout.FontShaper{Registry: reg}, Pages: st, MaxPages: 5000})
	if err != nil {
		t.Fatal(err)
	}
	return tree, ld
}

// displayLists builds the display lists of d, failing tb on an error.
func displayLists(tb testing.TB, d *layout.Document) []*display.List {
	tb.Helper()
	lists, err := display.Build(context.Background(), d)
	if err != nil {
		tb.Fatalf("display.Build: %v", err)
	}
	return lists
}
