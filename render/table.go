package render

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/pdfua"
)

// tableTags holds what tagging tables needs across cells: the ids of
// each table's th elements (the targets a headers attribute may name),
// the IDs written so far, and the tables already reported for inferred
// scopes.
type tableTags struct {
	// read, when set (box.Tree.THIDs), holds the ids read before the
	// DOM was unlinked; thIDs those read in the DOM since
	read     map[*html.Node]map[string]bool
	thIDs    map[*html.Node]map[string]bool
	used     map[string]bool
	inferred map[*html.Node]bool
}

// tableOf returns the table element n belongs to (its nearest table
// ancestor), or nil.
func tableOf(n *html.Node) *html.Node {
	for x := n.Parent; x != nil; x = x.Parent {
		if x.Type == html.ElementNode && x.Data == "table" {
			return x
		}
	}
	return nil
}

// idsOf returns the ids of the th elements of table t (not of tables
// nested in it): those ReadTexts recorded (read), else the DOM's.
func (tt *tableTags) idsOf(t *html.Node) map[string]bool {
	if tt.thIDs == nil {
		tt.thIDs = map[*html.Node]map[string]bool{}
		tt.used = map[string]bool{}
		tt.inferred = map[*html.Node]bool{}
	}
	if tt.read != nil {
		return tt.read[t] // (a table without th ids has none)
	}
	if ids, ok := tt.thIDs[t]; ok {
		return ids
	}
	ids := thIDsOf(t)
	tt.thIDs[t] = ids
	return ids
}

// thIDsOf returns the ids of the th elements of table t, read in the
// DOM.
func thIDsOf(t *html.Node) map[string]bool {
	ids := map[string]bool{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || c.Data == "table" {
				continue
			}
			if c.Data == "th" {
				if id := strings.TrimSpace(attr(c, "id")); id != "" {
					ids[id] = true
				}
			}
			walk(c)
		}
	}
	walk(t)
	return ids
}

// cellAttrs completes the table attributes ta of a TH or TD element e: the
// TH's /ID from its id attribute (stable, unique), the cell's /Headers
// from its headers attribute (only ids of th elements of the same table;
// others are reported and dropped), and a diagnostic once per table when
// a TH scope was inferred.
func (s *structure) cellAttrs(n *snode, e *pdfua.StructElem, ta *pdfua.TableAttrs) {
	if n.box == nil || n.box.Node == nil {
		return
	}
	node := n.box.Node
	// one pass over the attributes: most cells have none of these
	var id, headers string
	hasScope, hasHeaders := false, false
	for _, a := range node.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "id":
			id = strings.TrimSpace(a.Val)
		case "scope":
			hasScope = true
		case "headers":
			headers, hasHeaders = a.Val, true
		}
	}
	th := n.typ == "TH"
	if !hasHeaders && (!th || id == "" && hasScope) {
		return
	}
	t := tableOf(node)
	if t == nil {
		return
	}
	ids := s.tables.idsOf(t)
	if th {
		if id != "" && ids[id] && !s.tables.used[id] {
			e.Attrs().ID = s.idPrefix + id
			s.tables.used[id] = true
		}
		if !hasScope && !s.tables.inferred[t] {
			s.tables.inferred[t] = true
			s.diag("table header cells without a scope attribute: /Scope inferred (Column in thead or a row of headers, Row for the first cell of a body row); add scope to say it")
		}
	}
	if !hasHeaders {
		return
	}
	for _, tok := range strings.Fields(headers) {
		if ids[tok] {
			ta.Headers = append(ta.Headers, s.idPrefix+tok)
		} else {
			s.diag("headers %q on a table cell names no th of its table; it is left out of /Headers", clip(tok))
		}
	}
}

// presentationTablePart reports whether b is a part of a layout table
// (role="presentation" or "none"): it is tagged by its content only.
// parent is the node b's content would belong to: a cell under a TR, or
// a row under a row group or Table, belongs to a table already tagged as
// one, which saves the walk up to the table for every cell.
func presentationTablePart(b *box.Box, parent *snode) bool {
	switch b.Tag() {
	case "td", "th":
		if parent.typ == "TR" {
			return false
		}
	case "tr":
		switch parent.typ {
		case "THead", "TBody", "TFoot", "Table":
			return false
		}
	case "table", "thead", "tbody", "tfoot", "caption", "colgroup", "col":
	default:
		return false
	}
	t := b.Node
	if b.Tag() != "table" {
		t = tableOf(b.Node)
	}
	if t == nil {
		return false
	}
	role := strings.ToLower(strings.TrimSpace(attr(t, "role")))
	return role == "presentation" || role == "none"
}
