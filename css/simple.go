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
}

// simpleLogic holds the selector-list pseudo-classes of a simple compound.
type simpleLogic struct {
	// not holds the arguments of :not(): the element must match none
	not []simpleSel
	// is holds the argument lists of :is() and :where() (and their
	// legacy aliases): the element must match one of each list
	is [][]simpleSel
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
			s.classes = append(s.classes, c[i+1].Text)
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
			if s.logic == nil {
				s.logic = &simpleLogic{}
			}
			if name == "not" {
				s.logic.not = append(s.logic.not, list...)
			} else {
				s.logic.is = append(s.logic.is, list)
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
	for len(list) >= len(tok) {
		i := strings.Index(list, tok)
		if i < 0 {
			return false
		}
		end := i + len(tok)
		if (i == 0 || isSpace(list[i-1])) && (end == len(list) || isSpace(list[end])) {
			return true
		}
		list = list[i+1:]
	}
	return false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}
