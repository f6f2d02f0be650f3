package box

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
	"golang.org/x/net/html"
)

// TestFirstLineContainer gives the block container holding an element's
// first formatted line a FirstLine box, restyled copies of its inline
// content standing for the boxes (Source) inside the line's box; none
// where the first line is in a table, a flex container or nowhere.
func TestFirstLineContainer(t *testing.T) {
	tests := []struct {
		css, body string
		want      string // id of the container and the copies' text; "" none
	}{
		{"p::first-line{color:red}", `<p id=a>Hello <b>bold</b> world</p>`, "a: Hello |bold| world"},
		{"div::first-line{color:red}", `<div id=d><p id=a>Inner</p><p id=b>second</p></div>`, "a: Inner"},
		{"div::first-line{color:red}", `<div id=d>Text <p id=b>block</p></div>`, "anonymous: Text "},
		{"div::first-line{color:red}", `<div id=d><table><tr><td>cell</td></tr></table><p>after</p></div>`, ""},
		{"div::first-line{color:red}", `<div id=d style="display:flex"><p>item</p></div>`, ""},
		{"span::first-line{color:red}", `<p><span>Inline</span></p>`, ""}, // not a block container
		{"", `<p>Plain</p>`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.css+" "+tt.body, func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader("<style>" + tt.css + "</style>" + tt.body))
			if err != nil {
				t.Fatal(err)
			}
			st, err := style.Compute(context.Background(), doc, style.Options{})
			if err != nil {
				t.Fatal(err)
			}
			tr, err := Build(context.Background(), doc, st, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			tr.Root.Walk(func(b *Box) bool {
				w := b.FirstLine()
				if w == nil {
					return true
				}
				if got != "" {
					t.Errorf("a second FirstLine on %s", b.Tag())
				}
				id, _ := b.Attr("id")
				if b.Anonymous {
					id = "anonymous"
				}
				if w.Pseudo != style.PseudoFirstLine || w.Style.Color != (style.Color{R: 255, A: 255}) || w.Parent != b {
					t.Errorf("first-line box %v of color %v", w.Pseudo, w.Style.Color)
				}
				var texts []string
				var walk func(c *Box)
				walk = func(c *Box) {
					if c.Kind == KindText {
						texts = append(texts, c.Text)
						if c.Source() == nil || c.Source().Text != c.Text || c.Style.Color != w.Style.Color {
							t.Errorf("copy of %q: source %v, color %v", c.Text, c.Source(), c.Style.Color)
						}
					}
					for _, k := range c.Children {
						if k.Parent != c {
							t.Errorf("copy %q not a child of its copied parent", k.Text)
						}
						walk(k)
					}
				}
				walk(w)
				got = id + ": " + strings.Join(texts, "|")
				return true
			})
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
