package layout

import "github.com/seed28491532/folio/style"

// borderBoxLimits turns the min-width and max-width in points of sz, the
// size group of a copy of style st about to switch to box-sizing:
// border-box, into border-box values (a content-box limit grows by the
// horizontal borders and padding) so that the switch keeps them.
func borderBoxLimits(sz *style.SizeGroup, st *style.Style, cbW float64) {
	if st.BoxSizing != style.ContentBox {
		return
	}
	edges := st.Border[style.Left].Width + st.Border[style.Right].Width +
		st.Resolve(st.Padding[style.Left], cbW, 0) + st.Resolve(st.Padding[style.Right], cbW, 0)
	for _, p := range [...]*style.Length{&sz.MinWidth, &sz.MaxWidth} {
		if p.Unit == style.Pt {
			p.Value += edges
		}
	}
}
