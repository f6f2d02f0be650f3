package wcag

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// links returns the visible links exposed to assistive technology:
// a and area elements with href (areas are area-alt's) and role=link.
func (c *checker) links() []*html.Node {
	var out []*html.Node
	for _, n := range c.visibleTagged(atom.A) {
		if isNativeLink(n) {
			out = append(out, n)
		}
	}
	for _, n := range c.withRole {
		if role(n) == "link" && c.inA11yTree(n) && !isNativeLink(n) {
			out = append(out, n)
		}
	}
	return out
}

// isNativeLink reports whether n is an a element with an href that is
// exposed as a link: without a role, or with role link, or with a role
// none/presentation that conflict resolution ignores (a link is
// focusable).
func isNativeLink(n *html.Node) bool {
	return isHTML(n, atom.A) && hasAttr(n, "href") && effectiveRole(n) == "link"
}

// imageOnly reports whether the content of n is images and white space.
func imageOnly(n *html.Node) bool {
	imgs := 0
	onlyImages := true
	walk(n, func(*html.Node) bool { return true }, func(e *html.Node) bool {
		if e == n {
			return true
		}
		if isHTML(e, atom.Img) || (e.Namespace == "svg" && e.Data == "svg") {
			imgs++
		}
		return true
	})
	for t := range textNodes(n) {
		if strings.TrimSpace(t.Data) != "" {
			onlyImages = false
		}
	}
	return imgs > 0 && onlyImages
}

// textNodes yields the text nodes under n.
func textNodes(n *html.Node) func(func(*html.Node) bool) {
	return func(yield func(*html.Node) bool) {
		cur := n.FirstChild
		for cur != nil {
			if cur.Type == html.TextNode && !yield(cur) {
				return
			}
			if cur.FirstChild != nil {
				cur = cur.FirstChild
				continue
			}
			for cur != n && cur.NextSibling == nil {
				cur = cur.Parent
			}
			if cur == n {
				return
			}
			cur = cur.NextSibling
		}
	}
}

func checkLinkName(c *checker, r *ruleRun) {
	for _, n := range c.links() {
		if !isNativeLink(n) {
			continue // other role=link elements: aria-command-name
		}
		if c.accessibleName(n, true) != "" {
			r.pass()
			continue
		}
		if imageOnly(n) {
			r.fail(n, "The link holds only an image without a text alternative, so it has no name.")
			continue
		}
		r.fail(n, "The link has no text, so its purpose is unknown.")
	}
}

// isVagueLinkText reports whether a (lower-cased) link name says nothing
// about where the link goes.
func isVagueLinkText(t string) bool {
	switch t {
	case "click here", "click", "here", "read more", "more", "link", "this link", "this",
		"learn more", "more info", "more information", "details", "continue", "go",
		"click this", "see more", "info", "this page":
		return true
	}
	return false
}

func checkLinkTextVague(c *checker, r *ruleRun) {
	for _, n := range c.links() {
		name := c.accessibleName(n, true)
		if name == "" {
			continue
		}
		key := strings.ToLower(strings.Trim(name, " .:!?»›→…>"))
		if isVagueLinkText(key) {
			r.fail(n, "The link text %q does not say where the link goes.", name)
			continue
		}
		r.pass()
	}
}

func checkButtonName(c *checker, r *ruleRun) {
	// Native buttons only: other role=button elements are
	// aria-command-name's, as in axe-core.
	for _, n := range c.visibleTagged(atom.Button, atom.Input) {
		if isPresentational(n) {
			continue // role none/presentation kept: a disabled control, not exposed
		}
		isButton := isHTML(n, atom.Button)
		if isHTML(n, atom.Input) {
			switch strings.ToLower(strings.TrimSpace(attrVal(n, "type"))) {
			case "submit", "reset", "button":
				isButton = true
			}
		}
		if !isButton {
			continue
		}
		if c.accessibleName(n, !isHTML(n, atom.Input)) == "" {
			r.fail(n, "The button has no text, so its action is unknown.")
			continue
		}
		r.pass()
	}
}

func checkFrameTitle(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Iframe, atom.Frame) {
		if isPresentational(n) {
			continue
		}
		if c.accessibleName(n, false) == "" {
			r.fail(n, "The <%s> has no title describing its content.", n.Data)
			continue
		}
		r.pass()
	}
}

func checkLabel(c *checker, r *ruleRun) {
	for _, n := range c.visibleTagged(atom.Input, atom.Select, atom.Textarea) {
		switch n.DataAtom {
		case atom.Input:
			switch strings.ToLower(strings.TrimSpace(attrVal(n, "type"))) {
			case "hidden", "submit", "reset", "button", "image":
				continue
			}
		case atom.Select, atom.Textarea:
		default:
			continue
		}
		if isPresentational(n) {
			continue // role none/presentation kept: a disabled control, not exposed
		}
		if c.accessibleName(n, false) != "" || collapse(attrVal(n, "placeholder")) != "" {
			r.pass()
			continue
		}
		r.fail(n, "The form control <%s> has no label.", n.Data)
	}
}
