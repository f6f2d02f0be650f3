package templates

import (
	"encoding/json"
	"math/big"
	"strings"
)

// minorDigits gives the number of decimal places of currencies whose minor
// unit is not the cent (ISO 4217); every other currency uses 2.
var minorDigits = map[string]int{
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0,
	"KRW": 0, "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0,
	"XAF": 0, "XOF": 0, "XPF": 0,
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
}

// digitsOf returns the minor digits of an ISO 4217 currency code.
func digitsOf(currency string) int {
	if d, ok := minorDigits[currency]; ok {
		return d
	}
	return 2
}

// decimal parses a JSON number exactly. The schema has already checked it
// is a number, so a failure yields zero.
func decimal(n json.Number) *big.Rat {
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return new(big.Rat)
	}
	return r
}

// roundTo rounds r half away from zero to the given number of decimal
// places, in place, and returns it.
func roundTo(r *big.Rat, digits int) *big.Rat {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	// n = r × scale; q = round(n)
	n := new(big.Rat).Mul(r, new(big.Rat).SetInt(scale))
	num, den := n.Num(), n.Denom()
	q, m := new(big.Int).QuoRem(num, den, new(big.Int))
	// |m|×2 ≥ den → away from zero
	m.Abs(m).Lsh(m, 1)
	if m.Cmp(den) >= 0 {
		if num.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return r.SetFrac(q, scale)
}

// formatDecimal writes r with exactly digits decimals and comma thousands
// separators, e.g. "1,234.50" or "-12".
func formatDecimal(r *big.Rat, digits int) string {
	s := r.FloatString(digits) // rounds half away from zero
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if neg && strings.Trim(s, "0.") != "" {
		b.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// formatMoney formats an amount as "EUR 1,234.50".
func formatMoney(r *big.Rat, currency string) string {
	return currency + " " + formatDecimal(r, digitsOf(currency))
}

// formatQuantity formats a quantity or rate with as many decimals as it
// needs (up to 4), e.g. "3", "2.5", "0.125".
func formatQuantity(r *big.Rat) string {
	s := formatDecimal(r, 4)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}
