package ua

import (
	"math"

	"github.com/seed28491532/folio/internal/geom"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Geometry, colour and text measurement for the visibility check.

// mat is an affine matrix [a b c d e f].
type mat = geom.Matrix

var identity = geom.Identity

// box is an axis-aligned rectangle [x0 y0 x1 y1] in default user space.
type box [4]float64

// bboxOf returns the bounding box of rectangle r under m.
func bboxOf(m mat, r box) box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	corners := [4][2]float64{{r[0], r[1]}, {r[2], r[1]}, {r[0], r[3]}, {r[2], r[3]}}
	for _, p := range corners {
		x, y := m.Apply(p[0], p[1])
		b = b.add(x, y)
	}
	return b
}

func (b box) add(x, y float64) box {
	return box{math.Min(b[0], x), math.Min(b[1], y), math.Max(b[2], x), math.Max(b[3], y)}
}

func (b box) contains(o box) bool {
	return b[0] <= o[0]+0.01 && b[1] <= o[1]+0.01 && b[2] >= o[2]-0.01 && b[3] >= o[3]-0.01
}

func (b box) disjoint(o box) bool {
	return b[2] < o[0] || o[2] < b[0] || b[3] < o[1] || o[3] < b[1]
}

func (b box) valid() bool {
	for _, v := range b {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return b[0] <= b[2] && b[1] <= b[3]
}

// opNumbers returns the n numeric operands of op in buf, or ok false.
func opNumbers(op pdfobj.Op, n int, buf *[6]float64) ([]float64, bool) {
	if len(op.Operands) != n || n > len(buf) {
		return nil, false
	}
	for i, o := range op.Operands {
		x, ok := pdfobj.Number(o)
		if !ok {
			return nil, false
		}
		buf[i] = x
	}
	return buf[:n], true
}

// textAdvance returns the horizontal advance of a text-showing operation
// in text space, from the font's widths (500 per mille when unknown).
func (c *checker) textAdvance(gs *gstate, op pdfobj.Op) float64 {
	v := &gs.vis
	fi := gs.font
	total := 0.0
	eachShownCode(op, fi, func(code uint32, single bool) {
		w := c.glyphWidth(fi, code)/1000*v.size + v.tc
		if single && code == ' ' {
			w += v.tw
		}
		total += w * v.tz / 100
	}, func(n float64) {
		total -= n / 1000 * v.size * v.tz / 100
	})
	return total
}

// glyphWidth returns the width of code in font fi (per mille of the font
// size): /W or /DW of a CIDFont, /Widths of a simple font, or 500.
func (c *checker) glyphWidth(fi *fontInfo, code uint32) float64 {
	if fi == nil {
		return 500
	}
	if fi.type0 {
		if cid, ok := fi.cid(code); ok {
			if w, ok := fi.widths[cid]; ok {
				return w
			}
		}
		if fi.dw > 0 {
			return fi.dw
		}
		return 1000
	}
	ws, _ := c.f.Resolve(fi.dict["Widths"]).(pdfobj.Array)
	first, _ := c.f.Resolve(fi.dict["FirstChar"]).(pdfobj.Int)
	if i := int64(code) - int64(first); i >= 0 && i < int64(len(ws)) {
		if w, ok := pdfobj.Number(c.f.Resolve(ws[i])); ok {
			return w
		}
	}
	return 500
}

// colorSpaceN returns the number of components of colour space name as
// the visibility check reads them (1, 3 or 4), or 0 for the others.
func (c *checker) colorSpaceN(name pdfobj.Name, sc *streamCtx) int {
	switch name {
	case "DeviceGray", "G", "CalGray":
		return 1
	case "DeviceRGB", "RGB", "CalRGB":
		return 3
	case "DeviceCMYK", "CMYK":
		return 4
	}
	css, _ := c.f.Resolve(sc.res["ColorSpace"]).(pdfobj.Dict)
	switch cs := c.f.Resolve(css[name]).(type) {
	case pdfobj.Name:
		if cs != name {
			return c.colorSpaceN(cs, &streamCtx{})
		}
	case pdfobj.Array:
		if len(cs) == 2 && cs[0] == pdfobj.Name("ICCBased") {
			if s, ok := c.f.Resolve(cs[1]).(*pdfobj.Stream); ok {
				if n, ok := c.f.Resolve(s.Dict["N"]).(pdfobj.Int); ok && (n == 1 || n == 3 || n == 4) {
					return int(n)
				}
			}
		}
		if len(cs) >= 1 {
			switch cs[0] {
			case pdfobj.Name("CalRGB"):
				return 3
			case pdfobj.Name("CalGray"):
				return 1
			}
		}
	}
	return 0
}

// deviceRGB converts gray, RGB or CMYK components (0–1) to RGB.
func deviceRGB(a []float64) ([3]float64, bool) {
	cl := func(x float64) float64 { return math.Max(0, math.Min(1, x)) }
	switch len(a) {
	case 1:
		g := cl(a[0])
		return [3]float64{g, g, g}, true
	case 3:
		return [3]float64{cl(a[0]), cl(a[1]), cl(a[2])}, true
	case 4:
		k := cl(a[3])
		return [3]float64{(1 - cl(a[0])) * (1 - k), (1 - cl(a[1])) * (1 - k), (1 - cl(a[2])) * (1 - k)}, true
	}
	return [3]float64{}, false
}

// contrastRGB is the WCAG 2.1 contrast ratio of two sRGB colours.
func contrastRGB(a, b [3]float64) float64 {
	lum := func(c [3]float64) float64 {
		lin := func(v float64) float64 {
			if v <= 0.03928 {
				return v / 12.92
			}
			return math.Pow((v+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func hexRGB(c [3]float64) string {
	const hex = "0123456789abcdef"
	out := []byte{'#'}
	for _, v := range c {
		n := int(math.Round(v * 255))
		out = append(out, hex[n>>4], hex[n&15])
	}
	return string(out)
}
