package box

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
	"golang.org/x/net/html"
)

// TestFirstLetter wraps the first letter of a block's first line, with
// the punctuation around it, in a ::first-letter box of its style (a
// block-level one when it floats), looking into inline and leading block
// children but not past an atomic inline; the text reads as before.
func TestFirstLetter(t *testing.T) {
	tests := []struct {
		css, body string
		want      string // the first-letter box's text and kind; "" none
	}{
		{"p::first-letter{color:red}", `<p>Hello world</p>`, "H inline"},
		{"p::first-letter{color:red}", `<p>  “Quoted,” he said</p>`, "“Q inline"},
		{"p::first-letter{float:left}", `<p>Drop cap</p>`, "D block"},
		{"p::first-letter{color:red}", `<p><b><i>Nested</i></b> text</p>`, "N inline"},
		{"div::first-letter{color:red}", `<div><p>Inner</p><p>second</p></div>`, "I inline"},
		{"p::first-letter{color:red}", `<p><img alt=x src=x.png>Later</p>`, ""},
		{"p::first-letter{color:red}", `<p>... ?</p>`, ""},
		{"p::first-letter{color:red}", `<p>e\u0301lan</p>`, "e\u0301 inline"},
		{"span::first-letter{color:red}", `<p><span>Inline</span></p>`, ""}, // not a block container
		{"", `<p>Plain</p>`, ""},
		// grid and flex containers are not block containers (css-grid-1 §3)
		{"div::first-letter{color:red}", `<div style="display:grid"><p>Item</p></div>`, ""},
		{"div::first-letter{color:red}", `<div style="display:inline-grid">Text</div>`, ""},
		{"div::first-letter{color:red}", `<div style="display:flex"><p>Item</p></div>`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.css+" "+tt.body, func(t *testing.T) {
			src := "<style>" + tt.css + "</style>" + strings.ReplaceAll(tt.body, `\u0301`, "\u0301")
			doc, err := html.Parse(strings.NewReader(src))
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
			var all strings.Builder
			tr.Root.Walk(func(b *Box) bool {
				if b.Kind == KindText {
					all.WriteString(b.Text)
				}
				if b.Pseudo == style.PseudoFirstLetter && got == "" {
					kind := "inline"
					if b.Kind == KindBlock {
						kind = "block"
					}
					got = b.Children[0].Text + " " + kind
					if b.Style.Color.R != 0 && b.Children[0].Style != b.Style {
						t.Errorf("the letter's text box does not take the first-letter style")
					}
				}
				return true
			})
			want := strings.ReplaceAll(tt.want, `\u0301`, "\u0301")
			if got != want {
				t.Errorf("first letter %q, want %q", got, want)
			}
			if !strings.Contains(all.String(), strings.Trim(strings.ReplaceAll(html.UnescapeString(stripTags(tt.body)), `\u0301`, "\u0301"), " ")) {
				t.Errorf("text %q lost some of %q", all.String(), tt.body)
			}
		})
	}
}

// stripTags drops the tags of an HTML fragment.
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}
