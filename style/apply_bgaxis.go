package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// background-position-x, background-position-y and background-attachment
// (CSS Backgrounds 3 §3.6, §3.9; 4 §2.3), issue #17. background-position
// is the shorthand of the two axes; the computed BackgroundPosition
// pairs their lists layer by layer, each repeated as the layers need.
// background-attachment: fixed places a layer in the page box of each
// page (layout/display), as browsers print it.

// maxCombinedLayers bounds the pairs of background-position-x and -y
// lists of different lengths.
const maxCombinedLayers = 4 * maxBackgroundLayers

// applyBackgroundPositionAxis parses background-position-x (pBackgroundPositionX)
// or -y: a list of center, an edge keyword with an optional offset, or
// an offset.
func applyBackgroundPositionAxis(a applier, s *Style, id propID, x value) bool {
	lc := a.lengths(s)
	l, ok := parseLayers(x.v, func(f []css.Token) (PositionAxis, bool) { return lc.positionAxis(f, id == pBackgroundPositionY) })
	if !ok {
		return false
	}
	l = initialIfOne(l, PositionAxis{Offset: Length{Unit: Percent}})
	if id == pBackgroundPositionX {
		s.bgPositionX = l
	} else {
		s.bgPositionY = l
	}
	s.BackgroundPosition = pairPositions(s.bgPositionX, s.bgPositionY)
	return true
}

// positionAxis parses one layer of background-position-x (vertical
// false) or -y.
func (lc lengthCtx) positionAxis(f []css.Token, vertical bool) (PositionAxis, bool) {
	start, end := "left", "right"
	if vertical {
		start, end = "top", "bottom"
	}
	var p PositionAxis
	kw := ""
	if f[0].Kind == css.Ident {
		kw = strings.ToLower(f[0].Text)
		f = f[1:]
	}
	switch kw {
	case "":
	case "center":
		return PositionAxis{Offset: Length{Value: 50, Unit: Percent}}, len(f) == 0
	case start, "x-start", "y-start":
		if kw[1:] == "-start" && (kw[0] == 'y') != vertical {
			return p, false
		}
	case end, "x-end", "y-end":
		if kw[1:] == "-end" && (kw[0] == 'y') != vertical {
			return p, false
		}
		p.FromEnd = true
	default:
		return p, false
	}
	switch len(f) {
	case 0:
		if kw == "" {
			return p, false
		}
		if p.FromEnd {
			// right and bottom alone are 100% (as background-position
			// computes them)
			return PositionAxis{Offset: Length{Value: 100, Unit: Percent}}, true
		}
		p.Offset = Length{Unit: Percent}
		return p, true
	case 1:
		l, ok := lc.length(f[0], true, true)
		p.Offset = l
		return p, ok
	}
	return p, false
}

// pairPositions pairs the x and y lists (nil: the initial 0%) into
// background positions, each list repeated to the length of the longer
// multiple of both; nil when both are initial.
func pairPositions(xs, ys []PositionAxis) []BackgroundPosition {
	if xs == nil && ys == nil {
		return nil
	}
	zero := []PositionAxis{{Offset: Length{Unit: Percent}}}
	if xs == nil {
		xs = zero
	}
	if ys == nil {
		ys = zero
	}
	n := len(xs)
	for n%len(ys) != 0 && n < maxCombinedLayers {
		n += len(xs)
	}
	n = min(n, maxCombinedLayers)
	out := make([]BackgroundPosition, n)
	for i := range out {
		out[i] = BackgroundPosition{X: xs[i%len(xs)], Y: ys[i%len(ys)]}
	}
	return out
}

// expandBackgroundPosition expands background-position into its x and
// y lists.
func expandBackgroundPosition(_ *shorthandDef, vals, _ []css.Token) ([]longhand, bool) {
	layers, ok := layersOf(vals)
	if !ok {
		return nil, false
	}
	var xs, ys []css.Token
	for i, f := range layers {
		x, y, ok := splitPosition(f)
		if !ok {
			return nil, false
		}
		if i > 0 {
			xs = append(xs, css.Token{Kind: css.Comma, Text: ","})
			ys = append(ys, css.Token{Kind: css.Comma, Text: ","})
		}
		xs, ys = appendSpaced(xs, x), appendSpaced(ys, y)
	}
	return []longhand{{pBackgroundPositionX, xs}, {pBackgroundPositionY, ys}}, true
}

// appendSpaced appends the tokens f to out separated by spaces.
func appendSpaced(out, f []css.Token) []css.Token {
	for i, t := range f {
		if i > 0 {
			out = append(out, css.Token{Kind: css.Whitespace, Text: " "})
		}
		out = append(out, t)
	}
	return out
}

// splitPosition splits the fields of one <bg-position> into the tokens
// of its x and y axes.
func splitPosition(f []css.Token) (x, y []css.Token, ok bool) {
	if _, ok := (lengthCtx{}).position(f); !ok {
		return nil, nil, false
	}
	center := []css.Token{ident("center")}
	vertical := func(t css.Token) bool { return t.Is("top") || t.Is("bottom") }
	horizontal := func(t css.Token) bool { return t.Is("left") || t.Is("right") }
	switch len(f) {
	case 1:
		if vertical(f[0]) {
			return center, f, true
		}
		return f, center, true
	case 2:
		if f[0].Kind == css.Ident && f[1].Kind == css.Ident && (vertical(f[0]) || horizontal(f[1])) {
			return f[1:], f[:1], true
		}
		return f[:1], f[1:], true
	}
	// three or four values: two keywords, each but center with an
	// optional offset
	var groups [][]css.Token
	for i := 0; i < len(f); i++ {
		g := f[i : i+1]
		if i+1 < len(f) && f[i+1].Kind != css.Ident {
			g = f[i : i+2]
			i++
		}
		groups = append(groups, g)
	}
	a, b := groups[0], groups[1]
	if vertical(a[0]) || horizontal(b[0]) {
		a, b = b, a
	}
	return a, b, true
}

// applyBackgroundAttachment parses background-attachment: a list of
// scroll, fixed or local (local paints as scroll: nothing scrolls on
// paper).
func applyBackgroundAttachment(_ applier, s *Style, _ propID, x value) bool {
	l, ok := parseLayers(x.v, func(f []css.Token) (bool, bool) {
		if len(f) != 1 {
			return false, false
		}
		return f[0].Is("fixed"), f[0].Is("fixed") || f[0].Is("scroll") || f[0].Is("local")
	})
	if !ok {
		return false
	}
	s.BackgroundFixed = initialIfOne(l, false)
	s.BackgroundLocal = localLayers(x.v)
	return true
}

// localLayers returns which layers of a valid background-attachment
// list are local, nil for none.
func localLayers(v []css.Token) []bool {
	layers, _ := layersOf(v)
	var out []bool
	for i, f := range layers {
		if f[0].Is("local") {
			if out == nil {
				out = make([]bool, len(layers))
			}
			out[i] = true
		}
	}
	return out
}

func copyBackgroundAxis(d, s *Style, id propID) {
	switch id {
	case pBackgroundPositionX:
		d.bgPositionX = s.bgPositionX
	case pBackgroundPositionY:
		d.bgPositionY = s.bgPositionY
	case pBackgroundAttachment:
		d.BackgroundFixed, d.BackgroundLocal = s.BackgroundFixed, s.BackgroundLocal
		return
	}
	d.BackgroundPosition = pairPositions(d.bgPositionX, d.bgPositionY)
}
