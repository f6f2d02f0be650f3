package wcag

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func checkDuplicateID(c *checker, r *ruleRun) {
	for _, n := range c.all {
		id := attrVal(n, "id")
		if id == "" {
			continue
		}
		first := c.ids[id][0]
		if first == n {
			r.pass()
			continue
		}
		line, _ := c.pos.lineCol(first)
		r.fail(n, "The id %q is already used by the <%s> at line %d.", id, first.Data, line)
	}
}

// ariaRoles lists the non-abstract roles of WAI-ARIA 1.2 plus the
// DPUB-ARIA and Graphics-ARIA roles, separated by white space.
const ariaRoles = `alert alertdialog application article banner blockquote button caption cell checkbox
code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis
feed figure form generic grid gridcell group heading img insertion link list listbox listitem log main marquee
math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation
progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton
status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree
treegrid treeitem
doc-abstract doc-acknowledgments doc-afterword doc-appendix doc-backlink doc-biblioentry doc-bibliography
doc-biblioref doc-chapter doc-colophon doc-conclusion doc-cover doc-credit doc-credits doc-dedication doc-endnote
doc-endnotes doc-epigraph doc-epilogue doc-errata doc-example doc-footnote doc-foreword doc-glossary doc-glossref
doc-index doc-introduction doc-noteref doc-notice doc-pagebreak doc-pagelist doc-part doc-preface doc-prologue
doc-pullquote doc-qna doc-subtitle doc-tip doc-toc
graphics-document graphics-object graphics-symbol`

// ariaAttrs lists the states and properties of WAI-ARIA 1.2 without their
// "aria-" prefix.
const ariaAttrs = `activedescendant atomic autocomplete busy checked colcount colindex colspan
controls current describedby description details disabled dropeffect errormessage expanded flowto grabbed
haspopup hidden invalid keyshortcuts label labelledby level live modal multiline multiselectable orientation
owns placeholder posinset pressed readonly relevant required roledescription rowcount rowindex rowspan selected
setsize sort valuemax valuemin valuenow valuetext braillelabel brailleroledescription`

// inList reports whether word is one of the white-space separated words
// of list.
func inList(list, word string) bool {
	if word == "" || strings.ContainsAny(word, " \t\n") {
		return false
	}
	for i := 0; ; {
		j := strings.Index(list[i:], word)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(word)
		if (start == 0 || isSpace(list[start-1])) && (end == len(list) || isSpace(list[end])) {
			return true
		}
		i = start + 1
	}
}

func isSpace(b byte) bool { return b == ' ' || b == '\n' || b == '\t' }

func checkARIARoles(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		if !c.inA11yTree(n) {
			continue
		}
		v, ok := attr(n, "role")
		if !ok {
			continue
		}
		rs := roles(n)
		if len(rs) == 0 {
			r.fail(n, "The role attribute is empty.")
			continue
		}
		// A role list is a list of fallbacks: it fails only when no
		// token is a role (as axe-core's invalidrole check).
		bad, good := "", false
		for _, x := range rs {
			if inList(ariaRoles, x) {
				good = true
				break
			}
			if bad == "" {
				bad = x
			}
		}
		if !good {
			r.fail(n, "role=%q: %q is not a WAI-ARIA role.", strings.TrimSpace(v), bad)
			continue
		}
		r.pass()
	}
}

func checkARIAValidAttr(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		if !c.inA11yTree(n) {
			continue
		}
		any, bad := false, ""
		for _, a := range n.Attr {
			if a.Namespace != "" || !strings.HasPrefix(a.Key, "aria-") {
				continue
			}
			any = true
			if !inList(ariaAttrs, strings.TrimPrefix(a.Key, "aria-")) && bad == "" {
				bad = a.Key
			}
		}
		if !any {
			continue
		}
		if bad != "" {
			r.fail(n, "%s is not a WAI-ARIA attribute.", bad)
			continue
		}
		r.pass()
	}
}

func checkARIAHiddenBody(c *checker, r *ruleRun) {
	b := firstElement(c.doc, atom.Body)
	if b == nil {
		return
	}
	if ariaHiddenTrue(b) {
		r.fail(b, "aria-hidden=\"true\" on <body> hides the whole document from assistive technology.")
		return
	}
	r.pass()
}

// focusable reports whether n takes keyboard focus.
func focusable(n *html.Node) bool {
	if ti, ok := attr(n, "tabindex"); ok {
		if i, err := strconv.Atoi(strings.TrimSpace(ti)); err == nil {
			return i >= 0
		}
	}
	if hasAttr(n, "contenteditable") && !strings.EqualFold(attrVal(n, "contenteditable"), "false") {
		return true
	}
	if n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.A, atom.Area:
		return hasAttr(n, "href")
	case atom.Input:
		if strings.EqualFold(strings.TrimSpace(attrVal(n, "type")), "hidden") {
			return false
		}
		return !hasAttr(n, "disabled")
	case atom.Button, atom.Select, atom.Textarea:
		return !hasAttr(n, "disabled")
	case atom.Iframe, atom.Summary:
		return true
	}
	return false
}

func checkARIAHiddenFocus(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		if !ariaHiddenTrue(n) || isHTML(n, atom.Body) {
			continue
		}
		var bad *html.Node
		if c.inert[n] {
			continue // inert content takes no focus
		}
		walk(n, func(e *html.Node) bool { return !c.removed[e] && !c.inert[e] }, func(e *html.Node) bool {
			if !c.hiddenSet[e] && !c.inert[e] && focusable(e) {
				bad = e
				return false
			}
			return true
		})
		if bad != nil {
			if bad == n {
				r.fail(n, "The <%s> is hidden from assistive technology (aria-hidden) but takes keyboard focus.", n.Data)
			} else {
				r.fail(n, "Content hidden from assistive technology (aria-hidden) holds a focusable <%s>.", bad.Data)
			}
			continue
		}
		r.pass()
	}
}
