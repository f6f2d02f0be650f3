package wcag

import (
	"iter"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// elements yields the element nodes under root (root included when it is
// an element) in document order. The walk follows sibling and parent
// links, so it needs no stack and cannot overflow on deep nesting.
func elements(root *html.Node) iter.Seq[*html.Node] {
	return func(yield func(*html.Node) bool) {
		walk(root, func(n *html.Node) bool { return true }, yield)
	}
}

// walk visits the element nodes under root in document order. descend
// decides whether the walk enters an element's children; visit returning
// false stops the walk.
func walk(root *html.Node, descend func(*html.Node) bool, visit func(*html.Node) bool) {
	if root == nil {
		return
	}
	n := root
	for {
		enter := false
		if n.Type == html.ElementNode {
			if !visit(n) {
				return
			}
			enter = descend(n)
		} else if n.Type == html.DocumentNode {
			enter = true
		}
		if enter && n.FirstChild != nil {
			n = n.FirstChild
			continue
		}
		for n != root && n.NextSibling == nil {
			n = n.Parent
		}
		if n == root {
			return
		}
		n = n.NextSibling
	}
}

// attr returns the value of attribute key (no namespace) and whether it is
// present.
func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// attrVal returns the value of attribute key, "" when absent.
func attrVal(n *html.Node, key string) string {
	v, _ := attr(n, key)
	return v
}

// hasAttr reports whether n carries attribute key.
func hasAttr(n *html.Node, key string) bool {
	_, ok := attr(n, key)
	return ok
}

// setAttr sets attribute key to val, adding it when absent.
func setAttr(n *html.Node, key, val string) {
	for i, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}

// isHTML reports whether n is an HTML element with atom a.
func isHTML(n *html.Node, a atom.Atom) bool {
	return n != nil && n.Type == html.ElementNode && n.DataAtom == a && n.Namespace == ""
}

// roles returns the lower-cased tokens of the role attribute.
func roles(n *html.Node) []string {
	v, ok := attr(n, "role")
	if !ok {
		return nil
	}
	return strings.Fields(strings.ToLower(v))
}

// role returns the role attribute's first token that is a WAI-ARIA role
// (later tokens are fallbacks), else its first token, lower-cased.
func role(n *html.Node) string {
	if r := explicitRole(n); r != "" {
		return r
	}
	r := roles(n)
	if len(r) == 0 {
		return ""
	}
	return r[0]
}

// isPresentational reports whether n has role presentation or none and
// keeps it: the role is ignored when n is focusable or carries a global
// ARIA attribute (presentational role conflict resolution).
func isPresentational(n *html.Node) bool {
	r := role(n)
	return (r == "presentation" || r == "none") && !presentationalConflict(n)
}

// ariaHiddenTrue reports whether n itself has aria-hidden="true".
func ariaHiddenTrue(n *html.Node) bool {
	return strings.EqualFold(strings.TrimSpace(attrVal(n, "aria-hidden")), "true")
}

// collapse normalises white space: runs of spaces become one space and the
// ends are trimmed.
func collapse(s string) string {
	if collapsed(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// collapsed reports whether s is ASCII and already collapsed: no leading,
// trailing or repeated spaces and no other white space (the common case,
// which collapse then returns without allocating).
func collapsed(s string) bool {
	prevSpace := true // no leading space
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80, c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
		default:
			prevSpace = false
		}
	}
	return !prevSpace || s == ""
}

// firstElement returns the first element under root with atom a, or nil.
func firstElement(root *html.Node, a atom.Atom) *html.Node {
	var found *html.Node
	walk(root, func(*html.Node) bool { return true }, func(n *html.Node) bool {
		if isHTML(n, a) {
			found = n
			return false
		}
		return true
	})
	return found
}

// elementChildren yields the element children of n, which must not change
// during the iteration (childElements returns a snapshot).
func elementChildren(n *html.Node) iter.Seq[*html.Node] {
	return func(yield func(*html.Node) bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && !yield(c) {
				return
			}
		}
	}
}

// childElements returns the element children of n.
func childElements(n *html.Node) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			out = append(out, c)
		}
	}
	return out
}

// hasOwnText reports whether n has a direct text child that is not all
// white space.
func hasOwnText(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return true
		}
	}
	return false
}

// closest returns n or its nearest ancestor that is an HTML element with
// one of the atoms, or nil.
func closest(n *html.Node, atoms ...atom.Atom) *html.Node {
	for ; n != nil; n = n.Parent {
		if n.Type != html.ElementNode || n.Namespace != "" {
			continue
		}
		for _, a := range atoms {
			if n.DataAtom == a {
				return n
			}
		}
	}
	return nil
}

// headingLevel returns the level of heading n: h1–h6 and elements with
// role=heading, with a valid aria-level (a positive integer) taking
// precedence over the tag's level (browsers expose aria-level), default 2
// for role=heading; 0 when n is not a heading (an h1–h6 whose explicit
// role is another role, or presentational, is not a heading).
func headingLevel(n *html.Node) int {
	native := 0
	if n.Namespace == "" {
		switch n.DataAtom {
		case atom.H1:
			native = 1
		case atom.H2:
			native = 2
		case atom.H3:
			native = 3
		case atom.H4:
			native = 4
		case atom.H5:
			native = 5
		case atom.H6:
			native = 6
		}
	}
	if native == 0 && len(n.Attr) == 0 {
		return 0 // fast path: no role attribute possible
	}
	r := explicitRole(n)
	switch {
	case r == "heading":
	case r == "none" || r == "presentation":
		if !presentationalConflict(n) {
			return 0
		}
	case r != "":
		return 0
	}
	if native == 0 && r != "heading" {
		return 0
	}
	if lv, err := strconv.Atoi(strings.TrimSpace(attrVal(n, "aria-level"))); err == nil && lv > 0 {
		return lv
	}
	if native > 0 {
		return native
	}
	return 2
}
