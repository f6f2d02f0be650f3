package css

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// parallelSheet builds a stylesheet of n varied statements, with the
// constructs a cut must not fall inside or change: @import at the top and
// after rules, comments and strings holding braces, escapes, nesting,
// @media, @page, invalid declarations and selectors (diagnostics with
// positions), CR LF line ends.
func parallelSheet(n int) string {
	var b strings.Builder
	b.WriteString("@charset \"utf-8\";\n@import url(a.css) print;\n@layer base, theme;\n")
	for i := range n {
		switch i % 9 {
		case 0:
			fmt.Fprintf(&b, ".c%d { color: #%06x; margin: 1pt 2pt; content: \"} {\" }\n", i, i*7919%0xffffff)
		case 1:
			fmt.Fprintf(&b, "/* } comment { */ section.c%d p { font-size: %dpt; bogus: 1 }\r\n", i, i%30+6)
		case 2:
			fmt.Fprintf(&b, "@media print and (min-width: %dpt) { .m%d { padding: calc(1pt + %dpx) } }\n", i, i, i%5)
		case 3:
			fmt.Fprintf(&b, "article.a%d { color: red; & > p { margin: 0 } @media print { padding: 1pt } .x & { font-weight: 700 } }\n", i)
		case 4:
			fmt.Fprintf(&b, "@import \"late%d.css\";\n.e\\7d%d { width: 10px }\n", i, i)
		case 5:
			fmt.Fprintf(&b, "p:is(.a, .b) > %d { color: blue }\n", i)
		case 6:
			fmt.Fprintf(&b, "@page :first { margin: %dmm; @top-center { content: \"p\" counter(page) } }\n", i%20)
		case 7:
			fmt.Fprintf(&b, "td:nth-child(2n+1)[data-x='%d}'] { background: url(\"x%d.png\") } ;;\n", i, i)
		default:
			fmt.Fprintf(&b, "@supports (display: grid) { .s%d { display: grid } } @font-face { font-family: F%d; src: local(X) }\n", i, i)
		}
	}
	return b.String()
}

// TestParseParallelSame checks that a stylesheet parsed on several
// goroutines gives the rules and diagnostics of a parse on one.
func TestParseParallelSame(t *testing.T) {
	for _, src := range []string{
		parallelSheet(900),
		parallelSheet(40), // too small to split
		strings.Repeat(".a { color: red }\n", 3000) + strings.Repeat("(", 200) + "}",
		strings.Repeat("p { margin: 0 }\n", 2000) + "@import \"x.css\";\n" + strings.Repeat("q { b: 1 }\n", 2000),
		strings.Repeat("p { margin: 0 \x00 }\n", 3000),
		strings.Repeat("p { margin: 0 }\n", 2000) + "\"unterminated { string\n" + strings.Repeat("q { color: red }\n", 2000),
	} {
		want, wantDiags := Parse(src, ParseOptions{ShareValues: true})
		for _, workers := range []int{2, 3, 8} {
			got, gotDiags := Parse(src, ParseOptions{ShareValues: true, Workers: workers})
			if g, w := deepDump(got.Rules), deepDump(want.Rules); g != w {
				t.Errorf("%d workers, %d bytes: rules differ", workers, len(src))
			}
			if !reflect.DeepEqual(gotDiags, wantDiags) {
				t.Errorf("%d workers, %d bytes: diagnostics differ:\n%v\nwant\n%v", workers, len(src), gotDiags, wantDiags)
			}
		}
	}
}

// TestSplitStatements checks where a stylesheet is cut: after qualified
// rules only, near equal parts, nowhere in a small sheet.
func TestSplitStatements(t *testing.T) {
	src := parallelSheet(900)
	cuts := splitStatements(src, 3)
	if len(cuts) != 2 {
		t.Fatalf("%d cuts, want 2", len(cuts))
	}
	for _, c := range cuts {
		if c.off < len(src)/4 || c.off > len(src)*3/4+len(src)/8 {
			t.Errorf("cut at %d of %d", c.off, len(src))
		}
		if src[c.off-1] != '}' {
			t.Errorf("cut at %d after %q, want after a block", c.off, src[c.off-10:c.off])
		}
		line := strings.Count(strings.ReplaceAll(src[:c.off], "\r\n", "\n"), "\n") + 1
		if c.pos.Line != line {
			t.Errorf("cut at line %d, want %d", c.pos.Line, line)
		}
	}
	if cuts := splitStatements("p{}q{}", 2); len(cuts) != 0 {
		t.Errorf("small sheet cut at %v", cuts)
	}
}

// TestParseParallelMangled parses mangled copies of a large stylesheet
// (characters that open, close or escape constructs dropped in at random
// places) on one and on several goroutines: the cuts must never change
// what a parse finds.
func TestParseParallelMangled(t *testing.T) {
	base := parallelSheet(600)
	rng := rand.New(rand.NewPCG(1, 2))
	bits := []string{"{", "}", "(", ")", "[", "]", "\"", "'", "/*", "*/", "\\", "\n", ";", "@media x {", "url(", "<!--", "-->", "\x00", "\r"}
	split := 0
	for i := range 40 {
		b := []byte(base)
		for range 1 + i%6 {
			at := rng.IntN(len(b))
			bit := bits[rng.IntN(len(bits))]
			b = append(b[:at], append([]byte(bit), b[at:]...)...)
		}
		src := string(b)
		if len(splitStatements(strings.ReplaceAll(src, "\x00", "\uFFFD"), 4)) > 0 {
			split++
		}
		want, wantDiags := Parse(src, ParseOptions{ShareValues: true})
		got, gotDiags := Parse(src, ParseOptions{ShareValues: true, Workers: 4})
		if deepDump(got.Rules) != deepDump(want.Rules) || !reflect.DeepEqual(gotDiags, wantDiags) {
			t.Errorf("mangled sheet %d: parallel parse differs", i)
		}
	}
	if split < 10 {
		t.Errorf("only %d of 40 mangled sheets were cut: the test checks little", split)
	}
}
