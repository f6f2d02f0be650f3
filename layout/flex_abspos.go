package layout

import (
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// flexStatic is the static-position rectangle of an absolutely
// positioned child of a flex container, the container's content box
// (CSS Flexbox 1 §4.1), from the child's static position (its top
// left corner) and static width: the child is placed in it as if it
// were the sole flex item, by justify-content and its align-self. x
// and y are "start", "center" or "end" along the physical axes.
type flexStatic struct {
	x, y string
	// safeX and safeY say the alignment is safe: a child larger than
	// the rectangle is placed at its start (css-align-3 §4.4)
	safeX, safeY bool
	// f is the container's fragment, whose content height, when the
	// child is placed after the container, is the rectangle's height;
	// h is the height of its content as flex laid it out, for a child
	// placed before the fragment is finished.
	f *Fragment
	h float64
}

// height returns the height of the static-position rectangle.
func (s *flexStatic) height() float64 {
	return max(0, s.h, s.f.ContentRect().H)
}

// newFlexStatic returns the static-position rectangle of abspos child
// ch of flex container b, of fragment f.
func newFlexStatic(b, ch *box.Box, f *Fragment) *flexStatic {
	st := b.Style
	column := strings.HasPrefix(st.FlexDirection, "column")
	reverse := strings.HasSuffix(st.FlexDirection, "-reverse")
	rtl := st.Direction == style.RTL
	main := "start" // from the main-start edge
	switch alignWord(st.JustifyContent) {
	case "flex-end":
		main = "end"
	case "center", "space-around", "space-evenly":
		main = "center"
	case "end", "right":
		main = "end"
		if reverse {
			main = "start"
		}
	case "start", "left":
		if reverse {
			main = "end"
		}
	}
	// main-start is the right (bottom) edge when reversed, or in a
	// right-to-left row (not both)
	if (!column && reverse != rtl || column && reverse) && main != "center" {
		main = flip(main)
	}
	cross := itemAlign(ch, st, column)
	switch cross {
	case "end", "center":
	default:
		cross = "start"
	}
	if column && rtl && cross != "center" {
		cross = flip(cross) // the cross-start edge is the right one
	}
	s := &flexStatic{x: main, y: cross, f: f, safeY: strings.HasPrefix(selfValue(ch, st), "safe ")}
	if column {
		s.x, s.y = cross, main
		s.safeX, s.safeY = s.safeY, false
	}
	return s
}

func flip(a string) string {
	if a == "end" {
		return "start"
	}
	return "end"
}

// flexAbsolute queues the absolutely positioned children in pending of
// a flex container whose content box is h tall: their static positions
// are known only now.
func (l *layouter) flexAbsolute(ac *absCtx, f *Fragment, pending []absPending, h float64) {
	for _, p := range pending {
		p.flex.h = h
		l.queueAbsolute(ac, f, p, Rect{X: p.staticX, Y: p.staticY, W: p.staticW})
	}
}

// selfValue is ch's align-self, or flex container cst's align-items
// for auto.
func selfValue(ch *box.Box, cst *style.Style) string {
	if v := ch.Style.AlignSelf; v != "" && v != "auto" {
		return v
	}
	return cst.AlignItems
}

// offset returns the offset in the rectangle, along x or else y, of a
// child that leaves free space in it.
func (s *flexStatic) offset(x bool, free float64) float64 {
	a, safe := s.y, s.safeY
	if x {
		a, safe = s.x, s.safeX
	}
	if safe && free < 0 {
		return 0
	}
	return alignOffset(a, free)
}
