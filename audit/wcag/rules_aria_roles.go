package wcag

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// roleElements returns the visible elements exposed to assistive
// technology whose explicit role is a known role, with that role.
func (c *checker) roleElements() []ownedElem {
	var out []ownedElem
	for _, n := range c.withRole {
		if r := explicitRole(n); r != "" && c.inA11yTree(n) {
			out = append(out, ownedElem{n, r})
		}
	}
	return out
}

// ariaValue returns the trimmed, lower-cased value of aria attribute key
// and whether it is present with a non-empty value.
func ariaValue(n *html.Node, key string) (string, bool) {
	v := strings.ToLower(strings.TrimSpace(attrVal(n, key)))
	return v, v != ""
}

// nativeState reports whether the HTML element n provides state key
// itself (an input checkbox its checked state, a range input its value).
func nativeState(n *html.Node, key string) bool {
	if n.Namespace != "" {
		return false
	}
	switch key {
	case "checked":
		if isHTML(n, atom.Input) {
			t := strings.ToLower(strings.TrimSpace(attrVal(n, "type")))
			return t == "checkbox" || t == "radio"
		}
	case "valuenow":
		if isHTML(n, atom.Input) {
			return strings.EqualFold(strings.TrimSpace(attrVal(n, "type")), "range")
		}
		return n.DataAtom == atom.Meter || n.DataAtom == atom.Progress
	case "expanded":
		return n.DataAtom == atom.Select
	case "level":
		switch n.DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			return true
		}
	}
	return false
}

func checkARIARequiredAttr(c *checker, r *ruleRun) {
	for _, e := range c.roleElements() {
		d, _ := lookupRole(e.role)
		if d.required == "" || isPresentational(e.n) {
			continue
		}
		var missing []string
		for _, k := range strings.Fields(d.required) {
			if _, ok := ariaValue(e.n, "aria-"+k); !ok && !nativeState(e.n, k) {
				missing = append(missing, "aria-"+k)
			}
		}
		if len(missing) > 0 {
			r.failHint(e.n, fmt.Sprintf("add %s with the element's current state or value", strings.Join(missing, " and ")),
				"role=%q requires %s, which the element lacks.", e.role, strings.Join(missing, ", "))
			continue
		}
		r.pass()
	}
}

func checkARIAAllowedAttr(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		if !c.inA11yTree(n) {
			continue
		}
		var bad []string
		any := false
		rl := ""
		for _, a := range n.Attr {
			if a.Namespace != "" || !strings.HasPrefix(a.Key, "aria-") || !inList(ariaAttrs, strings.TrimPrefix(a.Key, "aria-")) {
				continue
			}
			if !any {
				any = true
				rl = effectiveRole(n)
			}
			if rl == "" {
				continue // an element without a role (label, svg …): not decided here
			}
			d, _ := lookupRole(rl)
			if !roleSupports(d, a.Key) {
				bad = append(bad, a.Key)
			}
		}
		if !any {
			continue
		}
		if len(bad) > 0 {
			what := "role=\"" + rl + "\""
			if rl == "" || rl == "generic" {
				what = "an element without a role"
			}
			r.fail(n, "%s is not allowed on %s.", strings.Join(bad, ", "), what)
			continue
		}
		r.pass()
	}
}

func checkARIAProhibitedAttr(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		label := strings.TrimSpace(attrVal(n, "aria-label")) != "" || strings.TrimSpace(attrVal(n, "aria-labelledby")) != ""
		if !label || !c.inA11yTree(n) {
			continue
		}
		// The role the author wrote decides: naming a role=none or
		// presentation element is prohibited even where conflict
		// resolution then ignores the role (as axe-core checks it).
		rl := effectiveRole(n)
		if er := explicitRole(n); er == "none" || er == "presentation" {
			rl = er
		}
		d, _ := lookupRole(rl)
		if !d.nameBanned {
			r.pass()
			continue
		}
		msg := fmt.Sprintf("Naming is prohibited on role=%q: aria-label and aria-labelledby are ignored there.", rl)
		if explicitRole(n) == "" {
			msg = fmt.Sprintf("Naming is prohibited on a <%s> (role %s): aria-label and aria-labelledby are ignored there.", n.Data, rl)
		}
		if c.textName(n) != "" {
			r.review(n, "the element has text content, which assistive technology reads instead of the prohibited name",
				r.rule.hint, "%s", msg)
			continue
		}
		r.fail(n, "%s", msg)
	}
}

func checkARIADeprecatedRole(c *checker, r *ruleRun) {
	for _, e := range c.roleElements() {
		if d, _ := lookupRole(e.role); d.deprecated {
			r.fail(e.n, "role=%q is deprecated in WAI-ARIA 1.2.", e.role)
			continue
		}
		r.pass()
	}
}

// allowedOwned returns the roles role data d may own directly: the first
// step of each owned entry.
func allowedOwned(d roleData) []string {
	var out []string
	for _, o := range strings.Fields(d.owned) {
		first, _, _ := strings.Cut(o, ">")
		out = append(out, first)
	}
	return out
}

// reviewEmpty are the container roles that a script commonly fills after
// the page loads: empty, they need review (as in axe-core); empty
// containers of other roles, and containers with text but none of their
// required children, fail.
var reviewEmpty = map[string]bool{
	"doc-bibliography": true, "doc-endnotes": true, "grid": true, "list": true, "listbox": true, "menu": true,
	"menubar": true, "table": true, "tablist": true, "tree": true, "treegrid": true, "rowgroup": true,
}

func checkARIARequiredChildren(c *checker, r *ruleRun) {
	for _, e := range c.roleElements() {
		d, _ := lookupRole(e.role)
		if d.owned == "" || isPresentational(e.n) {
			continue
		}
		allowed := allowedOwned(d)
		owned := c.ownedRoles(e.n)
		if len(owned) == 0 {
			if v, _ := ariaValue(e.n, "aria-busy"); v == "true" {
				r.pass()
				continue
			}
			if reviewEmpty[e.role] && strings.TrimSpace(c.textName(e.n)) == "" {
				r.review(e.n, "the element owns nothing yet; a script may fill it",
					r.rule.hint, "role=%q owns no elements; it needs %s.", e.role, strings.Join(allowed, " or "))
				continue
			}
			r.fail(e.n, "role=%q owns no element with role %s.", e.role, strings.Join(allowed, " or "))
			continue
		}
		var bad *ownedElem
		for i := range owned {
			ok := owned[i].role == "caption" // a table or grid may have a caption
			for _, a := range allowed {
				ok = ok || owned[i].role == a
			}
			if !ok {
				bad = &owned[i]
				break
			}
		}
		if bad != nil {
			what := "role " + bad.role
			if bad.role == "" {
				what = "no role"
			}
			r.fail(e.n, "role=%q owns a <%s> with %s; it may only own %s.", e.role, bad.n.Data, what, strings.Join(allowed, ", "))
			continue
		}
		r.pass()
	}
}

func checkARIARequiredParent(c *checker, r *ruleRun) {
	for _, e := range c.roleElements() {
		d, _ := lookupRole(e.role)
		if d.context == "" || isPresentational(e.n) {
			continue
		}
		o, orole := c.owner(e.n)
		if o != nil && inList(d.context, orole) {
			r.pass()
			continue
		}
		where := "is not owned by any element with a role"
		if o != nil {
			where = fmt.Sprintf("is owned by <%s> with role %q", o.Data, orole)
		}
		r.fail(e.n, "role=%q must be owned by an element with role %s; it %s.", e.role,
			strings.ReplaceAll(d.context, " ", " or "), where)
	}
}

// checkRoleName returns a check that needs an accessible name on elements
// with one of the explicit roles; fromContent says whether the roles take
// their name from their content.
func checkRoleName(fromContent bool, roleList string) func(c *checker, r *ruleRun) {
	return func(c *checker, r *ruleRun) {
		for _, e := range c.roleElements() {
			if !inList(roleList, e.role) {
				continue
			}
			if c.accessibleName(e.n, fromContent) == "" {
				r.fail(e.n, "The element with role=%q has no accessible name.", e.role)
				continue
			}
			r.pass()
		}
	}
}

func checkARIAConditionalAttr(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		if !c.inA11yTree(n) {
			continue
		}
		if isHTML(n, atom.Input) && strings.EqualFold(strings.TrimSpace(attrVal(n, "type")), "checkbox") && explicitRole(n) == "" {
			v, ok := ariaValue(n, "aria-checked")
			if !ok || (v != "true" && v != "false" && v != "mixed") {
				continue // a value that is no state is aria-valid-attr-value's
			}
			native := "false"
			if hasAttr(n, "checked") {
				native = "true"
			}
			switch {
			case v == "mixed":
				// only a script makes a checkbox indeterminate, and the
				// audited document runs none
				r.failHint(n, "remove aria-checked from the native checkbox; set its indeterminate state instead",
					"aria-checked=\"mixed\" on a native checkbox that is not indeterminate.")
			case v != native:
				r.failHint(n, "remove aria-checked from the native checkbox; its checked state is exposed already",
					"aria-checked=%q contradicts the checkbox's own state (%s).", v, native)
			default:
				r.pass()
			}
			continue
		}
		if effectiveRole(n) != "row" {
			continue
		}
		var bad []string
		for _, k := range []string{"aria-posinset", "aria-setsize", "aria-level", "aria-expanded"} {
			if _, ok := ariaValue(n, k); ok {
				bad = append(bad, k)
			}
		}
		if len(bad) == 0 {
			continue
		}
		if c.inTreegrid(n) {
			r.pass()
			continue
		}
		r.fail(n, "%s on a row is only allowed in a treegrid.", strings.Join(bad, ", "))
	}
}

// inTreegrid reports whether the row n belongs to a treegrid: its nearest
// ancestor with a table-like role is one.
func (c *checker) inTreegrid(n *html.Node) bool {
	steps := 0
	for e := n.Parent; e != nil && e.Type == html.ElementNode && steps < maxAncestorSteps; e = e.Parent {
		steps++
		switch effectiveRole(e) {
		case "treegrid":
			return true
		case "grid", "table":
			return false
		}
	}
	return false
}

func checkARIABrailleEquivalent(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		bl, hasBL := ariaValue(n, "aria-braillelabel")
		brd, hasBRD := ariaValue(n, "aria-brailleroledescription")
		if (!hasBL && !hasBRD) || !c.inA11yTree(n) {
			continue
		}
		switch {
		case hasBL && c.accessibleName(n, true) == "":
			r.review(n, "the braille label may be the only label a braille reader gets; whether speech needs one too is for a person to judge (axe-core: incomplete)",
				"give the element an accessible name (aria-label, text); aria-braillelabel only replaces it in braille",
				"aria-braillelabel=%q is given but the element has no accessible name.", bl)
		case hasBRD && strings.TrimSpace(attrVal(n, "aria-roledescription")) == "":
			r.review(n, "whether the braille role description stands for a role description speech lacks is for a person to judge (axe-core: incomplete)",
				"add aria-roledescription; aria-brailleroledescription only replaces it in braille",
				"aria-brailleroledescription=%q is given without aria-roledescription.", brd)
		default:
			r.pass()
		}
	}
}
