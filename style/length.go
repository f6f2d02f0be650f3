package style

import (
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// mediumFontSize is the initial font size: 16px = 12pt.
const mediumFontSize = 12

// lengthCtx holds what relative units resolve against.
type lengthCtx struct {
	em     float64 // font size for em/ex/ch (the parent's when computing font-size)
	rem    float64 // root font size
	vw, vh float64 // 1vw and 1vh in points (page area)
	// font is the style whose font sets ch and ex (the parent's when
	// computing font-size), units what they are for it (Options.FontUnits;
	// nil: half an em each).
	font  *Style
	units FontUnits
}

// fontRatios returns ch and ex as fractions of the em of lc's font: from
// its face when lc knows how, else 0.5 each (CSS Values 4's fallback).
func (lc lengthCtx) fontRatios() (ch, ex float64) {
	ch, ex = 0.5, 0.5
	if lc.units != nil && lc.font != nil && lc.font.FontGroup != nil {
		c, x := lc.units(lc.font.FontFamily, lc.font.FontWeight, lc.font.FontStyle)
		if c > 0 {
			ch = c
		}
		if x > 0 {
			ex = x
		}
	}
	return ch, ex
}

// unitPt converts a dimension to points; ok is false for unknown units.
func (lc lengthCtx) unitPt(num float64, unit string) (float64, bool) {
	if f, ok := css.UnitFactor(unit); ok {
		return num * f, true
	}
	switch unit {
	case "em":
		return num * lc.em, true
	case "rem":
		return num * lc.rem, true
	case "ex":
		_, ex := lc.fontRatios()
		return num * lc.em * ex, true
	case "ch":
		ch, _ := lc.fontRatios()
		return num * lc.em * ch, true
	case "cap", "ic":
		return num * lc.em * 0.5, true
	case "lh":
		return num * lc.em * 1.2, true
	case "rlh":
		return num * lc.rem * 1.2, true
	case "vw", "vi":
		return num * lc.vw, true
	case "vh", "vb":
		return num * lc.vh, true
	case "vmin":
		return num * math.Min(lc.vw, lc.vh), true
	case "vmax":
		return num * math.Max(lc.vw, lc.vh), true
	}
	return 0, false
}

// length parses a length or percentage token. pct allows percentages,
// neg negative values.
func (lc lengthCtx) length(t css.Token, pct, neg bool) (Length, bool) {
	var l Length
	switch t.Kind {
	case css.Number:
		if t.Num != 0 {
			return l, false
		}
		return Length{Unit: Pt}, true
	case css.Dimension:
		v, ok := lc.unitPt(t.Num, t.Unit)
		if !ok {
			return l, false
		}
		l = Length{Value: v, Unit: Pt}
	case css.Percentage:
		if !pct {
			return l, false
		}
		l = Length{Value: t.Num, Unit: Percent}
	case css.Function:
		cv, ok := lc.calc(t)
		if !ok || cv.isNum && cv.num != 0 {
			return l, false
		}
		if cv.hasPct {
			if !pct {
				return l, false
			}
			l = Length{Value: cv.pct, Unit: Percent, Calc: float32(cv.pt)}
		} else {
			l = Length{Value: cv.pt, Unit: Pt}
		}
		if !neg {
			// calc() clamps to the allowed range instead of failing
			if l.Value < 0 && l.Unit == Pt {
				l.Value = 0
			}
		}
		return l, true
	default:
		return l, false
	}
	if !neg && l.Value < 0 {
		return l, false
	}
	return l, true
}

// calcValue is the result of a math function: pt + pct% or a number.
type calcValue struct {
	pt, pct float64
	hasPct  bool
	num     float64
	isNum   bool
}

// maxCalcDepth bounds nesting of math functions.
const maxCalcDepth = 32

func (lc lengthCtx) calc(t css.Token) (calcValue, bool) {
	return lc.calcFunc(t, 0)
}

func (lc lengthCtx) calcFunc(t css.Token, depth int) (calcValue, bool) {
	if depth > maxCalcDepth {
		return calcValue{}, false
	}
	name := strings.ToLower(t.Text)
	switch name {
	case "calc", "-webkit-calc":
		return lc.calcSum(css.Fields(t.Args), depth)
	case "min", "max", "clamp":
		var vals []calcValue
		for _, part := range css.SplitCommas(t.Args) {
			v, ok := lc.calcSum(css.Fields(part), depth)
			if !ok {
				return calcValue{}, false
			}
			vals = append(vals, v)
		}
		if len(vals) == 0 || name == "clamp" && len(vals) != 3 {
			return calcValue{}, false
		}
		// percentages cannot be compared before layout: a mix with
		// percentages is approximated by the first argument's value (for
		// clamp, the preferred one).
		// Pure percentages compare as percentages (exact when their base
		// is not negative, as it can be for background-position).
		mixed, allPct := false, true
		for _, v := range vals {
			if v.hasPct || v.isNum != vals[0].isNum {
				mixed = true
			}
			allPct = allPct && v.hasPct && v.pt == 0 && !v.isNum
		}
		if mixed && !allPct {
			if name == "clamp" {
				return vals[1], true
			}
			return vals[0], true
		}
		key := func(v calcValue) float64 {
			switch {
			case allPct:
				return v.pct
			case v.isNum:
				return v.num
			}
			return v.pt
		}
		best := vals[0]
		switch name {
		case "min":
			for _, v := range vals[1:] {
				if key(v) < key(best) {
					best = v
				}
			}
		case "max":
			for _, v := range vals[1:] {
				if key(v) > key(best) {
					best = v
				}
			}
		case "clamp":
			best = vals[1]
			if key(best) > key(vals[2]) {
				best = vals[2]
			}
			if key(best) < key(vals[0]) {
				best = vals[0]
			}
		}
		return best, true
	}
	return calcValue{}, false
}

// calcSum parses product (('+'|'-') product)*.
func (lc lengthCtx) calcSum(f []css.Token, depth int) (calcValue, bool) {
	// split at + and - delims (signs of numbers are part of the number
	// token; "a -b" is also accepted as subtraction)
	var acc calcValue
	first := true
	sign := 1.0
	start := 0
	flush := func(end int) bool {
		if end <= start {
			return false
		}
		v, ok := lc.calcProduct(f[start:end], depth)
		if !ok {
			return false
		}
		if first {
			acc = scale(v, sign)
			first = false
			return true
		}
		if v.isNum != acc.isNum {
			return false
		}
		acc.pt += sign * v.pt
		acc.pct += sign * v.pct
		acc.num += sign * v.num
		acc.hasPct = acc.hasPct || v.hasPct
		return true
	}
	for i := 0; i < len(f); i++ {
		t := f[i]
		if i > start && (t.IsDelim("+") || t.IsDelim("-")) {
			if !flush(i) {
				return calcValue{}, false
			}
			sign = 1
			if t.Text == "-" {
				sign = -1
			}
			start = i + 1
			continue
		}
		if i > start && (t.Kind == css.Dimension || t.Kind == css.Number || t.Kind == css.Percentage) && (strings.HasPrefix(t.Text, "-") || strings.HasPrefix(t.Text, "+")) && !f[i-1].IsDelim("*") && !f[i-1].IsDelim("/") {
			if !flush(i) {
				return calcValue{}, false
			}
			sign = 1
			start = i
			continue
		}
	}
	if !flush(len(f)) {
		return calcValue{}, false
	}
	return acc, true
}

func scale(v calcValue, k float64) calcValue {
	v.pt *= k
	v.pct *= k
	v.num *= k
	return v
}

func (lc lengthCtx) calcProduct(f []css.Token, depth int) (calcValue, bool) {
	var acc calcValue
	for i := 0; i < len(f); i += 2 {
		v, ok := lc.calcTerm(f[i], depth)
		if !ok {
			return calcValue{}, false
		}
		if i == 0 {
			acc = v
		} else {
			op := f[i-1]
			switch {
			case op.IsDelim("*"):
				switch {
				case acc.isNum:
					acc = scale(v, acc.num)
				case v.isNum:
					acc = scale(acc, v.num)
				default:
					return calcValue{}, false
				}
			case op.IsDelim("/"):
				if !v.isNum || v.num == 0 {
					return calcValue{}, false
				}
				acc = scale(acc, 1/v.num)
			default:
				return calcValue{}, false
			}
		}
		if i+1 < len(f) && !(f[i+1].IsDelim("*") || f[i+1].IsDelim("/")) {
			return calcValue{}, false
		}
	}
	if len(f)%2 == 0 {
		return calcValue{}, false
	}
	return acc, true
}

func (lc lengthCtx) calcTerm(t css.Token, depth int) (calcValue, bool) {
	switch t.Kind {
	case css.Number:
		return calcValue{num: t.Num, isNum: true}, true
	case css.Percentage:
		return calcValue{pct: t.Num, hasPct: true}, true
	case css.Dimension:
		v, ok := lc.unitPt(t.Num, t.Unit)
		return calcValue{pt: v}, ok
	case css.Block:
		if t.Text == "(" {
			return lc.calcSum(css.Fields(t.Args), depth+1)
		}
	case css.Function:
		return lc.calcFunc(t, depth+1)
	case css.Ident:
		switch strings.ToLower(t.Text) {
		case "pi":
			return calcValue{num: math.Pi, isNum: true}, true
		case "e":
			return calcValue{num: math.E, isNum: true}, true
		}
	}
	return calcValue{}, false
}

// number parses a number, or a calc() that yields one.
func (lc lengthCtx) number(t css.Token) (float64, bool) {
	switch t.Kind {
	case css.Number:
		return t.Num, true
	case css.Function:
		v, ok := lc.calc(t)
		if ok && v.isNum {
			return v.num, true
		}
	}
	return 0, false
}

// integer parses an integer.
func (lc lengthCtx) integer(t css.Token) (int, bool) {
	v, ok := lc.number(t)
	if !ok || (t.Kind == css.Number && strings.ContainsAny(t.Text, ".eE")) {
		return 0, false
	}
	if v > 1e9 {
		v = 1e9
	} else if v < -1e9 {
		v = -1e9
	}
	return int(math.Round(v)), true
}
