package wcag

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/style"
)

// checker holds one audit run: the document, its element lists and index
// tables, and the findings and counts the rules produce.
type checker struct {
	ctx    context.Context
	doc    *html.Node
	pos    *positions
	styles *style.Styles

	// all lists every element in document order; visible leaves out the
	// subtrees that render nothing (hidden attribute, display: none,
	// head, template, script, style …).
	all     []*html.Node
	visible []*html.Node
	// allStyles holds the computed style of each element of all (nil
	// entries without styles).
	allStyles []*style.Style
	// inAriaHidden marks elements inside an aria-hidden="true" subtree
	// (absent from the accessibility tree).
	inAriaHidden map[*html.Node]bool
	// inert marks elements inside an inert subtree: neither focusable nor
	// in the accessibility tree, like a disabled control.
	inert map[*html.Node]bool
	// hiddenSet marks elements that render nothing: removed subtrees and
	// elements with visibility hidden.
	hiddenSet map[*html.Node]bool
	// removed marks elements of subtrees that render nothing whatever
	// their descendants say (display: none, hidden, head …), as opposed
	// to visibility: hidden, which a descendant can undo.
	removed map[*html.Node]bool
	ids     map[string][]*html.Node
	labels  map[string][]*html.Node
	// tags holds the visible HTML elements by tag; withRole the visible
	// elements with a role attribute; svgs the visible svg roots.
	tags     map[atom.Atom][]*html.Node
	withRole []*html.Node
	svgs     []*html.Node
	// headingCache caches headings.
	headingCache *headingList
	// nth caches :nth-of-type indexes for selectors.
	nth map[*html.Node]nthIndex
	// tables caches dataTables.
	tables *[]*tableModel

	// owners caches ariaOwners.
	owners map[string]*html.Node
	// sheets caches sheetFacts.
	sheets *sheetInfo

	// maxListed caps the findings listed per rule (0: no cap).
	maxListed int

	findings []found
	results  []audit.RuleResult
}

// found is a finding with the source offset used to sort findings into
// document order.
type found struct {
	audit.Finding
	offset int
}

// ruleRun counts and reports for one rule.
type ruleRun struct {
	c    *checker
	rule *rule
	res  audit.RuleResult
	// listed counts the findings added; unlisted the failures and notices
	// left out once maxListed was reached.
	listed, unlisted int
}

// pass records an element the rule checked and found fine.
func (r *ruleRun) pass() { r.res.Checked++ }

// fail records a failing element with the rule's hint.
func (r *ruleRun) fail(n *html.Node, format string, args ...any) {
	r.failHint(n, r.rule.hint, format, args...)
}

// failHint records a failing element with a specific hint.
func (r *ruleRun) failHint(n *html.Node, hint, format string, args ...any) {
	r.res.Checked++
	r.res.Failed++
	r.report(r.rule.severity, n, hint, format, args...)
}

// report adds a finding unless the rule has listed its maximum.
func (r *ruleRun) report(sev audit.Severity, n *html.Node, hint, format string, args ...any) {
	if r.c.maxListed > 0 && r.listed >= r.c.maxListed {
		r.unlisted++
		return
	}
	r.listed++
	r.c.add(r.rule, sev, n, hint, fmt.Sprintf(format, args...))
}

// notice records an element the rule could not decide; it counts neither
// as checked nor as failed.
func (r *ruleRun) notice(n *html.Node, hint, format string, args ...any) {
	r.report(audit.Notice, n, hint, format, args...)
}

// review records an element the rule could not decide without a person
// (needs review, with the reason); like a notice it counts neither as
// checked nor as failed.
func (r *ruleRun) review(n *html.Node, reason, hint, format string, args ...any) {
	if r.c.maxListed > 0 && r.listed >= r.c.maxListed {
		r.unlisted++
		return
	}
	r.listed++
	r.c.add(r.rule, audit.NeedsReview, n, hint, fmt.Sprintf(format, args...))
	r.c.findings[len(r.c.findings)-1].Reason = reason
}

// add appends a finding located at n.
func (c *checker) add(ru *rule, sev audit.Severity, n *html.Node, hint, msg string) {
	f := found{Finding: audit.Finding{
		Rule:      ru.id,
		Severity:  sev,
		Standards: ru.standards,
		Message:   msg,
		Hint:      hint,
	}, offset: -1}
	if n != nil {
		line, col := c.pos.lineCol(n)
		f.Location = audit.Location{Line: line, Column: col, Selector: c.selector(n), Snippet: c.snippet(n)}
		if sp, ok := c.pos.span(n); ok {
			f.offset = sp.start
		}
	}
	c.findings = append(c.findings, f)
}

// newChecker indexes the document: element lists, hidden subtrees, ids and
// labels.
func newChecker(ctx context.Context, doc *html.Node, pos *positions, styles *style.Styles) (*checker, error) {
	c := &checker{
		ctx: ctx, doc: doc, pos: pos, styles: styles,
		inAriaHidden: map[*html.Node]bool{},
		inert:        map[*html.Node]bool{},
		hiddenSet:    map[*html.Node]bool{},
		removed:      map[*html.Node]bool{},
		ids:          map[string][]*html.Node{},
		tags:         map[atom.Atom][]*html.Node{},
		nth:          map[*html.Node]nthIndex{},
		labels:       map[string][]*html.Node{},
	}
	// size the element lists once instead of growing them
	count := 0
	walk(doc, func(*html.Node) bool { return true }, func(*html.Node) bool { count++; return true })
	c.all = make([]*html.Node, 0, count)
	c.visible = make([]*html.Node, 0, count)
	c.allStyles = make([]*style.Style, 0, count)
	var err error
	walk(doc, func(*html.Node) bool { return true }, func(n *html.Node) bool {
		if len(c.all)%1024 == 1023 {
			if err = ctx.Err(); err != nil {
				return false
			}
		}
		c.all = append(c.all, n)
		st := c.style(n)
		c.allStyles = append(c.allStyles, st)
		if id := attrVal(n, "id"); id != "" {
			c.ids[id] = append(c.ids[id], n)
		}
		if isHTML(n, atom.Label) {
			if f := attrVal(n, "for"); f != "" {
				c.labels[f] = append(c.labels[f], n)
			}
		}
		p := n.Parent
		if c.inAriaHidden[p] || ariaHiddenTrue(n) {
			c.inAriaHidden[n] = true
		}
		if c.inert[p] || (n.Namespace == "" && hasAttr(n, "inert")) {
			c.inert[n] = true
		}
		subtree := c.removed[p] || removesSubtree(n, st)
		if subtree {
			c.removed[n] = true
		}
		if subtree || invisible(st) {
			c.hiddenSet[n] = true
			return true
		}
		c.visible = append(c.visible, n)
		if n.Namespace == "" {
			c.tags[n.DataAtom] = append(c.tags[n.DataAtom], n)
		} else if n.Namespace == "svg" && n.Data == "svg" {
			c.svgs = append(c.svgs, n)
		}
		if hasAttr(n, "role") {
			c.withRole = append(c.withRole, n)
		}
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("wcag: index document: %w", err)
	}
	return c, nil
}

// removesSubtree reports whether element n and everything inside it
// render nothing: the hidden attribute, display: none, or an element that
// never renders (head and its content, template, script, style …). st is
// n's computed style (nil when unknown).
func removesSubtree(n *html.Node, st *style.Style) bool {
	if n.Namespace == "" {
		switch n.DataAtom {
		case atom.Head, atom.Template, atom.Script, atom.Style, atom.Noscript, atom.Title, atom.Meta, atom.Link, atom.Base:
			return true
		case atom.Input:
			if strings.EqualFold(strings.TrimSpace(attrVal(n, "type")), "hidden") {
				return true
			}
		}
		if hasAttr(n, "hidden") {
			return true
		}
	}
	return st != nil && st.Display == style.DisplayNone
}

// invisible reports whether an element with style st has visibility
// hidden or collapse; its descendants may still be visible (visibility is
// inherited but can be set back), so only the element itself is hidden.
func invisible(st *style.Style) bool {
	return st != nil && st.Visibility != style.Visible
}

// isHidden reports whether n renders nothing (itself or by an ancestor).
// The index marks every element of a hidden subtree, so one lookup does.
func (c *checker) isHidden(n *html.Node) bool { return c.hiddenSet[n] }

// visibleTagged returns the visible HTML elements with the given tags
// exposed to assistive technology, tag by tag (callers that need document
// order across tags must not use it).
func (c *checker) visibleTagged(atoms ...atom.Atom) []*html.Node {
	size := 0
	for _, a := range atoms {
		size += len(c.tags[a])
	}
	if size == 0 {
		return nil
	}
	out := make([]*html.Node, 0, size)
	for _, a := range atoms {
		for _, n := range c.tags[a] {
			if c.inA11yTree(n) {
				out = append(out, n)
			}
		}
	}
	return out
}

// style returns the computed style of n, or nil when styles are not
// available.
func (c *checker) style(n *html.Node) *style.Style {
	if c.styles == nil {
		return nil
	}
	return c.styles.Of(n, style.PseudoNone)
}

// byID returns the first element with the id, or nil.
func (c *checker) byID(id string) *html.Node {
	if l := c.ids[id]; len(l) > 0 {
		return l[0]
	}
	return nil
}

// inA11yTree reports whether a visible element is exposed to assistive
// technology (not inside aria-hidden="true" or an inert subtree).
func (c *checker) inA11yTree(n *html.Node) bool { return !c.inAriaHidden[n] && !c.inert[n] }

// run executes the rules, stopping early when ctx is cancelled.
func (c *checker) run(rules []rule) error {
	for i := range rules {
		if err := c.ctx.Err(); err != nil {
			return fmt.Errorf("wcag: audit cancelled before rule %s: %w", rules[i].id, err)
		}
		r := &ruleRun{c: c, rule: &rules[i], res: audit.RuleResult{Rule: rules[i].id, Severity: rules[i].severity}}
		rules[i].check(c, r)
		if r.unlisted > 0 {
			c.add(r.rule, audit.Notice, nil, "",
				fmt.Sprintf("%d more findings of %s are not listed (the report lists at most %d per rule); the score counts all of them.",
					r.unlisted, r.rule.id, c.maxListed))
		}
		c.results = append(c.results, r.res)
	}
	return nil
}

// report sorts the findings into document order and builds the report.
func (c *checker) report() audit.Report {
	sort.SliceStable(c.findings, func(i, j int) bool { return c.findings[i].offset < c.findings[j].offset })
	fs := make([]audit.Finding, len(c.findings))
	for i, f := range c.findings {
		fs[i] = f.Finding
	}
	return audit.NewReport(fs, c.results)
}

// maxSelectorParts bounds the selector path of deeply nested elements.
const maxSelectorParts = 16

// selector returns a CSS selector path for n: from the nearest ancestor
// with a unique id (or from body/html) down to n, each step a tag name with
// :nth-of-type where siblings share the tag. Paths deeper than
// maxSelectorParts keep their last steps after ":root " (a descendant
// combinator).
func (c *checker) selector(n *html.Node) string {
	var parts []string
	truncated := false
	for e := n; e != nil && e.Type == html.ElementNode; e = e.Parent {
		if id := attrVal(e, "id"); id != "" && len(c.ids[id]) == 1 && isIdent(id) {
			parts = append(parts, "#"+id)
			break
		}
		if len(parts) == maxSelectorParts {
			truncated = true
			break
		}
		part := e.Data
		if e.Parent != nil && e.Parent.Type == html.ElementNode {
			if ix := c.nthOfType(e); ix.total > 1 {
				part += ":nth-of-type(" + strconv.Itoa(ix.idx) + ")"
			}
		}
		parts = append(parts, part)
		if isHTML(e, atom.Body) {
			break
		}
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	path := strings.Join(parts, " > ")
	if truncated {
		return ":root " + path
	}
	return path
}

// nthIndex is an element's position among its siblings of the same type.
type nthIndex struct{ idx, total int }

// nthOfType returns e's :nth-of-type index, indexing all children of e's
// parent at the first request so that many findings under one parent cost
// one pass.
func (c *checker) nthOfType(e *html.Node) nthIndex {
	if c.nth == nil {
		c.nth = map[*html.Node]nthIndex{}
	}
	if ix, ok := c.nth[e]; ok {
		return ix
	}
	type key struct{ ns, data string }
	counts := map[key]int{}
	for s := e.Parent.FirstChild; s != nil; s = s.NextSibling {
		if s.Type == html.ElementNode {
			k := key{s.Namespace, s.Data}
			counts[k]++
			c.nth[s] = nthIndex{idx: counts[k]}
		}
	}
	for s := e.Parent.FirstChild; s != nil; s = s.NextSibling {
		if s.Type == html.ElementNode {
			ix := c.nth[s]
			ix.total = counts[key{s.Namespace, s.Data}]
			c.nth[s] = ix
		}
	}
	return c.nth[e]
}

// isIdent reports whether s can be written after # in a selector without
// escaping.
func isIdent(s string) bool {
	for i, r := range s {
		switch {
		case r == '-' || r == '_' || r >= 0x80 || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9':
			if i == 0 {
				return false
			}
		default:
			return false
		}
	}
	return s != "" && !strings.HasPrefix(s, "--") && !(strings.HasPrefix(s, "-") && len(s) > 1 && s[1] >= '0' && s[1] <= '9')
}

// Snippet limits.
const (
	maxSnippetTag  = 120
	maxSnippetText = 60
)

// snippet returns a short excerpt of n: its start tag as written in the
// source (or rebuilt when the parser made it up), and for elements with
// little content the text and end tag.
func (c *checker) snippet(n *html.Node) string {
	tag := collapse(c.pos.startTagText(n))
	if tag == "" {
		var b strings.Builder
		b.WriteString("<" + n.Data)
		for _, a := range n.Attr {
			fmt.Fprintf(&b, " %s=%q", a.Key, a.Val)
		}
		b.WriteString(">")
		tag = b.String()
	}
	tag = truncate(tag, maxSnippetTag)
	if n.Namespace == "" {
		switch n.DataAtom {
		case atom.Html, atom.Head, atom.Body, atom.Table, atom.Ul, atom.Ol, atom.Dl, atom.Section, atom.Article, atom.Main, atom.Div, atom.Tbody, atom.Thead, atom.Img, atom.Input, atom.Area, atom.Br, atom.Hr, atom.Meta, atom.Link:
			return tag
		}
	}
	if n.FirstChild == nil {
		return tag + "</" + n.Data + ">"
	}
	text := c.textPrefix(n, maxSnippetText+1)
	if text == "" {
		return tag + "…</" + n.Data + ">"
	}
	return tag + truncate(text, maxSnippetText) + "</" + n.Data + ">"
}

// textPrefix returns up to limit bytes of n's text content, white space
// collapsed.
func (c *checker) textPrefix(n *html.Node, limit int) string {
	return collapse(textUnder(n, limit*2))
}

// textUnder returns the text of the text nodes under n in document
// order (script and style content left out), about max bytes at most.
// It follows sibling and parent links: no recursion, however deep n is.
func textUnder(n *html.Node, max int) string {
	var b strings.Builder
	cur := n.FirstChild
	for cur != nil && b.Len() < max {
		if cur.Type == html.TextNode {
			b.WriteString(cur.Data)
		}
		if cur.FirstChild != nil && cur.Type == html.ElementNode && !(cur.Namespace == "" && (cur.DataAtom == atom.Script || cur.DataAtom == atom.Style)) {
			cur = cur.FirstChild
			continue
		}
		for cur != n && cur.NextSibling == nil {
			cur = cur.Parent
		}
		if cur == n {
			break
		}
		cur = cur.NextSibling
	}
	return b.String()
}

// truncate shortens s to at most max characters, ending in "…" when cut.
func truncate(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)
	return string(r[:max-1]) + "…"
}
