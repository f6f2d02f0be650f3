package render

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/fonts"
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
