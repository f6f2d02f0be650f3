package wcag

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// explicitRole returns the first token of n's role attribute that is a
// WAI-ARIA role (the fallback rule of role lists), or "".
func explicitRole(n *html.Node) string {
	for _, r := range roles(n) {
		if _, ok := lookupRole(r); ok {
			return r
		}
	}
	return ""
}

// hasGlobalARIA reports whether n carries a global ARIA state or property
// (with a value), which makes a presentational role be ignored.
func hasGlobalARIA(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Namespace == "" && strings.HasPrefix(a.Key, "aria-") && isGlobalAttr(a.Key) && strings.TrimSpace(a.Val) != "" {
			return true
		}
	}
	return false
}

// presentationalConflict reports whether a role of none or presentation
// on n is ignored (WAI-ARIA 1.2, presentational role conflict resolution):
// the element is focusable or has a global ARIA state or property.
func presentationalConflict(n *html.Node) bool {
	return focusable(n) || hasGlobalARIA(n)
}

// effectiveRole returns the role n exposes: its explicit role, unless that
// is none/presentation in conflict (then the implicit role), else the
// implicit role of the HTML element ("" for elements without one).
func effectiveRole(n *html.Node) string {
	r := explicitRole(n)
	if (r == "none" || r == "presentation") && presentationalConflict(n) {
		return implicitRole(n)
	}
	if r != "" {
		return r
	}
	return implicitRole(n)
}

// implicitRole returns the role HTML gives element n (after HTML-AAM),
// "generic" for div and span, "" for elements without a role.
func implicitRole(n *html.Node) string {
	if n.Namespace != "" {
		return ""
	}
	switch n.DataAtom {
	case atom.A, atom.Area:
		if hasAttr(n, "href") {
			return "link"
		}
		return "generic"
	case atom.Button:
		return "button"
	case atom.Input:
		return inputRole(n)
	case atom.Select:
		if hasAttr(n, "multiple") || spanAttr(n, "size", 1, 1<<20) > 1 {
			return "listbox"
		}
		return "combobox"
	case atom.Textarea:
		return "textbox"
	case atom.Img:
		if v, ok := attr(n, "alt"); ok && v == "" {
			return "presentation"
		}
		return "img"
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return "heading"
	case atom.Ul, atom.Ol, atom.Menu:
		return "list"
	case atom.Li:
		// a listitem wherever it is (as axe-core and browsers expose it):
		// inside ul role=menu it needs role=none
		return "listitem"
	case atom.Table:
		return "table"
	case atom.Tr:
		return "row"
	case atom.Td:
		return "cell"
	case atom.Th:
		if s, _ := scopeValue(n); s == "row" || s == "rowgroup" {
			return "rowheader"
		}
		return "columnheader"
	case atom.Thead, atom.Tbody, atom.Tfoot:
		return "rowgroup"
	case atom.Nav:
		return "navigation"
	case atom.Main:
		return "main"
	case atom.Aside:
		return "complementary"
	case atom.Article:
		return "article"
	case atom.Dialog:
		return "dialog"
	case atom.Progress:
		return "progressbar"
	case atom.Meter:
		return "meter"
	case atom.Option:
		return "option"
	case atom.Optgroup, atom.Fieldset, atom.Details:
		return "group"
	case atom.Hr:
		return "separator"
	case atom.P:
		return "paragraph"
	case atom.Figure:
		return "figure"
	case atom.Output:
		return "status"
	case atom.Dt:
		return "term"
	case atom.Dd:
		return "definition"
	case atom.Blockquote:
		return "blockquote"
	case atom.Caption:
		return "caption"
	case atom.Code:
		return "code"
	case atom.Em:
		return "emphasis"
	case atom.Strong:
		return "strong"
	case atom.Del:
		return "deletion"
	case atom.Ins:
		return "insertion"
	case atom.Sub:
		return "subscript"
	case atom.Sup:
		return "superscript"
	case atom.Section:
		if hasAttr(n, "aria-label") || hasAttr(n, "aria-labelledby") || hasAttr(n, "title") {
			return "region"
		}
		return "generic"
	case atom.Form:
		return "form"
	case atom.Header:
		return "banner"
	case atom.Footer:
		return "contentinfo"
	case atom.Div, atom.Span, atom.B, atom.I, atom.U, atom.Small:
		return "generic"
	}
	return ""
}

// inputRole returns the implicit role of an input element.
func inputRole(n *html.Node) string {
	switch strings.ToLower(strings.TrimSpace(attrVal(n, "type"))) {
	case "button", "submit", "reset", "image":
		return "button"
	case "checkbox":
		return "checkbox"
	case "radio":
		return "radio"
	case "range":
		return "slider"
	case "number":
		return "spinbutton"
	case "hidden":
		return ""
	case "search":
		if hasAttr(n, "list") {
			return "combobox"
		}
		return "searchbox"
	case "", "text", "email", "tel", "url":
		if hasAttr(n, "list") {
			return "combobox"
		}
		return "textbox"
	}
	return ""
}

// transparentRole reports whether an element of role r is skipped when
// looking for owned elements or the owning element: no role, generic, or
// presentational.
func transparentRole(r string) bool {
	return r == "" || r == "generic" || r == "none" || r == "presentation"
}

// ownedRoles returns the effective roles of the elements n owns in the
// accessibility tree: its children (looking through generic and
// presentational elements) and the elements its aria-owns names, with the
// first such element, bounded by maxOwnedScan elements.
func (c *checker) ownedRoles(n *html.Node) []ownedElem {
	var out []ownedElem
	seen := 0
	var add func(e *html.Node, depth int)
	add = func(e *html.Node, depth int) {
		for ch := range elementChildren(e) {
			seen++
			if seen > maxOwnedScan || c.hiddenSet[ch] || ariaHiddenTrue(ch) {
				continue
			}
			r := effectiveRole(ch)
			if transparentRole(r) {
				if depth < maxOwnedDepth {
					add(ch, depth+1)
				}
				continue
			}
			out = append(out, ownedElem{ch, r})
		}
	}
	add(n, 0)
	for _, id := range strings.Fields(attrVal(n, "aria-owns")) {
		if e := c.byID(id); e != nil && !c.hiddenSet[e] {
			out = append(out, ownedElem{e, effectiveRole(e)})
		}
	}
	return out
}

// ownedElem is an owned element and its role.
type ownedElem struct {
	n    *html.Node
	role string
}

// Bounds of the owned-element search of one element.
const (
	maxOwnedScan  = 4096
	maxOwnedDepth = 64
)

// owner returns the element owning n in the accessibility tree: the
// element whose aria-owns names n, else the nearest ancestor whose role is
// not transparent, with its role ("" and nil at the root).
func (c *checker) owner(n *html.Node) (*html.Node, string) {
	if id := attrVal(n, "id"); id != "" {
		if o := c.ariaOwners()[id]; o != nil {
			return o, effectiveRole(o)
		}
	}
	steps := 0
	for e := n.Parent; e != nil && e.Type == html.ElementNode && steps < maxAncestorSteps; e = e.Parent {
		if r := effectiveRole(e); !transparentRole(r) {
			return e, r
		}
		steps++
	}
	return nil, ""
}

// maxAncestorSteps bounds the walks up from an element that look for an
// owning role, so that deeply nested documents cost linear time per
// element at most this factor.
const maxAncestorSteps = 256

// ariaOwners maps ids named in aria-owns to the element naming them
// (built once).
func (c *checker) ariaOwners() map[string]*html.Node {
	if c.owners != nil {
		return c.owners
	}
	c.owners = map[string]*html.Node{}
	for _, n := range c.all {
		for _, id := range strings.Fields(attrVal(n, "aria-owns")) {
			if _, ok := c.owners[id]; !ok {
				c.owners[id] = n
			}
		}
	}
	return c.owners
}

// closestRole returns n or its nearest ancestor whose explicit role is one
// of roleList, or nil.
func (c *checker) closestRole(n *html.Node, roleList string) *html.Node {
	for ; n != nil && n.Type == html.ElementNode; n = n.Parent {
		if r := explicitRole(n); r != "" && inList(roleList, r) {
			return n
		}
	}
	return nil
}
