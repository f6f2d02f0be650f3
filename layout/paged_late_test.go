package layout

import (
	"fmt"
	"slices"
	"testing"

	"github.com/seed28491532/folio/layout/box"
)

// TestLateRecordsReplay checks that the late pages' records give back,
// in order, each page's positions and named strings as they were when
// it was recorded: across chunks, with pages between them whose margin
// boxes are not late (their assignments change the entry values of the
// next late page, which cannot then be derived), pages assigning two
// names or none, and page numbers past 32 bits.
func TestLateRecordsReplay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pages int
		late  func(i int) bool
		sets  func(i int) []box.NamedString
	}{
		{"every page late, a chapter each", 2*lateChunk + 100, func(int) bool { return true },
			func(i int) []box.NamedString {
				return []box.NamedString{{Name: "chapter", Value: fmt.Sprint("Chapter ", i)}}
			}},
		{"no strings", lateChunk + 1, func(int) bool { return true }, func(int) []box.NamedString { return nil }},
		{"one late page in three", 3*lateChunk + 7, func(i int) bool { return i%3 == 0 },
			func(i int) []box.NamedString { return []box.NamedString{{Name: "part", Value: fmt.Sprint("Part ", i)}} }},
		{"two names, some pages none", lateChunk + 50, func(i int) bool { return i%5 != 2 },
			func(i int) []box.NamedString {
				switch i % 4 {
				case 0:
					return []box.NamedString{{Name: "b", Value: fmt.Sprint("B", i)}, {Name: "a", Value: fmt.Sprint("A", i)}}
				case 1:
					return []box.NamedString{{Name: "a", Value: fmt.Sprint("A", i)}}
				}
				return nil
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var strs stringTracker
			var r lateRecords
			type want struct {
				p    Page
				vals pageStrings
			}
			var wants []want
			for i := range tc.pages {
				b := &box.Box{}
				if sets := tc.sets(i); len(sets) > 0 {
					b.SetRare().Strings = sets
				}
				p := &Page{Index: i, Number: i + 1<<40, Width: float64(100 + i%2), Height: 200,
					Root: &Fragment{Children: []*Fragment{{Box: b, First: true, H: 10}}}}
				p.Context.Index, p.Context.Group = i, i/10
				vals := strs.page(p)
				if !tc.late(i) {
					continue
				}
				wants = append(wants, want{p: Page{Index: p.Index, Number: p.Number, Width: p.Width, Height: p.Height, Context: p.Context},
					vals: pageStrings{entry: slices.Clone(vals.entry), assigns: slices.Clone(vals.assigns)}})
				r.add(p, vals, &strs)
			}
			n := 0
			err := r.each(func(p *Page, vals pageStrings) error {
				w := wants[n]
				if p.Index != w.p.Index || p.Number != w.p.Number || p.Width != w.p.Width || p.Height != w.p.Height || p.Context != w.p.Context {
					return fmt.Errorf("late page %d: index %d, number %d, %gx%g, context %+v; want %d, %d, %gx%g, %+v", n,
						p.Index, p.Number, p.Width, p.Height, p.Context, w.p.Index, w.p.Number, w.p.Width, w.p.Height, w.p.Context)
				}
				if !slices.Equal(vals.entry, w.vals.entry) || !slices.Equal(vals.assigns, w.vals.assigns) {
					return fmt.Errorf("late page %d (page %d): strings %v %v, want %v %v", n, p.Index, vals.entry, vals.assigns, w.vals.entry, w.vals.assigns)
				}
				n++
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if n != len(wants) {
				t.Fatalf("%d late pages given back, want %d", n, len(wants))
			}
		})
	}
}
