package fonts

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// w2stream reads one of the substreams of a transformed WOFF2 glyf table.
// Reads past its end return zero and set err, which the caller checks once
// per glyph; every loop reading it is bounded by a count checked against
// the bytes left first, so a lying count cannot make it spin.
type w2stream struct {
	name string
	b    []byte
	err  error
}

func (s *w2stream) fail() {
	if s.err == nil {
		s.err = fmt.Errorf("WOFF2 glyf: the %s stream is truncated", s.name)
	}
}

func (s *w2stream) u8() byte {
	if len(s.b) < 1 {
		s.fail()
		return 0
	}
	c := s.b[0]
	s.b = s.b[1:]
	return c
}

func (s *w2stream) u16() uint16 {
	if len(s.b) < 2 {
		s.fail()
		s.b = nil
		return 0
	}
	v := binary.BigEndian.Uint16(s.b)
	s.b = s.b[2:]
	return v
}

func (s *w2stream) take(n int) []byte {
	if n < 0 || len(s.b) < n {
		s.fail()
		s.b = nil
		return nil
	}
	v := s.b[:n:n]
	s.b = s.b[n:]
	return v
}

// u255 reads a 255UInt16 (WOFF2 §4.1).
func (s *w2stream) u255() int {
	switch c := s.u8(); c {
	case 253:
		return int(s.u16())
	case 254:
		return 506 + int(s.u8())
	case 255:
		return 253 + int(s.u8())
	default:
		return int(c)
	}
}

// rebuiltGlyf is the result of undoing the WOFF2 glyf transform.
type rebuiltGlyf struct {
	glyf, loca  []byte
	indexFormat int
	xMins       []int16 // per glyph, for the hmtx transform
}

// glyfStreams are the seven substreams of a transformed glyf table and the
// optional overlap bitmap.
type glyfStreams struct {
	nContour, nPoints, flags, glyphs, composite, bbox, instructions w2stream
	bboxBitmap, overlap                                             []byte
}

// reconstructGlyf rebuilds the glyf and loca tables from a transformed
// WOFF2 glyf table (WOFF2 §5.1–5.3). The output grows at most about five
// bytes per input byte plus a constant per glyph, and is checked against
// budget as it grows.
func reconstructGlyf(t []byte, budget int64, fileSize int) (*rebuiltGlyf, error) {
	const headerSize = 36
	if len(t) < headerSize {
		return nil, errors.New("WOFF2 glyf: truncated transformed header")
	}
	options := binary.BigEndian.Uint16(t[2:])
	numGlyphs := int(binary.BigEndian.Uint16(t[4:]))
	indexFormat := int(binary.BigEndian.Uint16(t[6:]))
	if indexFormat > 1 {
		return nil, fmt.Errorf("WOFF2 glyf: unknown loca format %d", indexFormat)
	}
	st := glyfStreams{}
	streams := []*w2stream{&st.nContour, &st.nPoints, &st.flags, &st.glyphs, &st.composite, &st.bbox, &st.instructions}
	names := []string{"nContour", "nPoints", "flag", "glyph", "composite", "bbox", "instruction"}
	p := int64(headerSize)
	for i, s := range streams {
		n := int64(binary.BigEndian.Uint32(t[8+4*i:]))
		if p+n > int64(len(t)) {
			return nil, fmt.Errorf("WOFF2 glyf: the %s stream runs past the table", names[i])
		}
		*s = w2stream{name: names[i], b: t[p : p+n : p+n]}
		p += n
	}
	bitmapLen := 4 * ((numGlyphs + 31) / 32)
	st.bboxBitmap = st.bbox.take(bitmapLen)
	if st.bbox.err != nil {
		return nil, errors.New("WOFF2 glyf: the bbox bitmap is truncated")
	}
	if options&1 != 0 {
		n := (numGlyphs + 7) / 8
		if p+int64(n) > int64(len(t)) {
			return nil, errors.New("WOFF2 glyf: the overlap bitmap is truncated")
		}
		st.overlap = t[p : p+int64(n)]
	}
	if len(st.nContour.b) < 2*numGlyphs {
		return nil, fmt.Errorf("WOFF2 glyf: the nContour stream holds fewer than %d glyphs", numGlyphs)
	}
	g := &rebuiltGlyf{indexFormat: indexFormat, xMins: make([]int16, numGlyphs)}
	offsets := make([]int, numGlyphs+1)
	var glyf []byte
	var scratch glyphScratch
	for id := 0; id < numGlyphs; id++ {
		offsets[id] = len(glyf)
		var err error
		glyf, err = st.glyph(glyf, id, &scratch, &g.xMins[id])
		if err != nil {
			return nil, fmt.Errorf("WOFF2 glyf: glyph %d: %w", id, err)
		}
		if indexFormat == 0 {
			for len(glyf)%2 != 0 {
				glyf = append(glyf, 0)
			}
		} else {
			for len(glyf)%4 != 0 {
				glyf = append(glyf, 0)
			}
		}
		if err := checkDecodedSize("WOFF2", "reconstructed glyf table", int64(len(glyf)), budget, fileSize); err != nil {
			return nil, err
		}
	}
	offsets[numGlyphs] = len(glyf)
	g.glyf = glyf
	if indexFormat == 0 {
		if len(glyf) > 2*0xFFFF {
			return nil, errors.New("WOFF2 glyf: glyf too large for the short loca format it declares")
		}
		g.loca = make([]byte, 2*(numGlyphs+1))
		for i, o := range offsets {
			binary.BigEndian.PutUint16(g.loca[2*i:], uint16(o/2))
		}
	} else {
		g.loca = make([]byte, 4*(numGlyphs+1))
		for i, o := range offsets {
			binary.BigEndian.PutUint32(g.loca[4*i:], uint32(o))
		}
	}
	return g, nil
}

// glyphScratch holds buffers reused from glyph to glyph.
type glyphScratch struct {
	endPts []int
	xs, ys []int
	on     []bool
}

// hasBBox reports whether glyph id's bounding box is stored explicitly.
func (st *glyfStreams) hasBBox(id int) bool {
	return st.bboxBitmap[id>>3]&(0x80>>(id&7)) != 0
}

// glyph appends glyph id, rebuilt, to out and sets *xMin.
func (st *glyfStreams) glyph(out []byte, id int, sc *glyphScratch, xMin *int16) ([]byte, error) {
	nContours := int16(st.nContour.u16())
	switch {
	case nContours == 0:
		if st.hasBBox(id) {
			return nil, errors.New("an empty glyph has a bounding box")
		}
		return out, nil
	case nContours > 0:
		return st.simpleGlyph(out, id, int(nContours), sc, xMin)
	case nContours == -1:
		return st.compositeGlyph(out, id, xMin)
	}
	return nil, fmt.Errorf("invalid contour count %d", nContours)
}

// compositeGlyph rebuilds a composite glyph: its component records come
// from the composite stream, its bounding box (mandatory) from the bbox
// stream, its instructions, if any, from the instruction stream.
func (st *glyfStreams) compositeGlyph(out []byte, id int, xMin *int16) ([]byte, error) {
	if !st.hasBBox(id) {
		return nil, errors.New("a composite glyph has no bounding box")
	}
	bbox := st.bbox.take(8)
	start := st.composite.b
	haveInstructions := false
	for {
		flags := st.composite.u16()
		n := 2 // glyph index
		if flags&compArgsAreWords != 0 {
			n += 4
		} else {
			n += 2
		}
		switch {
		case flags&compHaveScale != 0:
			n += 2
		case flags&compHaveXYScale != 0:
			n += 4
		case flags&compHaveTwoByTwo != 0:
			n += 8
		}
		st.composite.take(n)
		if st.composite.err != nil {
			return nil, st.composite.err
		}
		haveInstructions = haveInstructions || flags&compHaveInstruction != 0
		if flags&compMoreComponents == 0 {
			break
		}
	}
	records := start[:len(start)-len(st.composite.b)]
	var instructions []byte
	if haveInstructions {
		instructions = st.instructions.take(st.glyphs.u255())
	}
	if err := firstErr(&st.bbox, &st.glyphs, &st.instructions); err != nil {
		return nil, err
	}
	*xMin = int16(binary.BigEndian.Uint16(bbox))
	out = binary.BigEndian.AppendUint16(out, 0xFFFF)
	out = append(out, bbox...)
	out = append(out, records...)
	if haveInstructions {
		out = binary.BigEndian.AppendUint16(out, uint16(len(instructions)))
		out = append(out, instructions...)
	}
	return out, nil
}

// firstErr returns the first error of the streams.
func firstErr(ss ...*w2stream) error {
	for _, s := range ss {
		if s.err != nil {
			return s.err
		}
	}
	return nil
}
