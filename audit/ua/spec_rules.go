package ua

import (
	"regexp"
	"strings"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// The rules 3–5 of the service's conformance rules for produced PDFs,
// checked on the tag tree: the HTML audit checks them on the source, and
// a PDF made from HTML that breaks them still conforms to PDF/UA-1 (its
// headings, figures and tables are tagged) but not to the service's
// rules. Their ids start with "spec-", not "pdfua-".
const (
	ruleOneH1        = "spec-3-one-h1"
	ruleFigureAlt    = "spec-4-figure-alt"
	ruleTableCaption = "spec-5-table-caption"
	ruleTHScope      = "spec-5-th-scope"
)

// specRuleIDs lists the spec rules, for RuleIDs.
var specRuleIDs = []string{ruleOneH1, ruleFigureAlt, ruleTableCaption, ruleTHScope}

// specRule returns the spec rule with the given id.
func specRule(id string) (rule, bool) {
	// clause is the PDF/UA-1 clause about the same structure
	spec := func(n, clause, wcag, hint string) rule {
		return rule{id: id, clause: clause, severity: audit.Error, hint: hint,
			refs: []string{"folio conformance rule " + n, "WCAG 2.1 " + wcag, "PDF/UA-1 " + clause}}
	}
	switch id {
	case ruleOneH1:
		return spec("3", "7.4", "1.3.1", "give the document exactly one h1 (tagged H1): its title heading, with the others h2–h6"), true
	case ruleFigureAlt:
		return spec("4", "7.3", "1.1.1", "describe the image in its alt attribute (tagged /Alt); a placeholder or a file name says nothing; mark decorative images role=presentation"), true
	case ruleTableCaption:
		return spec("5", "7.5", "1.3.1", "give the table a caption element (tagged Caption) naming what it shows"), true
	case ruleTHScope:
		return spec("5", "7.5", "1.3.1", "give every header cell scope=col or scope=row (tagged /Scope), or list it in the /Headers of the cells it heads"), true
	}
	return rule{}, false
}

// placeholderAlt matches alternative texts that describe nothing: the
// placeholder folio writes for an image without alt, other generic
// words, and file names.
var placeholderAlt = regexp.MustCompile(`(?i)^\s*(image|img|picture|photo|graphic|figure|logo|icon|untitled|alt|[^\s]+\.(png|jpe?g|gif|svg|webp|bmp|tiff?|avif))\s*$`)

// checkSpecRules runs the spec rules over the structure tree.
func (c *checker) checkSpecRules() {
	st := c.st
	if st == nil || !c.opts.SpecRules {
		return
	}
	var h1s []*elem
	referenced := map[string]bool{} // IDs named by cells' /Headers
	for _, e := range st.all {
		if e.std == "TD" || e.std == "TH" {
			if hs, ok := c.attr(e, "Table", "Headers").(pdfobj.Array); ok {
				for _, h := range hs {
					if s, ok := c.text(h); ok {
						referenced[s] = true
					}
				}
			}
		}
	}
	for _, e := range st.all {
		if c.tick() {
			return
		}
		l := c.elemLoc(e)
		switch e.std {
		case "H1":
			h1s = append(h1s, e)
		case "Figure":
			if alt, ok := c.text(e.dict["Alt"]); ok && alt != "" {
				c.check(ruleFigureAlt, !placeholderAlt.MatchString(alt), l, "Figure's alternate text %q describes nothing", clipStr(alt))
			}
		case "Table":
			c.check(ruleTableCaption, count(kidTypes(e), "Caption") > 0, l, "Table has no Caption")
		case "TH":
			id, _ := c.text(e.dict["ID"])
			scoped := c.attr(e, "Table", "Scope") != nil || id != "" && referenced[id]
			c.check(ruleTHScope, scoped, l, "TH %q has no /Scope and no cell names it in /Headers", clipStr(c.elemText(e)))
		}
	}
	switch {
	case len(h1s) == 0 && len(st.all) > 0:
		c.fail(ruleOneH1, loc{}, "the document has no H1")
	case len(h1s) > 1:
		for _, e := range h1s[1:] {
			c.fail(ruleOneH1, c.elemLoc(e), "H1 number %d of %d: a document has one H1", indexOf(h1s, e)+1, len(h1s))
		}
	default:
		c.pass(ruleOneH1)
	}
}

func indexOf(list []*elem, e *elem) int {
	for i, x := range list {
		if x == e {
			return i
		}
	}
	return -1
}

// elemText is e's /ActualText or /Alt or /T, for messages.
func (c *checker) elemText(e *elem) string {
	for _, k := range []pdfobj.Name{"ActualText", "Alt", "T"} {
		if s, ok := c.text(e.dict[k]); ok && strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
