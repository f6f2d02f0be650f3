package fonts

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// TrueType simple-glyph point flags.
const (
	ptOnCurve      = 0x01
	ptXShort       = 0x02
	ptYShort       = 0x04
	ptRepeat       = 0x08
	ptXSame        = 0x10 // or positive short x
	ptYSame        = 0x20 // or positive short y
	ptOverlapFirst = 0x40
)

// simpleGlyph rebuilds a simple glyph of nContours contours: point counts
// from the nPoints stream, one flag byte a point from the flag stream,
// coordinate triplets, the instruction length from the glyph stream, the
// instructions from the instruction stream and, when the bitmap says so,
// the bounding box from the bbox stream (else it is computed).
func (st *glyfStreams) simpleGlyph(out []byte, id, nContours int, sc *glyphScratch, xMin *int16) ([]byte, error) {
	sc.endPts = sc.endPts[:0]
	total := 0
	for i := 0; i < nContours; i++ {
		n := st.nPoints.u255()
		if st.nPoints.err != nil {
			return nil, st.nPoints.err
		}
		if n == 0 {
			return nil, errors.New("a contour has no points")
		}
		total += n
		if total > 0x10000 {
			return nil, errors.New("more than 65,536 points")
		}
		sc.endPts = append(sc.endPts, total-1)
	}
	if total > len(st.flags.b) {
		return nil, fmt.Errorf("%d points but the flag stream has %d bytes left", total, len(st.flags.b))
	}
	sc.xs, sc.ys, sc.on = sc.xs[:0], sc.ys[:0], sc.on[:0]
	x, y := 0, 0
	for i := 0; i < total; i++ {
		flag := st.flags.u8()
		dx, dy := st.triplet(flag & 0x7f)
		x, y = x+dx, y+dy
		if x < math.MinInt16 || x > math.MaxInt16 || y < math.MinInt16 || y > math.MaxInt16 {
			return nil, fmt.Errorf("point %d at (%d, %d) lies outside the 16-bit coordinate space", i, x, y)
		}
		sc.xs, sc.ys, sc.on = append(sc.xs, x), append(sc.ys, y), append(sc.on, flag&0x80 == 0)
	}
	instructions := st.instructions.take(st.glyphs.u255())
	var bbox [4]int16
	if st.hasBBox(id) {
		for i := range bbox {
			bbox[i] = int16(st.bbox.u16())
		}
	} else {
		bbox = pointsBBox(sc.xs, sc.ys)
	}
	if err := firstErr(&st.flags, &st.glyphs, &st.instructions, &st.bbox); err != nil {
		return nil, err
	}
	*xMin = bbox[0]
	out = binary.BigEndian.AppendUint16(out, uint16(nContours))
	for _, v := range bbox {
		out = binary.BigEndian.AppendUint16(out, uint16(v))
	}
	for _, e := range sc.endPts {
		out = binary.BigEndian.AppendUint16(out, uint16(e))
	}
	out = binary.BigEndian.AppendUint16(out, uint16(len(instructions)))
	out = append(out, instructions...)
	overlap := st.overlap != nil && st.overlap[id>>3]&(0x80>>(id&7)) != 0
	return appendPoints(out, sc, overlap), nil
}

// triplet decodes the coordinate deltas of one point from its flag (WOFF2
// §5.2, the triplet encoding table) and the bytes it takes from the glyph
// stream. Bit 0 of the flag is the sign of x (set: positive), bit 1 of the
// flag that of y, except in the first two ranges where only one axis
// moves and bit 0 is its sign.
func (st *glyfStreams) triplet(flag byte) (dx, dy int) {
	sign := func(bit byte, v int) int {
		if flag&bit != 0 {
			return v
		}
		return -v
	}
	f := int(flag)
	switch {
	case flag < 10:
		return 0, sign(1, (f&14)<<7+int(st.glyphs.u8()))
	case flag < 20:
		return sign(1, ((f-10)&14)<<7+int(st.glyphs.u8())), 0
	case flag < 84:
		b0, b1 := f-20, int(st.glyphs.u8())
		return sign(1, 1+(b0&0x30)+b1>>4), sign(2, 1+(b0&0x0c)<<2+b1&0x0f)
	case flag < 120:
		b0 := f - 84
		b := st.glyphs.take(2)
		if b == nil {
			return 0, 0
		}
		return sign(1, 1+(b0/12)<<8+int(b[0])), sign(2, 1+((b0%12)>>2)<<8+int(b[1]))
	case flag < 124:
		b := st.glyphs.take(3)
		if b == nil {
			return 0, 0
		}
		return sign(1, int(b[0])<<4+int(b[1])>>4), sign(2, int(b[1]&0x0f)<<8+int(b[2]))
	default:
		b := st.glyphs.take(4)
		if b == nil {
			return 0, 0
		}
		return sign(1, int(b[0])<<8+int(b[1])), sign(2, int(b[2])<<8+int(b[3]))
	}
}

// pointsBBox returns xMin, yMin, xMax, yMax of the points (zero for none).
func pointsBBox(xs, ys []int) [4]int16 {
	if len(xs) == 0 {
		return [4]int16{}
	}
	b := [4]int{xs[0], ys[0], xs[0], ys[0]}
	for i := range xs {
		b[0], b[1] = min(b[0], xs[i]), min(b[1], ys[i])
		b[2], b[3] = max(b[2], xs[i]), max(b[3], ys[i])
	}
	return [4]int16{int16(b[0]), int16(b[1]), int16(b[2]), int16(b[3])}
}

// appendPoints appends the flags (run-length compressed), x and y arrays
// of a simple glyph in TrueType's encoding.
func appendPoints(out []byte, sc *glyphScratch, overlap bool) []byte {
	n := len(sc.xs)
	flagOf := func(i int) byte {
		var f byte
		if sc.on[i] {
			f |= ptOnCurve
		}
		dx, dy := sc.xs[i], sc.ys[i]
		if i > 0 {
			dx, dy = dx-sc.xs[i-1], dy-sc.ys[i-1]
		}
		f |= deltaFlag(dx, ptXShort, ptXSame)
		f |= deltaFlag(dy, ptYShort, ptYSame)
		if i == 0 && overlap {
			f |= ptOverlapFirst
		}
		return f
	}
	for i := 0; i < n; {
		f := flagOf(i)
		run := 1
		for i+run < n && run < 256 && flagOf(i+run) == f {
			run++
		}
		if run > 1 {
			out = append(out, f|ptRepeat, byte(run-1))
		} else {
			out = append(out, f)
		}
		i += run
	}
	out = appendDeltas(out, sc.xs)
	return appendDeltas(out, sc.ys)
}

// deltaFlag returns the flag bits encoding one coordinate delta.
func deltaFlag(d int, short, same byte) byte {
	switch {
	case d == 0:
		return same
	case d > 0 && d < 256:
		return short | same
	case d < 0 && d > -256:
		return short
	}
	return 0
}

// appendDeltas appends the coordinate deltas of vs as deltaFlag encoded
// them: nothing for 0, one byte of magnitude for short ones, else int16.
func appendDeltas(out []byte, vs []int) []byte {
	prev := 0
	for _, v := range vs {
		d := v - prev
		prev = v
		switch {
		case d == 0:
		case d > -256 && d < 256:
			out = append(out, byte(max(d, -d)))
		default:
			out = binary.BigEndian.AppendUint16(out, uint16(int16(d)))
		}
	}
	return out
}

// reconstructHmtx undoes the WOFF2 hmtx transform (WOFF2 §5.4): the left
// side bearings left out are the glyphs' xMin from the rebuilt glyf.
func reconstructHmtx(t []byte, byTag map[string]*woff2Table, xMins []int16) ([]byte, error) {
	if xMins == nil {
		return nil, errors.New("WOFF2: hmtx is transformed but glyf is not")
	}
	hhea := byTag["hhea"]
	if hhea == nil || len(hhea.data) < 36 {
		return nil, errors.New("WOFF2: a transformed hmtx needs an hhea table")
	}
	numGlyphs := len(xMins)
	nh := int(binary.BigEndian.Uint16(hhea.data[34:]))
	if nh < 1 || nh > numGlyphs {
		return nil, fmt.Errorf("WOFF2: hhea.numberOfHMetrics %d outside 1–%d", nh, numGlyphs)
	}
	if len(t) < 1 || t[0]&0xFC != 0 {
		return nil, errors.New("WOFF2: invalid transformed hmtx flags")
	}
	flags := t[0]
	s := w2stream{name: "hmtx", b: t[1:]}
	advances := s.take(2 * nh)
	var lsbs, monoLsbs []byte
	if flags&1 == 0 {
		lsbs = s.take(2 * nh)
	}
	if flags&2 == 0 {
		monoLsbs = s.take(2 * (numGlyphs - nh))
	}
	if s.err != nil {
		return nil, errors.New("WOFF2: transformed hmtx is truncated")
	}
	out := make([]byte, 0, 4*nh+2*(numGlyphs-nh))
	for i := 0; i < numGlyphs; i++ {
		if i < nh {
			out = append(out, advances[2*i:2*i+2]...)
		}
		switch {
		case i < nh && lsbs != nil:
			out = append(out, lsbs[2*i:2*i+2]...)
		case i >= nh && monoLsbs != nil:
			out = append(out, monoLsbs[2*(i-nh):2*(i-nh)+2]...)
		default:
			out = binary.BigEndian.AppendUint16(out, uint16(xMins[i]))
		}
	}
	return out, nil
}
