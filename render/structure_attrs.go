package render

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
)

// elemAttrs are the attributes element reads, gathered in one pass over
// the node's attributes.
type elemAttrs struct {
	role, lang, id, scope, ariaLevel, headers string
	colSpan, rowSpan                          string
	hasLang, hasScope, hasHeaders             bool
	hasColSpan, hasRowSpan                    bool
}

func (a *elemAttrs) read(n *html.Node) {
	for _, at := range n.Attr {
		if at.Namespace != "" {
			continue
		}
		switch at.Key {
		case "role":
			a.role = at.Val
		case "lang":
			a.lang, a.hasLang = at.Val, true
		case "id":
			a.id = at.Val
		case "scope":
			a.scope, a.hasScope = at.Val, true
		case "aria-level":
			a.ariaLevel = at.Val
		case "headers":
			a.headers, a.hasHeaders = at.Val, true
		case "colspan":
			a.colSpan, a.hasColSpan = at.Val, true
		case "rowspan":
			a.rowSpan, a.hasRowSpan = at.Val, true
		}
	}
}

// cell records the spans of TH or TD node n and whether cellAttrs has
// work for it (an id, headers, or a TH without scope), so that creating
// its element later need not read the HTML node again.
func (s *structure) cell(n *snode, a *elemAttrs) {
	if sp, ok := s.spans[n.box]; ok {
		n.colSpan, n.rowSpan = sp[0], sp[1]
	} else {
		n.colSpan = uint16(spanValue(a.colSpan, a.hasColSpan))
		n.rowSpan = uint16(spanValue(a.rowSpan, a.hasRowSpan))
	}
	th := n.typ == "TH"
	n.cellMore = a.hasHeaders || th && (strings.TrimSpace(a.id) != "" || !a.hasScope)
	if n.cellMore && n.box.Node != nil && s.tables.read == nil {
		// the ids of the table's th elements are read now, while the
		// DOM is whole: the element is created after the DOM below the
		// table is unlinked (only parent links stay). (ReadTexts read
		// them before the part began, when the structure is made as
		// layout goes.)
		if t := tableOf(n.box.Node); t != nil {
			s.tables.idsOf(t)
		}
	}
}

// textAlternative returns the alternate text of a Formula or Figure made
// from element b: aria-label, then the extra attributes (MathML alttext),
// alt and title; failing those its text content, reported as a
// diagnostic, so the element never lacks the /Alt PDF/UA requires.
func (s *structure) textAlternative(b *box.Box, what string, extra ...string) string {
	for _, a := range append(append([]string{"aria-label"}, extra...), "alt", "title") {
		if v := strings.TrimSpace(attr(b.Node, a)); v != "" {
			return v
		}
	}
	alt := strings.Join(strings.Fields(s.textOf(b)), " ")
	s.diag("%s without a text alternative (aria-label): alt text taken from its content %q", what, clip(alt))
	if alt == "" {
		alt = "Formula"
		if what != "formula" {
			alt = "Figure"
		}
	}
	return alt
}

func (s *structure) setLang(n *snode, lang, parentLang string) {
	fixed := strings.ReplaceAll(lang, "_", "-")
	if lang == "" || sameLang(fixed, parentLang) {
		return
	}
	if !langTag.MatchString(fixed) {
		s.diag("lang %q on <%s> is not a BCP 47 tag; it is not written to the PDF", clip(lang), n.box.Tag())
		return
	}
	if fixed != lang {
		s.diag("lang %q on <%s> written as %q", clip(lang), n.box.Tag(), fixed)
	}
	if !sameLang(fixed, parentLang) {
		n.m().lang = fixed
	}
}

var langTag = regexp.MustCompile(`^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$`)

func sameLang(a, b string) bool { return strings.EqualFold(a, b) }

func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "…"
	}
	return s
}

// figureAlt returns the alt text of the first img in figure n: the one
// ReadTexts recorded, else the DOM's.
func (s *structure) figureAlt(n *html.Node) string {
	if s.figureAlts != nil {
		return s.figureAlts[n]
	}
	return figureAlt(n)
}

// figureAlt returns the alt text of the first img in a figure.
func figureAlt(n *html.Node) string {
	var out string
	var walk func(*html.Node) bool
	walk = func(n *html.Node) bool {
		if n.Type == html.ElementNode && n.Data == "img" {
			out = strings.TrimSpace(attr(n, "alt"))
			return out != ""
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if walk(c) {
				return true
			}
		}
		return false
	}
	walk(n)
	return out
}

func listNumbering(t string) string {
	switch t {
	case "disc":
		return "Disc"
	case "circle":
		return "Circle"
	case "square":
		return "Square"
	case "decimal", "decimal-leading-zero":
		return "Decimal"
	case "upper-roman":
		return "UpperRoman"
	case "lower-roman":
		return "LowerRoman"
	case "upper-alpha", "upper-latin":
		return "UpperAlpha"
	case "lower-alpha", "lower-latin":
		return "LowerAlpha"
	}
	return "None"
}
