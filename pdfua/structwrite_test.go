package pdfua

import (
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestElementAttributes checks the /A entries written for layout, table
// and list attributes, alone and combined, against the dictionaries
// pdfobj would write for the same values, and that they read back.
func TestElementAttributes(t *testing.T) {
	tests := []struct {
		name string
		set  func(e *StructElem)
		want string // "" for no /A
	}{
		{"none", func(e *StructElem) {}, ""},
		{"empty table attributes", func(e *StructElem) { e.Table = &TableAttrs{RowSpan: 1, ColSpan: 1} }, ""},
		{"bbox", func(e *StructElem) { e.Attrs().BBox = &Rect{1, 2, 3, 4.5} }, "<</BBox [1 2 4 6.5]/O /Layout>>"},
		{"scope", func(e *StructElem) { e.Table = &TableAttrs{Scope: ScopeRow} }, "<</O /Table/Scope /Row>>"},
		{"all table attributes", func(e *StructElem) {
			e.Table = &TableAttrs{Scope: ScopeBoth, Headers: []string{"h1", "h(2)"}, RowSpan: 2, ColSpan: 3}
		}, "<</ColSpan 3/Headers [(h1) (h\\(2\\))]/O /Table/RowSpan 2/Scope /Both>>"},
		{"list", func(e *StructElem) { e.Attrs().ListNumbering = "UpperRoman" }, "<</ListNumbering /UpperRoman/O /List>>"},
		{"three", func(e *StructElem) {
			e.Attrs().BBox = &Rect{0, 0, 1, 1}
			e.Table = &TableAttrs{ColSpan: 2}
			e.Attrs().ListNumbering = "Disc"
		}, "[<</BBox [0 0 1 1]/O /Layout>> <</ColSpan 2/O /Table>> <</ListNumbering /Disc/O /List>>]"},
		{"table and list", func(e *StructElem) {
			e.Table = &TableAttrs{RowSpan: 4}
			e.Attrs().ListNumbering = "None"
		}, "[<</O /Table/RowSpan 4>> <</ListNumbering /None/O /List>>]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newTestDoc()
			e := d.Root().Add("Div")
			tt.set(e)
			got := string(e.appendAttributes(nil, d))
			want := ""
			if tt.want != "" {
				want = "/A " + tt.want
				// The same syntax as pdfobj gives the parsed value.
				v, err := pdfobj.ParseObject([]byte(tt.want))
				if err != nil {
					t.Fatal(err)
				}
				if f := pdfobj.Format(v); f != tt.want {
					t.Errorf("want %s is not in pdfobj's form %s", tt.want, f)
				}
			}
			if got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

// TestAppendResources checks that resource names are written in byte
// order, as pdfobj writes a Dict's keys (F10 before F2).
func TestAppendResources(t *testing.T) {
	entries := []resourceEntry{{"F2", pdfobj.Ref{Num: 2}}, {"F10", pdfobj.Ref{Num: 10}}, {"F1", pdfobj.Ref{Num: 1}}}
	want := pdfobj.Format(pdfobj.Dict{"F2": pdfobj.Ref{Num: 2}, "F10": pdfobj.Ref{Num: 10}, "F1": pdfobj.Ref{Num: 1}})
	if got := string(appendResources(nil, entries)); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestKidsInterleaved adds kids to sibling elements in turn, so their
// kid slots sit side by side in the document's slab, and checks that no
// element's kids overwrite another's as they grow past one, then past
// the shared block.
func TestKidsInterleaved(t *testing.T) {
	d := New(Info{Title: "t", Lang: "en"})
	parents := []*StructElem{d.Root().Add("TR"), d.Root().Add("Sect"), d.Root().Add("L")}
	want := make([][]*StructElem, len(parents))
	for i := 0; i < 3*kidBlock; i++ {
		for j, p := range parents {
			c := p.Add("Span")
			want[j] = append(want[j], c)
		}
	}
	for j, p := range parents {
		if len(p.kids) != len(want[j]) {
			t.Fatalf("%s has %d kids, want %d", p.typ, len(p.kids), len(want[j]))
		}
		for i, k := range p.kids {
			if c := p.doc.child(k); c != want[j][i] {
				t.Fatalf("%s kid %d is element #%d, want #%d", p.typ, i, k.elem-1, want[j][i].index)
			}
		}
	}
}
