package display

import (
	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/svg"
)

// clip-path: url(#id) on an HTML box (CSS Masking 1 §6.1): the clipPath
// element of an inline svg of the box's document, its content in the
// coordinates of the box's border box (one user unit a CSS pixel,
// origin at the top-left corner) or in fractions of it
// (clipPathUnits="objectBoundingBox").

// maxClipSearch bounds the elements looked through for the clipPath a
// clip-path names, and the depth of the walk.
const (
	maxClipSearch = 1 << 20
	maxClipDepth  = 4096
)

// clipDocs are the SVG documents made for the clipPath elements that
// clip-path properties reference, by the svg element holding them,
// and the clipPath elements by id, per HTML document root.
type clipDocs struct {
	docs map[*html.Node]*svg.Document
	ids  map[*html.Node]map[string]*html.Node
}

// urlClip returns the clip of the clipPath element id for fragment f,
// or nil when no clipPath has that id (nothing is clipped; CSS Masking 1
// §6.1). A clipPath with no content clips everything away.
func (b *builder) urlClip(f *layout.Fragment, id string) *ClipShape {
	n := f.Box.Node
	if n == nil {
		return nil
	}
	cp := b.clipDocs.element(n, id)
	if cp == nil {
		return nil
	}
	doc := b.clipDocs.document(cp, b.clipDocs.ids[root(n)])
	if doc == nil {
		return nil
	}
	const unit = 0.75 // points a CSS pixel
	c, found := doc.ClipPath(id, [4]float64{f.X, f.Y, f.W, f.H}, unit)
	switch {
	case !found:
		return nil
	case c == nil:
		return &ClipShape{Rect: layout.Rect{X: f.X, Y: f.Y}}
	}
	x0, y0, x1, y1, _ := c.Path.Bounds()
	return &ClipShape{Rect: layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, SVG: c}
}

// element returns the clipPath element with id in the document of n:
// the first SVG element of that id in document order, if it is a
// clipPath.
func (cd *clipDocs) element(n *html.Node, id string) *html.Node {
	top := root(n)
	ids, ok := cd.ids[top]
	if !ok {
		ids = map[string]*html.Node{}
		seen := 0
		var walk func(x *html.Node, depth int)
		walk = func(x *html.Node, depth int) {
			for c := x.FirstChild; c != nil && seen < maxClipSearch && depth < maxClipDepth; c = c.NextSibling {
				if c.Type != html.ElementNode {
					continue
				}
				seen++
				if c.Namespace == "svg" {
					for _, a := range c.Attr {
						if a.Key == "id" && a.Namespace == "" && a.Val != "" {
							if _, dup := ids[a.Val]; !dup {
								ids[a.Val] = c
							}
						}
					}
				}
				walk(c, depth+1)
			}
		}
		walk(top, 0)
		if cd.ids == nil {
			cd.ids = map[*html.Node]map[string]*html.Node{}
		}
		cd.ids[top] = ids
	}
	if cp := ids[id]; cp != nil && cp.Data == "clipPath" {
		return cp
	}
	return nil
}

// root returns the root of n's document.
func root(n *html.Node) *html.Node {
	for n.Parent != nil {
		n = n.Parent
	}
	return n
}

// document returns the SVG document of the svg element nearest above
// clipPath element cp, made once; nil when there is none or it exceeds
// the SVG limits. ids are the page's SVG elements by id, which the
// clipPath's content may reference (a <use> of another svg's symbol).
func (cd *clipDocs) document(cp *html.Node, ids map[string]*html.Node) *svg.Document {
	root := cp.Parent
	for root != nil && !(root.Type == html.ElementNode && root.Data == "svg" && root.Namespace == "svg") {
		root = root.Parent
	}
	if root == nil {
		return nil
	}
	if d, ok := cd.docs[root]; ok {
		return d
	}
	d, err := svg.New(root, svg.Limits{}, &svg.Page{IDs: ids})
	if err != nil {
		d = nil
	}
	if cd.docs == nil {
		cd.docs = map[*html.Node]*svg.Document{}
	}
	cd.docs[root] = d
	return d
}
