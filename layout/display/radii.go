package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// contentRadii returns the radii of f's content edge: its border-radius
// less the border and padding on each side, and whether any corner is
// still rounded.
func contentRadii(f *layout.Fragment) (*[4][2]float64, bool) {
	var inset [4]float64
	for s := range inset {
		inset[s] = f.Border[s] + f.Padding[s]
	}
	return insetRadii(f, inset)
}

// insetRadii returns f's border radii less inset on each side, and
// whether any corner is still rounded.
func insetRadii(f *layout.Fragment, inset [4]float64) (*[4][2]float64, bool) {
	st := f.Box.Style
	if st == nil {
		return nil, false
	}
	// corners: top-left, top-right, bottom-right, bottom-left, each
	// inset by its horizontal and its vertical side
	sides := [4][2]int{{style.Left, style.Top}, {style.Right, style.Top}, {style.Right, style.Bottom}, {style.Left, style.Bottom}}
	var r [4][2]float64
	rounded := false
	for i, c := range st.BorderRadius {
		rx := st.Resolve(c[0], f.W, 0) - inset[sides[i][0]]
		ry := st.Resolve(c[1], f.H, 0) - inset[sides[i][1]]
		if rx > 0 && ry > 0 {
			r[i] = [2]float64{rx, ry}
			rounded = true
		}
	}
	if !rounded {
		return nil, false
	}
	return &r, true
}

// contains reports whether rectangle r holds rectangle in.
func contains(r, in layout.Rect) bool {
	return in.X >= r.X && in.Y >= r.Y && in.X+in.W <= r.X+r.W && in.Y+in.H <= r.Y+r.H
}
