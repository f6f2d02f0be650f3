package css

import (
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// FuzzMatchAgreesWithCascadia compares selector matching (the simple
// compound path, structural pseudo-classes from the sibling cache) with
// cascadia matching the same selector as a whole, on every element.
func FuzzMatchAgreesWithCascadia(f *testing.F) {
	f.Add("tr:nth-child(2n+1) td:first-child", "<table><tr><td>a<td>b<tr><td>c</table>")
	f.Add("ul > li.a:not(.b):nth-last-of-type(-n+2)", "<ul><li class=a>x<li class='a b'>y<li class=a>z<p>w</ul>")
	f.Add(":is(.a, #b) > p[title=X i]:only-child", "<div class=a><p title=x>t</p></div><div id=b><p>u<p>v</div>")
	f.Add("p + p ~ span:nth-of-type(odd)", "<p>1<p>2<span>3</span><span>4</span><span>5</span>")
	f.Add("div :where(.x, span) em:root, :root", "<div><span><em>e</em></span></div>")
	f.Fuzz(func(t *testing.T, sel, body string) {
		if len(sel) > 200 || len(body) > 2000 || strings.Contains(strings.ToLower(sel), "lang") || strings.Contains(sel, "&") || strings.Contains(sel, "\\") {
			return // :lang() and & differ from cascadia on purpose
		}
		toks := Tokenize(sel, nil)
		s, err := CompileSelector(toks)
		if err != nil || s.Pseudo != "" {
			return
		}
		var b strings.Builder
		if writeSelector(&b, TrimSpace(toks)) != nil {
			return
		}
		ref, err := cascadia.Parse(b.String())
		if err != nil {
			return
		}
		doc, err := html.Parse(strings.NewReader(body))
		if err != nil {
			return
		}
		var x SiblingIndex
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.ElementNode {
				if got, want := s.MatchIn(n, &x), ref.Match(n); got != want {
					t.Fatalf("%q on <%s %v>: %v, cascadia %v", sel, n.Data, n.Attr, got, want)
				}
				if s.Match(n) != s.MatchIn(n, &x) {
					t.Fatalf("%q on <%s>: Match and MatchIn disagree", sel, n.Data)
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
	})
}
