package svg

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

// Document is a parsed SVG document ready to draw.
type Document struct {
	// Root is the svg element.
	Root *html.Node
	// Width and Height are the intrinsic size in CSS pixels: from the
	// root's width and height, else its viewBox's aspect ratio, else
	// 300×150 (CSS 2 §10.3.2's default for replaced elements).
	Width, Height float64
	// Title is the text of the root's first <title> child, Desc of its
	// first <desc>.
	Title, Desc string
	// HasText says whether the drawing holds text (which Render measures
	// through RenderOptions.Measure).
	HasText bool
	ids     map[string]*html.Node
	// paths holds the parsed geometry of path, polyline and polygon
	// elements, parsed once by New.
	paths   map[*html.Node]*Path
	rules   []sheetRule
	lim     Limits
	viewBox *[4]float64
	// intrinsic are the dimensions and ratio Intrinsic reports.
	intrinsic [3]float64
	// expanded is how many elements drawing the document takes.
	expanded int
	// images are the decoded images of <image> elements, in document
	// order in imageOrder.
	images     map[*html.Node]*Image
	imageOrder []*html.Node
	// geom holds the paths New parses and computes (Render, which may
	// run concurrently, does not use it).
	geom slabs
}

// Expanded returns how many elements drawing the document takes once
// its <use> references are expanded (at most Limits.MaxExpanded): a
// bound on the shapes Render returns.
func (d *Document) Expanded() int { return d.expanded }

// Page is what an inline <svg> takes from its HTML page.
type Page struct {
	// Sheets are the page's style sheets: their rules that set SVG
	// properties apply before the SVG's own <style> sheets.
	Sheets []*css.Stylesheet
	// IDs are the page's SVG elements by id: <use>, gradients, patterns,
	// clip paths and markers may reference elements of another svg of
	// the page (a sprite sheet of symbols), which their own ids hide.
	IDs map[string]*html.Node
}

// New prepares the svg element root (from Parse, or an inline <svg> of
// an HTML document, whose page may be given) for drawing. It fails with a *LimitError when the
// drawing, once its <use> references are expanded, would exceed
// lim.MaxExpanded elements or nest deeper than lim.MaxDepth (a
// reference cycle is an error too).
func New(root *html.Node, lim Limits, page *Page) (*Document, error) {
	if root == nil || root.Type != html.ElementNode || root.Data != "svg" {
		return nil, ErrNotSVG
	}
	d := &Document{Root: root, ids: map[string]*html.Node{}, paths: map[*html.Node]*Path{}, lim: lim.withDefaults()}
	count, segs := 0, 0
	var index func(n *html.Node, depth int) error
	index = func(n *html.Node, depth int) error {
		if depth > d.lim.MaxDepth {
			return &LimitError{Name: "MaxDepth", Limit: d.lim.MaxDepth}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if count++; count > d.lim.MaxElements {
				return &LimitError{Name: "MaxElements", Limit: d.lim.MaxElements}
			}
			if id, ok := attr(c, "id"); ok && id != "" {
				if _, dup := d.ids[id]; !dup {
					d.ids[id] = c
				}
			}
			switch c.Data {
			case "text":
				d.HasText = true
			case "image":
				d.loadImage(c)
			case "path", "polyline", "polygon":
				p, over := d.parseGeometry(c, d.lim.MaxPathSegments-segs)
				if over {
					return &LimitError{Name: "MaxPathSegments", Limit: d.lim.MaxPathSegments}
				}
				d.paths[c] = p
				segs += len(p.Segs)
			}
			if err := index(c, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := index(root, 0); err != nil {
		return nil, err
	}
	// room for the basic shapes' geometry too (cacheShapes), so the map
	// does not grow step by step
	paths := make(map[*html.Node]*Path, count)
	for n, p := range d.paths {
		paths[n] = p
	}
	d.paths = paths
	if page != nil {
		for _, sh := range page.Sheets {
			d.rules = addSheet(d.rules, sh, true)
		}
		for id, n := range page.IDs {
			if _, own := d.ids[id]; !own {
				d.ids[id] = n
			}
		}
	}
	d.rules = collectSheets(d.rules, root)
	sortRules(d.rules)
	total, err := d.expand(root, map[*html.Node][2]int{}, map[*html.Node]bool{}, 0)
	if err != nil {
		return nil, err
	}
	d.expanded = total[0]
	d.cacheShapes()
	d.Title = childText(root, "title")
	d.Desc = childText(root, "desc")
	d.intrinsicSize()
	return d, nil
}

// expand returns how many elements and path segments drawing n
// takes with <use> references expanded, memoised per element, or a
// *LimitError.
func (d *Document) expand(n *html.Node, memo map[*html.Node][2]int, open map[*html.Node]bool, depth int) ([2]int, error) {
	// only an element with an id can be referenced, so be met more than
	// once or close a cycle: the others need no memo
	_, ref := attr(n, "id")
	if ref {
		if v, ok := memo[n]; ok {
			return v, nil
		}
		if open[n] {
			return [2]int{}, fmt.Errorf("svg: <use> reference cycle through <%s>", n.Data)
		}
		open[n] = true
		defer delete(open, n)
	}
	if depth > d.lim.MaxDepth {
		return [2]int{}, &LimitError{Name: "MaxDepth", Limit: d.lim.MaxDepth}
	}
	total := [2]int{1, 0}
	switch n.Data {
	case "rect", "circle", "ellipse", "line":
		total[1] = 10 // a basic shape takes up to 10 segments
	case "path", "polyline", "polygon":
		p := d.paths[n]
		if p == nil {
			// an element of another svg of the page, met through a
			// reference: parsed now, within what is left of the budget
			var over bool
			if p, over = d.parseGeometry(n, d.lim.MaxPathSegments); over {
				return [2]int{}, &LimitError{Name: "MaxPathSegments", Limit: d.lim.MaxPathSegments}
			}
			d.paths[n] = p
		}
		total[1] = len(p.Segs)
	}
	add := func(c *html.Node) error {
		v, err := d.expand(c, memo, open, depth+1)
		if err != nil {
			return err
		}
		total[0] += v[0]
		total[1] += v[1]
		if total[0] > d.lim.MaxExpanded {
			return &LimitError{Name: "MaxExpanded", Limit: d.lim.MaxExpanded}
		}
		if total[1] > d.lim.MaxPathSegments {
			return &LimitError{Name: "MaxPathSegments", Limit: d.lim.MaxPathSegments}
		}
		return nil
	}
	if n.Data == "use" {
		if t := d.href(n); t != nil {
			if err := add(t); err != nil {
				return [2]int{}, err
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			if err := add(c); err != nil {
				return [2]int{}, err
			}
		}
	}
	if ref {
		memo[n] = total
	}
	return total, nil
}

// parseGeometry parses the geometry of a path, polyline or polygon
// element within budget segments.
func (d *Document) parseGeometry(n *html.Node, budget int) (*Path, bool) {
	if n.Data == "path" {
		v, _ := attr(n, "d")
		return parsePathInto(d.geom.newPath(pathCap(v, budget)), v, budget)
	}
	v, _ := attr(n, "points")
	f, _ := numberList(v)
	p := &Path{}
	if len(f) < 2 {
		return p, false
	}
	if len(f)/2 > budget {
		return p, true
	}
	p.Segs = make([]Segment, 0, len(f)/2+1)
	p.moveTo(f[0], f[1])
	for i := 2; i+1 < len(f); i += 2 {
		p.lineTo(f[i], f[i+1])
	}
	if n.Data == "polygon" {
		p.close()
	}
	return p, false
}

// href returns the element a use or gradient references (href or
// xlink:href, "#id" only), or nil.
func (d *Document) href(n *html.Node) *html.Node {
	v, ok := attr(n, "href")
	if !ok {
		v, _ = attr(n, "xlink:href")
	}
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "#") {
		return nil
	}
	return d.ids[v[1:]]
}

// childText returns the text of n's first child element called name.
func childText(n *html.Node, name string) string {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == name {
			return strings.Join(strings.Fields(textOf(c, 0)), " ")
		}
	}
	return ""
}

func textOf(n *html.Node, depth int) string {
	if depth > 64 {
		return ""
	}
	var sb strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			sb.WriteString(c.Data)
		case html.ElementNode:
			sb.WriteString(textOf(c, depth+1))
		}
	}
	return sb.String()
}

// intrinsicSize sets Width and Height from the root element.
func (d *Document) intrinsicSize() {
	d.viewBox = parseViewBox(d.Root)
	w, hasW := absLength(d.Root, "width")
	h, hasH := absLength(d.Root, "height")
	ratio := 0.0
	if vb := d.viewBox; vb != nil {
		ratio = vb[2] / vb[3]
	}
	d.intrinsic = [3]float64{0, 0, ratio}
	if hasW {
		d.intrinsic[0] = w
	}
	if hasH {
		d.intrinsic[1] = h
	}
	if hasW && hasH {
		d.intrinsic[2] = w / h
	}
	switch {
	case hasW && hasH:
	case hasW && ratio > 0:
		h = w / ratio
	case hasH && ratio > 0:
		w = h * ratio
	case ratio > 0:
		w, h = 300, 300/ratio
	default:
		if !hasW {
			w = 300
		}
		if !hasH {
			h = 150
		}
	}
	d.Width, d.Height = w, h
}

// Intrinsic returns the dimensions CSS sizes the image by (CSS Images 3
// §5.3, SVG 2 §8.2): the root's width and height in CSS pixels when they
// are absolute lengths, else 0, and its aspect ratio (width / height) from
// those two when both are, else from the viewBox, else 0.
func (d *Document) Intrinsic() (w, h, ratio float64) {
	return d.intrinsic[0], d.intrinsic[1], d.intrinsic[2]
}

// HasViewBox reports whether the root has a valid viewBox: without one
// the drawing is not scaled to the size it is drawn at.
func (d *Document) HasViewBox() bool { return d.viewBox != nil }

// absLength reads an absolute length attribute (no percentage).
func absLength(n *html.Node, key string) (float64, bool) {
	v, ok := attr(n, key)
	if !ok || strings.HasSuffix(strings.TrimSpace(v), "%") || strings.TrimSpace(v) == "auto" {
		return 0, false
	}
	f, ok := parseLength(v, 16, 0)
	return f, ok && f > 0
}

// zeroViewBox reports whether n's viewBox has a zero width or height,
// which disables the rendering of the element (SVG 1.1 §7.7).
func zeroViewBox(n *html.Node) bool {
	v, ok := attr(n, "viewBox")
	if !ok {
		return false
	}
	f, ok := numberList(v)
	return ok && len(f) == 4 && (f[2] == 0 || f[3] == 0)
}

func parseViewBox(n *html.Node) *[4]float64 {
	v, ok := attr(n, "viewBox")
	if !ok {
		return nil
	}
	return viewBoxOf(v)
}

// viewBoxOf parses a viewBox value; nil when it is missing or invalid.
func viewBoxOf(v string) *[4]float64 {
	f, ok := numberList(v)
	if !ok || len(f) != 4 || f[2] <= 0 || f[3] <= 0 {
		return nil
	}
	return &[4]float64{f[0], f[1], f[2], f[3]}
}

// viewBoxTransform maps viewBox vb onto a w×h viewport following the
// preserveAspectRatio value par (SVG 1.1 §7.8).
func viewBoxTransform(vb [4]float64, par string, w, h float64) Matrix {
	sx, sy := w/vb[2], h/vb[3]
	f := strings.Fields(par)
	align, slice := "xMidYMid", false
	if len(f) > 0 && f[0] == "defer" {
		f = f[1:]
	}
	if len(f) > 0 {
		align = f[0]
	}
	if len(f) > 1 {
		slice = f[1] == "slice"
	}
	if align != "none" {
		s := min(sx, sy)
		if slice {
			s = max(sx, sy)
		}
		sx, sy = s, s
	}
	tx, ty := -vb[0]*sx, -vb[1]*sy
	if align != "none" && len(align) == 8 {
		switch align[1:4] {
		case "Mid":
			tx += (w - vb[2]*sx) / 2
		case "Max":
			tx += w - vb[2]*sx
		}
		switch align[5:8] {
		case "Mid":
			ty += (h - vb[3]*sy) / 2
		case "Max":
			ty += h - vb[3]*sy
		}
	}
	return Matrix{sx, 0, 0, sy, tx, ty}
}

// cacheShapes computes once the geometry of the basic shapes whose
// geometry attributes hold no percentage (geometry in percentages
// depends on the viewport it is drawn in), so that rendering does not
// compute it again.
func (d *Document) cacheShapes() {
	r := &renderer{d: d, slabs: d.geom}
	defer func() { d.geom = r.slabs }()
	for n := range d.shapeNodes() {
		if a := readShapeAttrs(n); !a.pct {
			if p := r.shapeGeometry(n.Data, &a); p != nil {
				d.paths[n] = p
			}
		}
	}
}

// shapeNodes yields the rect, circle, ellipse and line elements.
func (d *Document) shapeNodes() func(yield func(*html.Node) bool) {
	return func(yield func(*html.Node) bool) {
		var walk func(n *html.Node, depth int) bool
		walk = func(n *html.Node, depth int) bool {
			for c := n.FirstChild; c != nil && depth <= d.lim.MaxDepth; c = c.NextSibling {
				if c.Type != html.ElementNode {
					continue
				}
				switch c.Data {
				case "rect", "circle", "ellipse", "line":
					if !yield(c) {
						return false
					}
				}
				if !walk(c, depth+1) {
					return false
				}
			}
			return true
		}
		walk(d.Root, 0)
	}
}
