package box

import (
	"testing"
	"unsafe"

	"github.com/seed28491532/folio/style"
)

// TestBoxSize keeps a box at 112 bytes (a size class of its own when
// allocated alone, and what each box takes of the builder's slabs): a
// long document has about 160 boxes a page, so every field added to Box
// costs memory on each. Fields few boxes have go into Rare.
func TestBoxSize(t *testing.T) {
	if got := unsafe.Sizeof(Box{}); got > 112 {
		t.Errorf("box.Box takes %d bytes, more than 112: put fields few boxes have in Rare", got)
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

// TestTextBoxNode checks that the text box of a DOM text node refers to
// no node (the facade lets the DOM's text go once the structure is read)
// and that generated content's keeps its element.
func TestTextBoxNode(t *testing.T) {
	before := InheritInline(nil).Clone()
	before.ContentMode = style.ContentList
	before.Content = []style.ContentItem{{Kind: style.ContentString, Text: "see "}}
	tr := build(t, `<body><p id=q>quoted</p></body>`, pseudoStyles{"q": {style.PseudoBefore: before}})
	texts := 0
	tr.Root.Walk(func(b *Box) bool {
		if b.Kind != KindText {
			return true
		}
		texts++
		switch {
		case b.Pseudo == style.PseudoNone && b.Node != nil:
			t.Errorf("text box %q refers to its text node", b.Text)
		case b.Pseudo == style.PseudoBefore && (b.Node == nil || b.Node.Data != "p"):
			t.Errorf("generated text box %q does not refer to its element", b.Text)
		}
		return true
	})
	if texts != 2 {
		t.Errorf("%d text boxes, want 2 (the ::before's and the paragraph's)", texts)
	}
}
