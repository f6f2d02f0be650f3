package layout

import (
	"math"

	"github.com/seed28491532/folio/style"
)

// setBorderBoxWidth makes the border box of a box laid out with cs (a
// copy of the box's style) w wide, in the box-sizing cs already has:
// switching cs to border-box would also change what its height, min-
// and max-height mean, and its vertical padding and borders would then
// be taken out of its height.
func setBorderBoxWidth(cs *style.Style, w, cbW float64) {
	if cs.BoxSizing == style.ContentBox {
		w -= cs.Border[style.Left].Width + cs.Border[style.Right].Width +
			cs.Resolve(cs.Padding[style.Left], cbW, 0) + cs.Resolve(cs.Padding[style.Right], cbW, 0)
	}
	cs.MutSize().Width = style.Length{Value: math.Max(w, 0), Unit: style.Pt}
}
