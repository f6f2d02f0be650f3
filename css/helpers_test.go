package css

import "golang.org/x/net/html"

// elements returns the element nodes under n (n included) in document
// order.
func elements(n *html.Node) []*html.Node {
	var els []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			els = append(els, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return els
}
