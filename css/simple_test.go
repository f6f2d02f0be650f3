package css

import (
	"fmt"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// TestSimpleCompoundAgreesWithCascadia checks the fast path for tag, id
// and class compounds against cascadia on the same elements.
func TestSimpleCompoundAgreesWithCascadia(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<div id=main class="a  b	c"><p class=a>x</p><p class="ab">y</p><P CLASS=B id=Main>z</P>
<span class="c a">s</span><svg><foreignObject class=a></foreignObject></svg><p id="-x" class="a-b b">w</p><p hidden dir=RTL lang=en data-x="a b">h</p><a href=x dir=ltr>l</a></div>`))
	if err != nil {
		t.Fatal(err)
	}
	sels := []string{"div", "P", "p.a", ".a", ".b", ".a.b", ".a.c.b", "#main", "#Main", "div#main.a", "*.a", "*#main", ".ab", ".a-b", "#-x.b",
		"p.b", "span.c.a.a", "foreignobject", "foreignObject.a", "[class]", "p:empty", "#main.d",
		"p:not(.a)", ":not(.a, #main)", ":not(p)", "span:not(.a.c)", "p:not(:first-child)", ":not(p.a):not(.b)", "*:not(div)",
		":is(p, span).a", "div :where(.a, #main)", ":is(.a):not(.c):is(p, .b)", ":is(p:first-child)",
		"[hidden]", "[dir=rtl i]", "[dir=rtl]", "[dir=RTL]", "p[lang=EN]", "p[lang=EN i]", "[data-x='a b']", "[DATA-X]", ":root", "html:root", "p:root",
		"p:hover", ":not(:hover)", "[id]:not([class])", "[class=a]", "a:any-link", "[href^=x]", "[dir=ltr I]"}
	els := elements(doc)
	for _, src := range sels {
		s, err := CompileSelector(Tokenize(src, nil))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		// the reference: cascadia on the selector as the general path
		// rewrites it (:is() becomes :not(:not()))
		var b strings.Builder
		if err := writeSelector(&b, Tokenize(src, nil)); err != nil {
			t.Fatal(err)
		}
		ref := cascadia.MustCompile(b.String())
		for _, n := range els {
			if got, want := s.Match(n), ref.Match(n); got != want {
				t.Errorf("%s on <%s %v>: %v, cascadia says %v", src, n.Data, n.Attr, got, want)
			}
		}
	}
	for _, src := range []string{"p.a", ".a.b", "#main", "div", "td:not(.num)", ":not(p, .a)", "section:is(.c1, .c2)", "[hidden]", "[dir=rtl i]", ":root", "a:hover"} {
		s, _ := CompileSelector(Tokenize(src, nil))
		if s.compounds[0].simple == nil {
			t.Errorf("%s: not compiled to the fast path", src)
		}
	}
}

func TestAncestorAnyHashes(t *testing.T) {
	s, err := CompileSelector(Tokenize(":is(.a, #b, p) > :where(.c, *) .d:is(.e .f, .g) i", nil))
	if err != nil {
		t.Fatal(err)
	}
	// only the first list qualifies: * has no feature and .e .f is complex
	want := [][]uint32{{FeatureHash(FeatureClass, "a"), FeatureHash(FeatureID, "b"), FeatureHash(FeatureTag, "p")}}
	if fmt.Sprint(s.AncestorAnyHashes) != fmt.Sprint(want) {
		t.Errorf("AncestorAnyHashes = %v, want %v", s.AncestorAnyHashes, want)
	}
}

// TestSharedCompounds checks that a stylesheet's selectors share compiled
// compounds written alike, and only those.
func TestSharedCompounds(t *testing.T) {
	sheet, diags := Parse(`li.a:not(.b) > p { color: red } ul li.a:not(.b) { color: blue } li.a:not(.c) { x: y }`, ParseOptions{})
	if len(diags) != 0 {
		t.Fatal(diags)
	}
	r := func(i int) *Selector { return sheet.Rules[i].(*StyleRule).Selectors[0] }
	if r(0).compounds[0].simple != r(1).compounds[1].simple {
		t.Error("li.a:not(.b) compiled twice")
	}
	if r(0).compounds[0].simple == r(2).compounds[0].simple {
		t.Error("li.a:not(.c) shares li.a:not(.b)")
	}
}

// TestHasToken checks class-list matching, including a token that occurs
// only inside longer class names ("a" in "aaa"), which must not match.
func TestHasToken(t *testing.T) {
	for _, tc := range []struct {
		list, tok string
		want      bool
	}{
		{"a", "a", true},
		{"b a", "a", true},
		{"a\tb", "b", true},
		{"aaa", "a", false},
		{"aa a", "a", true},
		{"ba ab", "a", false},
		{"xab ab", "ab", true},
		{"", "a", false},
	} {
		if got := hasToken(tc.list, tc.tok); got != tc.want {
			t.Errorf("hasToken(%q, %q) = %v, want %v", tc.list, tc.tok, got, tc.want)
		}
	}
}
