package style

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

// laterSelectors are the pseudo-classes whose match on an element depends
// on what comes after it in the document (its later siblings or its
// descendants), with the reasons Streamable gives for them. :last-child
// and :only-child are not among them: a body child is computed once its
// next sibling is known.
var laterSelectors = [...]struct{ text, reason string }{
	{":has(", "selector :has()"},
	{":nth-last-child(", "selector :nth-last-child()"},
	{":nth-last-of-type(", "selector :nth-last-of-type()"},
	{":last-of-type", "selector :last-of-type"},
	{":only-of-type", "selector :only-of-type"},
}

// wholeFuncs are the functions of content and string-set values that need
// the whole document laid out (a later page, the text of a target).
var wholeFuncs = [...]string{"target-counter", "target-counters", "target-text", "leader"}

// maxScanDepth bounds the descent into nested functions and blocks of a
// value (the parser bounds nesting already: this only keeps the scan's
// recursion bounded on its own).
const maxScanDepth = 64

// streamReason scans the rule set once and the computed styles of the
// elements outside the body's children (the root and the body, whose
// styles are final by now) for what keeps a document from streaming; ""
// for nothing.
func streamReason(rs *ruleSet, st *Styles, body *html.Node) string {
	if r := entriesReason(rs.entries); r != "" {
		return r
	}
	for _, name := range [...]string{"before", "after", "marker", "first-letter", "first-line", "footnote-call", "footnote-marker"} {
		if ix := rs.pseudo[name]; ix != nil {
			if r := entriesReason(ix.all); r != "" {
				return r
			}
		}
	}
	for _, p := range rs.pages {
		if r := declsReason(p.decls); r != "" {
			return r
		}
		for _, m := range p.margins {
			if r := declsReason(m); r != "" {
				return r
			}
		}
	}
	for a := body; a != nil && a.Type == html.ElementNode; a = a.Parent {
		if r := computedReason(st.nodes[a]); r != "" {
			return r + " on <" + a.Data + ">"
		}
	}
	return ""
}

// entriesReason checks the selectors and declarations of style rule
// entries.
func entriesReason(es []*entry) string {
	var last *cdecl
	for _, e := range es {
		if e.sel == nil || e.sel.Never {
			continue
		}
		if r := selectorReason(e.sel.Text); r != "" {
			return r
		}
		if f := first(e.decls); f != last {
			// (the selectors of one rule share its declarations)
			last = f
			if r := declsReason(e.decls); r != "" {
				return r
			}
		}
	}
	return ""
}

// selectorReason names the pseudo-class of a selector that looks at later
// siblings or descendants, "" for none. :has() always counts; the others
// do not in a compound of a table-internal type (see tableInternal), at
// the top level of the selector: such an element is never a child of the
// body, so its siblings are complete when the body child around it is.
func selectorReason(text string) string {
	if !strings.Contains(text, ":") {
		return ""
	}
	lower := strings.ToLower(text)
	// (cascadia's :contains() and :containsOwn() read the text)
	for _, p := range [...]string{":empty", ":contains"} {
		if someAt(lower, p, func(j int) bool { return emptyOnBody(lower, j) }) {
			return "selector " + p + " on the body"
		}
	}
	for i, l := range laterSelectors {
		if someAt(lower, l.text, func(j int) bool { return i == 0 || !inTableCompound(lower, j) }) {
			return l.reason
		}
	}
	return ""
}

// someAt reports whether f holds at some offset of sub in s.
func someAt(s, sub string, f func(i int) bool) bool {
	for from := 0; ; {
		j := strings.Index(s[from:], sub)
		if j < 0 {
			return false
		}
		j += from
		if f(j) {
			return true
		}
		from = j + len(sub)
	}
}

// looksAtNext reports whether a selector of the rule set could match a
// body child by whether an element follows it (:last-child,
// :only-child): only then must a child wait for the next one before it is
// computed.
func looksAtNext(rs *ruleSet) bool {
	return anySelector(rs, func(sel string) bool {
		if !strings.Contains(sel, ":") {
			return false
		}
		for _, p := range [...]string{":last-child", ":only-child"} {
			if someAt(sel, p, func(j int) bool { return !inTableCompound(sel, j) }) {
				return true
			}
		}
		return false
	})
}

// anySelector reports whether f holds for the lower-case text of a
// selector of the rule set's style rules (pseudo-element rules included).
func anySelector(rs *ruleSet, f func(sel string) bool) bool {
	check := func(es []*entry) bool {
		for _, e := range es {
			if e.sel != nil && !e.sel.Never && f(strings.ToLower(e.sel.Text)) {
				return true
			}
		}
		return false
	}
	if check(rs.entries) {
		return true
	}
	for _, ix := range rs.pseudo {
		if check(ix.all) {
			return true
		}
	}
	return false
}

// siblingSelectors are the pseudo-classes whose match on an element
// depends on its siblings.
var siblingSelectors = [...]string{":first-child", ":last-child", ":only-child", ":nth-child(", ":nth-last-child(",
	":first-of-type", ":last-of-type", ":only-of-type", ":nth-of-type(", ":nth-last-of-type("}

// looksAtEarlier reports whether a selector of the rule set could match
// a body child by its earlier siblings: a sibling combinator anywhere
// (read conservatively: a string or an escape counts), or a structural
// pseudo-class in a compound that could match a body child (not a table
// part, not the child of a named element other than the body).
func looksAtEarlier(rs *ruleSet) bool {
	return anySelector(rs, readsSiblings)
}

// readsSiblings reports whether the lower-case selector text sel may
// match a body child by its siblings (see looksAtEarlier).
func readsSiblings(sel string) bool {
	depth := 0
	for k := 0; k < len(sel); k++ {
		switch sel[k] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '+', '~':
			if depth == 0 {
				return true
			}
		case '\\':
			k++ // an escaped character
		case '"', '\'':
			end := closingQuote(sel, k)
			if end < 0 {
				return true
			}
			k = end
		}
	}
	for _, p := range siblingSelectors {
		if someAt(sel, p, func(j int) bool { return !inTableCompound(sel, j) && !childOfNamed(sel, j) }) {
			return true
		}
	}
	return false
}

// closingQuote returns the offset of the quote closing the string that
// starts at offset i of sel, -1 for none.
func closingQuote(sel string, i int) int {
	for k := i + 1; k < len(sel); k++ {
		switch sel[k] {
		case '\\':
			k++
		case sel[i]:
			return k
		}
	}
	return -1
}

// childOfNamed reports whether the top-level compound holding offset i of
// sel follows a child combinator whose left compound names an element
// other than the body or the root: the compound's element is then never
// a child of the body.
func childOfNamed(sel string, i int) bool {
	start, _, ok := compoundAt(sel, i)
	if !ok {
		return false
	}
	k := start - 1
	for k >= 0 && isSelectorSpace(sel[k]) {
		k--
	}
	if k < 0 || sel[k] != '>' {
		return false
	}
	k--
	for k >= 0 && isSelectorSpace(sel[k]) {
		k--
	}
	end := k + 1
	for k >= 0 && !isSelectorSpace(sel[k]) && sel[k] != '>' && sel[k] != '+' && sel[k] != '~' && sel[k] != ',' && sel[k] != ')' && sel[k] != ']' {
		k--
	}
	if k >= 0 && (sel[k] == ')' || sel[k] == ']') {
		return false // (not worth reading back through brackets here)
	}
	tag := compoundTag(sel[k+1 : end])
	return tag != "" && tag != "*" && tag != "body" && tag != "html"
}

// isSelectorSpace reports whether c is white space in a selector.
func isSelectorSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// tableInternal are the elements the HTML parser never makes children of
// the body (it drops their tags there, HTML "in body" insertion mode).
var tableInternal = map[string]bool{"tr": true, "td": true, "th": true, "tbody": true, "thead": true,
	"tfoot": true, "caption": true, "col": true, "colgroup": true}

// inTableCompound reports whether offset i of the lower-case selector text
// sel is at the top level (outside any parentheses or brackets) of a
// compound whose type selector is a table-internal element.
func inTableCompound(sel string, i int) bool {
	start, depth, ok := compoundAt(sel, i)
	return ok && depth == 0 && tableInternal[compoundTag(sel[start:])]
}

// emptyOnBody reports whether the :empty (or :contains()) at offset i of
// the lower-case selector text sel could be tested on the body itself,
// whose children
// come after its style is computed: when it is in the selector's
// rightmost compound (the only one ComputeStream tests on the body: no
// element follows the body, and it is the ancestor of no element computed
// then), and that compound names no other element type.
func emptyOnBody(sel string, i int) bool {
	start, _, ok := compoundAt(sel, i)
	if !ok {
		return true
	}
	depth := 0
	for k := i; k < len(sel); k++ {
		switch sel[k] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ' ', '\t', '\n', '\f', '\r', '>', '+', '~', ',':
			if depth == 0 {
				return false // a compound further right is the subject
			}
		case '"', '\'', '\\':
			return true
		}
	}
	tag := compoundTag(sel[start:])
	return tag == "" || tag == "*" || tag == "body"
}

// compoundAt returns where the top-level compound holding offset i of the
// selector text sel starts and the nesting depth at i; false when a
// string or an escape comes first (not worth reading here).
func compoundAt(sel string, i int) (start, depth int, ok bool) {
	for k := 0; k < i; k++ {
		switch sel[k] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case ' ', '\t', '\n', '\f', '\r', '>', '+', '~', ',':
			if depth == 0 {
				start = k + 1
			}
		case '"', '\'', '\\':
			return 0, 0, false
		}
	}
	return start, depth, true
}

// compoundTag returns the type selector (namespace prefix dropped) at the
// start of a compound's text, "" for none.
func compoundTag(c string) string {
	if k := strings.IndexAny(c, ".#[:() \t\n\f\r>+~,"); k >= 0 {
		c = c[:k]
	}
	if k := strings.LastIndexByte(c, '|'); k >= 0 {
		c = c[k+1:]
	}
	return c
}

// declsReason names the first declaration of ds that needs the whole
// document, "" for none.
func declsReason(ds []cdecl) string {
	for i := range ds {
		if r := declReason(&ds[i]); r != "" {
			return r
		}
	}
	return ""
}

// declReason names what in declaration d needs the whole document before
// layout, "" for nothing. A var() in a property whose value could need it
// counts as needing it; custom properties are scanned for the functions
// that content and string-set would take from them.
func declReason(d *cdecl) string {
	switch d.kind {
	case declCustom:
		for _, f := range wholeFuncs {
			if hasFunc(d.value, f, 0) {
				return "custom property with " + f + "()"
			}
		}
		if hasPagesCounter(d.value, 0) {
			return "custom property with counter(pages)"
		}
		return ""
	case declShort:
		return ""
	}
	switch d.prop {
	case pPosition:
		switch {
		case d.hasVar:
			return "var() in position"
		case hasFunc(d.value, "running", 0):
			return "position: running()"
		case hasIdent(d.value, "fixed"):
			return "position: fixed"
		}
	case pFloat:
		switch {
		case d.hasVar:
			return "var() in float"
		case hasIdent(d.value, "footnote"):
			return "float: footnote"
		}
	case pFootnoteDisplay:
		return "footnote-display"
	case pFootnotePolicy:
		return "footnote-policy"
	case pContent, pStringSet:
		name := longhands[d.prop].name
		for _, f := range wholeFuncs {
			if hasFunc(d.value, f, 0) {
				return name + ": " + f + "()"
			}
		}
		if d.prop == pStringSet && hasPagesCounter(d.value, 0) {
			return "string-set: counter(pages)"
		}
	case pPage:
		if d.hasVar {
			return "var() in page"
		}
		if d.wide == "" && !hasIdent(d.value, "auto") {
			return "page: named page"
		}
	case pClipPath:
		if d.hasVar {
			return "var() in clip-path"
		}
		if hasURL(d.value, 0) {
			return "clip-path: url()"
		}
	}
	return ""
}

// computedReason names what in the computed style of the root or the body
// needs the whole document, "" for nothing (nil s: nothing).
func computedReason(s *Style) string {
	if s == nil {
		return ""
	}
	switch {
	case s.BackgroundImages != nil:
		// (the canvas paints them over the root's whole height, known
		// once every page is laid out: layout's canvasImage)
		return "background-image"
	case s.Position == PositionRunning:
		return "position: running()"
	case s.Position == PositionFixed:
		return "position: fixed"
	case s.Float == FloatFootnote:
		return "float: footnote"
	case s.Page != "":
		return "page: named page"
	case s.ClipPath != nil && s.ClipPath.Shape == ClipURL:
		return "clip-path: url()"
	}
	return ""
}

// hasFunc reports whether ts holds a call of function name (ASCII
// case-insensitive) at any depth.
func hasFunc(ts []css.Token, name string, depth int) bool {
	if depth > maxScanDepth {
		return true // deeper than the parser keeps: say yes, to be safe
	}
	for _, t := range ts {
		if t.Kind == css.Function && strings.EqualFold(t.Text, name) {
			return true
		}
		if len(t.Args) > 0 && hasFunc(t.Args, name, depth+1) {
			return true
		}
	}
	return false
}

// hasIdent reports whether ts holds the identifier name at its top level.
func hasIdent(ts []css.Token, name string) bool {
	for _, t := range ts {
		if t.Is(name) {
			return true
		}
	}
	return false
}

// hasURL reports whether ts holds a url at any depth.
func hasURL(ts []css.Token, depth int) bool {
	if depth > maxScanDepth {
		return true
	}
	for _, t := range ts {
		if t.Kind == css.URL || t.Kind == css.BadURL || t.Kind == css.Function && strings.EqualFold(t.Text, "url") {
			return true
		}
		if len(t.Args) > 0 && hasURL(t.Args, depth+1) {
			return true
		}
	}
	return false
}

// hasPagesCounter reports whether ts holds counter(pages) or
// counters(pages, …) at any depth.
func hasPagesCounter(ts []css.Token, depth int) bool {
	if depth > maxScanDepth {
		return true
	}
	for _, t := range ts {
		if t.Kind == css.Function && (strings.EqualFold(t.Text, "counter") || strings.EqualFold(t.Text, "counters")) {
			for _, a := range t.Args {
				if a.Kind == css.Whitespace {
					continue
				}
				if a.Is("pages") {
					return true
				}
				break
			}
		}
		if len(t.Args) > 0 && hasPagesCounter(t.Args, depth+1) {
			return true
		}
	}
	return false
}
