package box

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestReversedCounters checks <ol reversed> and counter-reset:
// reversed(): the start value from the increments in scope, start and
// value attributes, nested lists and explicit values.
func TestReversedCounters(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"ol reversed", `<ol reversed><li>a<li>b<li>c</ol>`, []string{"3. ", "2. ", "1. "}},
		{"start", `<ol reversed start=10><li>a<li>b</ol>`, []string{"10. ", "9. "}},
		{"value", `<ol reversed><li>three<li value=6>six<li>five</ol>`, []string{"3. ", "6. ", "5. "}},
		{"nested", `<ol reversed><li>a<ol reversed><li>x<li>y<li>z</ol><li>b</ol>`, []string{"2. ", "3. ", "2. ", "1. ", "1. "}},
		{"nested not reversed", `<ol reversed><li>a<ol><li>x<li>y</ol><li>b</ol>`, []string{"2. ", "1. ", "2. ", "1. "}},
		{"reset with a value", `<ol style="counter-reset: reversed(list-item) 5"><li>a<li>b</ol>`, []string{"4. ", "3. "}},
		{"reset without a value", `<div style="counter-reset: reversed(list-item);list-style-type:decimal"><p style="display:list-item">a<p style="display:list-item">b</div>`, []string{"2. ", "1. "}},
		{"hidden items do not count", `<ol reversed><li>a<li style="display:none">b<li>c</ol>`, []string{"2. ", "1. "}},
		{"not reversed", `<ol><li>a<li>b</ol>`, []string{"1. ", "2. "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := markerTexts(buildStyled(t, tt.src).Root); strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("markers %q, want %q", got, tt.want)
			}
		})
	}
	// a reversed counter of its own, incremented by 2 (CSS Lists 3
	// §4.4.2): 7 spans, the third shows 16-3×2
	src := `<style>span { counter-increment: c -2 } .r { counter-reset: reversed(c) } .x::before { content: counter(c) }</style>` +
		`<div><span class=r></span><span></span><span class=x></span><span></span><span></span><span></span><span></span></div>`
	var got string
	var walk func(b *Box)
	walk = func(b *Box) {
		if b.Kind == KindText && b.Pseudo == style.PseudoBefore {
			got += b.Text
		}
		for _, c := range b.Children {
			walk(c)
		}
	}
	walk(buildStyled(t, src).Root)
	if got != "10" {
		t.Errorf("counter(c) = %q, want 10", got)
	}
}

// markerTexts returns the texts of the list markers under b.
func markerTexts(b *Box) []string {
	var out []string
	if b.Kind == KindText && b.Pseudo == style.PseudoMarker {
		out = append(out, b.Text)
	}
	for _, c := range b.Children {
		out = append(out, markerTexts(c)...)
	}
	return out
}
