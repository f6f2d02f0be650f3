package box

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// beforeTexts returns the texts of the ::before boxes under b, in order.
func beforeTexts(b *Box) []string {
	var out []string
	if b.Kind == KindText && b.Pseudo == style.PseudoBefore {
		out = append(out, b.Text)
	}
	for _, c := range b.Children {
		out = append(out, beforeTexts(c)...)
	}
	return out
}

// TestCounterScopes checks how counter-reset, counter-set and
// counter-increment nest and replace counters (CSS Lists 3 §4.5), and
// that an element with display: contents leaves them alone.
func TestCounterScopes(t *testing.T) {
	const show = `<style>span::before { content: counters(n, ".") }</style>`
	tests := []struct {
		name, src string
		want      []string
	}{
		{"set creates a counter", `<span style="counter-set: n 7"></span><span style="counter-set: n"></span>`, []string{"7", "0"}},
		{"reset replaces a sibling's counter", `<span style="counter-set: n 7"></span><x style="counter-reset: n 9"><span style="counter-set: n 2"></span></x><span style="counter-increment: n"></span>`,
			[]string{"7", "2", "3"}},
		{"reset in a child nests", `<x style="counter-reset: n 9"><span></span><x style="counter-reset: n 1"><span style="counter-set: n 5"></span></x></x>`,
			[]string{"9", "9.5"}},
		{"display contents does not count", `<div><span style="counter-reset: n 6"></span><b style="display: contents; counter-reset: n 666; counter-increment: n"></b>` +
			`<b style="display: contents; counter-set: n 666"></b><span style="counter-increment: n"></span></div>`, []string{"6", "7"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := beforeTexts(buildStyled(t, show+tt.src).Root); strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("counters %q, want %q", got, tt.want)
			}
		})
	}
}

// TestListItemValue checks the value attribute of li against counter-set
// and counter-increment of list-item, and <ol reversed> counting down
// from its number of items whatever they set.
func TestListItemValue(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"counter-set beats value", `<ol><li>a<li value=4 style="counter-set: list-item 99">b</ol>`, []string{"1. ", "99. "}},
		{"value beats increment", `<ol><li>a<li value=4 style="counter-increment: list-item 50">b</ol>`, []string{"1. ", "4. "}},
		{"increment", `<ol><li>a<li style="counter-increment: list-item 50">b</ol>`, []string{"1. ", "51. "}},
		{"reversed with counter-set", `<ol reversed><li>a<li>b<li style="counter-set: list-item 7">c<li style="counter-increment: list-item -1">d` +
			`<li style="counter-set: list-item 10; counter-increment: list-item 1">e<li>f</ol>`, []string{"6. ", "5. ", "7. ", "6. ", "10. ", "9. "}},
		{"reversed: other elements do not count", `<ol reversed><li>a<div style="counter-increment: list-item -1"></div><li>b</ol>`, []string{"2. ", "0. "}},
		{"list-item pseudo-elements have markers", `<style>li::before, li::after { display: list-item; content: "x" }</style><ol><li>a<li>b</ol>`,
			[]string{"1. ", "2. ", "3. ", "4. ", "5. ", "6. "}},
		{"reversed: nested lists own their items", `<ol reversed><li>a<ul><li>x<li>y</ul><li>b</ol>`, []string{"2. ", "1. "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := markerTexts(buildStyled(t, tt.src).Root); strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("markers %q, want %q", got, tt.want)
			}
		})
	}
}

// TestInlineListItems checks display: inline list-item (an inline box
// with an inside marker, whatever list-style-position says) and inline
// flow-root list-item (an inline-block with an outside marker): both
// count as list items.
func TestInlineListItems(t *testing.T) {
	root := buildStyled(t, `<ol><li style="display:inline list-item">a<li style="display:inline flow-root list-item">b<li style="display:inline">c<li>d</ol>`).Root
	if got := markerTexts(root); strings.Join(got, "|") != "1. |2. |3. " {
		t.Errorf("markers %q, want 1. 2. 3.", got)
	}
	var items []*Box
	root.Walk(func(b *Box) bool {
		if b.Tag() == "li" && b.Pseudo == style.PseudoNone {
			items = append(items, b)
		}
		return true
	})
	want := []struct {
		kind    Kind
		marker  bool
		outside bool
	}{{KindInline, true, false}, {KindInlineBlock, true, true}, {KindInline, false, false}, {KindBlock, true, true}}
	if len(items) != len(want) {
		t.Fatalf("%d items, want %d", len(items), len(want))
	}
	for i, w := range want {
		b := items[i]
		if b.Kind != w.kind || (b.Marker != nil) != w.marker || b.Marker != nil && b.Marker.Outside != w.outside {
			t.Errorf("item %d: kind %v marker %v, want kind %v marker %v outside %v", i, b.Kind, b.Marker != nil, w.kind, w.marker, w.outside)
		}
	}
}
