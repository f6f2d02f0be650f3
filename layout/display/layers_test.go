package display

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// TestAppendixEOrder checks the painting order of CSS 2.1 Appendix E:
// in-flow block backgrounds, then floats (their backgrounds and text),
// then in-flow inline content, then positioned boxes.
func TestAppendixEOrder(t *testing.T) {
	pt := func(v float64) style.Length { return style.Length{Value: v, Unit: style.Pt} }
	colors := map[string]style.Color{"rel": {R: 1, A: 255}, "fl": {R: 2, A: 255}, "bg": {R: 3, A: 255}}
	got := items(t, `<body><div id=rel>r</div><div id=fl>f</div><div id=bg>b</div></body>`, func(b *box.Box) {
		id, _ := b.Attr("id")
		if id == "" || !b.IsElement() {
			return
		}
		s := *b.Style
		s.BackgroundColor = colors[id]
		switch id {
		case "rel":
			s.Position = style.PositionRelative
			s.Inset[style.Top] = pt(2)
		case "fl":
			s.Float = style.FloatLeft
			s.Width = pt(20)
		}
		b.Style = &s
	})
	var order []string
	for _, it := range got {
		d := describe(it)
		if it.Op == OpFill {
			for id, c := range colors {
				if it.Color == c {
					d = "fill@" + id
				}
			}
		}
		order = append(order, d)
	}
	want := "fill@bg fill@fl text(f) text(b) fill@rel text(r)"
	if g := strings.Join(order, " "); g != want {
		t.Errorf("paint order\n got %s\nwant %s", g, want)
	}
}
