package render

import (
	"math"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
)

// group opens (OpGroupBegin) or closes (OpGroupEnd) the paint effects of
// a box (display.Group): the ancestors' clip, the transform as a cm,
// the clip-path, and the opacity as one transparency group (a form
// XObject drawn once with that opacity). The marked content open before
// is closed first, so marked-content sequences and q/Q nest: the group
// begins outside marked content, and the items inside open their own,
// keeping their tags.
func (r *renderer) group(p *pdfua.Page, it *display.Item) {
	r.close(p)
	if it.Op == display.OpGroupEnd {
		r.endGroup(p, it.Group)
		return
	}
	r.beginGroup(p, it.Group, nil)
}

// endGroup closes the effects beginGroup opened.
func (r *renderer) endGroup(p *pdfua.Page, g *display.Group) {
	if n := len(r.backHidden); n > 0 {
		r.backHidden = r.backHidden[:n-1]
	}
	switch {
	case g.Mask != nil && g.Opacity > 0:
		m := r.masks[len(r.masks)-1]
		r.masks = r.masks[:len(r.masks)-1]
		p.EndGroup(g.Opacity, m)
	case g.Opacity < 1 && g.Opacity > 0:
		p.EndGroup(g.Opacity, pdfua.Mask{})
	}
	p.Restore()
}

// beginGroup opens the effects of g; strip, when set, is the
// perspective strip painted, whose clip and map replace g's transform.
func (r *renderer) beginGroup(p *pdfua.Page, g *display.Group, strip *display.Strip) {
	defer func() { r.backHidden = append(r.backHidden, g.BackHidden) }() // not of the mask
	p.Save()
	if g.Outer != nil {
		if g.OuterRadii != nil {
			p.Clip(r.newPath().RoundedRect(r.rect(*g.Outer), *g.OuterRadii), false)
		} else {
			p.Clip(r.newPath().Rect(r.rect(*g.Outer)), false)
		}
	}
	switch {
	case strip != nil:
		p.Clip(r.polygon(strip.Clip), false)
		p.Transform(r.pdfMatrix(strip.Transform))
	case g.Transform != nil:
		p.Transform(r.pdfMatrix(*g.Transform))
	}
	if g.Clip != nil {
		evenOdd := r.clipPath(g.Clip)
		p.Clip(&r.path, evenOdd)
	}
	switch {
	case g.Opacity <= 0:
		// nothing inside shows: an empty clip keeps the items (and
		// their tags) while painting none of them
		p.Clip(r.newPath().Rect(pdfua.Rect{}), false)
	case g.Mask != nil:
		// the mask layers, painted into a luminosity soft mask, then
		// the items in a group drawn through it (mask.go in display)
		bbox := r.groupBBox(g)
		p.BeginGroup(&bbox)
		for i := range g.Mask {
			r.item(p, &g.Mask[i])
		}
		r.close(p)
		r.masks = append(r.masks, p.EndMask())
		p.BeginGroup(&bbox)
	case g.Opacity < 1:
		bbox := r.groupBBox(g)
		p.BeginGroup(&bbox)
	}
}

// strips paints the group that begins at items[i], a box seen through
// perspective (display.Strip), once per strip: the first time as it is,
// then as copies (artifacts, text not read). It returns the index of the
// group's end.
func (r *renderer) strips(p *pdfua.Page, items []display.Item, i int) int {
	g := items[i].Group
	end := i + 1
	for end < len(items) && !(items[end].Op == display.OpGroupEnd && items[end].Group == g) {
		end++
	}
	inner := items[i+1 : min(end, len(items))]
	if g.Opacity > 0 && g.Opacity < 1 {
		// one transparency group holds all the strips, so that where
		// they overlap the box is not composited twice
		r.close(p)
		p.Save()
		bbox := r.rect(layout.Rect{X: -r.h, Y: -r.h, W: 4 * r.h, H: 4 * r.h})
		p.BeginGroup(&bbox)
		opaque := *g
		opaque.Opacity = 1
		defer func(op float64) {
			r.close(p)
			p.EndGroup(op, pdfua.Mask{})
			p.Restore()
		}(g.Opacity)
		g = &opaque
	}
	for k := range g.Strips {
		if k == 1 {
			r.copies++
			defer func() { r.copies-- }()
		}
		r.close(p)
		r.beginGroup(p, g, &g.Strips[k])
		r.items(p, inner)
		r.close(p)
		r.endGroup(p, g)
	}
	return end
}

// showText shows a run: as read text, or in a copy of a perspective
// strip as text that is not read.
func (r *renderer) showText(p *pdfua.Page, run pdfua.TextRun) {
	if r.copies > 0 {
		p.ShowTextUnread(run)
		return
	}
	p.ShowText(run)
}

// pdfMatrix converts a matrix of page coordinates with y down to PDF
// user space (y up): flip, m, flip again.
func (r *renderer) pdfMatrix(m [6]float64) pdfua.Matrix {
	h := r.h
	// F = [1 0 0 -1 0 h]; F·M·F
	return pdfua.Matrix{m[0], -m[1], -m[2], m[3], m[4] + m[2]*h, h - m[5] - m[3]*h}
}

// clipPath builds clip shape c in the renderer's path and reports
// whether it fills by the even-odd rule.
func (r *renderer) clipPath(c *display.ClipShape) bool {
	if c.SVG != nil {
		r.svgPath(c.SVG.Path, true)
		return c.SVG.EvenOdd
	}
	pa := r.newPath()
	switch {
	case c.Polygon != nil:
		r.polygon(c.Polygon)
		return c.EvenOdd
	case c.Ellipse:
		rr := r.rect(c.Rect)
		rx, ry := rr.W/2, rr.H/2
		cx, cy := rr.X+rx, rr.Y+ry
		const k = 0.5523
		pa.MoveTo(cx+rx, cy).
			CurveTo(cx+rx, cy+k*ry, cx+k*rx, cy+ry, cx, cy+ry).
			CurveTo(cx-k*rx, cy+ry, cx-rx, cy+k*ry, cx-rx, cy).
			CurveTo(cx-rx, cy-k*ry, cx-k*rx, cy-ry, cx, cy-ry).
			CurveTo(cx+k*rx, cy-ry, cx+rx, cy-k*ry, cx+rx, cy).Close()
	case c.Radii != nil:
		pa.RoundedRect(r.rect(c.Rect), *c.Radii)
	default:
		pa.Rect(r.rect(c.Rect))
	}
	return false
}

// polygon builds a polygon of page points (y down) in the renderer's
// path and returns the path.
func (r *renderer) polygon(pts [][2]float64) *pdfua.Path {
	pa := r.newPath()
	for i, pt := range pts {
		if i == 0 {
			pa.MoveTo(pt[0], r.h-pt[1])
		} else {
			pa.LineTo(pt[0], r.h-pt[1])
		}
	}
	pa.Close()
	return pa
}

// groupBBox returns the bounding box of a transparency group in the
// coordinates it is drawn in (inside its transform): its box grown
// generously, since descendants and shadows may overflow it, and cut to
// its clip-path when it has a rectangular one. The page's clip bounds
// what shows in any case.
func (r *renderer) groupBBox(g *display.Group) pdfua.Rect {
	if g.Clip != nil && g.Clip.Polygon == nil {
		return r.rect(g.Clip.Rect)
	}
	// the whole page, and as much again around it, in the group's own
	// coordinates: items of a transformed group may lie anywhere
	reach := math.Max(r.h, g.Box.W+g.Box.H) * 2
	return r.rect(layout.Rect{X: -reach, Y: -reach, W: 3 * reach, H: 3 * reach})
}

// imageInside reports whether it is a whole image (not tiled, square
// corners) inside its clip rectangle: it needs no clip, and one at the
// image's edge would shave its last pixels in anti-aliasing renderers, so
// that a background image would not paint as the same image in an img.
func imageInside(it *display.Item) bool {
	if it.Op != display.OpImage || it.Tiled != nil || it.Radii != nil || it.ClipRadii != nil || it.Vector != nil {
		return false
	}
	c, r := *it.Clip, it.Rect
	return r.X >= c.X && r.Y >= c.Y && r.X+r.W <= c.X+c.W && r.Y+r.H <= c.Y+c.H
}

// quad converts a link's quadrilateral (page coordinates, y down,
// corners top-left, top-right, bottom-right, bottom-left of the
// untransformed rectangle) to PDF user space, counterclockwise from the
// bottom-left corner as /QuadPoints lists them; zero stays zero.
func (r *renderer) quad(q [4][2]float64) [4][2]float64 {
	if q == ([4][2]float64{}) {
		return q
	}
	var out [4][2]float64
	for k, i := range [4]int{3, 2, 1, 0} {
		out[k] = [2]float64{q[i][0], r.h - q[i][1]}
	}
	return out
}
