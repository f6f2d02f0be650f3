package layout

import (
	"strings"
	"testing"
)

// TestInlineDecorationBreak checks the border and padding of an inline
// box broken across lines: with box-decoration-break: slice the first
// line's fragment has the start edge only and the last line's the end
// edge only; with clone every fragment has both, and the lines make room
// for them (the text stays inside each fragment's edges).
func TestInlineDecorationBreak(t *testing.T) {
	for _, tc := range []struct {
		value string
		clone bool
	}{{"slice", false}, {"clone", true}} {
		t.Run(tc.value, func(t *testing.T) {
			d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 0 } body { margin: 0; font-size: 10pt; width: 60pt }
			  span { border: 2pt solid; padding: 0 3pt; box-decoration-break: `+tc.value+` }</style>
			  <p>a <span>bb cc dd ee ff gg</span> h</p>`)
			var frags []*InlineFragment
			for _, ln := range fragLines(d.Pages[0].Root) {
				for _, in := range ln.Inlines {
					if in.Box.Tag() == "span" {
						frags = append(frags, in)
					}
				}
			}
			if len(frags) < 2 {
				t.Fatalf("%d fragments of the span, want it broken across lines", len(frags))
			}
			for i, f := range frags {
				wantL := tc.clone || i == 0
				wantR := tc.clone || i == len(frags)-1
				if (f.Border[3] == 2) != wantL || (f.Padding[3] == 3) != wantL {
					t.Errorf("fragment %d: left border %v padding %v, want the start edge %v", i, f.Border[3], f.Padding[3], wantL)
				}
				if (f.Border[1] == 2) != wantR || (f.Padding[1] == 3) != wantR {
					t.Errorf("fragment %d: right border %v padding %v, want the end edge %v", i, f.Border[1], f.Padding[1], wantR)
				}
				// the line breaker made room for the edges: they stay in
				// the 60pt line and off the span's text
				if f.Rect.X < -0.01 || f.Rect.X+f.Rect.W > 60.01 {
					t.Errorf("fragment %d spans x %.2f to %.2f, outside the 60pt line", i, f.Rect.X, f.Rect.X+f.Rect.W)
				}
			}
			for _, ln := range fragLines(d.Pages[0].Root) {
				for _, tx := range ln.Texts {
					if tx.Box.Parent == nil || tx.Box.Parent.Tag() != "span" {
						continue
					}
					for _, in := range ln.Inlines {
						if in.Box.Tag() != "span" {
							continue
						}
						left := in.Rect.X + in.Border[3] + in.Padding[3]
						right := in.Rect.X + in.Rect.W - in.Border[1] - in.Padding[1]
						// (a space hanging at the line's end may pass it)
						vis := 0.0
						for _, g := range tx.Glyphs {
							if int(g.Cluster) < len(strings.TrimRight(tx.Text, " ")) {
								vis += g.XAdvance
							}
						}
						if vis > 0 && (tx.X < left-0.01 || tx.X+vis > right+0.01) {
							t.Errorf("text %q at %.2f to %.2f overlaps the span's edges (content %.2f to %.2f)", tx.Text, tx.X, tx.X+tx.Width, left, right)
						}
					}
				}
			}
		})
	}
}
