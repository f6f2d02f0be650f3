package style

import (
	"fmt"
	"strings"
	"testing"
)

// TestZebraStripes checks the striping of a long table: structural
// pseudo-classes are answered from the per-parent sibling cache.
func TestZebraStripes(t *testing.T) {
	const rows = 40
	st, doc := compute(t, zebraTable(rows), Options{})
	for r := 1; r <= rows; r++ {
		tr := find(doc, fmt.Sprintf("r%d", r))
		s := st.Of(tr, PseudoNone)
		wantBg := "#00000000"
		if r%2 == 0 {
			wantBg = "#eeeeee"
		}
		if got := prop(s, "background-color"); got != wantBg {
			t.Errorf("row %d background = %s, want %s", r, got, wantBg)
		}
		wantColor := "#000000"
		if r > rows-3 {
			wantColor = "#990000"
		}
		if got := prop(s, "color"); got != wantColor {
			t.Errorf("row %d color = %s, want %s", r, got, wantColor)
		}
		wantBorder := 0.0
		if r%5 == 1 && r != 1 {
			wantBorder = 1
		}
		if got := s.Border[0].Width; got != wantBorder {
			t.Errorf("row %d border-top-width = %g, want %g", r, got, wantBorder)
		}
		var cells []*Style
		for c := tr.FirstChild; c != nil; c = c.NextSibling {
			cells = append(cells, st.Of(c, PseudoNone))
		}
		wantWeight := "400"
		if r%2 == 1 {
			wantWeight = "700"
		}
		if got := prop(cells[0], "font-weight"); got != wantWeight {
			t.Errorf("row %d first cell font-weight = %s, want %s", r, got, wantWeight)
		}
		if got := prop(cells[1], "font-weight"); got != "400" {
			t.Errorf("row %d second cell font-weight = %s, want 400", r, got)
		}
		wantAlign := "start"
		if r == rows {
			wantAlign = "right"
		}
		if got := prop(cells[2], "text-align"); got != wantAlign {
			t.Errorf("row %d last cell text-align = %s, want %s", r, got, wantAlign)
		}
	}
	// the header row is no tbody row
	if got := prop(st.Of(find(doc, "tr"), PseudoNone), "background-color"); got != "#00000000" {
		t.Errorf("thead row background = %s, want transparent", got)
	}
}

// TestStructuralPseudoClasses checks every structural pseudo-class and
// An+B form against the definition, on a sibling list that mixes element
// types with text and comment nodes.
func TestStructuralPseudoClasses(t *testing.T) {
	// children of #list: tag of each element child in order
	tags := []string{"p", "span", "p", "p", "em", "span", "p", "b", "p", "span", "p", "p", "span"}
	var body strings.Builder
	body.WriteString("<div id=list>text ")
	for i, tag := range tags {
		fmt.Fprintf(&body, "<%s id=e%d>x</%s><!-- c --> ", tag, i+1, tag)
	}
	body.WriteString("</div><div id=one><i id=only>x</i></div>")
	// pos returns the 1-based index, count, index among same-type and
	// same-type count of element i (0-based)
	pos := func(i int) (idx, n, tidx, tn int) {
		for k, tag := range tags {
			if tag == tags[i] {
				tn++
				if k <= i {
					tidx++
				}
			}
		}
		return i + 1, len(tags), tidx, tn
	}
	nth := func(a, b, i int) bool {
		if a == 0 {
			return i == b
		}
		return (i-b)%a == 0 && (i-b)/a >= 0
	}
	tests := []struct {
		sel  string
		want func(i int) bool
	}{
		{":first-child", func(i int) bool { idx, _, _, _ := pos(i); return idx == 1 }},
		{":last-child", func(i int) bool { idx, n, _, _ := pos(i); return idx == n }},
		{":only-child", func(int) bool { return false }},
		{":first-of-type", func(i int) bool { _, _, ti, _ := pos(i); return ti == 1 }},
		{":last-of-type", func(i int) bool { _, _, ti, tn := pos(i); return ti == tn }},
		{":only-of-type", func(i int) bool { _, _, _, tn := pos(i); return tn == 1 }},
		{":nth-child(even)", func(i int) bool { idx, _, _, _ := pos(i); return idx%2 == 0 }},
		{":nth-child(ODD)", func(i int) bool { idx, _, _, _ := pos(i); return idx%2 == 1 }},
		{":nth-child(3n + 2)", func(i int) bool { idx, _, _, _ := pos(i); return nth(3, 2, idx) }},
		{":nth-child(-n+3)", func(i int) bool { idx, _, _, _ := pos(i); return idx <= 3 }},
		{":nth-child(2n-1)", func(i int) bool { idx, _, _, _ := pos(i); return nth(2, -1, idx) }},
		{":nth-child(+5)", func(i int) bool { idx, _, _, _ := pos(i); return idx == 5 }},
		{":nth-child(n)", func(int) bool { return true }},
		{":nth-child(0n+0)", func(int) bool { return false }},
		{":nth-last-child(2)", func(i int) bool { idx, n, _, _ := pos(i); return n-idx+1 == 2 }},
		{":nth-last-child(3n)", func(i int) bool { idx, n, _, _ := pos(i); return nth(3, 0, n-idx+1) }},
		{"p:nth-of-type(2n+1)", func(i int) bool { _, _, ti, _ := pos(i); return tags[i] == "p" && ti%2 == 1 }},
		{":nth-last-of-type(1)", func(i int) bool { _, _, ti, tn := pos(i); return ti == tn }},
		{"span:nth-of-type(-2n+3)", func(i int) bool { _, _, ti, _ := pos(i); return tags[i] == "span" && (ti == 1 || ti == 3) }},
		{"p + p:nth-child(odd)", func(i int) bool {
			idx, _, _, _ := pos(i)
			return i > 0 && tags[i] == "p" && tags[i-1] == "p" && idx%2 == 1
		}},
		{"#list > :nth-child(2):not(p)", func(i int) bool { return i == 1 }},
		{":not(:nth-child(2n))", func(i int) bool { idx, _, _, _ := pos(i); return idx%2 == 1 }},
		{":is(:first-child, :last-child)", func(i int) bool { idx, n, _, _ := pos(i); return idx == 1 || idx == n }},
	}
	for _, tc := range tests {
		t.Run(tc.sel, func(t *testing.T) {
			sheet := "<style>#list > * { color: black } #list > " + tc.sel + " { color: red }</style>"
			if strings.HasPrefix(tc.sel, "#list") || strings.Contains(tc.sel, "+") && !strings.Contains(tc.sel, "(") {
				sheet = "<style>#list > * { color: black } " + tc.sel + " { color: red }</style>"
			}
			st, doc := compute(t, sheet+body.String(), Options{})
			if d := st.Diagnostics(); len(d) > 0 {
				t.Fatalf("diagnostics: %v", d)
			}
			var got, want []int
			for i := range tags {
				if prop(st.Of(find(doc, fmt.Sprintf("e%d", i+1)), PseudoNone), "color") == "#ff0000" {
					got = append(got, i+1)
				}
				if tc.want(i) {
					want = append(want, i+1)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s matches %v, want %v", tc.sel, got, want)
			}
		})
	}
	// a lone child is :only-child and :only-of-type; the root is
	// :first-child of the document
	st, doc := compute(t, "<style>#one > :only-child { color: red } #one > i:only-of-type { font-weight: bold } html:first-child:last-child { font-size: 20pt }</style>"+body.String(), Options{})
	s := st.Of(find(doc, "only"), PseudoNone)
	if prop(s, "color") != "#ff0000" || prop(s, "font-weight") != "700" {
		t.Errorf("only child: color %s weight %s", prop(s, "color"), prop(s, "font-weight"))
	}
	if got := prop(st.Of(find(doc, "html"), PseudoNone), "font-size"); got != "20pt" {
		t.Errorf("root font-size = %s, want 20pt (html is the first and last child of the document)", got)
	}
}

// TestIsListAncestors checks selectors whose ancestor compounds are
// :is() lists (as CSS nesting writes parent lists): the ancestor filter
// must keep every alternative.
func TestIsListAncestors(t *testing.T) {
	sheet := `<style>.a, .b { & p { color: red } } section:is(.x, #y, div) > h2 { color: blue } :where(.q, .r) em:is(.e1, .e2) { color: green }</style>`
	body := `<div class=a><p id=p1>x</p></div><div class=b><span><p id=p2>x</p></span></div><div class=c><p id=p3>x</p></div>
<section class=x><h2 id=h1>x</h2></section><section id=y><h2 id=h2>x</h2></section><section class=z><h2 id=h3>x</h2></section>
<section class=x><div><h2 id=h4>x</h2></div></section><div class=r><p><em id=e1 class=e2>x</em><em id=e2>x</em></p></div>`
	st, doc := compute(t, sheet+body, Options{})
	want := map[string]string{"p1": "#ff0000", "p2": "#ff0000", "p3": "#000000", "h1": "#0000ff", "h2": "#0000ff", "h3": "#000000", "h4": "#000000", "e1": "#008000", "e2": "#000000"}
	for id, w := range want {
		if got := prop(st.Of(find(doc, id), PseudoNone), "color"); got != w {
			t.Errorf("#%s color = %s, want %s", id, got, w)
		}
	}
}
