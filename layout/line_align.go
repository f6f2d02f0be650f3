package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// edgeItem is line content aligned with vertical-align top or bottom.
type edgeItem struct {
	va           style.VerticalAlign
	above, below float64 // extent above and below its own baseline
	text         *Text
	atom         int
	atop         float64 // the atomic's provisional margin-box top
}

// edgeAlign returns VAlignTop or VAlignBottom when the outermost of chain
// (and then the atomic box) aligns to the line box edges, else 0.
func edgeAlign(chain []*box.Box, atom *box.Box) style.VerticalAlign {
	for _, b := range chain {
		if v := b.Style.VerticalAlign; v == style.VAlignTop || v == style.VAlignBottom {
			return v
		}
	}
	if atom != nil {
		if v := atom.Style.VerticalAlign; v == style.VAlignTop || v == style.VAlignBottom {
			return v
		}
	}
	return 0
}

// lineAlign is the text alignment of a line of block container b whose
// paragraph's base direction is base (1: right to left): justification
// gives way to text-align-last on the last line and to the start side on
// a line ended by a forced break.
func lineAlign(b *box.Box, base uint8, last, forced bool) style.TextAlign {
	align := startAlign(b)
	if last && forced && align == style.AlignJustify {
		align = physicalAlign(b.Style.TextAlignLast, b.Style.Direction == style.RTL)
		if align == style.AlignJustify {
			align = style.AlignLeft
			if base == 1 {
				align = style.AlignRight
			}
		}
	} else if forced && align == style.AlignJustify {
		align = style.AlignLeft
		if base == 1 {
			align = style.AlignRight
		}
	}
	return align
}

// startAlign returns the text-align of block b, its start and end
// sides resolved against b's direction (CSS Text 3 §6.1).
func startAlign(b *box.Box) style.TextAlign {
	return physicalAlign(b.Style.TextAlign, b.Style.Direction == style.RTL)
}

// physicalAlign resolves the start and end sides of alignment a for a
// right-to-left (rtl) or left-to-right direction.
func physicalAlign(a style.TextAlign, rtl bool) style.TextAlign {
	switch {
	case a == style.AlignStart && rtl, a == style.AlignEnd && !rtl:
		return style.AlignRight
	case a == style.AlignStart, a == style.AlignEnd:
		return style.AlignLeft
	}
	return a
}
