package pdfobj

import (
	"math"
	"strconv"
)

// AppendObject appends the PDF syntax for o to buf and returns the result.
// Streams are written with their dictionary (with /Length set to the data
// length) followed by the stream data.
func AppendObject(buf []byte, o Object) []byte {
	switch v := o.(type) {
	case nil, Null:
		return append(buf, "null"...)
	case Bool:
		if v {
			return append(buf, "true"...)
		}
		return append(buf, "false"...)
	case Int:
		return strconv.AppendInt(buf, int64(v), 10)
	case Real:
		return AppendReal(buf, float64(v))
	case String:
		return appendLiteral(buf, v)
	case HexString:
		return appendHex(buf, v)
	case Name:
		return AppendName(buf, v)
	case Array:
		buf = append(buf, '[')
		for i, e := range v {
			if i > 0 {
				buf = append(buf, ' ')
			}
			buf = AppendObject(buf, e)
		}
		return append(buf, ']')
	case Dict:
		return appendDict(buf, v)
	case Ref:
		buf = strconv.AppendInt(buf, int64(v.Num), 10)
		if v.Gen == 0 {
			return append(buf, " 0 R"...)
		}
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(v.Gen), 10)
		return append(buf, " R"...)
	case *Stream:
		buf = appendDictLength(buf, v.Dict, len(v.Data))
		buf = append(buf, "\nstream\n"...)
		buf = append(buf, v.Data...)
		return append(buf, "\nendstream"...)
	case Raw:
		return append(buf, v...)
	}
	return append(buf, "null"...)
}

// smallDict is the number of keys whose sort needs no allocation.
const smallDict = 16

func appendDict(buf []byte, d Dict) []byte {
	var arr [smallDict]Name
	buf = append(buf, "<<"...)
	for _, k := range d.sortedKeys(arr[:0]) {
		buf = AppendName(buf, k)
		buf = append(buf, ' ')
		buf = AppendObject(buf, d[k])
	}
	return append(buf, ">>"...)
}

// appendDictLength writes a stream dictionary: d with /Length set to n,
// in key order, without copying d.
func appendDictLength(buf []byte, d Dict, n int) []byte {
	var arr [smallDict]Name
	keys := d.sortedKeys(arr[:0])
	buf = append(buf, "<<"...)
	length := false
	for _, k := range keys {
		if !length && k >= "Length" {
			buf = append(buf, "/Length "...)
			buf = strconv.AppendInt(buf, int64(n), 10)
			length = true
			if k == "Length" {
				continue
			}
		}
		buf = AppendName(buf, k)
		buf = append(buf, ' ')
		buf = AppendObject(buf, d[k])
	}
	if !length {
		buf = append(buf, "/Length "...)
		buf = strconv.AppendInt(buf, int64(n), 10)
	}
	return append(buf, ">>"...)
}

// AppendReal writes f with up to five decimals, no exponent and no trailing
// zeros; non-finite values are written as 0. The digits are those of
// strconv.AppendFloat(buf, f, 'f', 5, 64), the correctly rounded decimal.
func AppendReal(buf []byte, f float64) []byte {
	// Fast path for the coordinates, sizes and colours of content streams
	// (NaN fails the comparison): integers, and otherwise an integer
	// number of 1e-5 units. For |f| < 1e6 the scaled value is within 1e-5
	// of the exact one, so rounding it gives the correctly rounded result
	// unless it lies within that distance of a tie; those rare values take
	// the exact path below. Conversions to integers stand in for
	// math.Trunc, Floor and Round, which are calls on baseline amd64.
	if a := math.Abs(f); a < 1e6 {
		if i := int64(f); float64(i) == f {
			return strconv.AppendInt(buf, i, 10)
		}
		n := a * 1e5
		u := uint64(n)
		if fr := n - float64(u); fr < 0.499 || fr > 0.501 {
			if fr > 0.5 {
				u++
			}
			return appendFixed5(buf, f < 0, u)
		}
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(buf, '0')
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.AppendInt(buf, int64(f), 10)
	}
	return appendRealStrconv(buf, f)
}

// appendRealStrconv writes f with strconv's correctly rounded five
// decimals, trimmed: large numbers and near-ties of the fifth decimal.
func appendRealStrconv(buf []byte, f float64) []byte {
	start := len(buf)
	buf = strconv.AppendFloat(buf, f, 'f', 5, 64)
	// Trim trailing zeros and a trailing dot.
	end := len(buf)
	for end > start && buf[end-1] == '0' {
		end--
	}
	if end > start && buf[end-1] == '.' {
		end--
	}
	buf = buf[:end]
	if s := buf[start:]; len(s) == 2 && s[0] == '-' && s[1] == '0' {
		buf = append(buf[:start], '0')
	}
	return buf
}

// appendFixed5 writes u·1e-5 (negative when neg) without trailing zeros.
// The digits are formed right to left in a small array, two at a time
// from a table (division by constants compiles to multiplications),
// which is faster than strconv for these short numbers.
func appendFixed5(buf []byte, neg bool, u uint64) []byte {
	if u == 0 {
		return append(buf, '0')
	}
	// the integer digits end at d[18], the point and the five fraction
	// digits follow, then the trailing zeros are cut (end)
	var d [24]byte
	i, end := 18, 18
	ip, frac := u/100000, uint32(u%100000)
	if frac != 0 {
		hi, mid := frac/1000, frac%1000/10
		d[18] = '.'
		d[19], d[20] = digitPairs[2*hi], digitPairs[2*hi+1]
		d[21], d[22] = digitPairs[2*mid], digitPairs[2*mid+1]
		d[23] = byte('0' + frac%10)
		end = len(d)
		for d[end-1] == '0' {
			end--
		}
	}
	for ip >= 100 {
		q := ip / 100
		r := ip - q*100
		i -= 2
		d[i], d[i+1] = digitPairs[2*r], digitPairs[2*r+1]
		ip = q
	}
	if ip >= 10 {
		i -= 2
		d[i], d[i+1] = digitPairs[2*ip], digitPairs[2*ip+1]
	} else {
		i--
		d[i] = byte('0' + ip)
	}
	if neg {
		i--
		d[i] = '-'
	}
	return append(buf, d[i:end]...)
}

// digitPairs holds the two digits of 00 to 99.
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

// AppendName writes /name, escaping delimiters, '#', and bytes outside
// 0x21–0x7E as #xx.
func AppendName(buf []byte, n Name) []byte {
	buf = append(buf, '/')
	for i := 0; i < len(n); i++ {
		c := n[i]
		if c < 0x21 || c > 0x7E || c == '#' || isDelimiter(c) {
			buf = append(buf, '#', hexDigits[c>>4], hexDigits[c&15])
			continue
		}
		buf = append(buf, c)
	}
	return buf
}

const hexDigits = "0123456789ABCDEF"

func isDelimiter(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func appendLiteral(buf []byte, s []byte) []byte {
	buf = append(buf, '(')
	for _, c := range s {
		switch c {
		case '(', ')', '\\':
			buf = append(buf, '\\', c)
		case '\n':
			buf = append(buf, '\\', 'n')
		case '\r':
			buf = append(buf, '\\', 'r')
		case '\t':
			buf = append(buf, '\\', 't')
		case '\b':
			buf = append(buf, '\\', 'b')
		case '\f':
			buf = append(buf, '\\', 'f')
		default:
			if c < 0x20 || c == 0x7F {
				buf = append(buf, '\\', '0'+(c>>6), '0'+((c>>3)&7), '0'+(c&7))
			} else {
				buf = append(buf, c)
			}
		}
	}
	return append(buf, ')')
}

func appendHex(buf []byte, s []byte) []byte {
	buf = append(buf, '<')
	for _, c := range s {
		buf = append(buf, hexDigits[c>>4], hexDigits[c&15])
	}
	return append(buf, '>')
}

// Format returns the PDF syntax of o as a string; convenient in tests.
func Format(o Object) string {
	return string(AppendObject(nil, o))
}
