package render

import (
	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/pdfua"
)

// inferScope guesses the scope of a TH without a scope attribute: in a
// head row group or a row of headers only it heads a column; as the first
// cell of a row with data cells it heads the row.
func inferScope(th *box.Box) pdfua.Scope {
	row := th.Parent
	if row == nil {
		return pdfua.ScopeColumn
	}
	if g := row.Parent; g != nil && g.Tag() == "thead" {
		return pdfua.ScopeColumn
	}
	allTH := true
	for _, c := range row.Children {
		if c.Tag() == "td" {
			allTH = false
		}
	}
	if !allTH && len(row.Children) > 0 && row.Children[0] == th {
		return pdfua.ScopeRow
	}
	return pdfua.ScopeColumn
}

// groupType maps a row group to THead, TBody or TFoot so the table stays
// valid: one THead and one TFoot at most, and a TBody whenever there is
// one of them (a table of a thead alone tags it as TBody).
func (s *structure) groupType(table *snode, g *box.Box) string {
	if table.typ != "Table" {
		return "TBody"
	}
	var want string
	switch g.Tag() {
	case "thead":
		want = "THead"
	case "tfoot":
		want = "TFoot"
	default:
		return "TBody"
	}
	hasBody := false
	for _, c := range g.Parent.Children {
		if c.Tag() == "tbody" || c.Kind == box.KindTableRow {
			hasBody = true
		}
	}
	if !hasBody {
		return "TBody"
	}
	// the table's first THead (TFoot) is one; later ones are bodies
	more := table.m()
	seen := &more.hasTHead
	if want == "TFoot" {
		seen = &more.hasTFoot
	}
	if *seen {
		return "TBody"
	}
	*seen = true
	return want
}

// enclosingLink returns the Link node of an a[href] element that is a DOM
// ancestor of block box b below the element of b's box parent, if any.
func (s *structure) enclosingLink(b *box.Box, parent *snode) *snode {
	var stop *html.Node
	if b.Parent != nil {
		stop = b.Parent.Node
	}
	for n := b.Node.Parent; n != nil && n != stop; n = n.Parent {
		if n.Type == html.ElementNode && n.Data == "a" {
			if l := s.byNode[n]; l != nil && l.typ == "Link" {
				return l
			}
			return nil
		}
	}
	return nil
}

// hasContent reports whether b holds anything painted as content (an
// anonymous block around only the empty part of a split inline box does
// not get a paragraph of its own).
func hasContent(b *box.Box) bool {
	for _, c := range b.Children {
		switch c.Kind {
		case box.KindText, box.KindReplaced, box.KindInlineBlock, box.KindTable, box.KindLineBreak:
			return true
		}
		if hasContent(c) {
			return true
		}
	}
	return false
}
