package style

import (
	"context"
	"fmt"
	"reflect"
	"testing"
)

// sameStyles reports the first difference between two Computes of doc:
// element and pseudo-element styles, diagnostics, font faces and the
// first page.
func sameStyles(t *testing.T, what string, got, want *Styles) {
	t.Helper()
	if !reflect.DeepEqual(got.Diagnostics(), want.Diagnostics()) {
		t.Errorf("%s: diagnostics %v, want %v", what, got.Diagnostics(), want.Diagnostics())
	}
	if !reflect.DeepEqual(got.FontFaces(), want.FontFaces()) {
		t.Errorf("%s: font faces %v, want %v", what, got.FontFaces(), want.FontFaces())
	}
	for _, pc := range []PageContext{{First: true}, {Left: true}, {Name: "wide"}} {
		if a, b := got.Page(pc), want.Page(pc); !reflect.DeepEqual(a, b) {
			t.Errorf("%s: page %+v differs: size %v margins %v, want size %v margins %v", what, pc, a.Size, a.Box.Margin, b.Size, b.Box.Margin)
		}
	}
	if !reflect.DeepEqual(got.nodes, want.nodes) || !reflect.DeepEqual(got.pseudos, want.pseudos) {
		t.Errorf("%s: element styles differ", what)
	}
}

const ruleSetDoc = `<!DOCTYPE html><html lang=en><head><style>
@page { size: A5; margin: 1cm } @page :first { margin-top: 3cm; @top-center { content: "T" } }
@page wide { size: A4 landscape }
@font-face { font-family: X; src: url(x.woff2) format("woff2") }
@layer base, theme;
@layer theme { p { color: green } }
@layer base { p { color: red; font-weight: bold } }
@media (max-width: 400pt) { p { font-size: 9pt } }
@media (min-width: 500pt) { p { font-size: 20pt } }
p::before { content: "> " } li::marker { color: blue }
h1 { width: 50vw; bogus: 1 }
</style><style media="(min-width: 500pt)">h1 { color: purple }</style></head>
<body><h1>T</h1><p>a</p><ul><li>x</li></ul></body></html>`

// TestSheetCacheRuleSets checks that documents computed with the rule set
// a SheetCache keeps get the styles, pages, font faces and diagnostics of
// a Compute without the cache, for different page sizes (which media
// queries and viewport units see), and that the set is reused.
func TestSheetCacheRuleSets(t *testing.T) {
	doc := parseHTML(t, ruleSetDoc)
	cache := NewSheetCache(0, 0)
	for round := range 2 {
		for _, size := range [][2]float64{{}, {800, 600}, {300, 400}} {
			want, err := Compute(context.Background(), doc, Options{PageSize: size})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Compute(context.Background(), doc, Options{PageSize: size, Sheets: cache})
			if err != nil {
				t.Fatal(err)
			}
			sameStyles(t, fmt.Sprintf("page size %v, round %d", size, round), got, want)
		}
	}
	if n := len(cache.sets); n != 3 {
		t.Errorf("cache keeps %d rule sets, want one per page size (3)", n)
	}
	// a sheet evicted takes its rule sets along
	small := NewSheetCache(1, 0)
	for _, src := range []string{"<style>p{color:red}</style><p>x", "<style>p{color:blue}</style><p>x"} {
		if _, err := Compute(context.Background(), parseHTML(t, src), Options{Sheets: small}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(small.sets); n != 1 {
		t.Errorf("after eviction the cache keeps %d rule sets, want 1", n)
	}
}

// TestSheetCacheRuleSetImports checks that the rules of a document whose
// sheets @import others are converted again for every document: what the
// loader returns may change.
func TestSheetCacheRuleSetImports(t *testing.T) {
	doc := parseHTML(t, `<style>@import "a.css"; p { margin: 1pt }</style><p id=t>x`)
	cache := NewSheetCache(0, 0)
	for _, color := range []string{"#ff0000", "#0000ff"} {
		l := mapLoader{"http://x/a.css": "p { color: " + color + " }"}
		st, err := Compute(context.Background(), doc, Options{Sheets: cache, Loader: l, BaseURL: "http://x/i.html"})
		if err != nil {
			t.Fatal(err)
		}
		if got := prop(st.Of(find(doc, "t"), PseudoNone), "color"); got != color {
			t.Errorf("color %s, want %s from the loader", got, color)
		}
	}
	if n := len(cache.sets); n != 0 {
		t.Errorf("cache keeps %d rule sets of a document with @import, want 0", n)
	}
}
