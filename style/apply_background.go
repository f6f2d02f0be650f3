package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// Background longhands: each value is a comma-separated list, one entry
// per layer; a list equal to the initial single layer is stored as nil.

// maxBackgroundLayers bounds the layers of one background list; a longer
// list is invalid (browsers draw far fewer in practice).
const maxBackgroundLayers = 64

// maxGradientStops bounds the colour stops of one gradient.
const maxGradientStops = 256

// layersOf splits a list value into its layers' fields; ok is false for
// an empty layer or too many layers.
func layersOf(v []css.Token) ([][]css.Token, bool) {
	ls := css.SplitCommas(v)
	if len(ls) > maxBackgroundLayers {
		return nil, false
	}
	out := make([][]css.Token, len(ls))
	for i, l := range ls {
		out[i] = css.Fields(l)
		if len(out[i]) == 0 {
			return nil, false
		}
	}
	return out, true
}

// parseLayers parses every layer of v with parse.
func parseLayers[T any](v []css.Token, parse func(f []css.Token) (T, bool)) ([]T, bool) {
	ls, ok := layersOf(v)
	if !ok {
		return nil, false
	}
	out := make([]T, len(ls))
	for i, f := range ls {
		if out[i], ok = parse(f); !ok {
			return nil, false
		}
	}
	return out, true
}

// initialIfOne returns nil for a one-layer list holding init.
func initialIfOne[T comparable](l []T, init T) []T {
	if len(l) == 1 && l[0] == init {
		return nil
	}
	return l
}

func applyBackgroundImage(a applier, s *Style, _ propID, x value) bool {
	imgs, ok := parseLayers(x.v, func(f []css.Token) (BackgroundImage, bool) {
		if len(f) != 1 {
			return BackgroundImage{}, false
		}
		return a.lc.image(f[0], s.Color)
	})
	if !ok {
		return false
	}
	s.BackgroundImage = ""
	none := true
	for _, im := range imgs {
		if im.URL != "" && s.BackgroundImage == "" {
			s.BackgroundImage = im.URL
		}
		none = none && im == (BackgroundImage{})
	}
	s.BackgroundLayers = 0 // one layer
	if len(imgs) > 1 {
		s.BackgroundLayers = len(imgs)
	}
	if none {
		imgs = nil
	}
	s.BackgroundImages = imgs
	return true
}

func copyBackgroundImage(d, s *Style, _ propID) {
	d.BackgroundImage, d.BackgroundImages = s.BackgroundImage, s.BackgroundImages
	d.BackgroundLayers = s.BackgroundLayers
}

// image parses none | url(…) | a gradient (current is the colour
// currentcolor stands for).
func (lc lengthCtx) image(t css.Token, current Color) (BackgroundImage, bool) {
	switch {
	case t.Is("none"):
		return BackgroundImage{}, true
	case t.Kind == css.URL:
		return BackgroundImage{URL: t.Text}, t.Text != ""
	case t.Kind == css.Function && strings.EqualFold(t.Text, "url"):
		a := css.Fields(t.Args)
		if len(a) == 1 && a[0].Kind == css.String && a[0].Text != "" {
			return BackgroundImage{URL: a[0].Text}, true
		}
	case t.Kind == css.Function:
		g, ok := lc.gradient(t, current)
		if ok {
			return BackgroundImage{Gradient: g}, true
		}
	}
	return BackgroundImage{}, false
}

func applyBackgroundPosition(a applier, s *Style, _ propID, x value) bool {
	l, ok := parseLayers(x.v, a.lc.position)
	if !ok {
		return false
	}
	s.BackgroundPosition = initialIfOne(l, InitialPosition())
	return true
}

func applyBackgroundSize(a applier, s *Style, _ propID, x value) bool {
	l, ok := parseLayers(x.v, a.lc.bgSize)
	if !ok {
		return false
	}
	s.BackgroundSize = initialIfOne(l, InitialSize())
	return true
}

func applyBackgroundRepeat(_ applier, s *Style, _ propID, x value) bool {
	l, ok := parseLayers(x.v, bgRepeat)
	if !ok {
		return false
	}
	s.BackgroundRepeat = initialIfOne(l, BackgroundRepeat{})
	return true
}

func applyBackgroundOrigin(_ applier, s *Style, _ propID, x value) bool {
	l, ok := parseLayers(x.v, boxArea)
	if !ok {
		return false
	}
	s.BackgroundOrigin = initialIfOne(l, PaddingBoxArea)
	return true
}

func applyBackgroundClip(_ applier, s *Style, _ propID, x value) bool {
	l, ok := parseLayers(x.v, boxArea)
	if !ok {
		return false
	}
	s.BackgroundClip = initialIfOne(l, BorderBoxArea)
	return true
}

// boxArea parses border-box | padding-box | content-box.
func boxArea(f []css.Token) (BoxArea, bool) {
	if len(f) != 1 || f[0].Kind != css.Ident {
		return 0, false
	}
	return boxAreaOf(strings.ToLower(f[0].Text))
}

func boxAreaOf(kw string) (BoxArea, bool) {
	switch kw {
	case "border-box":
		return BorderBoxArea, true
	case "padding-box":
		return PaddingBoxArea, true
	case "content-box":
		return ContentBoxArea, true
	}
	return 0, false
}

// bgRepeat parses repeat-x | repeat-y | [repeat | space | round | no-repeat]{1,2}.
func bgRepeat(f []css.Token) (BackgroundRepeat, bool) {
	if len(f) == 1 {
		switch {
		case f[0].Is("repeat-x"):
			return BackgroundRepeat{X: Repeat, Y: NoRepeat}, true
		case f[0].Is("repeat-y"):
			return BackgroundRepeat{X: NoRepeat, Y: Repeat}, true
		}
	}
	if len(f) > 2 {
		return BackgroundRepeat{}, false
	}
	var r [2]RepeatStyle
	for i, t := range f {
		rs, ok := repeatStyleOf(t)
		if !ok {
			return BackgroundRepeat{}, false
		}
		r[i] = rs
	}
	if len(f) == 1 {
		r[1] = r[0]
	}
	return BackgroundRepeat{X: r[0], Y: r[1]}, true
}

func repeatStyleOf(t css.Token) (RepeatStyle, bool) {
	if t.Kind != css.Ident {
		return 0, false
	}
	switch strings.ToLower(t.Text) {
	case "repeat":
		return Repeat, true
	case "no-repeat":
		return NoRepeat, true
	case "space":
		return RepeatSpace, true
	case "round":
		return RepeatRound, true
	}
	return 0, false
}

// bgSize parses cover | contain | [<length-percentage> | auto]{1,2}.
func (lc lengthCtx) bgSize(f []css.Token) (BackgroundSize, bool) {
	if len(f) == 1 {
		switch {
		case f[0].Is("cover"):
			return BackgroundSize{Mode: SizeCover}, true
		case f[0].Is("contain"):
			return BackgroundSize{Mode: SizeContain}, true
		}
	}
	if len(f) > 2 {
		return BackgroundSize{}, false
	}
	sz := InitialSize()
	for i, t := range f {
		l := Length{Unit: Auto}
		if !t.Is("auto") {
			var ok bool
			if l, ok = lc.length(t, true, false); !ok {
				return BackgroundSize{}, false
			}
		}
		if i == 0 {
			sz.W = l
		} else {
			sz.H = l
		}
	}
	return sz, true
}

// posPart is one token of a position: a keyword or a length-percentage.
type posPart struct {
	kw  string // "" for a length
	len Length
}

func (p posPart) horizontal() bool { return p.kw == "left" || p.kw == "right" }
func (p posPart) vertical() bool   { return p.kw == "top" || p.kw == "bottom" }

// axis converts a keyword with an optional offset to a PositionAxis.
func (p posPart) axis(off *Length) PositionAxis {
	switch p.kw {
	case "":
		return PositionAxis{Offset: p.len}
	case "center":
		return PositionAxis{Offset: Length{Value: 50, Unit: Percent}}
	case "left", "top":
		if off != nil {
			return PositionAxis{Offset: *off}
		}
		return PositionAxis{Offset: Length{Unit: Percent}}
	default: // right, bottom
		if off != nil {
			return PositionAxis{Offset: *off, FromEnd: true}
		}
		return PositionAxis{Offset: Length{Value: 100, Unit: Percent}}
	}
}

// position parses a <bg-position> (1 to 4 values).
func (lc lengthCtx) position(f []css.Token) (BackgroundPosition, bool) {
	if len(f) == 0 || len(f) > 4 {
		return BackgroundPosition{}, false
	}
	parts := make([]posPart, len(f))
	for i, t := range f {
		if t.Kind == css.Ident {
			kw := strings.ToLower(t.Text)
			switch kw {
			case "left", "right", "top", "bottom", "center":
				parts[i] = posPart{kw: kw}
				continue
			}
			return BackgroundPosition{}, false
		}
		l, ok := lc.length(t, true, true)
		if !ok {
			return BackgroundPosition{}, false
		}
		parts[i] = posPart{len: l}
	}
	switch len(parts) {
	case 1:
		p := parts[0]
		c := posPart{kw: "center"}
		if p.vertical() {
			return BackgroundPosition{X: c.axis(nil), Y: p.axis(nil)}, true
		}
		return BackgroundPosition{X: p.axis(nil), Y: c.axis(nil)}, true
	case 2:
		a, b := parts[0], parts[1]
		if a.kw != "" && b.kw != "" && (a.vertical() || b.horizontal()) {
			a, b = b, a
		}
		if a.vertical() || b.horizontal() {
			return BackgroundPosition{}, false
		}
		return BackgroundPosition{X: a.axis(nil), Y: b.axis(nil)}, true
	}
	return positionGroups(parts)
}

// positionGroups parses the 3- and 4-value forms: two keywords, each but
// center optionally followed by an offset.
func positionGroups(parts []posPart) (BackgroundPosition, bool) {
	type group struct {
		kw  posPart
		off *Length
	}
	var gs []group
	for i := 0; i < len(parts); i++ {
		if parts[i].kw == "" {
			return BackgroundPosition{}, false
		}
		g := group{kw: parts[i]}
		if i+1 < len(parts) && parts[i+1].kw == "" {
			if g.kw.kw == "center" {
				return BackgroundPosition{}, false
			}
			l := parts[i+1].len
			g.off = &l
			i++
		}
		gs = append(gs, g)
	}
	if len(gs) != 2 {
		return BackgroundPosition{}, false
	}
	a, b := gs[0], gs[1]
	if a.kw.vertical() || b.kw.horizontal() {
		a, b = b, a
	}
	if a.kw.vertical() || b.kw.horizontal() {
		return BackgroundPosition{}, false
	}
	return BackgroundPosition{X: a.kw.axis(a.off), Y: b.kw.axis(b.off)}, true
}

// angle parses an <angle> (0 without a unit allowed) in degrees.
func angle(t css.Token) (float64, bool) {
	switch {
	case t.Kind == css.Number && t.Num == 0:
		return 0, true
	case t.Kind != css.Dimension:
		return 0, false
	}
	switch t.Unit {
	case "deg":
		return t.Num, true
	case "rad":
		return t.Num * 180 / math.Pi, true
	case "grad":
		return t.Num * 0.9, true
	case "turn":
		return t.Num * 360, true
	}
	return 0, false
}
