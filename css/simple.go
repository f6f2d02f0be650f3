package css

import (
	"strings"

	"golang.org/x/net/html"
)

// simpleSel is a compound made only of a type selector, an id and classes
// (div.note, #main, .a.b), the bulk of real stylesheets; it is matched
// here without cascadia's general machinery.
type simpleSel struct {
	tag     string // lower-case; "" for any
	id      string
	classes []string
	// logic holds the :not() and :is() pseudo-classes, if any
	logic *simpleLogic
	// class1 holds the class of a compound with one (classes is a view
	// of it)
	class1 [1]string
}

// simpleLogic holds the selector-list pseudo-classes of a simple compound.
type simpleLogic struct {
	// not holds the arguments of :not(): the element must match none
	not []simpleSel
	// is holds the argument lists of :is() and :where() (and their
	// legacy aliases): the element must match one of each list
	is [][]simpleSel
	// attrs are [name] and [name=value] tests
	attrs []attrTest
	// root is :root; never is a user-interaction state (:hover, …),
	// which a printed document never has
	root, never bool
}

// attrTest is [key] (exists) or [key=val] (fold: the i flag).
type attrTest struct {
	key, val string
	exists   bool
	fold     bool
}

// attrSelector compiles the contents of [ ] when it is [name] or
// [name=value] with an optional i flag.
func attrSelector(args []Token) (attrTest, bool) {
	f := Fields(args)
	if len(f) == 0 || f[0].Kind != Ident {
		return attrTest{}, false
	}
	a := attrTest{key: asciiLower(f[0].Text)}
	switch {
	case len(f) == 1:
		a.exists = true
		return a, true
	case len(f) >= 3 && f[1].IsDelim("=") && (f[2].Kind == Ident || f[2].Kind == String):
		a.val = f[2].Text
		switch {
		case len(f) == 3:
			return a, true
		case len(f) == 4 && f[3].Kind == Ident && (f[3].Text == "i" || f[3].Text == "I"):
			a.fold = true
			return a, true
		}
	}
	return attrTest{}, false
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// match reports whether n has an attribute named a.key (in any
// namespace) that passes the test.
func (a *attrTest) match(n *html.Node) bool {
	for i := range n.Attr {
		at := &n.Attr[i]
		if at.Key != a.key {
			continue
		}
		if a.exists || at.Val == a.val || a.fold && strings.EqualFold(at.Val, a.val) {
			return true
		}
	}
	return false
}

// simpleCompound compiles c when it is a simple compound: an optional tag
// name or *, then #id and .class selectors.
func simpleCompound(c []Token) (*simpleSel, bool) {
	if len(c) == 0 {
		return nil, false
	}
	s := &simpleSel{}
	i := 0
	switch {
	case c[0].Kind == Ident:
		s.tag = strings.ToLower(c[0].Text)
		i++
	case c[0].IsDelim("*"):
		i++
	}
	for i < len(c) {
		t := c[i]
		switch {
		case t.Kind == Hash && isIdentHash(t.Raw) && s.id == "":
			s.id = t.Text
			i++
		case t.IsDelim(".") && i+1 < len(c) && c[i+1].Kind == Ident:
			if s.classes == nil {
				s.class1[0] = c[i+1].Text
				s.classes = s.class1[:1:1]
			} else {
				s.classes = append(s.classes, c[i+1].Text)
			}
			i += 2
		case t.Kind == Block && t.Text == "[":
			a, ok := attrSelector(t.Args)
			if !ok {
				return nil, false
			}
			s.logicOf().attrs = append(s.logicOf().attrs, a)
			i++
		case t.Kind == Colon && i+1 < len(c) && c[i+1].Kind == Ident && (i == 0 || c[i-1].Kind != Colon):
			switch name := strings.ToLower(c[i+1].Text); {
			case name == "root":
				s.logicOf().root = true
			case dynamicPseudoClass(name):
				s.logicOf().never = true
			default:
				return nil, false
			}
			i += 2
		case t.Kind == Colon && i+1 < len(c) && c[i+1].Kind == Function:
			name := strings.ToLower(c[i+1].Text)
			var list []simpleSel
			switch name {
			case "not", "is", "where", "matches", "any", "-webkit-any", "-moz-any":
			default:
				return nil, false
			}
			for _, arg := range SplitCommas(c[i+1].Args) {
				inner, ok := simpleCompound(TrimSpace(arg))
				if !ok {
					return nil, false
				}
				list = append(list, *inner)
			}
			if name == "not" {
				s.logicOf().not = append(s.logicOf().not, list...)
			} else {
				s.logicOf().is = append(s.logicOf().is, list)
			}
			i += 2
		default:
			return nil, false
		}
	}
	if s.tag == "" && s.id == "" && len(s.classes) == 0 && s.logic == nil {
		return nil, false // the universal selector needs no test at all
	}
	return s, true
}

// logicOf returns s.logic, creating it.
func (s *simpleSel) logicOf() *simpleLogic {
	if s.logic == nil {
		s.logic = &simpleLogic{}
	}
	return s.logic
}

// isIdentHash reports whether a hash token as written ("#…") is of type
// id, the only kind an id selector accepts. Escapes are left to cascadia.
func isIdentHash(raw string) bool {
	if len(raw) < 2 || strings.IndexByte(raw, '\\') >= 0 {
		return false
	}
	c := raw[1]
	if c == '-' {
		if len(raw) < 3 {
			return false
		}
		c = raw[2]
		if c == '-' {
			return true
		}
	}
	return c == '_' || c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// match reports whether element n has the tag, id and every class.
func (s *simpleSel) match(n *html.Node) bool {
	if s.tag != "" && n.Data != s.tag {
		return false
	}
	if s.logic != nil && !s.logic.match(n) {
		return false
	}
	if s.id == "" && len(s.classes) == 0 {
		return true
	}
	idOK := s.id == ""
	var classAttr string
	hasClass := false
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "id":
			if !idOK {
				idOK = a.Val == s.id
			}
		case "class":
			if !hasClass {
				classAttr, hasClass = a.Val, true
			}
		}
	}
	if !idOK {
		return false
	}
	for _, want := range s.classes {
		if !hasToken(classAttr, want) {
			return false
		}
	}
	return true
}

// match reports whether n matches none of the :not() arguments and one
// of each :is() list.
func (l *simpleLogic) match(n *html.Node) bool {
	if l.never || l.root && (n.Parent == nil || n.Parent.Type != html.DocumentNode) {
		return false
	}
	for i := range l.attrs {
		if !l.attrs[i].match(n) {
			return false
		}
	}
	for i := range l.not {
		if l.not[i].match(n) {
			return false
		}
	}
next:
	for _, list := range l.is {
		for i := range list {
			if list[i].match(n) {
				continue next
			}
		}
		return false
	}
	return true
}

// hasToken reports whether the whitespace-separated list holds tok.
func hasToken(list, tok string) bool {
	for start := 0; len(list)-start >= len(tok); {
		i := strings.Index(list[start:], tok)
		if i < 0 {
			return false
		}
		i += start
		end := i + len(tok)
		if (i == 0 || isSpace(list[i-1])) && (end == len(list) || isSpace(list[end])) {
			return true
		}
		start = i + 1
	}
	return false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}
