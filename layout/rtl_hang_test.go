package layout

import "testing"

// TestRTLTrailingSpaceHangs checks the collapsible space at the end of a
// right-to-left line hangs past its end, at the left: the text ends at
// the right edge of the line, as without the space (WPT css-page
// page-left-right-002).
func TestRTLTrailingSpaceHangs(t *testing.T) {
	for _, body := range []string{"<p>top left corner</p>", "<p>\n  top left corner\n</p>", "<p>top left corner<br>two</p>"} {
		d := mustPaged(t, `<style>@page { size: 300pt 200pt; margin: 0 } body { margin: 0; direction: rtl } p { margin: 0; width: 200pt }</style>`+body)
		var ln *Line
		var walk func(*Fragment)
		walk = func(f *Fragment) {
			if ln == nil && len(f.Lines) > 0 {
				ln = f.Lines[0]
			}
			for _, c := range f.Children {
				walk(c)
			}
		}
		walk(d.Pages[0].Root)
		if ln == nil || len(ln.Texts) == 0 {
			t.Fatalf("%q: no text", body)
		}
		right := 0.0
		for _, tx := range ln.Texts {
			w := tx.Width
			if tx.Text != "" && tx.Text[len(tx.Text)-1] == ' ' {
				continue // the hanging space itself
			}
			right = max(right, tx.X+w)
		}
		if !pnear(right, ln.X+ln.W) {
			t.Errorf("%q: text ends at %.2f, want the line's right edge %.2f", body, right, ln.X+ln.W)
		}
	}
}
