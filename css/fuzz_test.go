package css

import (
	"testing"

	"golang.org/x/net/html"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"p{color:red}", "@media print and (min-width: 10cm){a{b:c}}", "a{&:hover{b:c} > d{e:f}}",
		"@page :first{margin:0;@top-center{content:'x'}}", "@import url(x) print;", "@supports (a:b) or selector(p>q){}",
		"a:is(.b, #c):where(d) e:not(f):has(> g)::before{}", "\\31 a{b:url(x\\)y)}", "a{--x:{y};--z:}",
		"/* unclosed", "a[b=\"c\" i]{}", "}}}{{{", "@font-face{src:url(a) format('woff2')}",
	} {
		f.Add(s)
	}
	doc := &html.Node{Type: html.ElementNode, Data: "p", Attr: []html.Attribute{{Key: "class", Val: "a b"}, {Key: "lang", Val: "en"}}}
	f.Fuzz(func(t *testing.T, src string) {
		sheet, _ := Parse(src, ParseOptions{})
		ParseDeclarations(src)
		ParseMediaList(Tokenize(src, nil)).Matches(MediaEnv{Width: 595, Height: 842})
		var walk func([]Rule)
		walk = func(rs []Rule) {
			for _, r := range rs {
				switch r := r.(type) {
				case *StyleRule:
					for _, s := range r.Selectors {
						s.Match(doc)
					}
				case *MediaRule:
					walk(r.Rules)
				}
			}
		}
		walk(sheet.Rules)
		Serialize(Tokenize(src, nil))
	})
}
