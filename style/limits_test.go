package style

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/css"
)

// These tests feed pathological input; they pass when the cascade
// finishes (bounded time and memory are measured by the benchmarks and by
// the test timeout) with the documented outcome.

func TestDeeplyNestedRules(t *testing.T) {
	src := strings.Repeat(".a{", 10000) + "color:red" + strings.Repeat("}", 10000) + " p{color:blue}"
	st, doc := compute(t, "<style>"+src+"</style><p id=t class=a>x", Options{})
	if got := prop(st.Of(find(doc, "t"), PseudoNone), "color"); got != "#0000ff" {
		t.Errorf("color = %q: the rule after the deep nest must survive", got)
	}
	if len(st.Diagnostics()) == 0 {
		t.Error("dropping the deep nest must be reported")
	}
}

// TestDeeplyNestedBlocks feeds 100 000 nested parentheses: the nesting is
// reported and the declaration dropped; when the parentheses are closed,
// the rule after them still applies.
func TestDeeplyNestedBlocks(t *testing.T) {
	for _, tc := range []struct {
		name, value, want string
	}{
		{"unclosed", strings.Repeat("(", 100000) + "}", "#000000"},
		{"closed", strings.Repeat("(", 100000) + strings.Repeat(")", 100000) + "}", "#008000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, doc := compute(t, "<style>p{color:"+tc.value+" p{color:green}</style><p id=t>x", Options{})
			if got := prop(st.Of(find(doc, "t"), PseudoNone), "color"); got != tc.want {
				t.Errorf("color = %q, want %q", got, tc.want)
			}
			nested := false
			for _, d := range st.Diagnostics() {
				nested = nested || strings.Contains(d.Message, "nested deeper than")
			}
			if !nested {
				t.Errorf("no diagnostic about the nesting depth: %+v", st.Diagnostics())
			}
		})
	}
}

func TestHugeStylesheet(t *testing.T) {
	if testing.Short() {
		t.Skip("5 MB stylesheet: skipped in -short mode")
	}
	var b strings.Builder
	for b.Len() < 5<<20 {
		b.WriteString(".c12345 > div.x:not(.y) { margin: 1px 2px; color: #123456; }\n")
	}
	b.WriteString("#t{color:red}")
	st, doc := compute(t, "<style>"+b.String()+"</style><p id=t>x", Options{})
	if got := prop(st.Of(find(doc, "t"), PseudoNone), "color"); got != "#ff0000" {
		t.Errorf("color = %q", got)
	}
}

func TestManyCompoundSelector(t *testing.T) {
	sel := strings.Repeat("div ", 1000) + "p"
	// a document of nested divs deep enough to make naive backtracking
	// explode
	doc := strings.Repeat("<div>", 200) + "<p id=t>x</p>" + strings.Repeat("</div>", 200)
	st, d := compute(t, "<style>"+sel+"{color:red} "+strings.Repeat(".a", 1000)+"{color:blue}</style>"+doc, Options{})
	if got := prop(st.Of(find(d, "t"), PseudoNone), "color"); got != "#000000" {
		t.Errorf("color = %q, want black (selector needs 1000 ancestors)", got)
	}
	sel2 := strings.Repeat("div ", 150) + "p"
	st, d = compute(t, "<style>"+sel2+"{color:red}</style>"+doc, Options{})
	if got := prop(st.Of(find(d, "t"), PseudoNone), "color"); got != "#ff0000" {
		t.Errorf("color = %q, want red", got)
	}
}

func TestVarBombBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(":root{--a0:" + strings.Repeat("x ", 32) + ";")
	for i := 1; i <= 30; i++ {
		b.WriteString("--a" + itoaN(i) + ":var(--a" + itoaN(i-1) + ") var(--a" + itoaN(i-1) + ") var(--a" + itoaN(i-1) + ");")
	}
	b.WriteString("} p{content:var(--a30); width:var(--a30, 4pt)}")
	st, doc := compute(t, "<style>"+b.String()+"</style><p id=t>x", Options{})
	s := st.Of(find(doc, "t"), PseudoNone)
	if s.ContentMode != ContentNormal {
		t.Errorf("content must be invalid at computed-value time (expansion over 64 KiB)")
	}
	if got := prop(s, "width"); got != "4pt" {
		t.Errorf("width = %q, want fallback 4pt for an invalid custom property", got)
	}
}

func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, parseHTML(t, "<p>x"), Options{}); err == nil {
		t.Error("Compute with a cancelled context must fail")
	}
}

func FuzzCascade(f *testing.F) {
	f.Add("p{color:red} .a > b:first-child::before{content:counter(x) attr(y)}", `<p class=a><b y=1>x</b></p>`)
	f.Add("@page :first{@top-center{content:\"x\"}} @media print{p{margin:calc(1em + 2%)}}", "<p>x")
	f.Add(":root{--a:var(--b);--b:var(--a)} p{color:var(--a, blue); font: italic 10pt/1 serif}", "<p style='margin:var(--m)'>x")
	f.Add("a{&:hover{b:c} > d{e:f} @media print{g:h}}", "<a>x</a>")
	f.Add("@import 'x'; @font-face{font-family:x;src:url(y)} @supports (display:grid){p{display:grid}}", "<ul><li>x</ul>")
	f.Add("p{border:1px solid rgb(1 2 3/50%);background:hsl(10deg 20% 30%) url(x.png)}", "<table><tr><td>x</table>")
	f.Fuzz(func(t *testing.T, sheet, body string) {
		if len(sheet) > 1<<16 || len(body) > 1<<14 {
			return
		}
		css.Parse(sheet, css.ParseOptions{})
		css.ParseDeclarations(sheet)
		doc := parseHTML(t, "<style>"+sheet+"</style>"+body)
		st, err := Compute(context.Background(), doc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, pc := range []PageContext{{}, {First: true}, {Left: true, Blank: true, Name: "x"}} {
			if ps := st.Page(pc); ps == nil || ps.Box == nil || ps.Size[0] <= 0 {
				t.Fatalf("page style %+v", ps)
			}
		}
	})
}

func TestConcurrentCompute(t *testing.T) {
	src := "<style>" + benchSheet(50) + "</style>"
	html := strings.Replace(benchDoc(300), "<title>bench</title>", "<title>bench</title>"+src, 1)
	done := make(chan *Styles)
	for i := 0; i < 4; i++ {
		go func() {
			st, err := Compute(context.Background(), parseHTML(t, html), Options{})
			if err != nil {
				t.Error(err)
			}
			st.Page(PageContext{First: true})
			done <- st
		}()
	}
	for i := 0; i < 4; i++ {
		if st := <-done; st == nil || len(st.nodes) == 0 {
			t.Error("no styles")
		}
	}
}
