package style

import (
	"strings"
	"testing"
	"unsafe"
)

// TestCalcMixedUnits checks that min(), max() and clamp() mixing
// percentages with lengths are kept for layout and resolve against the
// percentage base given then.
func TestCalcMixedUnits(t *testing.T) {
	tests := []struct {
		name, css string
		get       func(*Style) Length
		base      []float64
		want      []float64
	}{
		{"min", "#t{width:min(50%, 300pt)}", width, []float64{400, 800}, []float64{200, 300}},
		{"max", "#t{width:max(50%, 100pt)}", width, []float64{100, 400}, []float64{100, 200}},
		{"clamp", "#t{width:clamp(100pt, 50%, 300pt)}", width, []float64{100, 400, 1000}, []float64{100, 200, 300}},
		{"px and em", "#t{font-size:10pt;width:min(50%, 10em, 400px)}", width, []float64{100, 400}, []float64{50, 100}},
		{"vw", "#t{width:max(10%, 10vw)}", width, []float64{0, 1000}, []float64{48.19, 100}},
		{"in calc sum", "#t{width:calc(min(50%, 100pt) + 10pt)}", width, []float64{100, 400}, []float64{60, 110}},
		{"scaled", "#t{width:calc(2 * max(10%, 20pt) / 4)}", width, []float64{100, 1000}, []float64{10, 50}},
		{"nested", "#t{width:min(max(10%, 50pt), 80%)}", width, []float64{50, 100, 1000}, []float64{40, 50, 100}},
		{"clamp with calc", "#t{width:clamp(10pt, calc(100% - 50pt), 200pt)}", width, []float64{40, 100, 400}, []float64{10, 50, 200}},
		{"negative margin", "#t{margin-left:min(-10%, 5pt)}", func(s *Style) Length { return s.Margin[Left] }, []float64{100}, []float64{-10}},
		{"padding clamps at 0", "#t{padding-left:min(10%, calc(5pt - 20%))}", func(s *Style) Length { return s.Padding[Left] }, []float64{10, 100}, []float64{1, 0}},
		{"inherited text-indent", "#p{text-indent:max(10%, 20pt)}", func(s *Style) Length { return s.TextIndent }, []float64{100, 1000}, []float64{20, 100}},
		{"flex-basis", "#t{flex-basis:min(100%, 120pt)}", func(s *Style) Length { return s.FlexBasis }, []float64{100, 1000}, []float64{100, 120}},
		{"pure percent compares now", "#t{width:min(30%, 20%)}", width, []float64{100}, []float64{20}},
		{"pure lengths compare now", "#t{width:max(1in, 50pt)}", width, []float64{100}, []float64{72}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := styleOf(t, tt.css, `<div id=p><div id=t>x</div></div>`)
			l := tt.get(s)
			for i, base := range tt.base {
				if got := s.Resolve(l, base, -1); num(got) != num(tt.want[i]) {
					t.Errorf("%s against %g = %s, want %s (length %+v)", tt.css, base, num(got), num(tt.want[i]), l)
				}
			}
		})
	}
}

func width(s *Style) Length { return s.Width }

// TestCalcLengthUnit checks which values need the table: only those
// that percentages and lengths make non-linear.
func TestCalcLengthUnit(t *testing.T) {
	tests := []struct {
		css  string
		want Unit
	}{
		{"#t{width:calc(100% - 20pt)}", Percent},
		{"#t{width:min(10pt, 2em)}", Pt},
		{"#t{width:min(10%, 20%)}", Percent},
		{"#t{width:min(10%, 20pt)}", CalcExpr},
		{"#t{width:calc(1pt + clamp(1pt, 5%, 3pt))}", CalcExpr},
	}
	for _, tt := range tests {
		s := styleOf(t, tt.css, `<div id=t>x</div>`)
		if s.Width.Unit != tt.want {
			t.Errorf("%s: unit %d, want %d", tt.css, s.Width.Unit, tt.want)
		}
	}
	// without the table, Length.Resolve approximates an expression by
	// the first argument of min() and max() and clamp()'s preferred one
	for _, tt := range []struct {
		css  string
		want float64
	}{
		{"#t{width:min(10%, 20pt)}", 10},
		{"#t{width:max(20pt, 10%)}", 20},
		{"#t{width:clamp(1pt, 30%, 50pt)}", 30},
		{"#t{width:calc(2pt + 2 * min(10%, 1pt))}", 22},
	} {
		s := styleOf(t, tt.css, `<div id=t>x</div>`)
		if got := s.Width.Resolve(100, -7); s.Width.Unit != CalcExpr || got != tt.want {
			t.Errorf("%s: Length.Resolve = %g (unit %d), want %g", tt.css, got, s.Width.Unit, tt.want)
		}
	}
	if size := unsafe.Sizeof(Length{}); size != 16 {
		t.Errorf("Length is %d bytes, want 16", size)
	}
}

// TestCalcTableShared checks that equal expressions share one entry of
// the document's table and that every style of the document reaches it.
func TestCalcTableShared(t *testing.T) {
	var b strings.Builder
	b.WriteString("<style>p{width:min(50%, 100pt)} .b{margin-left:max(5%, 1pt)}</style>")
	for i := 0; i < 50; i++ {
		b.WriteString(`<p>x</p><p class=b style="width:min(50%,100pt)">y</p>`)
	}
	st, doc := compute(t, b.String(), Options{})
	if n := st.cas.lc.calcs.Len(); n != 2 {
		t.Errorf("table holds %d expressions, want 2", n)
	}
	for n := range elementNodes(doc) {
		if n.Data != "p" {
			continue
		}
		s := st.Of(n, PseudoNone)
		if got := s.Resolve(s.Width, 100, 0); got != 50 {
			t.Fatalf("width against 100pt = %g, want 50", got)
		}
	}
}

// TestCalcErrors checks that malformed math functions are dropped with
// a diagnostic naming the problem and the limit.
func TestCalcErrors(t *testing.T) {
	deep := strings.Repeat("calc(", 40) + "1px" + strings.Repeat(")", 40)
	parens := "calc(" + strings.Repeat("(", 40) + "1px" + strings.Repeat(")", 40) + ")"
	many := "calc(" + strings.Repeat("min(1%, 1px) + ", 300) + "1px)"
	tests := []struct{ value, want string }{
		{"min()", "min(): no arguments"},
		{"clamp(1px, 2px)", "clamp(): 2 arguments, want 3"},
		{"min(10px, 2)", "min(): arguments mix numbers and lengths"},
		{"calc(10px + 2)", "calc(): adds a number to a length"},
		{"calc(10px * 2px)", "calc(): multiplies two lengths"},
		{"calc(10px / 0)", "calc(): divides by zero"},
		{"calc(10px / 1px)", "calc(): divides by a length"},
		{"calc(10px +)", "calc(): missing operand"},
		{"calc(10qq)", `calc(): unknown unit "qq"`},
		{"max(1px, calc(2px ! 3px))", "unexpected"},
		{deep, "math functions nested deeper than 32"},
		{parens, "math functions nested deeper than 32"},
		{many, "more than 256 terms to keep for layout"},
	}
	for _, tt := range tests {
		st, _ := compute(t, "<style>p{width:"+tt.value+"}</style><p>x", Options{})
		d := st.Diagnostics()
		if len(d) != 1 || !strings.Contains(d[0].Message, "invalid value for width") || !strings.Contains(d[0].Message, tt.want) {
			t.Errorf("width:%.40s: diagnostics %v, want one naming %q", tt.value, d, tt.want)
		}
	}
}
