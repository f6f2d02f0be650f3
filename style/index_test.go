package style

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestRuleIndexAgreesWithMatching checks that the rule index (buckets,
// ancestor filter, subject prefilters) finds exactly the rules whose
// selectors match each element, by matching every rule against every
// element.
func TestRuleIndexAgreesWithMatching(t *testing.T) {
	docs := map[string]string{
		"benchmark": strings.Replace(benchDoc(600), "<title>bench</title>", "<title>bench</title><style>"+benchSheet(120)+"</style>", 1),
		"attributes and roots": `<html dir=rtl><head><style>
:root { color: red } :root > body { margin: 1pt } [data-x] { color: blue } [DATA-Y=a i] { color: green }
[hidden] { display: none } p[lang|=en] { font-style: italic } :not([hidden]) { padding: 1pt }
a:hover { color: red } a:not(:hover) { color: blue } li[type=a] { list-style-type: lower-alpha }
svg [viewBox] { width: 10pt } foreignObject { width: 1pt } *:root { border-top: 1pt solid }
ul > li:nth-child(2n+1):not(.x)[data-x] { margin: 2pt } #a.b[title] { color: #123 }
</style></head><body><p lang=en-GB data-x hidden>a</p><p DATA-Y=A>b</p><ol><li type=a>x</li><li data-x class=x>y</li><li data-x>z</li></ol>
<a href=#>l</a><div id=a class=b title=t>d</div><svg viewBox="0 0 1 1"><foreignObject>f</foreignObject></svg></body></html>`,
	}
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
			checked := 0
			cfg := computeConfig{onMatch: func(n *html.Node, matched, all []*entry) {
				checked++
				var want []*entry
				for _, e := range all {
					if e.sel.Match(n) {
						want = append(want, e)
					}
				}
				for _, e := range want {
					if !slices.Contains(matched, e) {
						t.Errorf("<%s>: index misses %s", n.Data, e.sel.Text)
					}
				}
				for _, e := range matched {
					if !slices.Contains(want, e) {
						t.Errorf("<%s>: index finds %s, which does not match", n.Data, e.sel.Text)
					}
				}
			}}
			if _, err := computeStyles(context.Background(), doc, Options{}, cfg); err != nil {
				t.Fatal(err)
			}
			if checked == 0 {
				t.Fatal("no element checked")
			}
		})
	}
}
