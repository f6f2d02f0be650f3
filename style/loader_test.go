package style

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// mapLoader serves stylesheets from a map keyed by resolved URL; refs are
// resolved by simple joining with the base's directory.
type mapLoader map[string]string

func (m mapLoader) Load(_ context.Context, ref, base string) ([]byte, string, error) {
	dir := base[:strings.LastIndexByte(base, '/')+1]
	u := dir + ref
	if s, ok := m[u]; ok {
		return []byte(s), u, nil
	}
	return nil, "", errors.New("not found")
}

func TestLinkedAndImportedSheets(t *testing.T) {
	l := mapLoader{
		"http://x/css/main.css":   `@import "base.css"; @import url(print.css) print; @import "screen.css" screen; p { color: red }`,
		"http://x/css/base.css":   `p { font-style: italic; color: blue } @import "late.css";`,
		"http://x/css/print.css":  `p { font-weight: bold }`,
		"http://x/css/screen.css": `p { font-size: 40pt }`,
		"http://x/css/loop.css":   `@import "loop.css"; p { text-transform: uppercase }`,
	}
	st, doc := compute(t, `<link rel=stylesheet href="css/main.css"><link rel=stylesheet href="css/loop.css"><link rel=stylesheet href="css/missing.css"><link rel="alternate stylesheet" href="css/print.css"><p id=t>x`,
		Options{Loader: l, BaseURL: "http://x/index.html"})
	s := st.Of(find(doc, "t"), PseudoNone)
	for _, c := range [][2]string{{"color", "#ff0000"}, {"font-style", "italic"}, {"font-weight", "700"}, {"font-size", "12pt"}, {"text-transform", "1"}} {
		if got := prop(s, c[0]); got != c[1] {
			t.Errorf("%s = %q, want %q", c[0], got, c[1])
		}
	}
	var msgs []string
	for _, d := range st.Diagnostics() {
		msgs = append(msgs, d.Source+": "+d.Message)
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{"@import after other rules", "import loop", "css/missing.css: linked stylesheet not loaded"} {
		if !strings.Contains(all, want) {
			t.Errorf("diagnostics lack %q:\n%s", want, all)
		}
	}
}

func TestNoLoader(t *testing.T) {
	st, _ := compute(t, `<link rel=stylesheet href="a.css"><style>@import "b.css"; p{color:red}</style><p>x`, Options{})
	if n := len(st.Diagnostics()); n != 2 {
		t.Errorf("diagnostics = %v, want 2 (link and import skipped)", st.Diagnostics())
	}
}

func TestDiagnosticsName(t *testing.T) {
	st, _ := compute(t, "<style>p{color:red}</style><style>\np {\n  colr: red;\n  width: 10;\n}\n@media print { p { margin: 1pt 2pt 3pt 4pt 5pt } }</style><p style='color: ; font-weight: heavy'>x", Options{})
	var got []string
	for _, d := range st.Diagnostics() {
		got = append(got, d.Source+" "+itoaN(d.Line)+":"+itoaN(d.Column)+" "+d.Message)
	}
	want := []string{
		"<style> #2 3:3 unknown property colr: dropped",
		`<style> #2 4:3 invalid value for width: "10": dropped`,
		`<style> #2 6:20 invalid value for margin: "1pt 2pt 3pt 4pt 5pt": dropped`,
		"style attribute of <p> 1:1 empty value for color: dropped",
		`style attribute of <p> 1:10 invalid value for font-weight: "heavy": dropped`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func itoaN(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}
