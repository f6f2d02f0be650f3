package layout

import (
	"github.com/seed28491532/folio/layout/box"
)

// usedPageName is the named page in effect at b: the page property of b
// or of its nearest ancestor that sets one ("" for none; auto inherits
// the parent's value, css-page-3 §7.1).
func usedPageName(b *box.Box) string {
	for x := b; x != nil; x = x.Parent {
		if x.Style != nil && x.Style.Page != "" && x.Style.Page != "auto" {
			return x.Style.Page
		}
	}
	return ""
}

// startPageName is the page name of the first block-level content of b
// (its start page value): out-of-flow children (floats, positioned boxes)
// are not its content's start.
func startPageName(b *box.Box) string {
	for depth := 0; depth < maxPageNameDepth && b.Kind == box.KindBlock; depth++ {
		i := nextInFlow(b.Children, 0, 1)
		if i < 0 || b.Children[i].IsInlineLevel() {
			break
		}
		b = b.Children[i]
	}
	return usedPageName(b)
}

// endPageName is the page name of the last block-level content of b.
func endPageName(b *box.Box) string {
	for depth := 0; depth < maxPageNameDepth && b.Kind == box.KindBlock; depth++ {
		i := nextInFlow(b.Children, len(b.Children)-1, -1)
		if i < 0 || b.Children[i].IsInlineLevel() {
			break
		}
		b = b.Children[i]
	}
	return usedPageName(b)
}

// maxPageNameDepth bounds the descent of startPageName and endPageName
// (box.Build bounds the tree far below it).
const maxPageNameDepth = 4096

// nextInFlow returns the index of the first in-flow box of kids from i
// on, stepping by step (1 or -1), or -1 when there is none.
func nextInFlow(kids []*box.Box, i, step int) int {
	for ; i >= 0 && i < len(kids); i += step {
		if !kids[i].OutOfFlow() {
			return i
		}
	}
	return -1
}

// pageNameBreak reports whether the named page changes between kids[i]
// and the in-flow sibling before it, which forces a page break between
// them (css-page-3 §7.1: class A break points lie between in-flow
// siblings).
func (l *layouter) pageNameBreak(kids []*box.Box, i int) bool {
	if !l.namedPages || kids[i].OutOfFlow() {
		return false
	}
	p := nextInFlow(kids, i-1, -1)
	return p >= 0 && endPageName(kids[p]) != startPageName(kids[i])
}

// hasNamedPages reports whether any box of the tree sets the page
// property.
func hasNamedPages(root *box.Box) bool {
	found := false
	root.Walk(func(b *box.Box) bool {
		if found {
			return false
		}
		if b.Style != nil && b.Style.Page != "" && b.Style.Page != "auto" {
			found = true
		}
		return !found
	})
	return found
}

// resumePageName is the page name of the content a page starts with when
// layout resumes at tok (the root box for the first page).
func resumePageName(root *box.Box, tok *BreakToken) string {
	if tok == nil {
		return startPageName(root)
	}
	in := tok
	for in.Inner != nil {
		in = in.Inner
	}
	b := in.Box
	if b == nil {
		return ""
	}
	if in.Line == 0 && in.Child < len(b.Children) && !b.Children[in.Child].IsInlineLevel() {
		return startPageName(b.Children[in.Child])
	}
	return usedPageName(b)
}
