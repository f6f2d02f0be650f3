package css

import (
	"strings"

	"golang.org/x/net/html"
)

// Structural pseudo-classes (:nth-child() and relatives) at the top level
// of a compound are matched here from an element's sibling position
// instead of by cascadia, which walks the sibling list on every test. With
// a SiblingIndex the position is computed once per sibling list, so a
// long table striped with tr:nth-child(even) cascades in linear time.

// nthKind says which position a structural test counts.
type nthKind uint8

const (
	nthChild      nthKind = iota // :nth-child
	nthLastChild                 // :nth-last-child
	nthOfType                    // :nth-of-type
	nthLastOfType                // :nth-last-of-type
)

// nthTest is one structural pseudo-class: the position it counts must be
// A*n+B for some n >= 0.
type nthTest struct {
	kind nthKind
	a, b int32
}

func (t nthTest) match(p SiblingPos) bool {
	var i int32
	switch t.kind {
	case nthChild:
		i = p.Index
	case nthLastChild:
		i = p.Count - p.Index + 1
	case nthOfType:
		i = p.TypeIndex
	default:
		i = p.TypeCount - p.TypeIndex + 1
	}
	i -= t.b
	if t.a == 0 {
		return i == 0
	}
	return i%t.a == 0 && i/t.a >= 0
}

// SiblingPos is an element's position among the element children of its
// parent (the document node for the root element); all fields are 1-based
// counts.
type SiblingPos struct {
	// Index is the element's position among its siblings and Count
	// their number.
	Index, Count int32
	// TypeIndex and TypeCount are the same among siblings of the
	// element's type (tag name and namespace).
	TypeIndex, TypeCount int32
}

// SiblingIndex caches sibling positions for structural pseudo-classes: the
// first question about an element computes the positions of all its
// siblings in one pass. Children appended to a parent since then are
// numbered on from the last one indexed when a position among them is
// next asked for, and the counts of the earlier ones follow: a document
// parsed incrementally can be matched as it grows, each element once its
// next sibling is known. Removing or inserting children before the last
// one indexed is not supported while the index is in use. The zero value
// is ready to use; it is not safe for concurrent use.
type SiblingIndex struct {
	pos map[*html.Node]sibEntry
	// types is scratch for counting a list's types.
	types map[typeKey]int32
	kids  []*html.Node
	// lists are the sibling lists indexed, free those ForgetUnder let go
	// (reused first).
	lists []sibList
	free  []int32
}

// sibEntry is an element's place in its indexed sibling list (lists[list]);
// typeCount is its type's count when the list was indexed whole (the
// list's types hold the counts once it has grown).
type sibEntry struct {
	index, typeIndex, typeCount, list int32
}

// sibList is an indexed sibling list: its last child (of any node type)
// when it was last indexed, and its number of element children then;
// types counts the element children of each type once children were
// appended to the list after it was first indexed (nil before).
type sibList struct {
	tail  *html.Node
	count int32
	types map[typeKey]int32
}

type typeKey struct{ ns, name string }

// Position returns the sibling position of element n (the zero SiblingPos
// for a node without a parent).
func (x *SiblingIndex) Position(n *html.Node) SiblingPos {
	if x == nil {
		return siblingPos(n)
	}
	par := n.Parent
	if par == nil {
		return SiblingPos{}
	}
	e, ok := x.pos[n]
	if !ok || x.lists[e.list].tail != par.LastChild {
		if ok && x.lists[e.list].tail != nil && x.lists[e.list].tail.Parent == par {
			x.extend(par, e.list)
		} else {
			x.index(par)
		}
		e = x.pos[n]
	}
	l := &x.lists[e.list]
	p := SiblingPos{Index: e.index, Count: l.count, TypeIndex: e.typeIndex, TypeCount: e.typeCount}
	if l.types != nil {
		p.TypeCount = l.types[typeKey{n.Namespace, n.Data}]
	}
	return p
}

// index records the positions of all the element children of par.
func (x *SiblingIndex) index(par *html.Node) {
	if x.pos == nil {
		x.pos = make(map[*html.Node]sibEntry)
		x.types = make(map[typeKey]int32)
	}
	var list int32
	if k := len(x.free); k > 0 {
		list, x.free = x.free[k-1], x.free[:k-1]
	} else {
		list = int32(len(x.lists))
		x.lists = append(x.lists, sibList{})
	}
	kids := x.kids[:0]
	for c := par.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			kids = append(kids, c)
		}
	}
	clear(x.types)
	for i, c := range kids {
		k := typeKey{c.Namespace, c.Data}
		x.types[k]++
		x.pos[c] = sibEntry{index: int32(i + 1), typeIndex: x.types[k], list: list}
	}
	for _, c := range kids {
		e := x.pos[c]
		e.typeCount = x.types[typeKey{c.Namespace, c.Data}]
		x.pos[c] = e
	}
	x.lists[list] = sibList{tail: par.LastChild, count: int32(len(kids))}
	clear(kids)
	x.kids = kids[:0]
}

// extend records the positions of the element children appended to par
// since list, par's list, was last indexed. The first time it counts the
// types of the children already there, once: a parent that grows, the
// body of a document parsed as it comes, is then followed child by child.
func (x *SiblingIndex) extend(par *html.Node, li int32) {
	list := &x.lists[li]
	if list.types == nil {
		list.types = make(map[typeKey]int32)
		for c := par.FirstChild; c != list.tail.NextSibling; c = c.NextSibling {
			if c.Type == html.ElementNode {
				list.types[typeKey{c.Namespace, c.Data}]++
			}
		}
	}
	for c := list.tail.NextSibling; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		k := typeKey{c.Namespace, c.Data}
		list.count++
		list.types[k]++
		x.pos[c] = sibEntry{index: list.count, typeIndex: list.types[k], list: li}
	}
	list.tail = par.LastChild
}

// ForgetUnder lets go of the positions among the children of n and of its
// descendants, keeping n's own: once a subtree is matched, a document
// matched as it grows needs them no more (selectors look at ancestors and
// earlier siblings only). It walks the subtree unless the index is empty.
func (x *SiblingIndex) ForgetUnder(n *html.Node) {
	if x == nil || len(x.pos) == 0 || n.FirstChild == nil {
		return
	}
	for c := n.FirstChild; c != nil; {
		if c.Type == html.ElementNode {
			if e, ok := x.pos[c]; ok {
				// the list's entries are all under n: its slot is free
				// once the first one goes
				if l := &x.lists[e.list]; l.tail != nil {
					*l = sibList{}
					x.free = append(x.free, e.list)
				}
				delete(x.pos, c)
			}
		}
		if c.FirstChild != nil {
			c = c.FirstChild
			continue
		}
		for c != n && c.NextSibling == nil {
			c = c.Parent
		}
		if c == n {
			return
		}
		c = c.NextSibling
	}
}

// siblingPos computes n's position by walking its siblings.
func siblingPos(n *html.Node) SiblingPos {
	var p SiblingPos
	if n.Parent == nil {
		return p
	}
	for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		p.Count++
		same := c.Data == n.Data && c.Namespace == n.Namespace
		if same {
			p.TypeCount++
		}
		if c == n {
			p.Index, p.TypeIndex = p.Count, p.TypeCount
		}
	}
	return p
}

// extractStructural removes the structural pseudo-classes at the top level
// of a compound and returns them as tests. Arguments it cannot parse (and
// the "of S" form) stay in the compound for cascadia to judge.
func extractStructural(c []Token) ([]Token, []nthTest) {
	has := false
	for i := 0; i+1 < len(c); i++ {
		if c[i].Kind == Colon && (i == 0 || c[i-1].Kind != Colon) {
			if _, ok := structuralTests(c[i+1]); ok {
				has = true
				break
			}
		}
	}
	if !has {
		return c, nil
	}
	rest := make([]Token, 0, len(c))
	var tests []nthTest
	for i := 0; i < len(c); i++ {
		if c[i].Kind == Colon && i+1 < len(c) && (i == 0 || c[i-1].Kind != Colon) {
			if ts, ok := structuralTests(c[i+1]); ok {
				tests = append(tests, ts...)
				i++
				continue
			}
		}
		rest = append(rest, c[i])
	}
	return rest, tests
}

// structuralTests converts the token after a colon to structural tests
// (:only-child is first and last child at once).
func structuralTests(t Token) ([]nthTest, bool) {
	name := strings.ToLower(t.Text)
	if t.Kind == Ident {
		switch name {
		case "first-child":
			return []nthTest{{nthChild, 0, 1}}, true
		case "last-child":
			return []nthTest{{nthLastChild, 0, 1}}, true
		case "only-child":
			return []nthTest{{nthChild, 0, 1}, {nthLastChild, 0, 1}}, true
		case "first-of-type":
			return []nthTest{{nthOfType, 0, 1}}, true
		case "last-of-type":
			return []nthTest{{nthLastOfType, 0, 1}}, true
		case "only-of-type":
			return []nthTest{{nthOfType, 0, 1}, {nthLastOfType, 0, 1}}, true
		}
		return nil, false
	}
	if t.Kind != Function {
		return nil, false
	}
	var kind nthKind
	switch name {
	case "nth-child":
		kind = nthChild
	case "nth-last-child":
		kind = nthLastChild
	case "nth-of-type":
		kind = nthOfType
	case "nth-last-of-type":
		kind = nthLastOfType
	default:
		return nil, false
	}
	a, b, ok := parseAnB(Serialize(t.Args))
	if !ok {
		return nil, false
	}
	return []nthTest{{kind, a, b}}, true
}

// maxNth bounds A and B so that arithmetic on positions cannot overflow.
const maxNth = 1 << 30

// parseAnB parses the An+B microsyntax (css-syntax-3 §6): even, odd, an
// integer, or [+-]?[digits]n with an optional [+-] digits part, whitespace
// allowed only around that binary sign.
func parseAnB(s string) (a, b int32, ok bool) {
	s = strings.ToLower(strings.Trim(s, " \t\n\r\f"))
	switch s {
	case "even":
		return 2, 0, true
	case "odd":
		return 2, 1, true
	case "":
		return 0, 0, false
	}
	sign := int64(1)
	i := 0
	if s[0] == '+' || s[0] == '-' {
		if s[0] == '-' {
			sign = -1
		}
		i++
	}
	digits, j := readDigits(s, i)
	if j < len(s) && s[j] == 'n' {
		av := int64(1)
		if j > i {
			av = digits
		}
		av *= sign
		rest := strings.TrimLeft(s[j+1:], " \t\n\r\f")
		if rest == "" {
			return clampNth(av, 0)
		}
		if rest[0] != '+' && rest[0] != '-' {
			return 0, 0, false
		}
		bsign := int64(1)
		if rest[0] == '-' {
			bsign = -1
		}
		num := strings.TrimLeft(rest[1:], " \t\n\r\f")
		bv, k := readDigits(num, 0)
		if k == 0 || k != len(num) {
			return 0, 0, false
		}
		return clampNth(av, bsign*bv)
	}
	if j == i || j != len(s) {
		return 0, 0, false
	}
	return clampNth(0, sign*digits)
}

// readDigits reads decimal digits from s[i:], saturating large values.
func readDigits(s string, i int) (int64, int) {
	var v int64
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if v < maxNth {
			v = v*10 + int64(s[i]-'0')
		}
		i++
	}
	return v, i
}

func clampNth(a, b int64) (int32, int32, bool) {
	return int32(max(min(a, maxNth), -maxNth)), int32(max(min(b, maxNth), -maxNth)), true
}
