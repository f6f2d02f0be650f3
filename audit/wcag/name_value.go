package wcag

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// controlValue returns the value a control embedded in the text that
// names another element gives to that name (accname 1.2, step 2C): a
// text field its value, a select its chosen options, a textbox its text,
// a listbox or combobox its selected option, a slider, spin button or
// scroll bar its aria-valuetext, aria-valuenow or value. ok is false when
// n is not such a control; then its name comes from the other steps.
// Progress bars are left out, as axe-core leaves them out (browsers do
// not name from them).
func (c *checker) controlValue(n *html.Node, ctx nameCtx) (v string, ok bool) {
	if n.Type != html.ElementNode {
		return "", false
	}
	r := effectiveRole(n)
	switch r {
	case "textbox", "searchbox", "combobox", "listbox", "slider", "spinbutton", "scrollbar":
	default:
		return "", false
	}
	if ctx.depth > maxNameDepth {
		return "", true
	}
	if n.Namespace == "" {
		switch n.DataAtom {
		case atom.Input:
			return inputValue(n), true
		case atom.Textarea:
			return collapse(rawText(n)), true
		case atom.Select:
			return c.selectValue(n), true
		}
	}
	switch r {
	case "textbox", "searchbox":
		return c.textIn(n, nil, ctx), true
	case "listbox":
		return c.listboxValue(n, ctx), true
	case "combobox":
		for _, o := range c.ownedRoles(n) {
			if o.role == "listbox" {
				return c.listboxValue(o.n, ctx.deeper()), true
			}
		}
		return "", true
	}
	if s := collapse(attrVal(n, "aria-valuetext")); s != "" {
		return s, true
	}
	return collapse(attrVal(n, "aria-valuenow")), true
}

// inputValue returns the value of a text-like or range input as the
// browser has it: the value attribute, and for a range without one the
// middle of its min and max (aria-valuetext and aria-valuenow first, as
// for any range).
func inputValue(n *html.Node) string {
	if !strings.EqualFold(strings.TrimSpace(attrVal(n, "type")), "range") {
		return collapse(attrVal(n, "value"))
	}
	for _, a := range []string{"aria-valuetext", "aria-valuenow", "value"} {
		if s := collapse(attrVal(n, a)); s != "" {
			return s
		}
	}
	lo, hi := 0.0, 100.0
	if f, err := strconv.ParseFloat(strings.TrimSpace(attrVal(n, "min")), 64); err == nil {
		lo = f
	}
	if f, err := strconv.ParseFloat(strings.TrimSpace(attrVal(n, "max")), 64); err == nil && f >= lo {
		hi = f
	}
	return strconv.FormatFloat(lo+(hi-lo)/2, 'f', -1, 64)
}

// selectValue returns the text of the chosen options of a select: those
// marked selected, else the first option (as axe-core takes it).
func (c *checker) selectValue(n *html.Node) string {
	var chosen []string
	var first *html.Node
	for o := range elements(n) {
		if !isHTML(o, atom.Option) {
			continue
		}
		if first == nil {
			first = o
		}
		if hasAttr(o, "selected") {
			chosen = append(chosen, optionText(o))
		}
	}
	if len(chosen) == 0 && first != nil {
		chosen = append(chosen, optionText(first))
	}
	return collapse(strings.Join(chosen, " "))
}

// optionText is the text of an option: its label attribute, else its text.
func optionText(o *html.Node) string {
	if l, ok := attr(o, "label"); ok && collapse(l) != "" {
		return collapse(l)
	}
	return collapse(rawText(o))
}

// listboxValue returns the name of the first option n owns with
// aria-selected="true", or "" (also when that option is already being
// named further up the computation).
func (c *checker) listboxValue(n *html.Node, ctx nameCtx) string {
	for _, o := range c.ownedRoles(n) {
		if o.role != "option" || !strings.EqualFold(strings.TrimSpace(attrVal(o.n, "aria-selected")), "true") {
			continue
		}
		if ctx.seen[o.n] {
			return "" // owned again through aria-owns: named once
		}
		if ctx.seen == nil {
			ctx.seen = map[*html.Node]bool{}
		}
		ctx.seen[o.n] = true
		return c.nameOf(o.n, true, ctx.deeper())
	}
	return ""
}

// rawText returns the text of the text nodes under n in document order,
// bounded by maxNameLen.
func rawText(n *html.Node) string { return textUnder(n, maxNameLen) }
