package box

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
	"github.com/seed28491532/folio/svg"
)

// InlineSVG is the Src of the Image of an inline <svg> element.
const InlineSVG = "inline <svg>"

// inlineSVG makes b, the box of an inline <svg> element n, a replaced
// box drawing it. Its text alternative comes from aria-labelledby,
// aria-label or its <title> (as the audit's svg-img-alt rule reads it);
// without one, or with aria-hidden="true" or role=presentation/none, it
// is decorative.
func (bl *builder) inlineSVG(b *Box, n *html.Node) {
	img := &Image{Src: InlineSVG}
	img.Alt = bl.svgTitle(n)
	img.HasAlt = img.Alt != ""
	role := strings.ToLower(strings.TrimSpace(attrOf(n, "role")))
	img.Decorative = img.Alt == "" || role == "presentation" || role == "none" ||
		strings.TrimSpace(attrOf(n, "aria-hidden")) == "true"
	bl.svgs++
	doc, err := svg.New(n, bl.opts.SVGLimits, bl.svgPage(n))
	if err != nil {
		img.Err = err
		bl.diags = append(bl.diags, Diagnostic{Stage: "resource", Node: n,
			Message: fmt.Sprintf("inline SVG not drawn: %v; a placeholder of its size is drawn", err)})
	} else {
		img.setSVG(doc)
		bl.svgRasters(n, doc)
	}
	b.Image = img
}

// svgRasters applies the image limits (MaxImagePixels, the memory
// budget) to the raster images an SVG embeds: one over them is left out
// of the drawing and reported.
func (bl *builder) svgRasters(n *html.Node, doc *svg.Document) {
	limit := bl.opts.MaxImagePixels
	if limit <= 0 {
		limit = 50_000_000
	}
	for i, im := range doc.Images() {
		key := fmt.Sprintf("svg image %p", im)
		switch {
		case int64(im.Width)*int64(im.Height) > int64(limit):
			im.Err = fmt.Errorf("%dx%d pixels: %w (%d)", im.Width, im.Height, ErrImageTooLarge, limit)
		default:
			im.Err = bl.chargeImage(key, im.Data, im.Width, im.Height)
		}
		if im.Err != nil {
			bl.diags = append(bl.diags, Diagnostic{Stage: "resource", Node: n,
				Message: fmt.Sprintf("image %d of an SVG not drawn: %v", i+1, im.Err)})
		}
	}
}

func attrOf(n *html.Node, key string) string {
	v, _ := Attr(n, key)
	return v
}

// elementByID returns the element of n's document whose id is id, or
// nil (a stream looks it up in the part of the document it has).
func (bl *builder) elementByID(n *html.Node, id string) *html.Node {
	if bl.byID != nil {
		return bl.byID(n, id)
	}
	root := n
	for root.Parent != nil {
		root = root.Parent
	}
	return findID(root, id, 0)
}

// maxIDDepth bounds the depth of the elements elementByID looks at.
const maxIDDepth = 4096

// findID returns the first element with id id in the subtree of x, at
// depth in its document.
func findID(x *html.Node, id string, depth int) *html.Node {
	if depth > maxIDDepth {
		return nil
	}
	if x.Type == html.ElementNode && attrOf(x, "id") == id {
		return x
	}
	for c := x.FirstChild; c != nil; c = c.NextSibling {
		if f := findID(c, id, depth+1); f != nil {
			return f
		}
	}
	return nil
}

// object loads the data of an <object> element (an SVG or raster image)
// into b and reports whether it did; otherwise the object shows its
// fallback content and nothing is reported. Its text alternative comes
// from aria-labelledby, aria-label, title, then its fallback text (as
// the audit's object-alt rule reads it).
func (bl *builder) object(b *Box) bool {
	data := strings.TrimSpace(attrOf(b.Node, "data"))
	if data == "" || !imageObject(data, attrOf(b.Node, "type")) {
		return false
	}
	img, err := bl.loadImage(bl.ctx, data)
	if err != nil {
		return false
	}
	img.Alt = bl.svgTitle(b.Node)
	if img.Alt == "" {
		img.Alt = strings.TrimSpace(attrOf(b.Node, "title"))
	}
	if img.Alt == "" {
		img.Alt = textContent(b.Node)
	}
	if img.Alt == "" && img.SVG != nil {
		img.Alt = img.SVG.Title
	}
	img.HasAlt = img.Alt != ""
	role := strings.ToLower(strings.TrimSpace(attrOf(b.Node, "role")))
	img.Decorative = role == "presentation" || role == "none" || strings.TrimSpace(attrOf(b.Node, "aria-hidden")) == "true"
	b.Image = img
	return true
}

// svgPage returns what inline SVG takes from n's HTML document: the
// style sheets of its <style> elements (those without a media
// attribute, or for print or all) and its SVG elements by id, gathered
// once per build.
func (bl *builder) svgPage(n *html.Node) *svg.Page {
	if bl.page != nil {
		return bl.page
	}
	bl.page = &svg.Page{IDs: map[string]*html.Node{}}
	root := n
	for root.Parent != nil {
		root = root.Parent
	}
	addPageChildren(bl.page, root, 0)
	return bl.page
}

// maxPageDepth bounds the depth of the elements svgPage looks at.
const maxPageDepth = 4096

// addPageChildren adds to page what the children of x, at depth in its
// document, bring (see svgPage).
func addPageChildren(page *svg.Page, x *html.Node, depth int) {
	if depth > maxPageDepth {
		return
	}
	for c := x.FirstChild; c != nil; c = c.NextSibling {
		addPageNode(page, c, depth)
	}
}

// addPageNode adds to page what node c, a child of a node at depth,
// and its descendants bring: an SVG element's id, a style sheet.
func addPageNode(page *svg.Page, c *html.Node, depth int) {
	if c.Type != html.ElementNode {
		return
	}
	if c.Namespace == "svg" {
		if id := attrOf(c, "id"); id != "" {
			if _, dup := page.IDs[id]; !dup {
				page.IDs[id] = c
			}
		}
	} else if c.Namespace == "" && c.Data == "style" {
		media := strings.ToLower(attrOf(c, "media"))
		if media == "" || strings.Contains(media, "print") || strings.Contains(media, "all") {
			sheet, _ := css.Parse(textContent(c), css.ParseOptions{})
			page.Sheets = append(page.Sheets, sheet)
		}
		return
	}
	addPageChildren(page, c, depth+1)
}

// imageObject reports whether an <object> of data (and MIME type typ)
// is an image folio draws, judging by its type, else by its URL: other
// objects (video, PDF, plug-ins) are not fetched at all.
func imageObject(data, typ string) bool {
	if typ = strings.ToLower(strings.TrimSpace(typ)); typ != "" {
		return strings.HasPrefix(typ, "image/")
	}
	u := strings.ToLower(data)
	if strings.HasPrefix(u, "data:") {
		return strings.HasPrefix(u, "data:image/")
	}
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	for _, ext := range []string{".svg", ".png", ".jpg", ".jpeg", ".gif"} {
		if strings.HasSuffix(u, ext) {
			return true
		}
	}
	return false
}
