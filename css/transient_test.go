package css

import (
	"fmt"
	"strings"
	"testing"
)

// deepDump renders everything a parsed rule keeps that came from its
// block: declaration values (with nested functions), media features,
// @page and margin-box declarations, @font-face descriptors.
func deepDump(rules []Rule) string {
	var b strings.Builder
	decls := func(ds []Declaration) {
		for _, d := range ds {
			fmt.Fprintf(&b, " %s:%s!%v;", d.Name, Serialize(d.Value), d.Important)
		}
	}
	var walk func(rs []Rule)
	walk = func(rs []Rule) {
		for _, r := range rs {
			switch r := r.(type) {
			case *StyleRule:
				for _, s := range r.Selectors {
					b.WriteString(s.Text + ",")
				}
				decls(r.Decls)
			case *MediaRule:
				for _, q := range r.Media.Queries {
					fmt.Fprintf(&b, "@media %s", q.Type)
					for _, f := range q.Features {
						fmt.Fprintf(&b, " (%s%s%s)", f.Name, f.Op, Serialize(f.Value))
					}
				}
				b.WriteString("{")
				walk(r.Rules)
				b.WriteString("}")
			case *PageRule:
				fmt.Fprintf(&b, "@page %v", r.Selectors)
				decls(r.Decls)
				for _, m := range r.Margins {
					b.WriteString(" @" + m.Name)
					decls(m.Decls)
				}
			case *FontFaceRule:
				b.WriteString("@font-face")
				decls(r.Decls)
			case *LayerRule:
				fmt.Fprintf(&b, "@layer %s %v{", r.Name, r.Names)
				walk(r.Rules)
				b.WriteString("}")
			}
			b.WriteString("\n")
		}
	}
	walk(rules)
	return b.String()
}

// TestParseStatementsIndependent checks that the statements of a
// stylesheet parse to the same rules whether they come one per Parse or
// all together: the tokens of one top-level block are reused for the next
// one, so nothing a rule keeps may point into them.
func TestParseStatementsIndependent(t *testing.T) {
	stmts := []string{
		":root { --accent: #336699; --block: { a: b }; --fn: calc(1px + var(--x, 2px)); }",
		"p.note, div > em { color: var(--accent); margin: 1pt 2pt; width: calc(100% - 2 * 3pt) !important }",
		"@media print and (min-width: 10cm) { h1 { font-size: 20pt } @media (max-width: 100cm) { h2 { color: rgb(1 2 3) } } }",
		"article { color: red; & > p { margin: 0 } @media print { padding: 1pt } .x & { font-weight: 700 } }",
		"@page :first { size: A4; margin: 2cm; @top-center { content: \"Title \" counter(page) } @bottom-right { content: counter(page) \" of \" counter(pages) } }",
		"@font-face { font-family: \"X\"; src: url(x.woff2) format(\"woff2\"), local(Y) }",
		"@layer base { li::marker { content: \"-\" } ul { list-style: square inside } }",
		"table td:not(.num):nth-child(2n+1) { padding: 2pt 4pt; border: 1px solid hsl(0 0% 50%) }",
		"a[href^='#']::after { content: \" (\" attr(href) \")\" }",
	}
	var each strings.Builder
	for _, s := range stmts {
		sheet, diags := Parse(s, ParseOptions{ShareValues: true})
		if len(diags) > 0 {
			t.Fatalf("%s: %v", s, diags)
		}
		each.WriteString(deepDump(sheet.Rules))
	}
	for _, share := range []bool{false, true} {
		sheet, diags := Parse(strings.Join(stmts, "\n"), ParseOptions{ShareValues: share})
		if len(diags) > 0 {
			t.Fatal(diags)
		}
		if got := deepDump(sheet.Rules); got != each.String() {
			t.Errorf("ShareValues %v: together:\n%s\none by one:\n%s", share, got, each.String())
		}
	}
}
