package display

import (
	"math"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// enterRepeated makes everything painted for a repeated table header or
// footer group (and its descendants) a pagination artifact, until
// leaveRepeated; it reports whether it did (false inside an artifact
// already).
func (b *builder) enterRepeated(f *layout.Fragment) bool {
	if !f.Repeated || b.artifact != nil {
		return false
	}
	b.repeated = Origin{Artifact: Pagination}
	b.artifact = &b.repeated
	return true
}

// leaveRepeated ends what enterRepeated began.
func (b *builder) leaveRepeated() { b.artifact = nil }

// paintOverride paints f.Paint: the fills (and the box's own decorations
// when asked) before the children, the border segments after them.
func (b *builder) paintOverride(f *layout.Fragment, op float64, after bool) {
	p := f.Paint
	if !visible(f.Box) {
		return
	}
	if after {
		borders := p.Borders
		if solidOpaque(borders) {
			if b.runs == nil {
				b.runs = map[uint64]int{}
			}
			b.segs = mergeSegments(append(b.segs[:0], borders...), b.runs)
			borders = b.segs
		}
		for _, s := range borders {
			r := s.Rect
			r.X += f.X
			r.Y += f.Y
			b.add(Item{Op: OpBorder, Rect: r, Color: s.Color, Width: s.Width, Style: s.Style, Side: int8(s.Side), Opacity: op, Origin: Origin{Artifact: Layout}})
		}
		return
	}
	box := layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}
	if p.Shadows {
		b.boxShadows(f.Box.Style, box, f.Border, nil, false, op)
	}
	for _, fl := range p.Fills {
		r := fl.Rect
		r.X += f.X
		r.Y += f.Y
		if fl.Images != nil && r.W > 0 && r.H > 0 {
			// a row's background images, positioned in the row's box
			// and shown in the cell, or the cell's own (collapsed
			// borders: the table paints its borders)
			a := fl.Area
			a.X += f.X
			a.Y += f.Y
			areas := boxAreas{a, a, a}
			if fl.Images == f.Box {
				areas = areasOf(a, f.Border, f.Padding)
			}
			b.backgroundLayers(fl.Images, fl.Images.Style, areas, &r, op)
			continue
		}
		if fl.Color.A > 0 && r.W > 0 && r.H > 0 {
			b.add(Item{Op: OpFill, Rect: r, Color: fl.Color, Opacity: op, Origin: Origin{Artifact: Background}})
		}
	}
	if p.Shadows {
		b.boxShadows(f.Box.Style, box, f.Border, nil, true, op)
	}
	if p.Own {
		b.boxDecorations(f.Box.Style, box, f.Border, op, nil)
	}
}

// solidOpaque reports whether every segment is a solid border of one
// opaque colour: then painting them is filling the union of their
// rectangles, whatever their order, and touching segments can be merged.
func solidOpaque(segs []layout.PaintBorder) bool {
	if len(segs) < 2 {
		return false
	}
	c := segs[0].Color
	if c.A != 255 {
		return false
	}
	for _, s := range segs {
		if s.Style != style.BorderSolid || s.Color != c {
			return false
		}
	}
	return true
}

// joinTolerance is the largest gap, in points, between two collinear
// border segments that are still drawn as one.
const joinTolerance = 1e-6

// horizontal reports whether a segment is a top or bottom border.
func horizontal(s layout.PaintBorder) bool { return s.Side == style.Top || s.Side == style.Bottom }

// lineKey identifies the grid line a border segment lies on: its
// orientation, its position across the line and its thickness.
type lineKey struct {
	horizontal bool
	pos, size  float64
	width      float64
}

// keyOf returns the line s lies on and the range it covers along it.
func keyOf(s layout.PaintBorder) (k lineKey, start, end float64) {
	r := s.Rect
	if horizontal(s) {
		return lineKey{true, r.Y, r.H, s.Width}, r.X, r.X + r.W
	}
	return lineKey{false, r.X, r.W, s.Width}, r.Y, r.Y + r.H
}

// hash mixes k into a map key; runs are checked against the full key,
// so a collision only costs a missed merge.
func (k lineKey) hash() uint64 {
	h := math.Float64bits(k.pos)*0x9E3779B97F4A7C15 ^ math.Float64bits(k.size)*0xC2B2AE3D27D4EB4F ^ math.Float64bits(k.width)*0x165667B19E3779F9
	if k.horizontal {
		h = ^h
	}
	return h
}

// mergeSegments joins collinear border segments of the same thickness
// that touch or overlap into one longer segment, so a collapsed-border
// table draws one rectangle per grid line run instead of one per cell
// side. The segments must be solidOpaque: a merged segment is painted
// where its first piece was, which paints the same pixels because all
// have the same colour. runs is scratch space (cleared); the result
// reuses segs.
func mergeSegments(segs []layout.PaintBorder, runs map[uint64]int) []layout.PaintBorder {
	clear(runs)
	out := segs[:0]
	for _, s := range segs {
		k, start, end := keyOf(s)
		h := k.hash()
		if i, ok := runs[h]; ok {
			if lk, lstart, lend := keyOf(out[i]); lk == k && start <= lend+joinTolerance && end >= lstart-joinTolerance {
				lo, hi := min(lstart, start), max(lend, end)
				lr := &out[i].Rect
				if k.horizontal {
					lr.X, lr.W = lo, hi-lo
				} else {
					lr.Y, lr.H = lo, hi-lo
				}
				continue
			}
		}
		runs[h] = len(out)
		out = append(out, s)
	}
	return out
}
