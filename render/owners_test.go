package render

import (
	"runtime"
	"testing"
	"weak"

	"github.com/seed28491532/folio/layout/box"
)

func TestOwners(t *testing.T) {
	a, b, c := &box.Box{Index: 0}, &box.Box{Index: 1}, &box.Box{Index: 5}
	late := &box.Box{Index: 1}      // made after numbering: shares b's index
	far := &box.Box{Index: 1 << 40} // an index no slice should be grown to
	neg := &box.Box{Index: -1}
	na, nb, nc, nl, nf, nn := &snode{typ: "a"}, &snode{typ: "b"}, &snode{typ: "c"}, &snode{typ: "late"}, &snode{typ: "far"}, &snode{typ: "neg"}
	var o owners
	for _, e := range []struct {
		b *box.Box
		n *snode
	}{{a, na}, {b, nb}, {c, nc}, {late, nl}, {far, nf}, {neg, nn}} {
		o.set(e.b, e.n)
	}
	o.set(b, nb) // setting again keeps one entry
	if len(o.byIndex) > 1024+6 {
		t.Errorf("slice grew to %d slots", len(o.byIndex))
	}
	for _, e := range []struct {
		b    *box.Box
		want *snode
	}{{a, na}, {b, nb}, {c, nc}, {late, nl}, {far, nf}, {neg, nn}} {
		if got, ok := o.get(e.b); !ok || got != e.want {
			t.Errorf("owner of box %d = %v, %v; want %q", e.b.Index, got, ok, e.want.typ)
		}
	}
	if _, ok := o.get(&box.Box{Index: 2}); ok {
		t.Error("a box never set has an owner")
	}
	if _, ok := o.get(&box.Box{Index: 5}); ok {
		t.Error("a box with the index of another has that one's owner")
	}
}

// TestOwnersKeepNoBox checks that the owner table does not keep the boxes
// it maps alive (issue 24: layout lets go of the boxes of the pages it has
// handed on), and that a text box takes no entry: its owner is found
// through its parent (ownerOf).
func TestOwnersKeepNoBox(t *testing.T) {
	const n = 64
	o := owners{byIndex: make([]ownerSlot, n)}
	node := &snode{typ: "P"}
	seen := make([]weak.Pointer[box.Box], n)
	for i := range n {
		b := &box.Box{Kind: box.KindBlock, Index: i}
		o.set(b, node)
		seen[i] = weak.Make(b)
	}
	runtime.GC()
	for i, w := range seen {
		if w.Value() != nil {
			t.Fatalf("box %d is still in memory: the owner table keeps it", i)
		}
	}
	parent := &box.Box{Kind: box.KindBlock, Index: 1}
	text := &box.Box{Kind: box.KindText, Index: 2, Parent: parent}
	o.set(parent, node)
	o.set(text, node)
	if _, ok := o.get(text); ok {
		t.Error("a text box has an entry of its own")
	}
	s := &structure{owner: o, root: &snode{typ: "Document"}}
	if got := s.ownerOf(text); got != node {
		t.Errorf("the owner of a text box is %q, want its parent's %q", got.typ, node.typ)
	}
	runtime.KeepAlive(parent)
}
