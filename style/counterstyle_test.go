package style

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestCounterStyleRule checks the descriptors of @counter-style rules.
func TestCounterStyleRule(t *testing.T) {
	tests := []struct {
		name, rule string
		want       CounterStyle
	}{
		{"cyclic", `system: cyclic; symbols: "a" b`,
			CounterStyle{System: SystemCyclic, Symbols: []string{"a", "b"}}},
		{"fixed start", `system: fixed -2; symbols: x`,
			CounterStyle{System: SystemFixed, First: -2, Symbols: []string{"x"}}},
		{"additive", `system: additive; additive-symbols: 10 X, V 5, 1 I`,
			CounterStyle{System: SystemAdditive, Additive: []AdditiveSymbol{{10, "X"}, {5, "V"}, {1, "I"}}}},
		{"extends", `system: extends Decimal; prefix: "("; suffix: ")"; negative: "[" "]"`,
			CounterStyle{System: SystemExtends, Extends: "Decimal", Prefix: "(", Suffix: ")", Negative: [2]string{"[", "]"},
				Given: DescPrefix | DescSuffix | DescNegative}},
		{"range pad fallback", `system: numeric; symbols: "0" "1"; range: infinite -1, 5 infinite; pad: "0" 3; fallback: lower-roman`,
			CounterStyle{System: SystemNumeric, Symbols: []string{"0", "1"}, Ranges: [][2]int{{math.MinInt, -1}, {5, math.MaxInt}},
				Pad: 3, PadSymbol: "0", Fallback: "lower-roman", Given: DescRange | DescPad | DescFallback}},
		{"symbolic initial", `symbols: "*"`, CounterStyle{System: SystemSymbolic, Symbols: []string{"*"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, _ := compute(t, "<style>@counter-style my-style {"+tt.rule+"}</style>", Options{})
			if d := st.Diagnostics(); len(d) != 0 {
				t.Errorf("diagnostics %v", d)
			}
			got := st.CounterStyle("My-Style")
			if got == nil {
				t.Fatal("no style my-style")
			}
			want := tt.want
			want.Name = "my-style"
			if want.First == 0 {
				want.First = 1
			}
			if want.Negative == [2]string{} {
				want.Negative = [2]string{"-", ""}
			}
			if want.Suffix == "" {
				want.Suffix = ". "
			}
			if want.Fallback == "" {
				want.Fallback = "decimal"
			}
			if !reflect.DeepEqual(*got, want) {
				t.Errorf("got  %+v\nwant %+v", *got, want)
			}
		})
	}
}

// TestCounterStyleRuleErrors checks that invalid rules and descriptors
// are dropped with a diagnostic naming the problem.
func TestCounterStyleRuleErrors(t *testing.T) {
	tests := []struct {
		rule, want string
		kept       bool
	}{
		{"@counter-style x { system: cyclic }", "@counter-style x: the system needs symbols: dropped", false},
		{"@counter-style x { system: numeric; symbols: a }", "the system needs at least two symbols", false},
		{"@counter-style x { system: additive; symbols: a }", "the system needs additive-symbols", false},
		{"@counter-style x { system: extends decimal; symbols: a }", "extends takes no symbols", false},
		{"@counter-style x { system: additive; additive-symbols: 1 I, 5 V }", "invalid value for additive-symbols in @counter-style x", false},
		{"@counter-style x { symbols: a; range: 5 1 }", "invalid value for range in @counter-style x", true},
		{"@counter-style x { symbols: a; pad: -1 a }", "invalid value for pad", true},
		{"@counter-style x { symbols: a; color: red }", "unknown descriptor color in @counter-style x", true},
		{"@counter-style x { system: fixed 1.5; symbols: a }", "invalid value for system", true},
		{"@counter-style decimal { symbols: a }", "@counter-style decimal: this style cannot be redefined", false},
		{"@counter-style none { symbols: a }", "not a valid name", false},
		{"@counter-style a b { symbols: a }", "@counter-style needs one name", false},
	}
	for _, tt := range tests {
		st, _ := compute(t, "<style>"+tt.rule+"</style>", Options{})
		d := st.Diagnostics()
		if len(d) == 0 || !strings.Contains(d[0].Message, tt.want) {
			t.Errorf("%s: diagnostics %v, want one with %q first", tt.rule, d, tt.want)
		}
		name := "x"
		if strings.Contains(tt.rule, "decimal {") {
			name = "decimal"
		}
		if got := st.CounterStyle(name) != nil; got != tt.kept {
			t.Errorf("%s: rule kept %v, want %v", tt.rule, got, tt.kept)
		}
	}
}

// TestReversedCounterReset checks reversed() in counter-reset, and that
// the other counter properties refuse it.
func TestReversedCounterReset(t *testing.T) {
	tests := []struct{ css, want string }{
		{"#t{counter-reset: reversed(a) b 3}", "reset[{reversed(a) auto} {b 3}] increment[] set[]"},
		{"#t{counter-reset: reversed(list-item) 5}", "reset[{reversed(list-item) 5}] increment[] set[]"},
		{"#t{counter-set: reversed(a) 2}", "reset[] increment[] set[]"},
		{"#t{counter-increment: reversed(a)}", "reset[] increment[] set[]"},
	}
	for _, tt := range tests {
		s := styleOf(t, tt.css, `<div id=t>x</div>`)
		if got := prop(s, "counters"); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.css, got, tt.want)
		}
	}
}

// TestListStyleSymbols checks symbols() in list-style-type.
func TestListStyleSymbols(t *testing.T) {
	tests := []struct{ css, want string }{
		{`#t{list-style-type: symbols(cyclic "a" "b")}`, `symbols(cyclic "a" "b")`},
		{`#t{list-style-type: symbols("*")}`, `symbols("*")`},
		{`#t{list-style-type: symbols(numeric "0")}`, "disc"}, // numeric needs two symbols
		{`#t{list-style-type: symbols()}`, "disc"},
		{`#t{list-style-type: symbols(cyclic a)}`, "disc"}, // strings only
	}
	for _, tt := range tests {
		s := styleOf(t, tt.css, `<div id=t>x</div>`)
		if s.ListStyleType != tt.want {
			t.Errorf("%s: list-style-type %q, want %q", tt.css, s.ListStyleType, tt.want)
		}
		if cs, ok := SymbolsStyle(s.ListStyleType); ok != (tt.want != "disc") || ok && cs.Name != tt.want {
			t.Errorf("%s: SymbolsStyle ok %v", tt.css, ok)
		}
	}
}
