package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// Borders, border radii and backgrounds.

func applyBorderWidth(a applier, s *Style, id propID, x value) bool {
	if !x.single() {
		return false
	}
	w, ok := borderWidth(a.lengths(s), x.f[0])
	if !ok {
		return false
	}
	s.Border[id-pBorderTopWidth].Width = w
	return true
}

func copyBorderWidth(d, s *Style, id propID) {
	d.Border[id-pBorderTopWidth].Width = s.Border[id-pBorderTopWidth].Width
}

func borderWidth(lc lengthCtx, t css.Token) (float64, bool) {
	switch {
	case t.Is("thin"):
		return 0.75, true
	case t.Is("medium"):
		return 2.25, true
	case t.Is("thick"):
		return 3.75, true
	}
	l, ok := lc.length(t, false, false)
	return l.Value, ok
}

func applyBorderStyle(_ applier, s *Style, id propID, x value) bool {
	bs, ok := borderStyleOf(x.kw)
	if !ok || !x.single() {
		return false
	}
	s.Border[id-pBorderTopStyle].Style = bs
	return true
}

func copyBorderStyle(d, s *Style, id propID) {
	d.Border[id-pBorderTopStyle].Style = s.Border[id-pBorderTopStyle].Style
}

func borderStyleOf(s string) (BorderStyle, bool) {
	switch s {
	case "none":
		return BorderNone, true
	case "hidden":
		return BorderHidden, true
	case "dotted":
		return BorderDotted, true
	case "dashed":
		return BorderDashed, true
	case "solid":
		return BorderSolid, true
	case "double":
		return BorderDouble, true
	case "groove":
		return BorderGroove, true
	case "ridge":
		return BorderRidge, true
	case "inset":
		return BorderInset, true
	case "outset":
		return BorderOutset, true
	}
	return 0, false
}

func applyBorderColor(_ applier, s *Style, id propID, x value) bool {
	c, ok := ParseColor(x.f[0], s.Color)
	if !ok || !x.single() {
		return false
	}
	s.Border[id-pBorderTopColor].Color = c
	return true
}

func copyBorderColor(d, s *Style, id propID) {
	d.Border[id-pBorderTopColor].Color = s.Border[id-pBorderTopColor].Color
}

// applyRadius sets a corner's radii: one length for both, or horizontal
// then vertical.
func applyRadius(a applier, s *Style, id propID, x value) bool {
	f := x.f
	if len(f) > 2 {
		return false
	}
	lc := a.lengths(s)
	h, ok := lc.length(f[0], true, false)
	if !ok {
		return false
	}
	v := h
	if len(f) == 2 {
		if v, ok = lc.length(f[1], true, false); !ok {
			return false
		}
	}
	s.BorderRadius[id-pRadiusTopLeft] = [2]Length{h, v}
	return true
}

func copyRadius(d, s *Style, id propID) {
	d.BorderRadius[id-pRadiusTopLeft] = s.BorderRadius[id-pRadiusTopLeft]
}

func applyBackgroundColor(_ applier, s *Style, _ propID, x value) bool {
	c, ok := ParseColor(x.f[0], s.Color)
	if !ok || !x.single() {
		return false
	}
	s.BackgroundColor = c
	return true
}

// imageURL parses none | url(…) | a gradient (kept as "") for the first
// image of a list.
func imageURL(v []css.Token) (string, bool) {
	layers := css.SplitCommas(v)
	f := css.Fields(layers[0])
	if len(f) != 1 {
		return "", false
	}
	t := f[0]
	switch {
	case t.Is("none"):
		return "", true
	case t.Kind == css.URL:
		return t.Text, true
	case t.Kind == css.Function && strings.EqualFold(t.Text, "url"):
		a := css.Fields(t.Args)
		if len(a) == 1 && a[0].Kind == css.String {
			return a[0].Text, true
		}
	case t.Kind == css.Function && (strings.HasSuffix(strings.ToLower(t.Text), "gradient") || strings.EqualFold(t.Text, "image-set")):
		return "", true
	}
	return "", false
}
