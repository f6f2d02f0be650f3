package render

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"weak"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout/box"
)

// TestWriterOrder checks that a Writer used out of order fails with an
// error saying so, and that the first error sticks.
func TestWriterOrder(t *testing.T) {
	tree, ld := layoutHTML(t, fonts.NewRegistry(fonts.Options{}), `<p>One page.</p>`)
	lists := displayLists(t, ld)
	ctx := context.Background()
	opts := Options{Title: "t", Lang: "en"}
	tests := []struct {
		name string
		run  func(w *Writer) error
		want string
	}{
		{"page before a part", func(w *Writer) error { return w.Page(lists[0]) }, "outside any part"},
		{"end before begin", func(w *Writer) error { return w.EndPart() }, "EndPart without BeginPart"},
		{"close with a part missing", func(w *Writer) error { _, err := w.Close(); return err }, "0 of 1 parts"},
		{"two parts of one", func(w *Writer) error {
			if err := w.BeginPart(tree, ""); err != nil {
				return err
			}
			return w.BeginPart(tree, "")
		}, "part 2 begun"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, err := NewWriter(ctx, opts, 1)
			if err != nil {
				t.Fatal(err)
			}
			err = tc.run(w)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
			if _, again := w.Close(); again != err {
				t.Errorf("Close after the error: %v, want the first error %v", again, err)
			}
		})
	}
	if _, err := NewWriter(ctx, opts, 0); err == nil {
		t.Error("a writer of no part was made")
	}
	if _, err := NewWriter(ctx, Options{Lang: "en"}, 1); err == nil || !strings.Contains(err.Error(), "title") {
		t.Errorf("a writer without title: error %v", err)
	}
}

// TestFlatTags checks that Options.FlatTags tags a table and a list as
// Div, P and Span elements, and that without it they are Table and L.
func TestFlatTags(t *testing.T) {
	src := `<table><caption>C</caption><tr><th>H</th></tr><tr><td>D</td></tr></table><ul><li>Item</li></ul>`
	for _, flat := range []bool{false, true} {
		res, err := renderErr(t, src, Options{FlatTags: flat})
		if err != nil {
			t.Fatal(err)
		}
		for _, typ := range []string{"/S /Table", "/S /TD", "/S /L", "/S /LI", "/S /Caption"} {
			if got := strings.Contains(string(res.PDF), typ); got == flat {
				t.Errorf("FlatTags %v: %s present %v", flat, typ, got)
			}
		}
	}
}

// TestEndPartLetsGoOfTree checks that a Writer keeps nothing of a part's
// box tree once the part has ended (issue 24): the tree, the largest
// part of a long document's memory, is not held while the file is
// written.
func TestEndPartLetsGoOfTree(t *testing.T) {
	ended := func() (*Writer, weak.Pointer[box.Box]) {
		tree, ld := layoutHTML(t, fonts.NewRegistry(fonts.Options{}), `<h1>T</h1><p>One <a href="#x">page</a>.</p><p id="x">x</p>`)
		w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.BeginPart(tree, ""); err != nil {
			t.Fatal(err)
		}
		for _, l := range displayLists(t, ld) {
			if err := w.Page(l); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.EndPart(); err != nil {
			t.Fatal(err)
		}
		return w, weak.Make(tree.Root)
	}
	w, root := ended()
	runtime.GC()
	if root.Value() != nil {
		t.Error("the box tree is still reachable from the Writer after EndPart")
	}
	if _, err := w.Close(); err != nil {
		t.Fatal(err)
	}
}
