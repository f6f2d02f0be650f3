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
	// calcs receives the math functions that cannot be computed before
	// layout (min(), max(), clamp() mixing percentages and lengths);
	// nil approximates them (validation)
	calcs *CalcTable
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
		return lc.calcLength(t, pct, neg)
	default:
		return l, false
	}
	if !neg && l.Value < 0 {
		return l, false
	}
	return l, true
}

// number parses a number, or a calc() that yields one.
func (lc lengthCtx) number(t css.Token) (float64, bool) {
	switch t.Kind {
	case css.Number:
		return t.Num, true
	case css.Function:
		v, err := lc.calc(t)
		if err == nil && v.isNum {
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
