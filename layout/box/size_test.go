package box

import (
	"testing"
	"unsafe"
)

// TestBoxSize keeps a box at 128 bytes (a size class of its own when
// allocated alone, and what each box takes of the builder's slabs): a
// long document has about 160 boxes a page, so every field added to Box
// costs memory on each. Fields few boxes have go into Rare.
func TestBoxSize(t *testing.T) {
	if got := unsafe.Sizeof(Box{}); got > 128 {
		t.Errorf("box.Box takes %d bytes, more than 128: put fields few boxes have in Rare", got)
	}
}

// TestRareFields checks that a box's rare fields read as empty until
// set, and what is set is read back.
func TestRareFields(t *testing.T) {
	var b Box
	if b.Backgrounds() != nil || b.Strings() != nil || b.ContentParts() != nil || b.Fixed() != nil || b.Footnote() != nil {
		t.Fatal("a new box has rare fields")
	}
	fn := &Box{Kind: KindBlock}
	b.SetRare().Footnote = fn
	b.SetRare().Strings = []NamedString{{Name: "n", Value: "v"}}
	if b.Footnote() != fn || len(b.Strings()) != 1 || b.Strings()[0].Value != "v" {
		t.Errorf("rare fields not read back: footnote %p, strings %v", b.Footnote(), b.Strings())
	}
}
