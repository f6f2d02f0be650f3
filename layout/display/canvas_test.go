package display

import (
	"testing"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// TestCanvasBackground checks CSS 2.1 §14.2: the body's background, when
// the root has none, and else the root's, covers the page inside its
// margins, once, before anything else of the document; the box itself
// paints none.
func TestCanvasBackground(t *testing.T) {
	green, blue := style.Color{G: 200, A: 255}, style.Color{B: 200, A: 255}
	tests := []struct {
		name       string
		html, body style.Color
		want       style.Color
		bodyFill   bool // the body still paints its own background
	}{
		{"body propagates", style.Color{}, green, green, false},
		{"root wins", blue, green, blue, true},
		{"none", style.Color{}, style.Color{}, style.Color{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := list(t, `<body><p>text</p></body>`, func(b *box.Box) {
				if !b.IsElement() || b.Tag() != "html" && b.Tag() != "body" {
					return
				}
				s := *b.Style.Clone()
				s.BackgroundColor = tt.body
				if b.Tag() == "html" {
					s.BackgroundColor = tt.html
				}
				b.Style = &s
			})
			p := l.Page
			page := layout.Rect{X: p.Margin[style.Left], Y: p.Margin[style.Top],
				W: p.Width - p.Margin[style.Left] - p.Margin[style.Right], H: p.Height - p.Margin[style.Top] - p.Margin[style.Bottom]}
			var fills []Item
			for _, it := range l.Items {
				if it.Op == OpFill {
					fills = append(fills, it)
				}
			}
			if tt.want.A == 0 {
				if len(fills) != 0 {
					t.Fatalf("fills %+v, want none", fills)
				}
				return
			}
			if len(fills) == 0 || fills[0].Color != tt.want || fills[0].Rect != page || l.Items[0].Op != OpFill {
				t.Fatalf("first item %+v, want a fill of %v over the page inside its margins %+v", l.Items[0], tt.want, page)
			}
			bodyFills := 0
			for _, f := range fills[1:] {
				if f.Color == green {
					bodyFills++
				}
			}
			if want := map[bool]int{true: 1, false: 0}[tt.bodyFill]; bodyFills != want {
				t.Errorf("%d fills of the body's colour after the canvas, want %d", bodyFills, want)
			}
		})
	}
}
