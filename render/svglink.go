package render

import (
	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
)

// svgLink adds the link annotation of an <a> of an inline SVG drawing:
// tagged as a Link element inside the drawing's element (its Figure),
// described by the a's title, else its href. A drawing that is an
// artifact has no element to hold it, and its links are not made.
func (r *renderer) svgLink(p *pdfua.Page, lk display.Link, dests map[string]bool) {
	n := r.s.ownerOf(lk.Box)
	if n == nil || n == r.s.root {
		return
	}
	link := pdfua.Link{Contents: lk.SVG.Title}
	if link.Contents == "" {
		link.Contents = lk.SVG.Href
	}
	for i, rc := range lk.Rects {
		link.Rects = append(link.Rects, r.rect(rc))
		if i < len(lk.Quads) {
			link.Quads = append(link.Quads, r.quad(lk.Quads[i]))
		}
	}
	if !r.linkTarget(&link, lk.SVG.Href, dests) {
		return
	}
	link.Elem = r.s.ensure(n).Add("Link")
	p.AddLink(link)
}

// svgXlinkHref returns the xlink:href of an SVG element of an HTML
// document (the parser puts it in the xlink namespace), or "".
func svgXlinkHref(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Namespace == "xlink" && a.Key == "href" {
			return a.Val
		}
	}
	return ""
}
