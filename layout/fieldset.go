package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// The rendered legend of a fieldset (HTML §15.3.13): laid out over the
// fieldset's block-start border, not in its content. The border and
// background start at the legend's middle when the legend is taller than
// the border (else the legend is centred in the border), the content
// starts below the legend, and a definite height loses the part of the
// legend's height the border does not cover. The legend is monolithic:
// never broken across pages or columns. display leaves a gap in the top
// border behind it.

// fieldsetLegend returns the rendered legend of b when b is a fieldset
// laid out as a block container (in columns or not), else nil.
func (l *layouter) fieldsetLegend(b *box.Box) *box.Box {
	if b.Tag() != "fieldset" || isFlex(b) || isGrid(b) || b.HasInlineChildren() {
		return nil
	}
	for _, c := range b.Children {
		if renderedLegend(c, b) {
			return c
		}
	}
	return nil
}

// legendBand places the rendered legend of fieldset b, if any, whose
// fragment f (border box at f.X, f.Y, f.W wide) is being laid out from its
// start (first) in fragmentation context c, and returns the shift d of
// the fieldset's border box: on the first fragment, f moves down by d and
// its content by 2d, so the content starts below the legend. The legend's
// fragment goes first in f.Children. The shift is kept for the later
// fragments, whose height it reduces too (legendHeight).
func (l *layouter) legendBand(b *box.Box, f *Fragment, c fctx, first bool) float64 {
	if !first {
		return l.legendShifts[b] // (0 for any other box)
	}
	lg := l.fieldsetLegend(b)
	if lg == nil {
		return 0
	}
	st := b.Style
	cx := f.X + f.Border[style.Left] + f.Padding[style.Left]
	cw := f.W - f.Border[style.Left] - f.Padding[style.Left] - f.Border[style.Right] - f.Padding[style.Right]
	saved := lg.Style
	cs := l.floatStyle(lg, cw)
	lg.Style = cs
	// monolithic: laid out whole, whatever room is left
	lf := l.block(lg, 0, 0, cw, fctx{bottom: math.Inf(1), atTop: true, abs: c.abs}, nil).frag
	lg.Style = saved
	ml, mr := cs.Resolve(cs.Margin[style.Left], cw, 0), cs.Resolve(cs.Margin[style.Right], cw, 0)
	mt, mb := cs.Resolve(cs.Margin[style.Top], cw, 0), cs.Resolve(cs.Margin[style.Bottom], cw, 0)
	band, bt := mt+lf.H+mb, st.Border[style.Top].Width
	x := cx + ml
	if st.Direction == style.RTL {
		x = cx + cw - mr - lf.W
	}
	d, y := 0.0, f.Y+mt
	if band > bt {
		d = (band - bt) / 2
		if l.legendShifts == nil {
			l.legendShifts = map[*box.Box]float64{}
		}
		l.legendShifts[b] = d
	} else {
		y += (bt - band) / 2
	}
	f.Children = append(f.Children, lf.translated(x-lf.X, y-lf.Y))
	return d
}

// legendHeight returns style st of a fieldset with its definite height
// (in points) reduced by shift 2d, the part of the legend's band the
// border does not cover; st itself when there is none.
func legendHeight(st *style.Style, d float64) *style.Style {
	if d <= 0 || st.Height.IsAuto() || st.Height.Unit != style.Pt {
		return st
	}
	cs := *st
	cs.MutSize().Height.Value = math.Max(0, st.Height.Value-2*d)
	return &cs
}
