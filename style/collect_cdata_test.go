package style

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestStyleTextCDATA: the CDATA wrapper of an XHTML style sheet is
// removed, so its first rule applies; a sheet without one is unchanged.
func TestStyleTextCDATA(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\n  <![CDATA[\n div { color: green }\n ]]>\n", "\n div { color: green }\n "},
		{"div { color: green }", "div { color: green }"},
		{"<![CDATA[ a{} ", "<![CDATA[ a{} "},
	}
	for _, tt := range tests {
		doc, err := html.Parse(strings.NewReader("<style>" + tt.in + "</style>"))
		if err != nil {
			t.Fatal(err)
		}
		var style *html.Node
		var find func(*html.Node)
		find = func(n *html.Node) {
			if n.Type == html.ElementNode && n.Data == "style" {
				style = n
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				find(c)
			}
		}
		find(doc)
		if got := styleText(style); got != tt.want {
			t.Errorf("styleText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
