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
// (its start page value).
func startPageName(b *box.Box) string {
	for b.Kind == box.KindBlock && len(b.Children) > 0 && !b.Children[0].IsInlineLevel() {
		b = b.Children[0]
	}
	return usedPageName(b)
}

// endPageName is the page name of the last block-level content of b.
func endPageName(b *box.Box) string {
	for b.Kind == box.KindBlock && len(b.Children) > 0 && !b.Children[len(b.Children)-1].IsInlineLevel() {
		b = b.Children[len(b.Children)-1]
	}
	return usedPageName(b)
}

// pageNameBreak reports whether the named page changes between siblings
// prev and next, which forces a page break between them.
func (l *layouter) pageNameBreak(prev, next *box.Box) bool {
	return l.namedPages && endPageName(prev) != startPageName(next)
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
