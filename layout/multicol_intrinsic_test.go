package layout_test

import (
	"testing"

	"github.com/seed28491532/folio/layout"
)

// fragmentWidth returns the border-box width of the first fragment of the
// element with tag tag.
func fragmentWidth(d *layout.Document, tag string) (float64, bool) {
	var walk func(f *layout.Fragment) (float64, bool)
	walk = func(f *layout.Fragment) (float64, bool) {
		if f.Box != nil && f.Box.Tag() == tag {
			return f.W, true
		}
		for _, c := range f.Children {
			if w, ok := walk(c); ok {
				return w, true
			}
		}
		return 0, false
	}
	for _, p := range d.Pages {
		if p.Root != nil {
			if w, ok := walk(p.Root); ok {
				return w, true
			}
		}
	}
	return 0, false
}

// TestMulticolIntrinsicWidthSpanners checks a spanner counts once, across
// the columns, in a multicol container's min-content width: it widens a
// container narrower than itself and is not multiplied by the count.
func TestMulticolIntrinsicWidthSpanners(t *testing.T) {
	for _, tt := range []struct {
		name, cols, spanW string
		nested            bool
		want              float64
	}{
		{"narrow spanner, column-width", "column-width:80pt", "50pt", false, 80},
		{"wide spanner, column-width", "column-width:80pt", "150pt", false, 150},
		{"narrow spanner, count", "column-count:2", "auto", false, 210},
		{"wide spanner, count", "column-count:2", "250pt", false, 250},
		{"nested wide spanner, count", "column-count:2", "250pt", true, 250},
	} {
		t.Run(tt.name, func(t *testing.T) {
			span := `<div style="column-span:all;width:` + tt.spanW + `">span</div>`
			if tt.nested {
				span = `<div><div>` + span + `</div></div>`
			}
			d := flowLayout(t, 600, 400, `<article style="width:min-content;column-gap:10pt;`+tt.cols+`">`+
				`<div style="width:100pt">b1</div>`+span+`<div style="width:100pt">b2</div></article>`)
			w, ok := fragmentWidth(d, "article")
			if !ok || w != tt.want {
				t.Errorf("article %gpt wide (found %v), want %g\n%s", w, ok, tt.want, layout.Dump(d))
			}
		})
	}
}
