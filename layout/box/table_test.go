package box

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// displayAttr styles elements as the built-in UA does, with display
// taken from a data-d attribute when present.
type displayAttr struct{}

var displays = map[string]style.Display{"table": style.DisplayTable, "inline-table": style.DisplayInlineTable,
	"row": style.DisplayTableRow, "cell": style.DisplayTableCell, "group": style.DisplayTableRowGroup,
	"caption": style.DisplayTableCaption, "column": style.DisplayTableColumn, "colgroup": style.DisplayTableColumnGroup,
	"block": style.DisplayBlock, "inline": style.DisplayInline}

func (displayAttr) Of(n *html.Node, p style.Pseudo) *style.Style {
	if p != style.PseudoNone {
		return nil
	}
	var parent *style.Style
	st := fallbackStyle(n, parent)
	if d, ok := Attr(n, "data-d"); ok {
		st.MutBox().Display = displays[d]
	}
	return st
}

// shape writes the box kinds under b as nested brackets, anonymous
// boxes starred, text as its content.
func shape(b *Box) string {
	var sb strings.Builder
	var walk func(b *Box)
	walk = func(b *Box) {
		if b.Kind == KindText {
			sb.WriteString(strings.TrimSpace(b.Text))
			return
		}
		if b.Anonymous {
			sb.WriteString("*")
		}
		sb.WriteString(b.Kind.String())
		if len(b.Children) > 0 {
			sb.WriteString("(")
			for i, c := range b.Children {
				if i > 0 {
					sb.WriteString(" ")
				}
				walk(c)
			}
			sb.WriteString(")")
		}
	}
	walk(b)
	return sb.String()
}

func TestAnonymousTableObjects(t *testing.T) {
	tests := []struct{ name, body, want string }{
		{"cells in a block get a table and a row",
			`<div data-d=cell>a</div><div data-d=cell>b</div>`,
			`block(*table(*row(cell(a) cell(b))))`},
		{"text directly in a row gets a cell",
			`<div data-d=table><div data-d=row>loose <span>text</span></div></div>`,
			`block(table(row(*cell(loose inline(text)))))`},
		{"a block directly in a table gets a row and a cell",
			`<div data-d=table><p>para</p></div>`,
			`block(table(*row(*cell(block(para)))))`},
		{"rows in a block get a table; white space between parts dropped",
			`<div data-d=row><span data-d=cell>1</span> </div> <div data-d=row><span data-d=cell>2</span></div>`,
			`block(*table(row(cell(1)) row(cell(2))))`},
		{"columns hold nothing",
			`<div data-d=table><span data-d=column>x</span><div data-d=group><div data-d=row><b data-d=cell>c</b></div></div></div>`,
			`block(table(column row-group(row(cell(c)))))`},
		{"text after a misparented cell stays outside the table",
			`<div data-d=cell>c</div> tail`,
			`block(*table(*row(cell(c))) *block(tail))`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := build(t, "<body>"+tt.body+"</body>", displayAttr{})
			body := tr.Root
			for _, c := range tr.Root.Children {
				if c.Tag() == "body" {
					body = c
				}
			}
			if got := shape(body); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestHTMLTableKeepsItsParts(t *testing.T) {
	tr := build(t, `<body><table><caption>c</caption><colgroup><col><col></colgroup><thead><tr><th>h</th></tr></thead><tr><td>d</td></tr></table></body>`, nil)
	var table *Box
	tr.Root.Walk(func(b *Box) bool {
		if b.Kind == KindTable {
			table = b
		}
		return true
	})
	if got := shape(table); got != "table(caption(c) column(column column) row-group(row(cell(h))) row-group(row(cell(d))))" {
		t.Errorf("got %s", got)
	}
}
