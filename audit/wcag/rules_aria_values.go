package wcag

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ariaValueKind is the value type of an ARIA state or property.
type ariaValueKind uint8

const (
	ariaAny ariaValueKind = iota // strings: not checked
	ariaBool
	ariaBoolUndefined
	ariaTristate
	ariaInteger
	ariaNumber
	ariaToken
	ariaTokens
	ariaIDRef
	ariaIDRefs
)

// ariaValueType returns the value type of ARIA attribute name and, for
// tokens, the allowed values.
func ariaValueType(name string) (ariaValueKind, string) {
	switch name {
	case "aria-atomic", "aria-busy", "aria-disabled", "aria-modal", "aria-multiline",
		"aria-multiselectable", "aria-readonly", "aria-required":
		return ariaBool, ""
	case "aria-expanded", "aria-hidden", "aria-grabbed", "aria-selected":
		return ariaBoolUndefined, ""
	case "aria-checked", "aria-pressed":
		return ariaTristate, ""
	case "aria-level", "aria-posinset", "aria-setsize", "aria-colcount", "aria-colindex",
		"aria-colspan", "aria-rowcount", "aria-rowindex", "aria-rowspan":
		return ariaInteger, ""
	case "aria-valuemax", "aria-valuemin", "aria-valuenow":
		return ariaNumber, ""
	case "aria-live":
		return ariaToken, "off polite assertive"
	case "aria-orientation":
		return ariaToken, "horizontal vertical undefined"
	case "aria-sort":
		return ariaToken, "ascending descending none other"
	case "aria-autocomplete":
		return ariaToken, "inline list both none"
	case "aria-haspopup":
		return ariaToken, "true false menu listbox tree grid dialog"
	case "aria-current":
		return ariaToken, "page step location date time true false"
	case "aria-invalid":
		return ariaToken, "grammar false spelling true"
	case "aria-dropeffect":
		return ariaTokens, "copy execute link move none popup"
	case "aria-relevant":
		return ariaTokens, "additions removals text all"
	case "aria-activedescendant", "aria-errormessage":
		return ariaIDRef, ""
	case "aria-labelledby", "aria-describedby", "aria-controls", "aria-owns", "aria-flowto", "aria-details":
		return ariaIDRefs, ""
	}
	return ariaAny, ""
}

// ariaValueProblem explains why value is not allowed for ARIA attribute
// name, or returns "".
func (c *checker) ariaValueProblem(name, value string) string {
	v := strings.ToLower(strings.TrimSpace(value))
	if v == "" {
		return "" // an empty value means the default
	}
	kind, tokens := ariaValueType(name)
	switch kind {
	case ariaBool:
		if v != "true" && v != "false" {
			return "must be true or false"
		}
	case ariaBoolUndefined:
		if v != "true" && v != "false" && v != "undefined" {
			return "must be true, false or undefined"
		}
	case ariaTristate:
		if v != "true" && v != "false" && v != "mixed" {
			return "must be true, false or mixed"
		}
	case ariaInteger:
		i, err := strconv.Atoi(v)
		if err != nil {
			return "must be an integer"
		}
		if i < 1 && name != "aria-colcount" && name != "aria-rowcount" && name != "aria-setsize" {
			return "must be 1 or more"
		}
	case ariaNumber:
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return "must be a number"
		}
	case ariaToken:
		if !inList(tokens, v) {
			return "must be one of " + strings.ReplaceAll(tokens, " ", ", ")
		}
	case ariaTokens:
		for _, t := range strings.Fields(v) {
			if !inList(tokens, t) {
				return fmt.Sprintf("has %q; allowed are %s", t, strings.ReplaceAll(tokens, " ", ", "))
			}
		}
	case ariaIDRef:
		if c.byID(strings.TrimSpace(value)) == nil {
			return "refers to an id that does not exist"
		}
	case ariaIDRefs:
		for _, id := range strings.Fields(value) {
			if c.byID(id) != nil {
				return ""
			}
		}
		return "refers only to ids that do not exist"
	}
	return ""
}

func checkARIAValidAttrValue(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		if !c.inA11yTree(n) {
			continue
		}
		checked, problem, reviewMsg, reason := false, "", "", ""
		for _, a := range n.Attr {
			if a.Namespace != "" || !strings.HasPrefix(a.Key, "aria-") {
				continue
			}
			if kind, _ := ariaValueType(a.Key); kind == ariaAny {
				continue
			}
			checked = true
			if a.Key == "aria-errormessage" {
				p, missing := c.errorMessageProblem(n, a.Val)
				switch {
				case p == "":
				case missing && reviewMsg == "":
					reviewMsg = fmt.Sprintf("aria-errormessage=%q %s.", a.Val, p)
					reason = "the error message may be added by a script when the field turns invalid (axe-core: incomplete)"
				case !missing && problem == "":
					problem = fmt.Sprintf("aria-errormessage=%q %s.", a.Val, p)
				}
				continue
			}
			p := c.ariaValueProblem(a.Key, a.Val)
			if p == "" {
				continue
			}
			switch why := undecidedValue(n, a.Key); {
			case why == "-":
			case why != "" && reviewMsg == "":
				reviewMsg, reason = fmt.Sprintf("%s=%q %s.", a.Key, a.Val, p), why
			case why == "" && problem == "":
				problem = fmt.Sprintf("%s=%q %s.", a.Key, a.Val, p)
			}
		}
		if !checked {
			continue
		}
		if problem != "" {
			r.fail(n, "%s", problem)
			continue
		}
		if reviewMsg != "" {
			r.review(n, reason, r.rule.hint, "%s", reviewMsg)
			continue
		}
		r.pass()
	}
}

// undecidedValue says, for an invalid value of ARIA attribute key on n,
// why it needs review rather than failing (as axe-core decides these),
// "-" when it does not matter in n's state, or "" when it fails:
// references that a script may still add (aria-labelledby,
// aria-describedby, or aria-controls of a popup), aria-controls and
// aria-owns of a collapsed or unselected element (the controlled part
// need not exist then), and an unknown aria-current token (which
// WAI-ARIA reads as true).
func undecidedValue(n *html.Node, key string) string {
	expanded := strings.ToLower(strings.TrimSpace(attrVal(n, "aria-expanded")))
	switch key {
	case "aria-labelledby", "aria-describedby":
		return "the referenced element may be added by a script (axe-core: incomplete)"
	case "aria-current":
		return "an unknown aria-current value is read as true; check which was meant"
	case "aria-controls":
		if p := strings.ToLower(strings.TrimSpace(attrVal(n, "aria-haspopup"))); p != "" && p != "false" {
			return "a popup's controlled element may be created when it opens (axe-core: incomplete)"
		}
		if expanded == "false" || strings.EqualFold(strings.TrimSpace(attrVal(n, "aria-selected")), "false") {
			return "-"
		}
	case "aria-owns":
		if expanded == "false" {
			return "-"
		}
	}
	return ""
}

// checkObjectAlt needs a text alternative on visible <object> elements:
// aria-label(ledby), title, or fallback content.
func checkObjectAlt(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Object) {
		if isPresentational(n) {
			continue
		}
		if c.accessibleName(n, true) == "" {
			r.fail(n, "The <object> has no text alternative.")
			continue
		}
		r.pass()
	}
}

// errorMessageProblem explains what is wrong with aria-errormessage=value
// on n, or returns "". The attribute only matters while n is invalid
// (aria-invalid set and not "false", WAI-ARIA 1.2); then every id it names
// must exist, the message must be rendered and exposed (not hidden, not
// aria-hidden), and it must reach the user: a live region (role alert,
// status or log, or aria-live polite/assertive), or also named in n's
// aria-describedby — the techniques axe-core accepts.
//
// missing is true when the problem is an id that does not exist (yet).
func (c *checker) errorMessageProblem(n *html.Node, value string) (problem string, missing bool) {
	inv := strings.ToLower(strings.TrimSpace(attrVal(n, "aria-invalid")))
	if inv == "" || inv == "false" || strings.TrimSpace(value) == "" {
		return "", false
	}
	described := strings.Fields(attrVal(n, "aria-describedby"))
	for _, id := range strings.Fields(value) {
		e := c.byID(id)
		if e == nil {
			return fmt.Sprintf("refers to the id %q, which does not exist", id), true
		}
		if c.hiddenSet[e] || c.inAriaHidden[e] {
			return fmt.Sprintf("refers to the hidden element #%s; an error message must be shown while aria-invalid is true", id), false
		}
		live := false
		switch explicitRole(e) {
		case "alert", "status", "log":
			live = true
		}
		if v := strings.ToLower(strings.TrimSpace(attrVal(e, "aria-live"))); v == "polite" || v == "assertive" {
			live = true
		}
		for _, d := range described {
			live = live || d == id
		}
		if !live {
			return fmt.Sprintf("refers to #%s, which is neither a live region (role=alert, aria-live) nor in aria-describedby, so the message is not announced", id), false
		}
	}
	return "", false
}
