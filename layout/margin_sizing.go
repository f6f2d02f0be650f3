package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// marginItem is one generated margin box of a side while its size along
// the side is resolved (css-page-3 §5.3).
type marginItem struct {
	// generated is false for a box that does not exist: it then takes
	// no room.
	generated bool
	// auto says the size along the side is auto; size holds the used
	// outer size once resolved (given sizes are filled in up front).
	auto bool
	size float64
	// minC and maxC are the min-content and max-content outer sizes;
	// noMin says minC holds only the box's edges so far (see
	// needsMinContent).
	minC, maxC float64
	noMin      bool
	// lo and hi are the outer sizes min and max sizes allow (0 and +Inf
	// when auto and none).
	lo, hi float64
}

// needsMinContent reports whether resolveTrio may use the min-content
// sizes of a side's boxes: only when their max-content sizes (given sizes
// for boxes not auto), with the larger of A and C taken twice as it
// does for a centred B, overflow avail; else every distribution it makes
// is by max-content sizes. The sum is the one resolveTrio tests.
func needsMinContent(items *[3]marginItem, avail float64) bool {
	v := func(it *marginItem) float64 {
		switch {
		case !it.generated:
			return 0
		case it.auto:
			return it.maxC
		}
		return it.size
	}
	return !(2*math.Max(v(&items[0]), v(&items[2]))+v(&items[1]) <= avail)
}

// distribute splits avail between two auto-sized boxes in proportion to
// their content (css-page-3 §5.3.2): by max-content size when both fit,
// else growing from min-content by the difference of the two, else
// shrinking in proportion to min-content. It returns the first box's size.
func distribute(avail, aMin, aMax, cMin, cMax float64) float64 {
	sumMax, sumMin := aMax+cMax, aMin+cMin
	switch {
	case sumMax <= avail:
		if sumMax <= 0 {
			return avail / 2
		}
		return aMax + (avail-sumMax)*aMax/sumMax
	case sumMin <= avail:
		d := sumMax - sumMin
		if d <= 0 {
			return aMin + (avail-sumMin)/2
		}
		return aMin + (avail-sumMin)*(aMax-aMin)/d
	default:
		if sumMin <= 0 {
			return avail / 2
		}
		return aMin - (sumMin-avail)*aMin/sumMin
	}
}

// resolveTrio resolves the outer sizes of the start (A), centre (B) and
// end (C) boxes of one page side sharing avail, and returns the offset of
// each box from the side's start. A and C sit at the two ends; B is
// centred on the side whatever the sizes of A and C.
func resolveTrio(avail float64, a, b, c *marginItem) (offA, offB, offC float64) {
	if !a.generated {
		a.auto, a.size, a.minC, a.maxC = false, 0, 0, 0
	}
	if !c.generated {
		c.auto, c.size, c.minC, c.maxC = false, 0, 0, 0
	}
	if !b.generated {
		switch {
		case a.auto && c.auto:
			a.size = distribute(avail, a.minC, a.maxC, c.minC, c.maxC)
			c.size = avail - a.size
		case a.auto:
			a.size = avail - c.size
		case c.auto:
			c.size = avail - a.size
		}
	} else {
		if b.auto {
			// B against an imaginary box twice the larger of A and C
			acMin, acMax := 2*math.Max(a.minC, c.minC), 2*math.Max(a.maxC, c.maxC)
			if !a.auto && !c.auto {
				b.size = avail - 2*math.Max(a.size, c.size)
			} else {
				if !a.auto {
					acMin, acMax = 2*math.Max(a.size, c.minC), 2*math.Max(a.size, c.maxC)
				}
				if !c.auto {
					acMin, acMax = 2*math.Max(a.minC, c.size), 2*math.Max(a.maxC, c.size)
				}
				b.size = avail - distribute(avail, acMin, acMax, b.minC, b.maxC)
			}
		}
		side := (avail - b.size) / 2
		if a.auto {
			a.size = side
		}
		if c.auto {
			c.size = side
		}
	}
	a.size, b.size, c.size = math.Max(a.size, 0), math.Max(b.size, 0), math.Max(c.size, 0)
	return 0, (avail - b.size) / 2, avail - c.size
}

// resolveSide resolves the outer sizes of a side's three boxes with
// resolveTrio, then applies their min and max sizes as css-page-3
// §variable-minmax says: a box whose size exceeds its max is given its
// max as its size and the sizes resolved again; then likewise for min.
// It returns the offset of each box from the side's start.
func resolveSide(avail float64, items *[3]marginItem) [3]float64 {
	orig := *items
	var off [3]float64
	off[0], off[1], off[2] = resolveTrio(avail, &items[0], &items[1], &items[2])
	for pass := range 2 {
		redo := false
		for k := range items {
			it := &items[k]
			switch {
			case !it.generated:
			case pass == 0 && it.size > it.hi+1e-9:
				orig[k].auto, orig[k].size = false, it.hi
				redo = true
			case pass == 1 && it.size < it.lo-1e-9:
				orig[k].auto, orig[k].size = false, it.lo
				redo = true
			}
		}
		if redo {
			*items = orig
			off[0], off[1], off[2] = resolveTrio(avail, &items[0], &items[1], &items[2])
		}
	}
	return off
}

// sideBoxes lists the three margin boxes of a side, start to end.
var sideBoxes = [4][3]style.MarginBox{
	style.Top:    {style.TopLeft, style.TopCenter, style.TopRight},
	style.Right:  {style.RightTop, style.RightMiddle, style.RightBottom},
	style.Bottom: {style.BottomLeft, style.BottomCenter, style.BottomRight},
	style.Left:   {style.LeftTop, style.LeftMiddle, style.LeftBottom},
}

// cornerRect is the rectangle of a corner margin box on page p.
func cornerRect(p *Page, m style.MarginBox) Rect {
	mg := p.Margin
	switch m {
	case style.TopLeftCorner:
		return Rect{0, 0, mg[style.Left], mg[style.Top]}
	case style.TopRightCorner:
		return Rect{p.Width - mg[style.Right], 0, mg[style.Right], mg[style.Top]}
	case style.BottomLeftCorner:
		return Rect{0, p.Height - mg[style.Bottom], mg[style.Left], mg[style.Bottom]}
	default:
		return Rect{p.Width - mg[style.Right], p.Height - mg[style.Bottom], mg[style.Right], mg[style.Bottom]}
	}
}

// sideRect is the band of page p along side (between the corners) that
// the side's three margin boxes share.
func sideRect(p *Page, side int) Rect {
	mg := p.Margin
	iw := p.Width - mg[style.Left] - mg[style.Right]
	ih := p.Height - mg[style.Top] - mg[style.Bottom]
	switch side {
	case style.Top:
		return Rect{mg[style.Left], 0, iw, mg[style.Top]}
	case style.Bottom:
		return Rect{mg[style.Left], p.Height - mg[style.Bottom], iw, mg[style.Bottom]}
	case style.Left:
		return Rect{0, mg[style.Top], mg[style.Left], ih}
	default:
		return Rect{p.Width - mg[style.Right], mg[style.Top], mg[style.Right], ih}
	}
}
