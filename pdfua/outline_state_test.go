package pdfua

import (
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestOutlineClosedItems checks the /Count of outline items that start
// closed (PDF 32000-1 §12.3.3): a closed item's is the number of its
// descendants visible when opened, negated; an open parent counts a
// closed child but not the child's own descendants; the root counts the
// items visible at first.
func TestOutlineClosedItems(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	for _, o := range []struct {
		title  string
		level  int
		closed bool
	}{{"A", 1, true}, {"A.1", 2, false}, {"A.1.a", 3, false}, {"A.2", 2, false}, {"B", 1, false}, {"B.1", 2, true}, {"B.1.a", 3, false}} {
		d.AddOutlineItem(o.title, o.level, p, 50, o.closed)
	}
	f, _ := readBack(t, d)
	root := f.Resolve(f.Root()["Outlines"]).(pdfobj.Dict)
	a := f.Resolve(root["First"]).(pdfobj.Dict)
	b := f.Resolve(a["Next"]).(pdfobj.Dict)
	b1 := f.Resolve(b["First"]).(pdfobj.Dict)
	for _, c := range []struct {
		name string
		d    pdfobj.Dict
		want int
	}{{"root", root, 3}, {"A (closed)", a, -3}, {"B (open)", b, 1}, {"B.1 (closed)", b1, -1}} {
		if c.d["Count"] != pdfobj.Int(c.want) {
			t.Errorf("%s /Count = %v, want %d", c.name, c.d["Count"], c.want)
		}
	}
}
