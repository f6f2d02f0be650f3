package style

import (
	"github.com/seed28491532/folio/css"
)

// bgLayer holds the tokens of one layer of the background shorthand, per
// longhand.
type bgLayer struct {
	image, position, size, repeat, boxes []css.Token
	attachment                           *css.Token
	color                                *css.Token
}

// expandBackground expands the background shorthand (CSS Backgrounds 3
// §3.10): each comma-separated layer sets its image, position / size,
// repeat, attachment and origin and clip boxes;
// only the last layer may set the colour. Omitted values are reset to
// their initial values.
func expandBackground(_ *shorthandDef, vals, _ []css.Token) ([]longhand, bool) {
	layers, ok := layersOf(vals)
	if !ok {
		return nil, false
	}
	color := ident("transparent")
	var lists [8][]css.Token // image, position x and y, size, repeat, origin, clip, attachment
	for li, f := range layers {
		l, ok := parseBgLayer(f, li == len(layers)-1)
		if !ok {
			return nil, false
		}
		if l.color != nil {
			color = *l.color
		}
		origin, clip := []css.Token{ident("padding-box")}, []css.Token{ident("border-box")}
		switch len(l.boxes) {
		case 1:
			origin, clip = l.boxes, l.boxes
		case 2:
			origin, clip = l.boxes[:1], l.boxes[1:]
		}
		px, py := orDefault(nil, "0%"), orDefault(nil, "0%")
		if l.position != nil {
			px, py, _ = splitPosition(l.position) // checked by parseBgLayer
		}
		attach := orDefault(nil, "scroll")
		if l.attachment != nil {
			attach = []css.Token{*l.attachment}
		}
		vals := [8][]css.Token{
			orDefault(l.image, "none"), px, py, orDefault(l.size, "auto"),
			orDefault(l.repeat, "repeat"), origin, clip, attach,
		}
		for k, v := range vals {
			if li > 0 {
				lists[k] = append(lists[k], css.Token{Kind: css.Comma, Text: ","})
			}
			for i, t := range v {
				if i > 0 {
					lists[k] = append(lists[k], css.Token{Kind: css.Whitespace, Text: " "})
				}
				lists[k] = append(lists[k], t)
			}
		}
	}
	return []longhand{{pBackgroundColor, one(color)}, {pBackgroundImage, lists[0]},
		{pBackgroundPositionX, lists[1]}, {pBackgroundPositionY, lists[2]}, {pBackgroundSize, lists[3]},
		{pBackgroundRepeat, lists[4]}, {pBackgroundOrigin, lists[5]}, {pBackgroundClip, lists[6]},
		{pBackgroundAttachment, lists[7]}}, true
}

// orDefault returns v, or the initial value's tokens when v is empty.
func orDefault(v []css.Token, def ...string) []css.Token {
	if len(v) > 0 {
		return v
	}
	out := make([]css.Token, len(def))
	for i, d := range def {
		t := css.Tokenize(d, nil)
		out[i] = css.Fields(t)[0]
	}
	return out
}

// parseBgLayer sorts the tokens of one shorthand layer into its parts;
// last says whether the layer may set the colour.
func parseBgLayer(f []css.Token, last bool) (bgLayer, bool) {
	var l bgLayer
	var lc lengthCtx // validity only: the longhands compute the values
	for i := 0; i < len(f); i++ {
		t := f[i]
		if _, ok := lc.image(t, Color{}); ok && l.image == nil {
			l.image = f[i : i+1]
			continue
		}
		if n := runOf(f[i:], 4, isPositionToken); n > 0 && l.position == nil {
			if _, ok := lc.position(f[i : i+n]); !ok {
				return l, false
			}
			l.position = f[i : i+n]
			i += n - 1
			if i+1 < len(f) && f[i+1].IsDelim("/") {
				m := runOf(f[i+2:], 2, isSizeToken)
				if m == 0 {
					return l, false
				}
				if _, ok := lc.bgSize(f[i+2 : i+2+m]); !ok {
					return l, false
				}
				l.size = f[i+2 : i+2+m]
				i += 1 + m
			}
			continue
		}
		if n := runOf(f[i:], 2, isRepeatToken); n > 0 && l.repeat == nil {
			if _, ok := bgRepeat(f[i : i+n]); !ok {
				return l, false
			}
			l.repeat = f[i : i+n]
			i += n - 1
			continue
		}
		if (t.Is("scroll") || t.Is("fixed") || t.Is("local")) && l.attachment == nil {
			l.attachment = &f[i]
			continue
		}
		if _, ok := boxArea(f[i : i+1]); ok && len(l.boxes) < 2 {
			l.boxes = append(l.boxes, t)
			continue
		}
		if last && l.color == nil && isColorToken(t) {
			l.color = &f[i]
			continue
		}
		return l, false
	}
	return l, true
}

// runOf returns how many of the first (at most max) tokens of f satisfy
// is.
func runOf(f []css.Token, max int, is func(css.Token) bool) int {
	n := 0
	for n < len(f) && n < max && is(f[n]) {
		n++
	}
	return n
}

func isPositionToken(t css.Token) bool {
	switch {
	case t.Is("left"), t.Is("right"), t.Is("top"), t.Is("bottom"), t.Is("center"):
		return true
	}
	_, ok := lengthCtx{}.length(t, true, true)
	return ok
}

func isSizeToken(t css.Token) bool {
	if t.Is("auto") || t.Is("cover") || t.Is("contain") {
		return true
	}
	_, ok := lengthCtx{}.length(t, true, false)
	return ok
}

func isRepeatToken(t css.Token) bool {
	if t.Is("repeat-x") || t.Is("repeat-y") {
		return true
	}
	_, ok := repeatStyleOf(t)
	return ok
}
