package render

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
)

// ReadTexts records in tree.Texts the text content of the elements whose
// text the structure shows: headings (outline titles and level
// diagnostics), links (their title when they have none), figures,
// formulas and role=img elements (their alternative text when they have
// none), and elements with a bookmark-level (outline titles). The DOM's
// text nodes can then be let go before the writer reads the structure
// (BeginPart): the boxes hold the text laid out. Every element of such a
// tag or role is recorded, whatever the structure makes of it; the
// structure lets go of an entry once it made the element's node.
// It also records what the structure reads below an element, so that
// the DOM can be unlinked when the writer begins the part, while the
// structure is made as layout goes: the alt text of a figure's first
// img (tree.FigureAlts) and the ids of a table's th elements
// (tree.THIDs).
func ReadTexts(tree *box.Tree) {
	if tree == nil || tree.Root == nil {
		return
	}
	tree.Texts, tree.FigureAlts, tree.THIDs = nil, nil, nil
	ReadTextsFrom(tree, []*box.Box{tree.Root})
}

// ReadTextsFrom adds to tree.Texts, tree.FigureAlts and tree.THIDs
// (made when nil) what ReadTexts records, for the subtrees rooted at
// boxes only: a body getting its children as layout asks (box.Box.
// SetGrow) has the texts of each child read as it is appended, before
// its DOM text is let go.
func ReadTextsFrom(tree *box.Tree, boxes []*box.Box) {
	if tree == nil {
		return
	}
	if tree.Texts == nil {
		tree.Texts = map[*html.Node]string{}
	}
	if tree.FigureAlts == nil {
		tree.FigureAlts = map[*html.Node]string{}
	}
	if tree.THIDs == nil {
		tree.THIDs = map[*html.Node]map[string]bool{}
	}
	texts, alts, ths := tree.Texts, tree.FigureAlts, tree.THIDs
	var visit func(b *box.Box) bool
	visit = func(b *box.Box) bool {
		if fn := b.Footnote(); fn != nil {
			fn.Walk(visit) // not among its call's children
		}
		if b.Node == nil || b.Node.Type != html.ElementNode {
			return true
		}
		if _, done := texts[b.Node]; !done && showsText(b) {
			texts[b.Node] = textOf(b.Node)
		}
		switch b.Tag() {
		case "figure":
			if alt := figureAlt(b.Node); alt != "" {
				alts[b.Node] = alt
			}
		case "table":
			if _, done := ths[b.Node]; !done {
				if ids := thIDsOf(b.Node); len(ids) > 0 {
					ths[b.Node] = ids
				}
			}
		}
		return true
	}
	for _, b := range boxes {
		if b != nil {
			b.Walk(visit)
		}
	}
}

// showsText reports whether the structure may read the text of element
// box b (see ReadTexts).
func showsText(b *box.Box) bool {
	switch b.Tag() {
	case "h1", "h2", "h3", "h4", "h5", "h6", "a", "figure", "math":
		return true
	}
	if role, ok := box.Attr(b.Node, "role"); ok {
		switch strings.ToLower(strings.TrimSpace(role)) {
		case "heading", "math", "img": // (as structure.element reads it)
			return true
		}
	}
	return b.Style != nil && b.Style.BookmarkLevel > 0
}

// textOf returns the text content of element box b: the one ReadTexts
// recorded, else the DOM's.
func (s *structure) textOf(b *box.Box) string {
	if t, ok := s.texts[b.Node]; ok {
		return t
	}
	return textOf(b.Node)
}
