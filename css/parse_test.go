package css

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// dumpSheet renders a stylesheet compactly for assertions.
func dumpSheet(rules []Rule) string {
	var b strings.Builder
	var walk func(rs []Rule, indent string)
	walk = func(rs []Rule, indent string) {
		for _, r := range rs {
			switch r := r.(type) {
			case *StyleRule:
				var sels []string
				for _, s := range r.Selectors {
					sels = append(sels, s.Text)
				}
				fmt.Fprintf(&b, "%s%s {", indent, strings.Join(sels, ", "))
				for _, d := range r.Decls {
					imp := ""
					if d.Important {
						imp = " !important"
					}
					fmt.Fprintf(&b, " %s: %s%s;", d.Name, Serialize(d.Value), imp)
				}
				b.WriteString(" }\n")
			case *MediaRule:
				fmt.Fprintf(&b, "%s@media %d {\n", indent, len(r.Media.Queries))
				walk(r.Rules, indent+"  ")
				fmt.Fprintf(&b, "%s}\n", indent)
			case *PageRule:
				fmt.Fprintf(&b, "%s@page %v decls=%d margins=%d\n", indent, r.Selectors, len(r.Decls), len(r.Margins))
			case *FontFaceRule:
				fmt.Fprintf(&b, "%s@font-face decls=%d\n", indent, len(r.Decls))
			case *LayerRule:
				fmt.Fprintf(&b, "%s@layer %q %v block=%v {\n", indent, r.Name, r.Names, r.Block)
				walk(r.Rules, indent+"  ")
				fmt.Fprintf(&b, "%s}\n", indent)
			case *ImportRule:
				fmt.Fprintf(&b, "%s@import %s\n", indent, r.URL)
			}
		}
	}
	walk(rules, "")
	return b.String()
}

func TestParseRules(t *testing.T) {
	tests := []struct {
		name, src, want string
		diags           int
	}{
		{"simple", "p { color: red }", "p { color: red; }\n", 0},
		{"important", "p{color:red !important;margin:0}", "p { color: red !important; margin: 0; }\n", 0},
		{"bad decl dropped", "p { color red; margin: 0 }", "p { margin: 0; }\n", 1},
		{"nesting amp", ".a { color: red; &:hover { color: blue } .b & { x: y } }", ".a { color: red; }\n.a:hover { color: blue; }\n.b :is(.a) { x: y; }\n", 0},
		{"nesting implicit", "nav { > a { c: d } li { e: f } }", "nav > a { c: d; }\nnav li { e: f; }\n", 0},
		{"decls after nested", "a { x: 1; b { y: 2 } z: 3 }", "a { x: 1; }\na b { y: 2; }\na { z: 3; }\n", 0},
		{"nested media", "a { @media print { color: red } }", "@media 1 {\n  a { color: red; }\n}\n", 0},
		{"invalid selector", "a!b { c: d } p { e: f }", "p { e: f; }\n", 1},
		{"unknown at-rule", "@foo bar; p { e: f }", "p { e: f; }\n", 1},
		{"import first", "@import 'x.css' print; p{a:b} @import 'y.css';", "@import x.css\np { a: b; }\n", 1},
		{"page", "@page :first { margin: 0; @top-center { content: 'x' } }", "@page [{ true false false false [0 1 0] []}] decls=1 margins=1\n", 0},
		{"page nth", "@page :nth(2n+1), chap:nth( -n + 3 of chap ):left, :nth(odd) { margin: 0 }", "@page [{ false false false false [0 1 0] [{2 1 }]} {chap false true false false [1 1 1] [{-1 3 chap}]} { false false false false [0 1 0] [{2 1 }]}] decls=1 margins=0\n", 0},
		{"page nth bad", "@page :nth(2x) { margin: 0 } @page :nth(1 of) { margin: 0 } @page :nth(1 of a b) { margin: 0 }", "", 3},
		{"font-face", "@font-face { font-family: X; src: url(x.woff) }", "@font-face decls=2\n", 0},
		{"supports", "@supports (display: grid) { a {b:c} } @supports not (display: grid) { d {e:f} }", "a { b: c; }\n", 0},
		{"comments", "/* c */ a /* x */ { b /**/ : c }", "a { b: c; }\n", 0},
		{"unclosed", "a { b: c", "a { b: c; }\n", 0},
		{"nested has", "a:has(b:has(c)) { x: y }", "", 1},
		{"complex inside is", "a:is(" + strings.Repeat("b ", 40) + "c) { x: y }", "", 1},
		{"layer statement", "@layer a, b.c;", "@layer \"\" [a b.c] block=false {\n}\n", 0},
		{"layer block", "@layer x.y { p { a: b } }", "@layer \"x.y\" [] block=true {\n  p { a: b; }\n}\n", 0},
		{"bad layer", "@layer a b { p { a: b } }", "", 1},
		{"stray brace", "} a { b: c }", "", 1},
		{"custom prop block", "a { --x: { y: z }; b: c }", "a { --x: { y: z }; b: c; }\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sheet, diags := Parse(tt.src, ParseOptions{})
			if got := dumpSheet(sheet.Rules); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if len(diags) != tt.diags {
				t.Errorf("diagnostics = %v, want %d", diags, tt.diags)
			}
		})
	}
}

func TestDiagnosticPosition(t *testing.T) {
	_, diags := Parse("p {\n  color: red;\n  width 3px;\n}", ParseOptions{})
	if len(diags) != 1 || diags[0].Line != 3 || diags[0].Col != 3 {
		t.Fatalf("diags = %+v, want one at 3:3", diags)
	}
}

func TestSpecificity(t *testing.T) {
	tests := []struct {
		sel  string
		want [3]int
	}{
		{"*", [3]int{0, 0, 0}},
		{"li", [3]int{0, 0, 1}},
		{"ul li", [3]int{0, 0, 2}},
		{"ul ol+li", [3]int{0, 0, 3}},
		{"h1 + *[rel=up]", [3]int{0, 1, 1}},
		{"ul ol li.red", [3]int{0, 1, 3}},
		{"li.red.level", [3]int{0, 2, 1}},
		{"#x34y", [3]int{1, 0, 0}},
		{"#s12:not(FOO)", [3]int{1, 0, 1}},
		{".foo :is(.bar, #baz)", [3]int{1, 1, 0}},
		{"a:where(#x, .y) b", [3]int{0, 0, 2}},
		{"p::before", [3]int{0, 0, 2}},
		{"p:first-child", [3]int{0, 1, 1}},
		{"li:nth-child(2n+1)", [3]int{0, 1, 1}},
	}
	for _, tt := range tests {
		toks := Tokenize(tt.sel, nil)
		s, err := CompileSelector(toks)
		if err != nil {
			t.Errorf("%s: %v", tt.sel, err)
			continue
		}
		if s.Spec != tt.want {
			t.Errorf("%s: specificity %v, want %v", tt.sel, s.Spec, tt.want)
		}
	}
}

func TestSelectorMatch(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<div id=d class="c k" lang=fr><p lang=de-CH>one</p><p class=x>two</p><ul><li>a</li><li>b</li><li>c</li></ul><h2>t</h2></div>`))
	if err != nil {
		t.Fatal(err)
	}
	all := elements(doc)
	tests := []struct {
		sel  string
		want string // tags (with index among matches) of matching elements
	}{
		{"p:first-child", "p"},
		{"li:last-child", "li"},
		{"li:nth-child(2)", "li"},
		{"p:nth-of-type(2)", "p"},
		{"div > p", "p p"},
		{"p + p", "p"},
		{"p ~ h2", "h2"},
		{"div :is(p, h2)", "p p h2"},
		{":where(.c) p.x", "p"},
		{"p:not(.x)", "p"},
		{"div:has(li)", "div"},
		{"body div#d.c.k ul li", "li li li"},
		{"a:hover, p", ""},
		{"li::marker", "li li li"},
		{"html body div ul li", "li li li"},
		{"p:lang(de)", "p"},
		{"p:lang(fr)", "p"},
	}
	for _, tt := range tests {
		var got []string
		for _, part := range SplitCommas(Tokenize(tt.sel, nil)) {
			s, err := CompileSelector(part)
			if err != nil {
				if tt.sel == "a:hover, p" {
					continue
				}
				t.Fatalf("%s: %v", tt.sel, err)
			}
			for _, n := range all {
				if s.Match(n) {
					got = append(got, n.Data)
				}
			}
			if tt.sel == "a:hover, p" {
				break
			}
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%s matched %q, want %q", tt.sel, g, tt.want)
		}
	}
}

func TestMediaQueries(t *testing.T) {
	env := MediaEnv{Width: 595, Height: 842} // A4 portrait in points
	tests := []struct {
		q    string
		want bool
	}{
		{"", true},
		{"print", true},
		{"screen", false},
		{"all", true},
		{"only print", true},
		{"not screen", true},
		{"not print", false},
		{"screen, print", true},
		{"print and (min-width: 500pt)", true},
		{"print and (max-width: 500pt)", false},
		{"(min-width: 100mm) and (orientation: portrait)", true},
		{"(orientation: landscape)", false},
		{"(width >= 600px)", true},
		{"(width < 600px)", false},
		{"(max-height: 10in)", false},
		{"print and", false},
		{"(unknown-feature)", false},
		{"not (color)", false},
	}
	for _, tt := range tests {
		ml := ParseMediaList(Tokenize(tt.q, nil))
		if got := ml.Matches(env); got != tt.want {
			t.Errorf("@media %s = %v, want %v", tt.q, got, tt.want)
		}
	}
}

func TestShareValues(t *testing.T) {
	src := "a{color:red; margin: 1px  2px} b{color: red;margin:1px 2px;width:calc(1px + 2px)} c{width:calc(1px + 2px); color: RED}"
	for _, share := range []bool{false, true} {
		sheet, diags := Parse(src, ParseOptions{ShareValues: share})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		d := func(r, i int) Declaration { return sheet.Rules[r].(*StyleRule).Decls[i] }
		same := func(a, b Declaration) bool { return &a.Value[0] == &b.Value[0] }
		if got := Serialize(d(1, 1).Value); got != "1px 2px" {
			t.Errorf("margin value = %q", got)
		}
		if same(d(0, 0), d(1, 0)) != share || same(d(0, 1), d(1, 1)) != share {
			t.Errorf("ShareValues %v: color/margin shared = %v/%v", share, same(d(0, 0), d(1, 0)), same(d(0, 1), d(1, 1)))
		}
		if same(d(1, 2), d(2, 0)) || same(d(0, 0), d(2, 1)) {
			t.Error("functions and values written differently must not be shared")
		}
		if d(0, 0).Pos == d(1, 0).Pos {
			t.Error("shared declarations keep their own positions")
		}
	}
}

func TestPageNthMatches(t *testing.T) {
	tests := []struct {
		n    PageNth
		want []int // the matching pages among 1…8
	}{
		{PageNth{A: 0, B: 3}, []int{3}},
		{PageNth{A: 2, B: 1}, []int{1, 3, 5, 7}},
		{PageNth{A: 2, B: 0}, []int{2, 4, 6, 8}},
		{PageNth{A: -1, B: 3}, []int{1, 2, 3}},
		{PageNth{A: 3, B: -1}, []int{2, 5, 8}},
		{PageNth{A: 0, B: 0}, nil},
	}
	for _, tt := range tests {
		var got []int
		for i := 0; i <= 8; i++ {
			if tt.n.Matches(i) {
				got = append(got, i)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%+v matches %v, want %v", tt.n, got, tt.want)
		}
	}
}
