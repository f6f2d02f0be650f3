package layout

import (
	"fmt"
	"strings"
	"testing"
)

// pageIndexOf returns the 1-based page numbers holding fragments of the
// element with id.
func pageIndexOf(d *Document, tag, id string) []int {
	var out []int
	for i, p := range d.Pages {
		if p.Root != nil && len(frags(p, tag, id)) > 0 {
			out = append(out, i+1)
		}
	}
	return out
}

// TestBreakAvoidFirstChild checks that an avoided break between a first
// child and its next sibling moves to the class-A break point before the
// parent (CSS Fragmentation 3 §4.4) instead of being ignored.
func TestBreakAvoidFirstChild(t *testing.T) {
	// Every line is 14pt; the page holds exactly 20 lines: the h1, 18
	// filler paragraphs and the heading fill page 1.
	head := `<style>@page { size: 300pt 280pt; margin: 0 }
body { margin: 0; font: 10pt/14pt sans-serif } p, h1 { margin: 0; font-size: 10pt }
h2 { font-size: 12pt; margin: 0 } %s</style><h1 id=t>Title</h1>` + strings.Repeat("<p>Filler line.</p>", 18)
	tests := []struct {
		name, css, tail string
		want            map[string][]int // id → pages
	}{
		{"after avoid, first child", "h2 { break-after: avoid }",
			`<section id=s><h2 id=h>Notes heading</h2><p id=n>Note text that follows.</p></section>`,
			map[string][]int{"h": {2}, "n": {2}, "s": {2}}},
		{"after avoid, sibling", "h2 { break-after: avoid }",
			`<h2 id=h>Notes heading</h2><p id=n>Note text that follows.</p>`,
			map[string][]int{"h": {2}, "n": {2}}},
		{"before avoid, first child", "#n { break-before: avoid }",
			`<section id=s><h2 id=h>Notes heading</h2><p id=n>Note text that follows.</p></section>`,
			map[string][]int{"h": {2}, "n": {2}, "s": {2}}},
		{"nested first children", "h2 { break-after: avoid }",
			`<div id=d><section id=s><h2 id=h>Notes heading</h2><p id=n>Note text that follows.</p></section></div>`,
			map[string][]int{"h": {2}, "n": {2}, "s": {2}, "d": {2}}},
		{"inside avoid parent", "#s { break-inside: avoid }",
			`<div id=d><section id=s><h2 id=h>Notes heading</h2><p id=n>Note text that follows.</p></section></div>`,
			map[string][]int{"h": {2}, "n": {2}, "s": {2}, "d": {2}}},
		{"no avoid breaks inside", "h2 { break-after: auto }",
			`<section id=s><h2 id=h>Notes heading</h2><p id=n>Note text that follows.</p></section>`,
			map[string][]int{"h": {1}, "n": {2}, "s": {1, 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, fmt.Sprintf(head, tc.css)+tc.tail)
			if len(d.Pages) != 2 {
				t.Fatalf("%d pages, want 2", len(d.Pages))
			}
			for id, want := range tc.want {
				tag := map[byte]string{'h': "h2", 'n': "p", 's': "section", 'd': "div"}[id[0]]
				if got := pageIndexOf(d, tag, id); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("#%s on pages %v, want %v", id, got, want)
				}
			}
			if got := pageIndexOf(d, "h1", "t"); fmt.Sprint(got) != "[1]" {
				t.Errorf("h1 on pages %v, want [1]", got)
			}
		})
	}
}
