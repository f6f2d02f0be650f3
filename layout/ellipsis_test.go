package layout

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/style"
)

// TestTextOverflowEllipsis cuts a nowrap line that overflows a box
// clipping its overflow where it and "…" fit (180pt, 5pt a character:
// 35 characters and the ellipsis), and keeps the text cut off as the
// ellipsis's text; without clipping or ellipsis the line is whole.
func TestTextOverflowEllipsis(t *testing.T) {
	page := pageOf{w: 200, h: 1000, margin: 10}
	long := strings.Repeat("abcd ", 10) // 50 characters
	set := func(ellipsis bool, ov style.Overflow) cssish {
		return cssish{"p": func(s *style.Style) {
			s.MutText().WhiteSpace = style.WhiteSpaceNowrap
			s.MutBox().SetOverflow(ov)
			s.MutBox().TextOverflowEllipsis = ellipsis
		}}
	}
	tests := []struct {
		name   string
		mods   cssish
		glyphs int // on the line
		last   rune
	}{
		{"ellipsis", set(true, style.OverflowHidden), 35, '…'},
		{"clip", set(false, style.OverflowHidden), 50, ' '},
		{"visible", set(true, style.OverflowVisible), 50, ' '},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := layoutHTML(t, "<!doctype html><body><p id=p>"+long+"</p>", page, tt.mods)
			texts := lineTexts(d)
			if len(texts) != 1 || texts[0] != long {
				t.Fatalf("lines %q, want one line of the whole text", texts)
			}
			var ln *Line
			var walk func(f *Fragment)
			walk = func(f *Fragment) {
				if ln == nil && len(f.Lines) > 0 {
					ln = f.Lines[0]
				}
				for _, c := range f.Children {
					walk(c)
				}
			}
			walk(d.Pages[0].Root)
			gl := ln.Texts[0].Glyphs
			if got := rune(gl[len(gl)-1].ID); len(gl) != tt.glyphs || got != tt.last {
				t.Errorf("%d glyphs ending %q, want %d ending %q", len(gl), got, tt.glyphs, tt.last)
			}
			if tt.last == '…' {
				txt := ln.Texts[0]
				if c := gl[len(gl)-1].Cluster; txt.Text[c:] != long[34:] {
					t.Errorf("ellipsis text %q, want the cut text %q", txt.Text[c:], long[34:])
				}
				if txt.Width > 180+1e-9 {
					t.Errorf("line %gpt wide, want at most 180", txt.Width)
				}
			}
		})
	}
}
