package wcag

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// listChildProblem returns a description of the first child of list n
// that does not belong there, or "".
func listChildProblem(n *html.Node, allowed func(*html.Node) bool) string {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		switch ch.Type {
		case html.TextNode:
			if t := strings.TrimSpace(ch.Data); t != "" {
				return "text " + truncate(collapse(t), 30)
			}
		case html.ElementNode:
			if ch.Namespace == "" && (ch.DataAtom == atom.Script || ch.DataAtom == atom.Template) {
				continue
			}
			if !allowed(ch) {
				return "<" + ch.Data + ">"
			}
		}
	}
	return ""
}

func checkList(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Ul, atom.Ol) {
		if hasAttr(n, "role") {
			continue
		}
		p := listChildProblem(n, func(ch *html.Node) bool {
			return (isHTML(ch, atom.Li) && (!hasAttr(ch, "role") || role(ch) == "listitem")) || c.isHidden(ch)
		})
		if p != "" {
			r.fail(n, "The <%s> contains %s directly; lists may only contain <li>.", n.Data, p)
			continue
		}
		r.pass()
	}
}

func checkListItem(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Li) {
		if hasAttr(n, "role") {
			continue
		}
		p := n.Parent
		pr := ""
		if p != nil && p.Type == html.ElementNode {
			pr = effectiveRole(p)
		}
		if pr == "list" {
			r.pass()
			continue
		}
		if (pr == "none" || pr == "presentation") && (isHTML(p, atom.Ul) || isHTML(p, atom.Ol) || isHTML(p, atom.Menu)) {
			continue // a presentational list makes its items presentational too
		}
		where := "outside any element"
		if p != nil && p.Type == html.ElementNode {
			where = "inside <" + p.Data + ">"
			if explicitRole(p) != "" {
				where = fmt.Sprintf("inside <%s role=%q>, which is not a list", p.Data, explicitRole(p))
			}
		}
		r.fail(n, "The <li> is %s, not inside <ul>, <ol> or <menu>.", where)
	}
}

func checkDefinitionList(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Dl) {
		if hasAttr(n, "role") {
			continue
		}
		p := listChildProblem(n, func(ch *html.Node) bool {
			if isHTML(ch, atom.Dt) || isHTML(ch, atom.Dd) || c.isHidden(ch) {
				return true
			}
			if isHTML(ch, atom.Div) {
				return listChildProblem(ch, func(g *html.Node) bool { return isHTML(g, atom.Dt) || isHTML(g, atom.Dd) }) == ""
			}
			return false
		})
		if p != "" {
			r.fail(n, "The <dl> contains %s directly; it may only contain <dt>, <dd> and <div> groups of them.", p)
			continue
		}
		r.pass()
	}
}

func checkDLItem(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Dt, atom.Dd) {
		if hasAttr(n, "role") {
			continue
		}
		p := n.Parent
		if isHTML(p, atom.Div) && !hasAttr(p, "role") {
			p = p.Parent
		}
		if isHTML(p, atom.Dl) {
			r.pass()
			continue
		}
		r.fail(n, "The <%s> is not inside a <dl>.", n.Data)
	}
}
