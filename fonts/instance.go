package fonts

import (
	"encoding/binary"
	"math"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
)

// This file writes the outlines of a variable font's instance for
// embedding: each kept glyph's outline at the instance's coordinates (gvar
// deltas applied to the glyf points, composites flattened) as a simple
// TrueType glyph, and hmtx with the instance's advances. The variation
// tables are not embedded (Subset keeps only subsetTables), nor hinting:
// the instructions were written for the default outlines.

// instanceGlyf returns the glyf table of instance pf with the outlines of
// the glyphs keep marks (the others empty), the offset of each glyph (and
// of the end), the hmtx table (advances of the kept glyphs, 0 for the
// others) and its largest advance, and the largest point and contour
// counts of a glyph, for maxp.
func instanceGlyf(pf *parsedFace, keep []bool) (glyf []byte, offsets []int, hmtx []byte, maxAdv uint16, maxPoints, maxContours int) {
	fc := font.NewFace(pf.font)
	fc.SetCoords(pf.coords)
	offsets = make([]int, pf.numGlyphs+1)
	hmtx = make([]byte, 4*pf.numGlyphs)
	var enc glyphEncoder
	for g, k := range keep {
		offsets[g] = len(glyf)
		if k {
			maxAdv = max(maxAdv, pf.advance(GID(g)))
		}
		if !k {
			continue // (no advance: PDF takes the widths of /W)
		}
		binary.BigEndian.PutUint16(hmtx[4*g:], pf.advance(GID(g)))
		out, ok := fc.GlyphDataOutline(font.GID(g))
		if !ok {
			continue
		}
		var data []byte
		data, xMin := enc.encode(out.Segments)
		binary.BigEndian.PutUint16(hmtx[4*g+2:], uint16(int16(xMin)))
		glyf = append(glyf, data...)
		for len(glyf)%4 != 0 {
			glyf = append(glyf, 0)
		}
		maxPoints = max(maxPoints, len(enc.pts))
		maxContours = max(maxContours, len(enc.ends))
	}
	offsets[pf.numGlyphs] = len(glyf)
	return glyf, offsets, hmtx, maxAdv, maxPoints, maxContours
}

// safeInstanceGlyf is instanceGlyf with a panic in go-text's reading of
// a malformed gvar or glyf table turned into an error.
func safeInstanceGlyf(family string, pf *parsedFace, keep []bool) (glyf []byte, offsets []int, hmtx []byte, maxAdv uint16, maxPoints, maxContours int, err error) {
	table := "glyf/gvar"
	defer recoverMalformed(family, &table, &err)
	glyf, offsets, hmtx, maxAdv, maxPoints, maxContours = instanceGlyf(pf, keep)
	return glyf, offsets, hmtx, maxAdv, maxPoints, maxContours, nil
}

// advance returns the advance of glyph g (in range) in font units.
func (pf *parsedFace) advance(g GID) uint16 {
	if pf.lazyAdv == nil {
		return pf.advances[g]
	}
	if v := pf.lazyAdv[g].Load(); v != 0 {
		return uint16(v - 1)
	}
	a := pf.advances[g] // the default's, should the deltas not read
	func() {
		defer func() { _ = recover() }()
		fc := font.NewFace(pf.font)
		fc.SetCoords(pf.coords)
		a = uint16(min(max(math.Round(float64(fc.HorizontalAdvance(font.GID(g)))), 0), math.MaxUint16))
	}()
	pf.lazyAdv[g].Store(uint32(a) + 1)
	return a
}

// glyphPoint is a point of a TrueType outline in font units.
type glyphPoint struct {
	x, y    int16
	onCurve bool
}

// glyphEncoder turns outlines into simple TrueType glyphs, reusing its
// buffers from glyph to glyph.
type glyphEncoder struct {
	pts  []glyphPoint
	ends []int
	buf  []byte
}

// rnd rounds a coordinate to the int16 range of glyf.
func rnd(v float32) int16 {
	return int16(min(max(math.Round(float64(v)), math.MinInt16), math.MaxInt16))
}

// encode returns the glyf entry of an outline made of move, line and
// quadratic segments (empty for no contour) and its xMin. The contour's
// closing point, which repeats its first, is dropped.
func (e *glyphEncoder) encode(segs []ot.Segment) ([]byte, int16) {
	e.pts, e.ends = e.pts[:0], e.ends[:0]
	start := 0
	closeContour := func() {
		n := len(e.pts)
		if n-start > 1 {
			if last, first := e.pts[n-1], e.pts[start]; last.onCurve && last.x == first.x && last.y == first.y {
				e.pts = e.pts[:n-1]
			}
		}
		if len(e.pts) > start {
			e.ends = append(e.ends, len(e.pts)-1)
		}
		start = len(e.pts)
	}
	for _, s := range segs {
		switch s.Op {
		case ot.SegmentOpMoveTo:
			closeContour()
			e.pts = append(e.pts, glyphPoint{rnd(s.Args[0].X), rnd(s.Args[0].Y), true})
		case ot.SegmentOpLineTo:
			e.pts = append(e.pts, glyphPoint{rnd(s.Args[0].X), rnd(s.Args[0].Y), true})
		case ot.SegmentOpQuadTo:
			e.pts = append(e.pts, glyphPoint{rnd(s.Args[0].X), rnd(s.Args[0].Y), false},
				glyphPoint{rnd(s.Args[1].X), rnd(s.Args[1].Y), true})
		case ot.SegmentOpCubeTo:
			// not produced by glyf outlines; approximate by its end
			e.pts = append(e.pts, glyphPoint{rnd(s.Args[2].X), rnd(s.Args[2].Y), true})
		}
	}
	closeContour()
	if len(e.pts) == 0 || len(e.ends) > math.MaxInt16 || len(e.pts) > math.MaxUint16 {
		return nil, 0
	}
	xMin, yMin, xMax, yMax := e.pts[0].x, e.pts[0].y, e.pts[0].x, e.pts[0].y
	for _, p := range e.pts {
		xMin, xMax = min(xMin, p.x), max(xMax, p.x)
		yMin, yMax = min(yMin, p.y), max(yMax, p.y)
	}
	b := e.buf[:0]
	b = binary.BigEndian.AppendUint16(b, uint16(len(e.ends)))
	for _, v := range [4]int16{xMin, yMin, xMax, yMax} {
		b = binary.BigEndian.AppendUint16(b, uint16(v))
	}
	for _, end := range e.ends {
		b = binary.BigEndian.AppendUint16(b, uint16(end))
	}
	b = append(b, 0, 0) // no instructions
	// flags: on-curve, and per axis a short (one byte) or long delta
	const (
		onCurve = 0x01
		xShort  = 0x02
		yShort  = 0x04
		xPos    = 0x10 // with xShort: positive delta
		yPos    = 0x20
	)
	var px, py int16
	for _, p := range e.pts {
		var fl byte
		if p.onCurve {
			fl |= onCurve
		}
		if dx := int(p.x) - int(px); dx > -256 && dx < 256 {
			fl |= xShort
			if dx >= 0 {
				fl |= xPos
			}
		}
		if dy := int(p.y) - int(py); dy > -256 && dy < 256 {
			fl |= yShort
			if dy >= 0 {
				fl |= yPos
			}
		}
		b = append(b, fl)
		px, py = p.x, p.y
	}
	for _, axis := range [2]bool{true, false} {
		var prev int16
		for _, p := range e.pts {
			v := p.y
			if axis {
				v = p.x
			}
			d := int(v) - int(prev)
			prev = v
			if d > -256 && d < 256 {
				b = append(b, byte(abs(d)))
			} else {
				b = binary.BigEndian.AppendUint16(b, uint16(int16(d)))
			}
		}
	}
	e.buf = b
	return b, xMin
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
