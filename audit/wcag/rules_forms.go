package wcag

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/seed28491532/folio/style"
)

func checkFormFieldMultipleLabels(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Input, atom.Select, atom.Textarea) {
		if inputRole(n) == "" && isHTML(n, atom.Input) {
			continue // hidden inputs and the like
		}
		var labels []*html.Node
		if id := attrVal(n, "id"); id != "" {
			for _, l := range c.labels[id] {
				if !c.isHidden(l) {
					labels = append(labels, l)
				}
			}
		}
		if l := closest(n.Parent, atom.Label); l != nil && !c.isHidden(l) && (len(labels) == 0 || labels[0] != l) {
			if f := attrVal(l, "for"); f == "" || f == attrVal(n, "id") {
				labels = append(labels, l)
			}
		}
		if len(labels) > 1 {
			line, _ := c.pos.lineCol(labels[1])
			r.review(n, "whether every label is read depends on the browser and screen reader (axe-core: incomplete)", r.rule.hint,
				"The form field has %d labels (the second at line %d); assistive technology may read only one of them.", len(labels), line)
			continue
		}
		if len(labels) == 1 {
			r.pass()
		}
	}
}

// Autocomplete field names of the HTML standard: those that take no
// contact type, and the contact fields (which may follow home, work,
// mobile, fax or pager).
const (
	autofillFields = `name honorific-prefix given-name additional-name family-name honorific-suffix nickname
username new-password current-password one-time-code organization-title organization street-address
address-line1 address-line2 address-line3 address-level4 address-level3 address-level2 address-level1
country country-name postal-code cc-name cc-given-name cc-additional-name cc-family-name cc-number cc-exp
cc-exp-month cc-exp-year cc-csc cc-type transaction-currency transaction-amount language bday bday-day
bday-month bday-year sex url photo`
	autofillContact = `tel tel-country-code tel-national tel-area-code tel-local tel-local-prefix
tel-local-suffix tel-extension email impp`
)

// autocompleteProblem explains why an autocomplete value breaks the
// grammar of the HTML standard ([section-*] [shipping|billing]
// [home|work|mobile|fax|pager] field [webauthn], or on/off), or "".
func autocompleteProblem(v string) string {
	toks := strings.Fields(strings.ToLower(v))
	if len(toks) == 1 && (toks[0] == "on" || toks[0] == "off") {
		return ""
	}
	if len(toks) > 0 && toks[len(toks)-1] == "webauthn" {
		toks = toks[:len(toks)-1]
	}
	if len(toks) > 0 && strings.HasPrefix(toks[0], "section-") {
		toks = toks[1:]
	}
	if len(toks) > 0 && (toks[0] == "shipping" || toks[0] == "billing") {
		toks = toks[1:]
	}
	contact := false
	if len(toks) > 0 && inList("home work mobile fax pager", toks[0]) {
		toks, contact = toks[1:], true
	}
	switch {
	case len(toks) == 0:
		return "it names no field"
	case len(toks) > 1:
		return fmt.Sprintf("%q is not allowed there", toks[0])
	case inList(autofillContact, toks[0]):
		return ""
	case inList(autofillFields, toks[0]):
		if contact {
			return fmt.Sprintf("%q is not a contact field, so home/work/mobile/fax/pager cannot precede it", toks[0])
		}
		return ""
	}
	return fmt.Sprintf("%q is not an autocomplete field name", toks[0])
}

func checkAutocompleteValid(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Input, atom.Select, atom.Textarea) {
		v, ok := attr(n, "autocomplete")
		if !ok || strings.TrimSpace(v) == "" || hasAttr(n, "disabled") {
			continue
		}
		if p := autocompleteProblem(v); p != "" {
			r.fail(n, "autocomplete=%q is not valid: %s.", v, p)
			continue
		}
		r.pass()
	}
}

func checkHTMLXMLLangMismatch(c *checker, r *ruleRun) {
	h := c.htmlElement()
	if h == nil {
		return
	}
	l, x := strings.TrimSpace(attrVal(h, "lang")), strings.TrimSpace(attrVal(h, "xml:lang"))
	if l == "" || x == "" || langProblem(l) != "" || langProblem(x) != "" {
		return
	}
	lp, _, _ := strings.Cut(strings.ToLower(l), "-")
	xp, _, _ := strings.Cut(strings.ToLower(x), "-")
	if lp != xp {
		r.fail(h, "lang=%q and xml:lang=%q name different languages.", l, x)
		return
	}
	r.pass()
}

func checkFrameTitleUnique(c *checker, r *ruleRun) {
	frames := c.visibleTagged(atom.Iframe, atom.Frame)
	count := map[string]int{}
	key := func(n *html.Node) string { return strings.ToLower(c.accessibleName(n, false)) }
	for _, n := range frames {
		if !isPresentational(n) {
			count[key(n)]++
		}
	}
	for _, n := range frames {
		k := key(n)
		if k == "" || isPresentational(n) {
			continue
		}
		if count[k] > 1 {
			r.review(n, "frames with the same title may show the same content, which the audit does not load (axe-core: incomplete)", r.rule.hint,
				"%d frames share the title %q, so they cannot be told apart.", count[k], c.accessibleName(n, false))
			continue
		}
		r.pass()
	}
}

// maxSrcdoc bounds the srcdoc parsed by frame-focusable-content.
const maxSrcdoc = 1 << 20

func checkFrameFocusableContent(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Iframe, atom.Frame) {
		ti, err := strconv.Atoi(strings.TrimSpace(attrVal(n, "tabindex")))
		if err != nil || ti >= 0 {
			continue
		}
		doc, ok := attr(n, "srcdoc")
		if src := strings.TrimSpace(attrVal(n, "src")); !ok && (src == "" || strings.EqualFold(src, "about:blank")) {
			r.pass() // an empty document: nothing to focus
			continue
		}
		if !ok || len(doc) > maxSrcdoc {
			r.review(n, "the frame's document is not loaded by the audit", r.rule.hint,
				"The <%s> has tabindex=%q; if its document has focusable content, a keyboard cannot reach it.", n.Data, attrVal(n, "tabindex"))
			continue
		}
		inner, err := html.Parse(strings.NewReader(doc))
		if err != nil {
			continue
		}
		var bad *html.Node
		walk(inner, func(*html.Node) bool { return true }, func(e *html.Node) bool {
			if focusable(e) && !hasAttr(e, "hidden") {
				bad = e
				return false
			}
			return true
		})
		if bad != nil {
			r.fail(n, "The <%s> has tabindex=%q but holds a focusable <%s>, which a keyboard cannot reach.", n.Data, attrVal(n, "tabindex"), bad.Data)
			continue
		}
		r.pass()
	}
}

// spacingMinimum is the least value of a text-spacing property WCAG 1.4.12
// lets readers raise to, in em (line-height as a multiple of the font
// size).
var spacingMinimum = map[string]float64{"line-height": 1.5, "letter-spacing": 0.12, "word-spacing": 0.16}

// importantSpacing returns the text-spacing properties an inline style
// sets below the WCAG 1.4.12 amounts with !important (which a reader's
// style sheet cannot override).
func importantSpacing(css string) []string {
	var bad []string
	for _, d := range strings.Split(css, ";") {
		name, v, ok := strings.Cut(d, ":")
		name = strings.ToLower(strings.TrimSpace(name))
		min, known := spacingMinimum[name]
		if !ok || !known {
			continue
		}
		v = strings.ToLower(strings.TrimSpace(v))
		val, imp := strings.CutSuffix(v, "important")
		val = strings.TrimSpace(val)
		if !imp || !strings.HasSuffix(val, "!") {
			continue
		}
		val = strings.TrimSpace(strings.TrimSuffix(val, "!"))
		if emValue(val, name == "line-height") < min {
			bad = append(bad, name+": "+val)
		}
	}
	return bad
}

// emValue converts a spacing value to em (-1 when it is not a number in
// em, a plain number for line-height, or a percentage for line-height).
func emValue(v string, lineHeight bool) float64 {
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(f) {
			return -1
		}
		return f
	}
	switch {
	case strings.HasSuffix(v, "em") && !strings.HasSuffix(v, "rem"):
		return num(strings.TrimSuffix(v, "em"))
	case lineHeight && strings.HasSuffix(v, "%"):
		return num(strings.TrimSuffix(v, "%")) / 100
	case lineHeight:
		return num(v)
	}
	return -1
}

func checkAvoidInlineSpacing(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		css, ok := attr(n, "style")
		if !ok || !strings.Contains(strings.ToLower(css), "important") {
			continue
		}
		touches := false
		for name := range spacingMinimum {
			touches = touches || strings.Contains(strings.ToLower(css), name)
		}
		if !touches {
			continue
		}
		bad := importantSpacing(css)
		var spacing []string
		for _, b := range bad {
			if !strings.HasPrefix(b, "line-height") {
				spacing = append(spacing, b)
			}
		}
		switch {
		case len(spacing) > 0:
			r.fail(n, "The inline style fixes %s with !important, so readers cannot widen the text spacing.", strings.Join(spacing, ", "))
			continue
		case len(bad) > 0:
			r.review(n, "line height matters only for text that wraps onto several lines, which depends on layout (axe-core passes one line)", r.rule.hint,
				"The inline style fixes %s with !important, so readers cannot widen the line spacing.", strings.Join(bad, ", "))
			continue
		}
		r.pass()
	}
}

// Link-in-text-block thresholds: the contrast a link colour needs against
// the surrounding text when colour alone sets it apart.
const linkTextContrast = 3.0

func checkLinkInTextBlock(c *checker, r *ruleRun) {
	if c.styles == nil {
		return
	}
	// the answer is the same for each link of a block: each block is
	// measured once, however its links interleave with nested blocks
	inText := map[*html.Node]bool{}
	for _, n := range c.links() {
		if !isHTML(n, atom.A) {
			continue
		}
		block := closest(n.Parent, atom.P, atom.Li, atom.Td, atom.Th, atom.Dd, atom.Blockquote, atom.Figcaption)
		if block == nil {
			continue
		}
		ok, seen := inText[block]
		if !seen {
			ok = hasTextOutside(block, n)
			inText[block] = ok
		}
		if !ok {
			continue
		}
		ls, bs := c.style(n), c.style(block)
		if ls == nil || bs == nil {
			continue
		}
		if distinguished(ls, bs) {
			r.pass()
			continue
		}
		ratio := ContrastRatio(ls.Color, bs.Color)
		if ratio+1e-9 < linkTextContrast {
			r.fail(n, "The link differs from the text around it only by colour, at %.2f:1 against that text (3:1 needed, or an underline).", math.Floor(ratio*100)/100)
			continue
		}
		r.review(n, "colour sets the link apart with 3:1 or more; check that focus and hover add a non-colour cue", r.rule.hint,
			"The link differs from the text around it only by colour (%.2f:1 against that text).", math.Floor(ratio*100)/100)
	}
}

// hasTextOutside reports whether link is in a block of text: the block's
// text outside links (this one, and every a with an href) and buttons is
// longer than the text inside them
// (white space collapsed), as axe-core decides it. A link that is most of
// its block is a list of links or a link alone, not a link in text.
func hasTextOutside(block, link *html.Node) bool {
	var outside, inside collapsedLen
	for t := range textNodes(block) {
		in := false
		for p := t.Parent; p != nil && p != block; p = p.Parent {
			if p == link || isHTML(p, atom.Button) || isHTML(p, atom.A) && hasAttr(p, "href") {
				in = true
				break
			}
		}
		if in {
			inside.add(t.Data)
		} else {
			outside.add(t.Data)
		}
	}
	return outside.n > inside.n
}

// collapsedLen counts the characters of text fed to it in pieces as
// collapse would leave them (white-space runs one space, the ends
// trimmed), without building the string.
type collapsedLen struct {
	n       int
	started bool // a character other than white space was counted
	space   bool // white space follows the last character counted
}

func (c *collapsedLen) add(s string) {
	for _, r := range s {
		if unicode.IsSpace(r) {
			c.space = c.started
			continue
		}
		if c.space {
			c.n++
			c.space = false
		}
		c.n++
		c.started = true
	}
}

// distinguished reports whether a link (style ls) in a block (style bs)
// is set apart by more than colour: a text decoration, a bottom border,
// a different weight or style, or a background.
func distinguished(ls, bs *style.Style) bool {
	b := ls.Border[style.Bottom]
	return ls.TextDecoration != 0 && ls.TextDecoration != bs.TextDecoration ||
		b.Style != style.BorderNone && b.Width > 0 ||
		ls.FontWeight != bs.FontWeight || ls.FontStyle != bs.FontStyle ||
		ls.BackgroundColor.A > 0 && ls.BackgroundColor != bs.BackgroundColor
}
