package templates

import (
	"encoding/json"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// fixed is an exact decimal m × 10^-s held in an int64, the fast path of
// invoice arithmetic. Every operation reports overflow, in which case the
// caller falls back to math/big.
type fixed struct {
	m int64
	s int
}

// maxScale bounds the decimal places of a fixed value.
const maxScale = 18

var pow10 = func() [19]int64 {
	var p [19]int64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// parseFixed parses a JSON number written without an exponent.
func parseFixed(n json.Number) (fixed, bool) {
	s := string(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	if intPart == "" || len(intPart)+len(frac) > 18 || len(frac) > maxScale {
		return fixed{}, false
	}
	var m int64
	for _, part := range []string{intPart, frac} {
		for i := 0; i < len(part); i++ {
			c := part[i]
			if c < '0' || c > '9' {
				return fixed{}, false
			}
			m = m*10 + int64(c-'0')
		}
	}
	if neg {
		m = -m
	}
	return fixed{m: m, s: len(frac)}, true
}

func abs64(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// mul returns a × b exactly.
func (a fixed) mul(b fixed) (fixed, bool) {
	hi, lo := bits.Mul64(abs64(a.m), abs64(b.m))
	if hi != 0 || lo > math.MaxInt64 || a.s+b.s > maxScale {
		return fixed{}, false
	}
	m := int64(lo)
	if (a.m < 0) != (b.m < 0) {
		m = -m
	}
	return fixed{m: m, s: a.s + b.s}, true
}

// round rounds to digits decimal places, half away from zero.
func (a fixed) round(digits int) (fixed, bool) {
	switch {
	case a.s == digits:
		return a, true
	case a.s < digits:
		k := pow10[digits-a.s]
		if abs64(a.m) > math.MaxInt64/uint64(k) {
			return fixed{}, false
		}
		return fixed{m: a.m * k, s: digits}, true
	}
	k := pow10[a.s-digits]
	q, r := a.m/k, a.m%k
	if 2*abs64(r) >= uint64(k) {
		if a.m < 0 {
			q--
		} else {
			q++
		}
	}
	return fixed{m: q, s: digits}, true
}

// add returns a + b for values of the same scale.
func (a fixed) add(b fixed) (fixed, bool) {
	sum := a.m + b.m
	if (a.m >= 0) == (b.m >= 0) && (sum >= 0) != (a.m >= 0) {
		return fixed{}, false
	}
	return fixed{m: sum, s: a.s}, true
}

// format writes the value with exactly its scale's decimals and comma
// thousands separators.
func (a fixed) format() string {
	digits := strconv.FormatUint(abs64(a.m), 10)
	if len(digits) <= a.s {
		digits = strings.Repeat("0", a.s-len(digits)+1) + digits
	}
	intPart, frac := digits[:len(digits)-a.s], digits[len(digits)-a.s:]
	var b strings.Builder
	b.Grow(len(digits) + len(digits)/3 + 2)
	if a.m < 0 {
		b.WriteByte('-')
	}
	for i := 0; i < len(intPart); i++ {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(intPart[i])
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// trimmed drops trailing fractional zeros (2.500 → 2.5), for quantities and
// rates.
func (a fixed) trimmed() fixed {
	for a.s > 0 && a.m%10 == 0 {
		a.m /= 10
		a.s--
	}
	return a
}
