package layout

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout/box"
)

// pendingBody takes the body's children out of tree and gives them back
// per at a time as layout asks (box.Box.SetGrow); calls counts the
// calls of the grow function.
func pendingBody(t *testing.T, tree *box.Tree, per int) (calls *int) {
	t.Helper()
	var body *box.Box
	for _, c := range tree.Root.Children {
		if c.Tag() == "body" {
			body = c
		}
	}
	if body == nil {
		t.Fatal("no body box")
	}
	kids := body.Children
	body.Children = nil
	next, n := 0, 0
	body.SetGrow(func() bool {
		n++
		if next >= len(kids) {
			return false
		}
		k := min(per, len(kids)-next)
		body.Children = append(body.Children, kids[next:next+k]...)
		next += k
		return true
	})
	return &n
}

// TestPendingBodyLaidOutAlike checks that layout gives the same pages for
// a body whose children come as it asks, one or two a call, as for the
// whole tree: through PaginateEach streaming, and through Paginate and
// a counting pass (counter(pages) with a plain sink), which grow the
// body whole first. The documents have forced and avoided breaks
// between the body's children, empty children whose margins collapse
// through, and a last child whose bottom margin collapses with the
// body's.
func TestPendingBodyLaidOutAlike(t *testing.T) {
	p := `<p>Survey teams measured soil depth, water flow and station records along the river basin.</p>`
	css := `<style>@page { size: 200pt 160pt; margin: 20pt } body { margin: 10pt 0 }`
	for _, tc := range []struct{ name, src string }{
		{"breaks", css + `</style><h1>T</h1>` + p + `<div style="break-after:page">` + p + `</div>` + p +
			`<h2 style="break-after:avoid">Kept</h2><p style="break-before:avoid">With it</p>` + strings.Repeat(p, 6)},
		{"margins", css + `</style><div></div><div style="margin:30pt 0"></div>` + p + `<div></div>` +
			strings.Repeat(p, 4) + `<div style="margin-bottom:30pt"><p style="margin-bottom:50pt">Last</p></div>`},
		{"page count", css + ` @page { @bottom-center { content: counter(page) " of " counter(pages) } }</style>` + strings.Repeat(p, 12)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, st := boxTree(t, tc.src)
			want := &dumpSink{}
			if _, err := PaginateEach(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st}, want); err != nil {
				t.Fatal(err)
			}
			tree, st = boxTree(t, tc.src) // (PaginateEach let the boxes laid out go)
			doc, err := Paginate(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st})
			if err != nil {
				t.Fatal(err)
			}
			wantDoc := Dump(doc)
			for _, per := range []int{1, 2} {
				tree, st := boxTree(t, tc.src)
				calls := pendingBody(t, tree, per)
				got := &dumpSink{}
				if _, err := PaginateEach(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st}, got); err != nil {
					t.Fatal(err)
				}
				sameDumps(t, got.sb.String(), want.sb.String(), "grown", "whole")
				if *calls < 2 {
					t.Errorf("%d calls of the grow function, want the children asked for", *calls)
				}
				tree, st = boxTree(t, tc.src)
				pendingBody(t, tree, per)
				doc, err := Paginate(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st})
				if err != nil {
					t.Fatal(err)
				}
				sameDumps(t, Dump(doc), wantDoc, "grown (Paginate)", "whole (Paginate)")
			}
		})
	}
}

// TestPendingBodyNeedsWhole checks that PaginateEach refuses a body
// whose children come as layout asks when those present show
// target-counter(…, page), which needs the whole document laid out
// before the first page: the caller builds it whole (ErrWholeDocument).
func TestPendingBodyNeedsWhole(t *testing.T) {
	src := `<style>a::after { content: target-counter(attr(href), page) }</style><p><a href="#x">See</a></p><h1 id=x>X</h1>`
	tree, st := boxTree(t, src)
	pendingBody(t, tree, 1)
	tree.Root.Children[len(tree.Root.Children)-1].Grow() // the first child, as the facade may have built it
	_, err := PaginateEach(context.Background(), tree, Options{Shaper: fixedShaper{}, Pages: st}, &dumpSink{})
	if !errors.Is(err, ErrWholeDocument) {
		t.Fatalf("PaginateEach: %v, want ErrWholeDocument", err)
	}
}
