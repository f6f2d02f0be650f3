package display

import (
	"math"
	"strings"
	"testing"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// ascii rasterises a display list onto a character grid, one cell per
// cell×cell points: backgrounds '.', borders '#', bullets 'o', images
// '@', and text as its own characters (one per glyph, at the glyph's
// pen position). It is the test rasteriser of DESIGN.md.
func ascii(l *List, cell float64) string {
	w := int(math.Ceil(l.Page.Width / cell))
	h := int(math.Ceil(l.Page.Height / cell))
	grid := make([][]rune, h)
	for i := range grid {
		grid[i] = []rune(strings.Repeat(" ", w))
	}
	ox, oy := l.Page.Area.X, l.Page.Area.Y
	fill := func(x0, y0, x1, y1 float64, c rune) {
		x0, x1, y0, y1 = x0-ox, x1-ox, y0-oy, y1-oy
		for y := int(y0 / cell); y < int(math.Ceil(y1/cell)) && y < h; y++ {
			for x := int(x0 / cell); x < int(math.Ceil(x1/cell)) && x < w; x++ {
				if y >= 0 && x >= 0 {
					grid[y][x] = c
				}
			}
		}
	}
	for _, it := range l.Items {
		r := it.Rect
		switch it.Op {
		case OpFill:
			fill(r.X, r.Y, r.X+r.W, r.Y+r.H, '.')
		case OpBorder:
			fill(r.X, r.Y, r.X+r.W, r.Y+r.H, '#')
		case OpShape:
			fill(r.X, r.Y, r.X+r.W, r.Y+r.H, 'o')
		case OpImage:
			fill(r.X, r.Y, r.X+r.W, r.Y+r.H, '@')
		case OpText:
			t := it.Text
			x := t.X - ox
			y := int((t.Baseline - oy - 0.1) / cell)
			for _, g := range t.Glyphs {
				cx := int(x / cell)
				if y >= 0 && y < h && cx >= 0 && cx < w && g.ID > ' ' {
					grid[y][cx] = rune(g.ID)
				}
				x += g.XAdvance
			}
		}
	}
	var sb strings.Builder
	for _, row := range grid {
		sb.WriteString(strings.TrimRight(string(row), " ") + "\n")
	}
	return strings.TrimRight(sb.String(), "\n") + "\n"
}

func TestASCIIPictures(t *testing.T) {
	pt := func(v float64) style.Length { return style.Length{Value: v, Unit: style.Pt} }
	tests := []struct {
		name string
		src  string
		edit func(b *box.Box, s *style.Style)
		want string
	}{
		{"margins collapse and borders", `<body><p id=a>aa</p><div id=b><p>bb</p></div>`, func(b *box.Box, s *style.Style) {
			id, _ := b.Attr("id")
			switch id {
			case "a":
				s.MutMargin().Margin[style.Bottom] = pt(20)
			case "b":
				s.MutMargin().Margin[style.Top] = pt(10)
				bd := s.MutBorder()
				for i := range bd.Border {
					bd.Border[i] = style.Border{Width: 5, Style: style.BorderSolid, Color: style.Color{A: 255}}
				}
				s.MutSize().Width = pt(60)
			}
		}, `
aa




##############
#            #
#bb          #
##############
`},
		{"justify and list", `<body><p id=j>aaa bb cc dddd e</p><ul><li>x</ul>`, func(b *box.Box, s *style.Style) {
			if id, _ := b.Attr("id"); id == "j" {
				s.MutText().TextAlign = style.AlignJustify
				s.MutSize().Width = pt(60)
			}
			if b.Tag() == "ul" {
				s.MutPadding().Padding[style.Left] = pt(20)
			}
		}, `
aaa  bb   cc

dddd e
 oo
 oo x
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := list(t, "<!doctype html>"+tt.src, func(b *box.Box) {
				if !b.IsElement() && !b.Anonymous && b.Kind != box.KindText {
					return
				}
				s := *b.Style.Clone()
				s.FontSize, s.LineHeightNum = 10, 1
				if b.Kind != box.KindText {
					s.Margin = [4]style.Length{}
					s.Padding = [4]style.Length{}
					tt.edit(b, &s)
				}
				b.Style = &s
			})
			got := ascii(l, 5)
			got = crop(got)
			if got != strings.TrimPrefix(tt.want, "\n") {
				t.Errorf("picture:\n%s\nwant:\n%s", got, strings.TrimPrefix(tt.want, "\n"))
			}
		})
	}
}

// crop removes the empty rows above and the empty columns left of the
// picture (the page margins).
func crop(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	left := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " "))
		if left < 0 || n < left {
			left = n
		}
	}
	for i, l := range lines {
		if len(l) >= left {
			lines[i] = l[left:]
		}
	}
	return strings.Join(lines, "\n") + "\n"
}
