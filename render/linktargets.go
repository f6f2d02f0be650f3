package render

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/box"
)

// linkTargets returns the ids internal links point at: those recorded
// as a streamed body's children came (ReadLinkTargets), else those of
// the whole DOM.
func linkTargets(tree *box.Tree) map[string]bool {
	if tree.LinkTargets != nil {
		return tree.LinkTargets
	}
	t := map[string]bool{}
	if tree.Root.Node != nil {
		addLinkTargets(tree.Root.Node, t)
	}
	return t
}

// ReadLinkTargets records in tree.LinkTargets the ids the links in the
// DOM of n point at: a body streamed a child at a time has them read
// from each child before its DOM is let go.
func ReadLinkTargets(tree *box.Tree, n *html.Node) {
	if tree.LinkTargets == nil {
		tree.LinkTargets = map[string]bool{}
	}
	addLinkTargets(n, tree.LinkTargets)
}

// addLinkTargets adds to t the ids the links of n and its descendants
// point at.
func addLinkTargets(n *html.Node, t map[string]bool) {
	if n.Type == html.ElementNode && n.Data == "a" {
		h := strings.TrimSpace(attr(n, "href"))
		if h == "" && n.Namespace == "svg" {
			h = strings.TrimSpace(svgXlinkHref(n)) // a link of an inline SVG
		}
		if strings.HasPrefix(h, "#") && len(h) > 1 {
			t[h[1:]] = true
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		addLinkTargets(c, t)
	}
}
