package fonts

import (
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/opentype"
)

// maxOutlinePoints bounds the points of one glyph's polygons.
const maxOutlinePoints = 1 << 14

// GlyphPolygons returns the outline of glyph g as closed polygons (its
// curves flattened into lines), in font units with y up, to be filled
// with the nonzero rule; nil for a glyph without an outline (a space, a
// bitmap glyph), a face that does not parse or an outline of more than
// maxOutlinePoints points. A synthesised face gives its base's outline.
func (f *Face) GlyphPolygons(g GID) [][][2]float64 {
	pf, err := f.load()
	if err != nil || pf.font == nil {
		return nil
	}
	var o font.GlyphOutline
	ok := func() (ok bool) {
		defer func() {
			if recover() != nil { // untrusted glyph data: no outline
				ok = false
			}
		}()
		o, ok = font.NewFace(pf.font).GlyphDataOutline(font.GID(g))
		return ok
	}()
	if !ok {
		return nil
	}
	var out [][][2]float64
	var cur [][2]float64
	n := 0
	last := [2]float64{}
	add := func(p [2]float64) {
		cur = append(cur, p)
		last = p
		n++
	}
	for _, s := range o.Segments {
		a := s.Args
		switch s.Op {
		case opentype.SegmentOpMoveTo:
			if len(cur) > 2 {
				out = append(out, cur)
			}
			cur = nil
			add([2]float64{float64(a[0].X), float64(a[0].Y)})
		case opentype.SegmentOpLineTo:
			add([2]float64{float64(a[0].X), float64(a[0].Y)})
		case opentype.SegmentOpQuadTo:
			p0 := last
			for k := 1; k <= 8; k++ {
				t := float64(k) / 8
				u := 1 - t
				add([2]float64{u*u*p0[0] + 2*u*t*float64(a[0].X) + t*t*float64(a[1].X),
					u*u*p0[1] + 2*u*t*float64(a[0].Y) + t*t*float64(a[1].Y)})
			}
		case opentype.SegmentOpCubeTo:
			p0 := last
			for k := 1; k <= 8; k++ {
				t := float64(k) / 8
				u := 1 - t
				add([2]float64{u*u*u*p0[0] + 3*u*u*t*float64(a[0].X) + 3*u*t*t*float64(a[1].X) + t*t*t*float64(a[2].X),
					u*u*u*p0[1] + 3*u*u*t*float64(a[0].Y) + 3*u*t*t*float64(a[1].Y) + t*t*t*float64(a[2].Y)})
			}
		}
		if n > maxOutlinePoints {
			return nil
		}
	}
	if len(cur) > 2 {
		out = append(out, cur)
	}
	return out
}
