package style

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/seed28491532/folio/css"
)

// Limits of one math function expression.
const (
	// maxCalcDepth bounds the nesting of math functions and parentheses.
	maxCalcDepth = 32
	// maxCalcNodes bounds the terms of an expression that is kept for
	// layout (min(), max() and clamp() mixing percentages and lengths).
	maxCalcNodes = 256
)

// calcValue is the value of a math function: pt + pct% (a length), a
// number, or an expression tree over the percentage base.
type calcValue struct {
	pt, pct float64
	hasPct  bool
	num     float64
	isNum   bool
	// node is set when the length is not linear in the percentage base
	// (min(), max() or clamp() of lengths and percentages): it is then
	// the whole value and pt, pct are unused
	node *calcNode
}

// calcParser parses one math function.
type calcParser struct {
	lc    lengthCtx
	nodes int // expression nodes built so far
}

// calc evaluates the math function t.
func (lc lengthCtx) calc(t css.Token) (calcValue, error) {
	p := calcParser{lc: lc}
	return p.function(t, 0)
}

// calcLength parses the math function t as a length (pct allows
// percentages, neg negative values; a negative value of a length that
// cannot be negative is clamped to 0, as calc() clamps to the allowed
// range). A value that depends on the percentage base in a way a
// percentage and an offset cannot express goes to lc.calcs.
func (lc lengthCtx) calcLength(t css.Token, pct, neg bool) (Length, bool) {
	cv, err := lc.calc(t)
	if err != nil || cv.isNum && cv.num != 0 || cv.hasPct && !pct {
		return Length{}, false
	}
	var l Length
	switch {
	case cv.node != nil:
		n := cv.node
		if !neg {
			n = &calcNode{op: calcMax, args: []*calcNode{n, {op: calcLeaf}}}
		}
		// the linear approximation (first argument of min() and max(),
		// preferred value of clamp()) stands for it without the table
		p, o := cv.node.approx()
		if i, ok := lc.calcs.add(n); ok {
			return Length{Value: p, Unit: CalcExpr, expr: uint16(i), Calc: float32(o)}, true
		}
		l = Length{Value: p, Unit: Percent, Calc: float32(o)}
	case cv.hasPct:
		l = Length{Value: cv.pct, Unit: Percent, Calc: float32(cv.pt)}
	default:
		l = Length{Value: cv.pt, Unit: Pt}
	}
	if !neg && l.Unit == Pt && l.Value < 0 {
		l.Value = 0
	}
	return l, true
}

// calcProblem explains why the value toks, which holds a math function,
// is invalid; "" when no math function in it is.
func calcProblem(toks []css.Token, lc lengthCtx) string {
	for _, t := range toks {
		if t.Kind != css.Function || !isMathFunction(t.Text) {
			continue
		}
		if _, err := lc.calc(t); err != nil {
			return err.Error()
		}
	}
	return ""
}

// isMathFunction reports whether name is a math function this parser
// knows.
func isMathFunction(name string) bool {
	switch strings.ToLower(name) {
	case "calc", "-webkit-calc", "min", "max", "clamp":
		return true
	}
	return false
}

var errCalcDepth = fmt.Errorf("math functions nested deeper than %d", maxCalcDepth)

func (p *calcParser) function(t css.Token, depth int) (calcValue, error) {
	if depth > maxCalcDepth {
		return calcValue{}, errCalcDepth
	}
	name := strings.ToLower(t.Text)
	var v calcValue
	var err error
	switch name {
	case "calc", "-webkit-calc":
		v, err = p.sum(css.Fields(t.Args), depth)
	case "min", "max", "clamp":
		v, err = p.comparison(name, t.Args, depth)
	default:
		return calcValue{}, fmt.Errorf("unknown math function %s()", t.Text)
	}
	var named calcError
	if err != nil && !errors.As(err, &named) {
		// name the innermost function only
		err = calcError{fn: name, err: err}
	}
	return v, err
}

// calcError is an error in the arguments of math function fn.
type calcError struct {
	fn  string
	err error
}

func (e calcError) Error() string { return e.fn + "(): " + e.err.Error() }

func (e calcError) Unwrap() error { return e.err }

// comparison evaluates min(), max() or clamp() with arguments args.
func (p *calcParser) comparison(name string, args []css.Token, depth int) (calcValue, error) {
	if len(css.Fields(args)) == 0 {
		return calcValue{}, errors.New("no arguments")
	}
	var vals []calcValue
	for _, part := range css.SplitCommas(args) {
		v, err := p.sum(css.Fields(part), depth)
		if err != nil {
			return calcValue{}, err
		}
		if len(vals) > 0 && v.isNum != vals[0].isNum {
			return calcValue{}, errors.New("arguments mix numbers and lengths")
		}
		vals = append(vals, v)
	}
	if name == "clamp" && len(vals) != 3 {
		return calcValue{}, fmt.Errorf("%d arguments, want 3 (minimum, preferred, maximum)", len(vals))
	}
	// numbers, lengths without percentages, and pure percentages (whose
	// base is not negative, except in background-position) compare now;
	// anything else waits for layout
	allPct, anyPct := true, false
	for _, v := range vals {
		anyPct = anyPct || v.hasPct || v.node != nil
		allPct = allPct && v.hasPct && v.pt == 0 && v.node == nil
	}
	if anyPct && !allPct {
		args := make([]*calcNode, len(vals))
		for i, v := range vals {
			args[i] = v.asNode()
		}
		op := map[string]calcOp{"min": calcMin, "max": calcMax, "clamp": calcClamp}[name]
		return p.node(&calcNode{op: op, args: args})
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
	return best, nil
}

// node returns a length value made of n, counting it against
// maxCalcNodes.
func (p *calcParser) node(n *calcNode) (calcValue, error) {
	p.nodes++
	if p.nodes > maxCalcNodes {
		return calcValue{}, fmt.Errorf("more than %d terms to keep for layout", maxCalcNodes)
	}
	return calcValue{node: n, hasPct: true}, nil
}

// asNode returns v (a length) as an expression node.
func (v calcValue) asNode() *calcNode {
	if v.node != nil {
		return v.node
	}
	return &calcNode{op: calcLeaf, pct: v.pct, pt: v.pt}
}

// sum parses product (('+'|'-') product)*.
func (p *calcParser) sum(f []css.Token, depth int) (calcValue, error) {
	if len(f) == 0 {
		return calcValue{}, errors.New("empty expression")
	}
	// split at + and - delims (signs of numbers are part of the number
	// token; "a -b" is also accepted as subtraction)
	var acc calcValue
	first := true
	sign := 1.0
	start := 0
	flush := func(end int) error {
		if end <= start {
			return errors.New("missing operand")
		}
		v, err := p.product(f[start:end], depth)
		if err != nil {
			return err
		}
		if first {
			acc, first = scale(v, sign), false
			return nil
		}
		acc, err = p.add(acc, scale(v, sign))
		return err
	}
	for i := 0; i < len(f); i++ {
		t := f[i]
		if i > start && (t.IsDelim("+") || t.IsDelim("-")) {
			if err := flush(i); err != nil {
				return calcValue{}, err
			}
			sign = 1
			if t.Text == "-" {
				sign = -1
			}
			start = i + 1
			continue
		}
		if i > start && (t.Kind == css.Dimension || t.Kind == css.Number || t.Kind == css.Percentage) && (strings.HasPrefix(t.Text, "-") || strings.HasPrefix(t.Text, "+")) && !f[i-1].IsDelim("*") && !f[i-1].IsDelim("/") {
			if err := flush(i); err != nil {
				return calcValue{}, err
			}
			sign = 1
			start = i
			continue
		}
	}
	if err := flush(len(f)); err != nil {
		return calcValue{}, err
	}
	return acc, nil
}

// add returns a + b.
func (p *calcParser) add(a, b calcValue) (calcValue, error) {
	if a.isNum != b.isNum {
		return calcValue{}, errors.New("adds a number to a length")
	}
	if a.node != nil || b.node != nil {
		n := &calcNode{op: calcSum}
		for _, v := range []calcValue{a, b} {
			if v.node != nil && v.node.op == calcSum {
				n.args = append(n.args, v.node.args...)
			} else {
				n.args = append(n.args, v.asNode())
			}
		}
		return p.node(n)
	}
	a.pt += b.pt
	a.pct += b.pct
	a.num += b.num
	a.hasPct = a.hasPct || b.hasPct
	return a, nil
}

func scale(v calcValue, k float64) calcValue {
	if v.node != nil {
		if k != 1 {
			v.node = &calcNode{op: calcScale, k: k, args: []*calcNode{v.node}}
		}
		return v
	}
	v.pt *= k
	v.pct *= k
	v.num *= k
	return v
}

func (p *calcParser) product(f []css.Token, depth int) (calcValue, error) {
	if len(f)%2 == 0 {
		return calcValue{}, errors.New("missing operand")
	}
	var acc calcValue
	for i := 0; i < len(f); i += 2 {
		v, err := p.term(f[i], depth)
		if err != nil {
			return calcValue{}, err
		}
		if i > 0 {
			if acc, err = p.multiply(acc, f[i-1], v); err != nil {
				return calcValue{}, err
			}
		} else {
			acc = v
		}
		if i+1 < len(f) && !(f[i+1].IsDelim("*") || f[i+1].IsDelim("/")) {
			return calcValue{}, fmt.Errorf("unexpected %q", f[i+1].Text)
		}
	}
	return acc, nil
}

// multiply returns acc op v for op * or /.
func (p *calcParser) multiply(acc calcValue, op css.Token, v calcValue) (calcValue, error) {
	switch {
	case op.IsDelim("*"):
		switch {
		case acc.isNum:
			return p.scaled(v, acc.num)
		case v.isNum:
			return p.scaled(acc, v.num)
		}
		return calcValue{}, errors.New("multiplies two lengths")
	case op.IsDelim("/"):
		if !v.isNum {
			return calcValue{}, errors.New("divides by a length")
		}
		if v.num == 0 {
			return calcValue{}, errors.New("divides by zero")
		}
		return p.scaled(acc, 1/v.num)
	}
	return calcValue{}, fmt.Errorf("unexpected %q", op.Text)
}

// scaled is scale, counting a new node against maxCalcNodes.
func (p *calcParser) scaled(v calcValue, k float64) (calcValue, error) {
	if v.node != nil {
		p.nodes++
		if p.nodes > maxCalcNodes {
			return calcValue{}, fmt.Errorf("more than %d terms to keep for layout", maxCalcNodes)
		}
	}
	return scale(v, k), nil
}

func (p *calcParser) term(t css.Token, depth int) (calcValue, error) {
	switch t.Kind {
	case css.Number:
		return calcValue{num: t.Num, isNum: true}, nil
	case css.Percentage:
		return calcValue{pct: t.Num, hasPct: true}, nil
	case css.Dimension:
		v, ok := p.lc.unitPt(t.Num, t.Unit)
		if !ok {
			return calcValue{}, fmt.Errorf("unknown unit %q", t.Unit)
		}
		return calcValue{pt: v}, nil
	case css.Block:
		if t.Text == "(" {
			if depth+1 > maxCalcDepth {
				return calcValue{}, errCalcDepth
			}
			return p.sum(css.Fields(t.Args), depth+1)
		}
	case css.Function:
		return p.function(t, depth+1)
	case css.Ident:
		switch strings.ToLower(t.Text) {
		case "pi":
			return calcValue{num: math.Pi, isNum: true}, nil
		case "e":
			return calcValue{num: math.E, isNum: true}, nil
		}
	}
	return calcValue{}, fmt.Errorf("unexpected %q", css.Serialize([]css.Token{t}))
}
