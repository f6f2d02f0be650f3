package pdfua

import (
	"math"
	"strconv"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// The Milli methods add to a path as MoveTo, LineTo and CurveTo do, with
// every coordinate rounded to 1/1000 unit first (math.Round(v·1000)/1000):
// what drawing thousands of shapes in page space needs (0.35 µm, finer
// than any device), written without the general number formatting.

// MoveToMilli is MoveTo with x and y rounded to 1/1000 unit.
func (pa *Path) MoveToMilli(x, y float64) *Path {
	pa.milli(x, y)
	pa.ops = append(pa.ops, "m\n"...)
	return pa
}

// LineToMilli is LineTo with x and y rounded to 1/1000 unit.
func (pa *Path) LineToMilli(x, y float64) *Path {
	pa.milli(x, y)
	pa.ops = append(pa.ops, "l\n"...)
	return pa
}

// CurveToMilli is CurveTo with its coordinates rounded to 1/1000 unit.
func (pa *Path) CurveToMilli(x1, y1, x2, y2, x3, y3 float64) *Path {
	pa.milli(x1, y1)
	pa.milli(x2, y2)
	pa.milli(x3, y3)
	pa.ops = append(pa.ops, "c\n"...)
	return pa
}

// RectMilli is Rect with r's fields rounded to 1/1000 unit.
func (pa *Path) RectMilli(r Rect) *Path {
	m := [4]float64{math.Round(r.X * 1000), math.Round(r.Y * 1000), math.Round(r.W * 1000), math.Round(r.H * 1000)}
	x, y := m[0]/1000, m[1]/1000
	pa.bounds.add(x, y)
	pa.bounds.add(x+m[2]/1000, y+m[3]/1000)
	for _, v := range m {
		pa.ops = appendMilli(pa.ops, v)
		pa.ops = append(pa.ops, ' ')
	}
	pa.ops = append(pa.ops, "re\n"...)
	return pa
}

// milli adds the point x, y rounded to 1/1000 unit to the path's bounds
// and writes it.
func (pa *Path) milli(x, y float64) {
	rx, ry := math.Round(x*1000), math.Round(y*1000)
	pa.bounds.add(rx/1000, ry/1000)
	pa.ops = appendMilli(pa.ops, rx)
	pa.ops = append(pa.ops, ' ')
	pa.ops = appendMilli(pa.ops, ry)
	pa.ops = append(pa.ops, ' ')
}

// maxMilli bounds the rounded values appendMilli writes itself: below
// it (1e9 units) the float nearest to m/1000 is within 1e-7 of it, so
// pdfobj.AppendReal's five correctly rounded decimals are m's three.
const maxMilli = 1e12

// appendMilli writes m/1000, m an integer-valued float, as
// pdfobj.AppendReal(buf, m/1000) does (no trailing zeros, "0" for
// non-finite values), faster: page coordinates have at most three
// integer digits, written without a loop.
func appendMilli(buf []byte, m float64) []byte {
	if !(math.Abs(m) < maxMilli) { // NaN, infinities, huge values
		return pdfobj.AppendReal(buf, m/1000)
	}
	u := uint64(math.Abs(m))
	if m < 0 && u != 0 {
		buf = append(buf, '-')
	}
	switch ip := u / 1000; {
	case ip < 10:
		buf = append(buf, byte('0'+ip))
	case ip < 100:
		buf = append(buf, byte('0'+ip/10), byte('0'+ip%10))
	case ip < 1000:
		buf = append(buf, byte('0'+ip/100), byte('0'+ip/10%10), byte('0'+ip%10))
	default:
		buf = strconv.AppendUint(buf, ip, 10)
	}
	switch f := u % 1000; {
	case f == 0:
	case f%10 != 0:
		buf = append(buf, '.', byte('0'+f/100), byte('0'+f/10%10), byte('0'+f%10))
	case f%100 != 0:
		buf = append(buf, '.', byte('0'+f/100), byte('0'+f/10%10))
	default:
		buf = append(buf, '.', byte('0'+f/100))
	}
	return buf
}
