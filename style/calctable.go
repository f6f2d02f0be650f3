package style

import (
	"math"
	"strconv"
	"sync"
)

// maxCalcExprs bounds the distinct expressions one document keeps for
// layout (Length's 16-bit index); further ones are approximated as if
// there were no table.
const maxCalcExprs = 1 << 16

// calcOp is the operation of an expression node.
type calcOp uint8

const (
	calcLeaf  calcOp = iota // pct% of the base + pt
	calcSum                 // sum of args
	calcScale               // k × args[0]
	calcMin                 // smallest of args
	calcMax                 // largest of args
	calcClamp               // max(args[0], min(args[1], args[2]))
)

// calcNode is a node of a length expression over the percentage base.
type calcNode struct {
	op      calcOp
	pct, pt float64 // calcLeaf
	k       float64 // calcScale
	args    []*calcNode
}

// eval returns the node's length in points for percentage base base.
// The recursion is bounded by maxCalcNodes.
func (n *calcNode) eval(base float64) float64 {
	switch n.op {
	case calcLeaf:
		return n.pct*base/100 + n.pt
	case calcScale:
		return n.k * n.args[0].eval(base)
	case calcClamp:
		return math.Max(n.args[0].eval(base), math.Min(n.args[1].eval(base), n.args[2].eval(base)))
	}
	v := n.args[0].eval(base)
	for _, a := range n.args[1:] {
		switch x := a.eval(base); n.op {
		case calcSum:
			v += x
		case calcMin:
			v = math.Min(v, x)
		case calcMax:
			v = math.Max(v, x)
		}
	}
	return v
}

// approx returns a percentage and an offset that stand for n where the
// base is unknown: min() and max() by their first argument, clamp() by
// its preferred value.
func (n *calcNode) approx() (pct, pt float64) {
	switch n.op {
	case calcLeaf:
		return n.pct, n.pt
	case calcScale:
		p, o := n.args[0].approx()
		return n.k * p, n.k * o
	case calcClamp:
		return n.args[1].approx()
	case calcSum:
		for _, a := range n.args {
			p, o := a.approx()
			pct, pt = pct+p, pt+o
		}
		return pct, pt
	}
	return n.args[0].approx()
}

// key appends a serialization of n that identifies it.
func (n *calcNode) key(b []byte) []byte {
	b = append(b, byte('a'+n.op))
	switch n.op {
	case calcLeaf:
		b = strconv.AppendFloat(b, n.pct, 'g', -1, 64)
		b = append(b, ',')
		return strconv.AppendFloat(b, n.pt, 'g', -1, 64)
	case calcScale:
		b = strconv.AppendFloat(b, n.k, 'g', -1, 64)
	}
	b = append(b, '(')
	for _, a := range n.args {
		b = a.key(b)
		b = append(b, ' ')
	}
	return append(b, ')')
}

// CalcTable holds the math-function lengths of one document that
// cannot be computed before layout: min(), max() and clamp() mixing
// percentages with lengths (min(100%, 300px)), and calc() sums holding
// them. A Length with Unit CalcExpr holds the index of its expression
// here in Value; Style.Resolve evaluates it against the percentage
// base. Equal expressions share an entry. The table is filled while
// styles are computed (by several goroutines) and only read afterwards.
//
// The table keeps Length at 16 bytes for the many lengths that are
// plain points or percentages; the rare expression costs one entry.
type CalcTable struct {
	mu    sync.RWMutex
	exprs []*calcNode
	index map[string]int
}

// add interns n and returns its index; false when t is nil or full.
func (t *CalcTable) add(n *calcNode) (int, bool) {
	if t == nil {
		return 0, false
	}
	k := string(n.key(nil))
	t.mu.Lock()
	defer t.mu.Unlock()
	if i, ok := t.index[k]; ok {
		return i, true
	}
	if len(t.exprs) >= maxCalcExprs {
		return 0, false
	}
	if t.index == nil {
		t.index = map[string]int{}
	}
	t.exprs = append(t.exprs, n)
	t.index[k] = len(t.exprs) - 1
	return len(t.exprs) - 1, true
}

// Len returns the number of expressions in t.
func (t *CalcTable) Len() int {
	if t == nil {
		return 0
	}
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.exprs)
}

// resolve evaluates expression i against base; def when there is none
// (no table).
func (t *CalcTable) resolve(i int, base, def float64) float64 {
	if t == nil {
		return def
	}
	t.mu.RLock()
	var n *calcNode
	if i >= 0 && i < len(t.exprs) {
		n = t.exprs[i]
	}
	t.mu.RUnlock()
	if n == nil {
		return def
	}
	return n.eval(base)
}

// Resolve returns l in points against base (for percentages), def for
// auto, as l.Resolve does, and also evaluates exactly the math
// functions of s's document that depend on the percentage base (Unit
// CalcExpr), which l.Resolve approximates.
func (s *Style) Resolve(l Length, base, def float64) float64 {
	if l.Unit == CalcExpr {
		return s.calcs.resolve(int(l.expr), base, l.Resolve(base, def))
	}
	return l.Resolve(base, def)
}

// Exact returns l resolved into points against base when it is a math
// function that depends on the percentage base (Unit CalcExpr), and l
// unchanged otherwise: for lengths handed on to code that resolves them
// later without the style.
func (s *Style) Exact(l Length, base float64) Length {
	if l.Unit != CalcExpr {
		return l
	}
	return Length{Value: s.Resolve(l, base, 0), Unit: Pt}
}
