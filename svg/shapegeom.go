package svg

import (
	"math"
	"strings"

	"golang.org/x/net/html"
)

// The geometry attributes of the basic shapes, indices into shapeAttrs.
const (
	gx = iota
	gy
	gWidth
	gHeight
	gRX
	gRY
	gCX
	gCY
	gR
	gX1
	gY1
	gX2
	gY2
	numGeomAttrs
)

// geomAttr returns the index of geometry attribute key, or -1.
func geomAttr(key string) int {
	switch key {
	case "x":
		return gx
	case "y":
		return gy
	case "width":
		return gWidth
	case "height":
		return gHeight
	case "rx":
		return gRX
	case "ry":
		return gRY
	case "cx":
		return gCX
	case "cy":
		return gCY
	case "r":
		return gR
	case "x1":
		return gX1
	case "y1":
		return gY1
	case "x2":
		return gX2
	case "y2":
		return gY2
	}
	return -1
}

// shapeAttrs are the geometry attributes of a basic shape, read in one
// pass over its attributes (the first of each name counts, as attr
// finds it).
type shapeAttrs struct {
	val [numGeomAttrs]string
	has [numGeomAttrs]bool
	// pct says a value holds a percentage: the geometry depends on the
	// viewport it is drawn in.
	pct bool
}

func readShapeAttrs(n *html.Node) shapeAttrs {
	var a shapeAttrs
	for _, at := range n.Attr {
		if i := geomAttr(at.Key); i >= 0 && !a.has[i] {
			a.val[i], a.has[i] = at.Val, true
			a.pct = a.pct || strings.IndexByte(at.Val, '%') >= 0
		}
	}
	return a
}

// length reads attribute i in user units (percentages of ref), 0 when
// missing.
func (a *shapeAttrs) length(i int, ref float64) float64 {
	if !a.has[i] {
		return 0
	}
	f, _ := parseLength(a.val[i], 16, ref)
	return f
}

// geometry returns the path of a basic shape or path element, nil when
// it draws nothing.
func (r *renderer) geometry(n *html.Node) *Path {
	if p := r.d.paths[n]; p != nil {
		if len(p.Segs) == 0 {
			return nil
		}
		return p // parsed or computed by New
	}
	switch n.Data {
	case "rect", "circle", "ellipse", "line":
		a := readShapeAttrs(n)
		return r.shapeGeometry(n.Data, &a)
	}
	return nil // path, polyline, polygon: parsed by New, empty
}

// shapeGeometry returns the path of the basic shape element called name
// with geometry attributes a, nil when it draws nothing.
func (r *renderer) shapeGeometry(name string, a *shapeAttrs) *Path {
	switch name {
	case "rect":
		x, y, w, h := a.length(gx, r.vw), a.length(gy, r.vh), a.length(gWidth, r.vw), a.length(gHeight, r.vh)
		if w <= 0 || h <= 0 {
			return nil
		}
		rx, hasRX := a.val[gRX], a.has[gRX]
		ry, hasRY := a.val[gRY], a.has[gRY]
		var fx, fy float64
		if hasRX {
			fx, _ = parseLength(rx, 16, r.vw)
		}
		if hasRY {
			fy, _ = parseLength(ry, 16, r.vh)
		}
		if !hasRX || strings.TrimSpace(rx) == "auto" {
			fx = fy
		}
		if !hasRY || strings.TrimSpace(ry) == "auto" {
			fy = fx
		}
		fx, fy = min(max(fx, 0), w/2), min(max(fy, 0), h/2)
		if fx == 0 || fy == 0 {
			return rectInto(r.newPath(5), x, y, w, h)
		}
		return roundRectInto(r.newPath(10), x, y, w, h, fx, fy)
	case "circle":
		rad := a.length(gR, math.Hypot(r.vw, r.vh)/math.Sqrt2)
		if rad <= 0 {
			return nil
		}
		return ellipseInto(r.newPath(6), a.length(gCX, r.vw), a.length(gCY, r.vh), rad, rad)
	case "ellipse":
		rx, ry := a.length(gRX, r.vw), a.length(gRY, r.vh)
		if rx <= 0 || ry <= 0 {
			return nil
		}
		return ellipseInto(r.newPath(6), a.length(gCX, r.vw), a.length(gCY, r.vh), rx, ry)
	case "line":
		p := r.newPath(2)
		p.moveTo(a.length(gX1, r.vw), a.length(gY1, r.vh))
		p.lineTo(a.length(gX2, r.vw), a.length(gY2, r.vh))
		return p
	}
	return nil
}
