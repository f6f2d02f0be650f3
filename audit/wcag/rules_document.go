package wcag

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/language"
)

// htmlElement returns the document's root html element, or nil.
func (c *checker) htmlElement() *html.Node {
	for n := c.doc.FirstChild; n != nil; n = n.NextSibling {
		if isHTML(n, atom.Html) {
			return n
		}
	}
	return nil
}

func checkHTMLHasLang(c *checker, r *ruleRun) {
	h := c.htmlElement()
	if h == nil {
		return
	}
	v, ok := attr(h, "lang")
	switch {
	case !ok:
		r.fail(h, "The html element has no lang attribute, so the document language is unknown.")
	case strings.TrimSpace(v) == "":
		r.fail(h, "The html element's lang attribute is empty.")
	default:
		r.pass()
	}
}

func checkHTMLLangValid(c *checker, r *ruleRun) {
	h := c.htmlElement()
	if h == nil {
		return
	}
	for _, key := range []string{"lang", "xml:lang"} {
		v := strings.TrimSpace(attrVal(h, key))
		if v == "" {
			continue
		}
		problem, unsure := langCheck(v)
		switch {
		case unsure:
			r.review(h, problem, r.rule.hint, "The html element's %s=%q could not be confirmed as a language tag.", key, v)
		case problem != "":
			r.fail(h, "The html element's %s=%q is not a valid language tag: %s.", key, v, problem)
		default:
			r.pass()
		}
	}
}

// checkValidLang checks the lang and xml:lang attributes of the elements
// below html that have text to read: an attribute on an element without
// text changes nothing a reader hears.
func checkValidLang(c *checker, r *ruleRun) {
	for _, n := range c.visible {
		if isHTML(n, atom.Html) || !c.inA11yTree(n) || (!hasAttr(n, "lang") && !hasAttr(n, "xml:lang")) {
			continue
		}
		if c.textPrefix(n, 1) == "" && c.textName(n) == "" && c.accessibleName(n, false) == "" {
			continue
		}
		for _, key := range []string{"lang", "xml:lang"} {
			v, ok := attr(n, key)
			if !ok || v == "" {
				continue // lang="" explicitly means "unknown"
			}
			t := strings.TrimSpace(v)
			if t == "" {
				r.fail(n, "%s=%q on <%s> holds only white space, which is not a language tag (use lang=\"\" for an unknown language).", key, v, n.Data)
				continue
			}
			problem, unsure := langCheck(t)
			switch {
			case unsure:
				r.review(n, problem, r.rule.hint, "%s=%q on <%s> could not be confirmed as a language tag.", key, t, n.Data)
			case problem != "":
				r.fail(n, "%s=%q on <%s> is not a valid language tag: %s.", key, t, n.Data, problem)
			default:
				r.pass()
			}
		}
	}
}

// ValidLang reports whether tag is a valid BCP 47 language tag the way the
// audit judges it: well-formed (hyphen-separated, subtags of the right
// length and kind) and made of subtags registered in the IANA registry.
// Underscores ("en_US") and words ("english") are invalid.
func ValidLang(tag string) bool { return langProblem(tag) == "" }

// langCheck is langProblem with a third answer: unsure is true (and
// problem says why) for a well-formed tag whose primary language subtag is
// three letters that golang.org/x/text does not know. ISO 639-3 keeps
// registering such codes ("isv", Interslavic) and the library's copy
// of the registry lags, so a person has to look; an unknown two-letter
// code is an error, as ISO 639-1 is closed.
func langCheck(tag string) (problem string, unsure bool) {
	problem = langProblem(tag)
	if problem == "" || strings.ContainsAny(tag, "_ ") {
		return problem, false
	}
	primary, _, _ := strings.Cut(tag, "-")
	if len(primary) != 3 || !isASCIIAlpha(primary) {
		return problem, false
	}
	if _, err := language.ParseBase(primary); err == nil {
		return problem, false // the primary subtag is known; another subtag is wrong
	}
	rest := strings.TrimPrefix(tag, primary)
	if rest != "" {
		if _, err := language.Parse("en" + rest); err != nil {
			return problem, false // the other subtags are wrong too
		}
	}
	return fmt.Sprintf("the primary language subtag %q is well-formed but not in folio's copy of the IANA registry, which may be older than the registry", primary), true
}

// isASCIIAlpha reports whether s is made of ASCII letters.
func isASCIIAlpha(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// langProblem explains why tag is not a valid language tag, or returns ""
// when it is. golang.org/x/text/language parses and validates the tag
// against the IANA subtag registry; it also accepts "_" as a separator,
// which BCP 47 does not, so that is checked first. Tags that are
// well-formed but use unregistered subtags ("xx", "en-QQ-x") are invalid
// too: a reader cannot map them to a language (axe-core agrees for the
// primary language subtag).
func langProblem(tag string) string {
	if strings.ContainsAny(tag, "_ ") {
		return `subtags must be separated by "-", not "_" or spaces`
	}
	_, err := language.Parse(tag)
	if err == nil {
		return ""
	}
	var ve interface{ Subtag() string }
	if errors.As(err, &ve) {
		return fmt.Sprintf("the subtag %q is not in the IANA language subtag registry", ve.Subtag())
	}
	return "it is not a well-formed BCP 47 tag (expected a 2–3 letter language code, optionally followed by script, region and variant subtags)"
}

func checkDocumentTitle(c *checker, r *ruleRun) {
	h := c.htmlElement()
	if h == nil {
		return
	}
	t := firstElement(c.doc, atom.Title)
	if t == nil {
		r.fail(h, "The document has no <title> element.")
		return
	}
	if collapse(c.textPrefix(t, 8)) == "" {
		r.fail(t, "The document's <title> is empty.")
		return
	}
	r.pass()
}
