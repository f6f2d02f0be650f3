package box

import (
	"context"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// generatedText builds src with the real cascade and returns the text
// of the ::before box of every a element, in document order.
func generatedText(t *testing.T, src string) []string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	st, err := style.Compute(context.Background(), doc, style.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Build(context.Background(), doc, st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	tr.Root.Walk(func(b *Box) bool {
		if b.Pseudo == style.PseudoBefore && b.Kind != KindText && b.Node != nil && b.Node.Data == "a" {
			var sb strings.Builder
			for _, c := range b.Children {
				sb.WriteString(c.Text)
			}
			out = append(out, sb.String())
		}
		return true
	})
	return out
}

// TestTargetTextAndCounters checks target-text() and target-counter()
// for counters other than page, targets after the references included
// (a table of contents).
func TestTargetTextAndCounters(t *testing.T) {
	const body = `<nav><a href="#c1"></a><a href="#c2"></a><a href="#nowhere"></a><a href="http://x/#c1"></a></nav>
<h1 id="c1"><span>Getting</span> started</h1><p>x</p><h1 id="c2">«Deep» waters</h1>`
	tests := []struct {
		name, css string
		want      []string
	}{
		{"content", `a::before { content: target-text(attr(href)) }`,
			[]string{"Getting started", "«Deep» waters", "", ""}},
		{"first letter", `a::before { content: target-text(attr(href), first-letter) }`,
			[]string{"G", "«D", "", ""}},
		{"before of the target", `body { counter-reset: ch } h1 { counter-increment: ch } h1::before { content: "Chapter " counter(ch, upper-roman) ": " }
a::before { content: target-text(attr(href), before) "|" }`,
			[]string{"Chapter I: |", "Chapter II: |", "|", "|"}},
		{"counter other than page", `body { counter-reset: ch } h1 { counter-increment: ch } a::before { content: "ch. " target-counter(attr(href), ch, lower-roman) }`,
			[]string{"ch. i", "ch. ii", "ch. ", "ch. "}},
		{"string target", `a::before { content: target-text("#c2") }`,
			[]string{"«Deep» waters", "«Deep» waters", "«Deep» waters", "«Deep» waters"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := generatedText(t, "<!doctype html><html><head><style>"+tc.css+"</style></head><body>"+body+"</body></html>")
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("generated %q, want %q", got, tc.want)
			}
		})
	}
}

// TestTargetCounters: target-counters() gives every level of a nested
// counter at the target, joined by its separator.
func TestTargetCounters(t *testing.T) {
	src := `<html><head><style>
ol { counter-reset: item } li { counter-increment: item }
a::before { content: "see " target-counters(attr(href), item, ".") "/" target-counters(attr(href), item, "-", upper-roman) }
</style></head><body><nav><a href="#x"></a><a href="#y"></a></nav>
<ol><li>one</li><li>two<ol><li>two one</li><li id="x">two two</li></ol></li><li id="y">three</li></ol></body></html>`
	got := generatedText(t, src)
	want := []string{"see 2.2/II-II", "see 3/III"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("target-counters: got %q, want %q", got, want)
	}
}
