package style

// overflowKeyword returns the Overflow value of an overflow keyword.
func overflowKeyword(kw string) (Overflow, bool) {
	switch kw {
	case "visible":
		return OverflowVisible, true
	case "hidden":
		return OverflowHidden, true
	case "clip":
		return OverflowClip, true
	case "scroll":
		return OverflowScroll, true
	case "auto", "overlay":
		return OverflowAuto, true
	}
	return 0, false
}

// applyOverflow sets overflow-x (pOverflow) or overflow-y (pOverflowY)
// and their combination.
func applyOverflow(_ applier, s *Style, id propID, x value) bool {
	v, ok := overflowKeyword(x.kw)
	if !ok {
		return false
	}
	if id == pOverflowY {
		s.OverflowY = v
	} else {
		s.OverflowX = v
	}
	s.Overflow = combineOverflow(s.OverflowX, s.OverflowY)
	return true
}

func copyOverflow(d, s *Style, id propID) {
	if id == pOverflowY {
		d.OverflowY = s.OverflowY
	} else {
		d.OverflowX = s.OverflowX
	}
	d.Overflow = combineOverflow(d.OverflowX, d.OverflowY)
}

// scrolls reports whether v makes a scroll container (hidden, scroll,
// auto).
func scrolls(v Overflow) bool { return v != OverflowVisible && v != OverflowClip }

// combineOverflow returns the overflow of a box whose overflow-x is x and
// overflow-y y, as one value: that of the axis that makes a scroll
// container (css-overflow-3 §3: the other axis then computes to auto
// or hidden), else clip when either axis clips, else visible.
func combineOverflow(x, y Overflow) Overflow {
	switch {
	case scrolls(x):
		return x
	case scrolls(y):
		return y
	case x == OverflowClip || y == OverflowClip:
		return OverflowClip
	}
	return OverflowVisible
}

// ClipsX reports whether the box clips its overflow in x: overflow-x is
// not visible, or overflow-y makes a scroll container (visible then
// computes to auto).
func (s *Style) ClipsX() bool { return s.OverflowX != OverflowVisible || scrolls(s.OverflowY) }

// ClipsY reports whether the box clips its overflow in y.
func (s *Style) ClipsY() bool { return s.OverflowY != OverflowVisible || scrolls(s.OverflowX) }

// SetOverflow sets the overflow of both axes to v (on a private box
// group: see MutBox).
func (g *BoxGroup) SetOverflow(v Overflow) { g.Overflow, g.OverflowX, g.OverflowY = v, v, v }
