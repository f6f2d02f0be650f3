package style

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// sharingCases are documents whose elements share computed styles in
// ways that must not leak: explicit inherit of non-inherited properties,
// custom properties redefined in a subtree, languages, style attributes,
// presentational hints and parents that differ only in inherited values.
var sharingCases = map[string]string{
	"inherit non-inherited": `<style>
.a { border: 2pt solid red; padding: 3pt; opacity: 0.5 }
.b { border: 5pt dashed blue; padding: 7pt }
span { border: inherit; padding: inherit; opacity: inherit }
</style><div class=a><span>x</span></div><div class=b><span>y</span></div><div class=a><span>z</span></div>`,
	"vertical-align inherit": `<table><tr valign=top><td>a</td></tr><tr><td>b</td></tr><tr style="vertical-align: bottom"><td>c</td></tr>
<tr valign=top><td>d</td></tr></table>`,
	"revert to inherit": `<style>
.a { margin: 2pt } .b { margin: 9pt }
p { margin: 1pt } q { margin: revert }
</style><div class=a><p><q>x</q></p></div><div class=b><p><q>y</q></p></div>`,
	"custom properties": `<style>
.a { --c: red } .b { --c: blue }
em { color: var(--c, green); border-left: 1pt solid var(--c) }
</style><div class=a><p><em>x</em></p></div><div class=b><p><em>y</em></p></div><p><em>z</em></p>`,
	"custom property in the shared element": `<style>
li { --n: 1 } li.x { --n: 2 } li b { order: var(--n); width: calc(var(--n) * 10pt) }
</style><ul><li><b>1</b></li><li class=x><b>2</b></li><li><b>3</b></li></ul>`,
	"inherited values differ": `<style>
.big { font-size: 20pt; color: #123456 } .small { font-size: 8pt }
span { padding: 1em; border-bottom: 1pt solid currentColor; width: 50% }
</style><p class=big><span>a</span></p><p class=small><span>b</span></p><p><span>c</span></p>`,
	"languages and quotes": `<p lang=de><q>a</q></p><p lang=fr><q>b</q></p><p><q lang=en>c</q><q lang=en>d</q></p>`,
	"style attributes": `<p><span style="color: red; margin: 3pt">a</span><span style="color: red; margin: 3pt">b</span>
<span style="color: blue; bogus: 1">c</span><span style="color: blue; bogus: 1">d</span><span>e</span></p>`,
	"hints": `<table border=1 cellpadding=4><tr><td>a</td><td bgcolor=red>b</td><td>c</td></tr></table>
<table><tr><td>a</td><td nowrap>b</td><td bgcolor=red>c</td></tr></table>`,
	"pseudo-elements": `<style>
li::marker { color: red } .x::before { content: "x" } .y::after { content: attr(title) }
</style><ul><li class=x>a</li><li class=y title=t>b</li><li class=x>c</li></ul>`,
	"pseudo-elements inheriting": `<style>
li { color: navy } li.p { padding-left: 9pt; background: yellow } li.q { color: green }
li::marker { padding-left: inherit; border-left: 1pt solid currentColor } li::before { content: "-"; background: inherit }
</style><ol><li>a</li><li class=p>b</li><li>c</li><li class=q>d</li><li class=p>e</li></ol>`,
	"structural": `<style>
li:nth-child(odd) { color: red } li:first-child { margin: 3pt } li:empty { display: none }
h2 + p { font-weight: bold } p:has(em) { padding: 2pt }
</style><ul><li>a</li><li>b</li><li></li><li>c</li></ul><h2>h</h2><p>a</p><p><em>b</em></p><p>c</p>`,
}

// TestMatchedCacheSameStyles checks that sharing computed styles between
// elements changes no style and no diagnostic.
func TestMatchedCacheSameStyles(t *testing.T) {
	docs := map[string]string{}
	for name, src := range sharingCases {
		docs[name] = src
	}
	docs["benchmark"] = strings.Replace(benchDoc(800), "<title>bench</title>", "<title>bench</title><style>"+benchSheet(200)+"</style>", 1)
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus documents in %s: %v", corpusDir, err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs[filepath.Base(f)] = string(data)
	}
	for name, src := range docs {
		t.Run(name, func(t *testing.T) {
			doc := parseHTML(t, src)
			shared, err := computeStyles(context.Background(), doc, Options{}, computeConfig{})
			if err != nil {
				t.Fatal(err)
			}
			plain, err := computeStyles(context.Background(), doc, Options{}, computeConfig{noShare: true})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(shared.Diagnostics(), plain.Diagnostics()) {
				t.Errorf("diagnostics differ:\nshared %v\nplain  %v", shared.Diagnostics(), plain.Diagnostics())
			}
			for n := range elementNodes(doc) {
				for _, p := range []Pseudo{PseudoNone, PseudoBefore, PseudoAfter, PseudoMarker} {
					if a, b := shared.Of(n, p), plain.Of(n, p); !reflect.DeepEqual(a, b) {
						t.Errorf("<%s> pseudo %d: style differs with sharing:\nshared %+v\nplain  %+v", n.Data, p, a, b)
					}
				}
			}
		})
	}
}

// unexportedSetters change the unexported fields of the groups, which
// reflection cannot set.
var unexportedSetters = map[string]func(*Style){
	"textAlignLastAuto": func(s *Style) { s.MutText().textAlignLastAuto = !s.textAlignLastAuto },
	"quotesAuto":        func(s *Style) { s.MutText().quotesAuto = !s.quotesAuto },
	"pageSize":          func(s *Style) { s.MutPaged().pageSize[0]++ },
	"ruleColorAuto":     func(s *Style) { s.MutColumn().ruleColorAuto = !s.ruleColorAuto },
	"bgPositionX":       func(s *Style) { s.MutBackground().bgPositionX = []PositionAxis{{}} },
	"bgPositionY":       func(s *Style) { s.MutBackground().bgPositionY = []PositionAxis{{}} },
	"outlineColorAuto":  func(s *Style) { s.MutBorder().outlineColorAuto = !s.outlineColorAuto },
}

// TestInheritedEqual checks inheritedEqual and the groups' equal
// functions field by field: two styles that differ in one field of a
// group compare equal exactly when the group is not inherited, and their
// groups never do.
func TestInheritedEqual(t *testing.T) {
	base := initialStyle()
	st := reflect.TypeOf(base)
	for g := 0; g < int(numGroups); g++ { // the fields after the groups are not properties
		typ := st.Field(g).Type.Elem()
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			changed := *privateStyle(&base)
			if set, ok := unexportedSetters[f.Name]; ok {
				set(&changed)
			} else if !f.IsExported() || !perturb(reflect.ValueOf(&changed).Elem().Field(g).Elem().Field(i)) {
				t.Fatalf("field %s: no way to change it in the test (add it to unexportedSetters)", f.Name)
			}
			if got, want := inheritedEqual(&base, &changed), !groups[g].inherited; got != want {
				t.Errorf("field %s of group %s: inheritedEqual = %v, want %v", f.Name, groups[g].name, got, want)
			}
			if groups[g].equal(&base, &changed) {
				t.Errorf("field %s of group %s: the group's equal function misses it (equal groups are shared)", f.Name, groups[g].name)
			}
		}
	}
}

// perturb changes v (a settable field) to a different value.
func perturb(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint8:
		v.SetUint(v.Uint() + 1)
	case reflect.Float64, reflect.Float32:
		v.SetFloat(v.Float() + 1)
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
	case reflect.Array:
		return perturb(v.Index(0))
	case reflect.Struct:
		return perturb(v.Field(0))
	default:
		return false
	}
	return true
}

// elementNodes yields the elements of the tree under n in document order.
func elementNodes(n *html.Node) func(yield func(*html.Node) bool) {
	return func(yield func(*html.Node) bool) {
		var walk func(n *html.Node) bool
		walk = func(n *html.Node) bool {
			if n.Type == html.ElementNode && !yield(n) {
				return false
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if !walk(c) {
					return false
				}
			}
			return true
		}
		walk(n)
	}
}
