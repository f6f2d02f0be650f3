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
	v := strings.TrimSpace(attrVal(h, "lang"))
	if v == "" {
		return
	}
	if problem := langProblem(v); problem != "" {
		r.fail(h, "The html element's lang=%q is not a valid language tag: %s.", v, problem)
		return
	}
	r.pass()
}

func checkValidLang(c *checker, r *ruleRun) {
	for _, n := range c.all {
		if isHTML(n, atom.Html) {
			continue
		}
		v, ok := attr(n, "lang")
		if !ok || strings.TrimSpace(v) == "" {
			continue // lang="" explicitly means "unknown"
		}
		v = strings.TrimSpace(v)
		if problem := langProblem(v); problem != "" {
			r.fail(n, "lang=%q on <%s> is not a valid language tag: %s.", v, n.Data, problem)
			continue
		}
		r.pass()
	}
}

// ValidLang reports whether tag is a valid BCP 47 language tag the way the
// audit judges it: well-formed (hyphen-separated, subtags of the right
// length and kind) and made of subtags registered in the IANA registry.
// Underscores ("en_US") and words ("english") are invalid.
func ValidLang(tag string) bool { return langProblem(tag) == "" }

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
