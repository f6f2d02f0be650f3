package css

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestParseAnB(t *testing.T) {
	tests := []struct {
		in   string
		a, b int32
		ok   bool
	}{
		{"even", 2, 0, true},
		{" ODD ", 2, 1, true},
		{"5", 0, 5, true},
		{"+5", 0, 5, true},
		{"-5", 0, -5, true},
		{"n", 1, 0, true},
		{"-n+3", -1, 3, true},
		{"+n", 1, 0, true},
		{"2n+1", 2, 1, true},
		{"2n-1", 2, -1, true},
		{"2n - 1", 2, -1, true},
		{"2n- 1", 2, -1, true},
		{"3N + 2", 3, 2, true},
		{"0n+0", 0, 0, true},
		{"99999999999999n", maxNth, 0, true},
		{"", 0, 0, false},
		{"- n", 0, 0, false},
		{"+ 5", 0, 0, false},
		{"2 n", 0, 0, false},
		{"2n + -1", 0, 0, false},
		{"2n+", 0, 0, false},
		{"n2", 0, 0, false},
		{"1.5n", 0, 0, false},
		{"x", 0, 0, false},
	}
	for _, tc := range tests {
		a, b, ok := parseAnB(tc.in)
		if ok != tc.ok || ok && (a != tc.a || b != tc.b) {
			t.Errorf("parseAnB(%q) = %d, %d, %v; want %d, %d, %v", tc.in, a, b, ok, tc.a, tc.b, tc.ok)
		}
	}
}

// TestSiblingIndexAgrees checks that cached positions equal walked ones
// and that matching with and without the cache agrees.
func TestSiblingIndexAgrees(t *testing.T) {
	var b strings.Builder
	b.WriteString("<ul>")
	for i := 0; i < 50; i++ {
		tag := []string{"li", "p", "li", "em"}[i*7%4]
		fmt.Fprintf(&b, "<%s>x</%s> text <!-- c -->", tag, tag)
	}
	b.WriteString("</ul>")
	doc, err := html.Parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	els := elements(doc)
	sels := []string{"li:nth-child(3n+1)", ":nth-last-of-type(2n)", "em:nth-of-type(-n+2)", "p:not(:only-of-type)", "ul > :last-child", ":first-of-type + li:nth-of-type(odd)", "html:only-child"}
	var x SiblingIndex
	for _, src := range sels {
		s, err := CompileSelector(Tokenize(src, nil))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		matched := 0
		for _, n := range els {
			if x.Position(n) != siblingPos(n) {
				t.Fatalf("position of <%s>: cached %+v, walked %+v", n.Data, x.Position(n), siblingPos(n))
			}
			m := s.MatchIn(n, &x)
			if m != s.Match(n) {
				t.Errorf("%s on <%s>: MatchIn and Match disagree", src, n.Data)
			}
			if m {
				matched++
			}
		}
		if matched == 0 {
			t.Errorf("%s matched nothing", src)
		}
	}
}

// TestSiblingIndexGrows checks that positions stay right as children are
// appended to a parent already indexed (a document parsed incrementally),
// for the new children and the earlier ones, and after the last child is
// removed.
func TestSiblingIndexGrows(t *testing.T) {
	doc, err := html.Parse(strings.NewReader("<body><p>a</p>"))
	if err != nil {
		t.Fatal(err)
	}
	body := doc.FirstChild.LastChild
	var x SiblingIndex
	check := func(step string) {
		t.Helper()
		for c := body.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if got, want := x.Position(c), siblingPos(c); got != want {
				t.Fatalf("%s: position of <%s>: cached %+v, walked %+v", step, c.Data, got, want)
			}
		}
	}
	check("start")
	for i, tag := range []string{"div", "p", "#text", "div", "span", "p"} {
		if tag == "#text" {
			body.AppendChild(&html.Node{Type: html.TextNode, Data: " "})
		} else {
			body.AppendChild(&html.Node{Type: html.ElementNode, Data: tag})
		}
		check(fmt.Sprintf("append %d (%s)", i, tag))
	}
	body.RemoveChild(body.LastChild)
	check("remove last")
	sel, err := CompileSelector(Tokenize("p:last-child", nil))
	if err != nil {
		t.Fatal(err)
	}
	last := &html.Node{Type: html.ElementNode, Data: "p"}
	body.AppendChild(last)
	if !sel.MatchIn(last, &x) {
		t.Error("p:last-child does not match the appended last p")
	}
	body.AppendChild(&html.Node{Type: html.ElementNode, Data: "div"})
	if sel.MatchIn(last, &x) {
		t.Error("p:last-child still matches once a sibling follows")
	}
}

// TestSiblingIndexForgetUnder checks that ForgetUnder drops the positions
// under a node, keeps its own and its siblings', and that positions asked
// again afterwards are right.
func TestSiblingIndexForgetUnder(t *testing.T) {
	doc, err := html.Parse(strings.NewReader("<body><div><p>a</p><p>b<em>c</em><em>d</em></p></div><div></div>"))
	if err != nil {
		t.Fatal(err)
	}
	els := elements(doc)
	var x SiblingIndex
	for _, n := range els {
		x.Position(n)
	}
	div := els[3]
	if div.Data != "div" {
		t.Fatalf("element 3 is <%s>", div.Data)
	}
	before := len(x.pos)
	x.ForgetUnder(div)
	if got := before - len(x.pos); got != 4 {
		t.Errorf("ForgetUnder dropped %d positions, want 4 (two p, two em)", got)
	}
	if _, ok := x.pos[div]; !ok {
		t.Error("ForgetUnder dropped the node's own position")
	}
	for _, n := range els {
		if got, want := x.Position(n), siblingPos(n); got != want {
			t.Errorf("<%s> after ForgetUnder: %+v, want %+v", n.Data, got, want)
		}
	}
}
