package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// namedColors holds the 148 CSS named colors as 0xRRGGBB (read-only).
var namedColors = map[string]uint32{
	"aliceblue": 0xf0f8ff, "antiquewhite": 0xfaebd7, "aqua": 0x00ffff, "aquamarine": 0x7fffd4,
	"azure": 0xf0ffff, "beige": 0xf5f5dc, "bisque": 0xffe4c4, "black": 0x000000,
	"blanchedalmond": 0xffebcd, "blue": 0x0000ff, "blueviolet": 0x8a2be2, "brown": 0xa52a2a,
	"burlywood": 0xdeb887, "cadetblue": 0x5f9ea0, "chartreuse": 0x7fff00, "chocolate": 0xd2691e,
	"coral": 0xff7f50, "cornflowerblue": 0x6495ed, "cornsilk": 0xfff8dc, "crimson": 0xdc143c,
	"cyan": 0x00ffff, "darkblue": 0x00008b, "darkcyan": 0x008b8b, "darkgoldenrod": 0xb8860b,
	"darkgray": 0xa9a9a9, "darkgreen": 0x006400, "darkgrey": 0xa9a9a9, "darkkhaki": 0xbdb76b,
	"darkmagenta": 0x8b008b, "darkolivegreen": 0x556b2f, "darkorange": 0xff8c00, "darkorchid": 0x9932cc,
	"darkred": 0x8b0000, "darksalmon": 0xe9967a, "darkseagreen": 0x8fbc8f, "darkslateblue": 0x483d8b,
	"darkslategray": 0x2f4f4f, "darkslategrey": 0x2f4f4f, "darkturquoise": 0x00ced1, "darkviolet": 0x9400d3,
	"deeppink": 0xff1493, "deepskyblue": 0x00bfff, "dimgray": 0x696969, "dimgrey": 0x696969,
	"dodgerblue": 0x1e90ff, "firebrick": 0xb22222, "floralwhite": 0xfffaf0, "forestgreen": 0x228b22,
	"fuchsia": 0xff00ff, "gainsboro": 0xdcdcdc, "ghostwhite": 0xf8f8ff, "gold": 0xffd700,
	"goldenrod": 0xdaa520, "gray": 0x808080, "green": 0x008000, "greenyellow": 0xadff2f,
	"grey": 0x808080, "honeydew": 0xf0fff0, "hotpink": 0xff69b4, "indianred": 0xcd5c5c,
	"indigo": 0x4b0082, "ivory": 0xfffff0, "khaki": 0xf0e68c, "lavender": 0xe6e6fa,
	"lavenderblush": 0xfff0f5, "lawngreen": 0x7cfc00, "lemonchiffon": 0xfffacd, "lightblue": 0xadd8e6,
	"lightcoral": 0xf08080, "lightcyan": 0xe0ffff, "lightgoldenrodyellow": 0xfafad2, "lightgray": 0xd3d3d3,
	"lightgreen": 0x90ee90, "lightgrey": 0xd3d3d3, "lightpink": 0xffb6c1, "lightsalmon": 0xffa07a,
	"lightseagreen": 0x20b2aa, "lightskyblue": 0x87cefa, "lightslategray": 0x778899, "lightslategrey": 0x778899,
	"lightsteelblue": 0xb0c4de, "lightyellow": 0xffffe0, "lime": 0x00ff00, "limegreen": 0x32cd32,
	"linen": 0xfaf0e6, "magenta": 0xff00ff, "maroon": 0x800000, "mediumaquamarine": 0x66cdaa,
	"mediumblue": 0x0000cd, "mediumorchid": 0xba55d3, "mediumpurple": 0x9370db, "mediumseagreen": 0x3cb371,
	"mediumslateblue": 0x7b68ee, "mediumspringgreen": 0x00fa9a, "mediumturquoise": 0x48d1cc, "mediumvioletred": 0xc71585,
	"midnightblue": 0x191970, "mintcream": 0xf5fffa, "mistyrose": 0xffe4e1, "moccasin": 0xffe4b5,
	"navajowhite": 0xffdead, "navy": 0x000080, "oldlace": 0xfdf5e6, "olive": 0x808000,
	"olivedrab": 0x6b8e23, "orange": 0xffa500, "orangered": 0xff4500, "orchid": 0xda70d6,
	"palegoldenrod": 0xeee8aa, "palegreen": 0x98fb98, "paleturquoise": 0xafeeee, "palevioletred": 0xdb7093,
	"papayawhip": 0xffefd5, "peachpuff": 0xffdab9, "peru": 0xcd853f, "pink": 0xffc0cb,
	"plum": 0xdda0dd, "powderblue": 0xb0e0e6, "purple": 0x800080, "rebeccapurple": 0x663399,
	"red": 0xff0000, "rosybrown": 0xbc8f8f, "royalblue": 0x4169e1, "saddlebrown": 0x8b4513,
	"salmon": 0xfa8072, "sandybrown": 0xf4a460, "seagreen": 0x2e8b57, "seashell": 0xfff5ee,
	"sienna": 0xa0522d, "silver": 0xc0c0c0, "skyblue": 0x87ceeb, "slateblue": 0x6a5acd,
	"slategray": 0x708090, "slategrey": 0x708090, "snow": 0xfffafa, "springgreen": 0x00ff7f,
	"steelblue": 0x4682b4, "tan": 0xd2b48c, "teal": 0x008080, "thistle": 0xd8bfd8,
	"tomato": 0xff6347, "turquoise": 0x40e0d0, "violet": 0xee82ee, "wheat": 0xf5deb3,
	"white": 0xffffff, "whitesmoke": 0xf5f5f5, "yellow": 0xffff00, "yellowgreen": 0x9acd32,
}

// ParseColor parses a color value token. currentColor resolves to
// current. ok is false when t is not a color.
func ParseColor(t css.Token, current Color) (Color, bool) {
	switch t.Kind {
	case css.Ident:
		name := strings.ToLower(t.Text)
		switch name {
		case "transparent":
			return Transparent, true
		case "currentcolor":
			return current, true
		}
		if v, ok := namedColors[name]; ok {
			return Color{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, true
		}
		// CSS2 system colors map to plain defaults
		switch name {
		case "canvas", "window", "buttonface", "field":
			return Color{255, 255, 255, 255}, true
		case "canvastext", "windowtext", "buttontext", "fieldtext", "graytext":
			return Color{0, 0, 0, 255}, true
		case "linktext":
			return Color{0, 0, 238, 255}, true
		}
	case css.Hash:
		return parseHex(t.Text)
	case css.Function:
		switch strings.ToLower(t.Text) {
		case "rgb", "rgba":
			return parseRGB(t.Args)
		case "hsl", "hsla":
			return parseHSL(t.Args)
		case "hwb", "lab", "lch", "oklab", "oklch":
			return parseColor4(t)
		}
	}
	return Color{}, false
}

func parseHex(h string) (Color, bool) {
	var v [8]uint8
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return Color{}, false
		}
		if i >= 8 {
			return Color{}, false
		}
		v[i] = c
	}
	switch len(h) {
	case 3, 4:
		c := Color{v[0] * 17, v[1] * 17, v[2] * 17, 255}
		if len(h) == 4 {
			c.A = v[3] * 17
		}
		return c, true
	case 6, 8:
		c := Color{v[0]<<4 | v[1], v[2]<<4 | v[3], v[4]<<4 | v[5], 255}
		if len(h) == 8 {
			c.A = v[6]<<4 | v[7]
		}
		return c, true
	}
	return Color{}, false
}

// colorArgs splits the arguments of rgb()/hsl() in comma or space syntax
// into the three components and the optional alpha.
func colorArgs(args []css.Token) ([]css.Token, bool) {
	f := css.Fields(args)
	var out []css.Token
	commas := false
	for _, t := range f {
		if t.Kind == css.Comma {
			commas = true
		}
	}
	if commas {
		for i, t := range f {
			if i%2 == 1 {
				if t.Kind != css.Comma {
					return nil, false
				}
				continue
			}
			if t.Kind == css.Comma {
				return nil, false
			}
			out = append(out, t)
		}
		if len(f)%2 == 0 {
			return nil, false
		}
	} else {
		for i, t := range f {
			if t.IsDelim("/") {
				if i != 3 || len(f) != 5 {
					return nil, false
				}
				continue
			}
			out = append(out, t)
		}
	}
	if len(out) != 3 && len(out) != 4 {
		return nil, false
	}
	return out, true
}

func clamp255(v float64) uint8 {
	v = math.Round(v)
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v)
}

func alphaOf(t css.Token) (uint8, bool) {
	switch t.Kind {
	case css.Number:
		return clamp255(t.Num * 255), true
	case css.Percentage:
		return clamp255(t.Num * 255 / 100), true
	case css.Ident:
		if t.Is("none") {
			return 0, true
		}
	}
	return 0, false
}

func parseRGB(args []css.Token) (Color, bool) {
	a, ok := colorArgs(args)
	if !ok {
		return Color{}, false
	}
	var c [3]uint8
	for i := 0; i < 3; i++ {
		switch a[i].Kind {
		case css.Number:
			c[i] = clamp255(a[i].Num)
		case css.Percentage:
			c[i] = clamp255(a[i].Num * 255 / 100)
		default:
			if a[i].Is("none") {
				continue
			}
			return Color{}, false
		}
	}
	col := Color{c[0], c[1], c[2], 255}
	if len(a) == 4 {
		if col.A, ok = alphaOf(a[3]); !ok {
			return Color{}, false
		}
	}
	return col, true
}

func parseHSL(args []css.Token) (Color, bool) {
	a, ok := colorArgs(args)
	if !ok {
		return Color{}, false
	}
	var h float64
	switch a[0].Kind {
	case css.Number:
		h = a[0].Num
	case css.Dimension:
		switch a[0].Unit {
		case "deg":
			h = a[0].Num
		case "rad":
			h = a[0].Num * 180 / math.Pi
		case "grad":
			h = a[0].Num * 0.9
		case "turn":
			h = a[0].Num * 360
		default:
			return Color{}, false
		}
	default:
		return Color{}, false
	}
	pct := func(t css.Token) (float64, bool) {
		if t.Kind == css.Percentage || t.Kind == css.Number {
			return math.Max(0, math.Min(100, t.Num)) / 100, true
		}
		return 0, false
	}
	s, ok1 := pct(a[1])
	l, ok2 := pct(a[2])
	if !ok1 || !ok2 {
		return Color{}, false
	}
	h = math.Mod(h, 360)
	if h < 0 {
		h += 360
	}
	f := func(n float64) float64 {
		k := math.Mod(n+h/30, 12)
		am := s * math.Min(l, 1-l)
		return l - am*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1))
	}
	col := Color{clamp255(f(0) * 255), clamp255(f(8) * 255), clamp255(f(4) * 255), 255}
	if len(a) == 4 {
		if col.A, ok = alphaOf(a[3]); !ok {
			return Color{}, false
		}
	}
	return col, true
}
