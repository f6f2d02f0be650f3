package css

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestSelectorKeys checks the bucket and the subject prefilters of
// selectors, and that an element the prefilters reject does not match.
func TestSelectorKeys(t *testing.T) {
	tests := []struct {
		sel        string
		kind       KeyKind
		key        string
		tag, attr  string
		never      bool
		matchesDoc bool // matches some element of the test document
	}{
		{"#main", KeyID, "main", "", "", false, true},
		{"p.note", KeyClass, "note", "p", "", false, true},
		{"DIV", KeyTag, "div", "div", "", false, true},
		{"[hidden]", KeyAttr, "hidden", "", "hidden", false, true},
		{"[DIR=rtl i]", KeyAttr, "dir", "", "dir", false, true},
		{"li[type=a]", KeyTag, "li", "li", "type", false, false},
		{"ul > [data-x]:not([hidden])", KeyAttr, "data-x", "", "data-x", false, true},
		{":not([hidden])", KeyUniversal, "", "", "", false, true},
		{"[lang|=en]", KeyAttr, "lang", "", "lang", false, false},
		{":root", KeyRoot, "", "", "", false, true},
		{":root > body", KeyTag, "body", "body", "", false, true},
		{"a:hover", KeyTag, "a", "a", "", true, false},
		{"a:hover span", KeyTag, "span", "span", "", true, false},
		{"a:not(:hover)", KeyTag, "a", "a", "", false, true},
		{"*", KeyUniversal, "", "", "", false, true},
	}
	doc, err := html.Parse(strings.NewReader(`<html><body><div id=main dir=rtl><p class=note hidden>x</p>
<ul><li data-x=1>a</li></ul><a href=#>l</a></div></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	els := elements(doc)
	for _, tt := range tests {
		s, err := CompileSelector(Tokenize(tt.sel, nil))
		if err != nil {
			t.Fatalf("%s: %v", tt.sel, err)
		}
		if s.KeyKind != tt.kind || s.Key != tt.key || s.SubjectTag != tt.tag || s.SubjectAttr != tt.attr || s.Never != tt.never {
			t.Errorf("%s: key %v %q, tag %q, attr %q, never %v; want %v %q, %q, %q, %v", tt.sel,
				s.KeyKind, s.Key, s.SubjectTag, s.SubjectAttr, s.Never, tt.kind, tt.key, tt.tag, tt.attr, tt.never)
		}
		matched := false
		for _, n := range els {
			if !s.Match(n) {
				continue
			}
			matched = true
			if s.Never || s.SubjectTag != "" && n.Data != s.SubjectTag || s.SubjectAttr != "" && !hasAttr(n, s.SubjectAttr) ||
				s.KeyKind == KeyRoot && n.Parent.Type != html.DocumentNode {
				t.Errorf("%s matches <%s>, which its prefilters reject", tt.sel, n.Data)
			}
		}
		if matched != tt.matchesDoc {
			t.Errorf("%s: matches an element: %v, want %v", tt.sel, matched, tt.matchesDoc)
		}
	}
}

func hasAttr(n *html.Node, name string) bool {
	for _, a := range n.Attr {
		if strings.EqualFold(a.Key, name) {
			return true
		}
	}
	return false
}
