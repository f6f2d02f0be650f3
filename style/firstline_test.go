package style

import "testing"

// TestFirstLineStyles: ::first-line rules give the element a first-line
// style (Of); its first-line box keeps the properties ::first-line
// accepts only; content of the line takes the line's inherited values
// where it inherited the block's, its own elsewhere (a relative font
// size scaled by the line's).
func TestFirstLineStyles(t *testing.T) {
	st, doc := compute(t, `<!DOCTYPE html><html><head><style>
p { font-size: 10pt; color: black }
p::first-line { font-size: 20pt; color: red; letter-spacing: 1pt; margin-left: 30pt; padding: 5pt; float: left; background-color: yellow; text-decoration: underline }
b { color: blue } small { font-size: 50% }
</style></head><body><p id=p>x <b id=b>y</b> <small id=s>z</small></p><div id=d>none</div></body></html>`, Options{})
	p, b, s := find(doc, "p"), find(doc, "b"), find(doc, "s")
	block, fl := st.Of(p, PseudoNone), st.Of(p, PseudoFirstLine)
	if fl == nil || fl.FontSize != 20 {
		t.Fatalf("first-line style %v", fl)
	}
	if st.Of(find(doc, "d"), PseudoFirstLine) != nil {
		t.Errorf("a first-line style without a rule")
	}
	line := FirstLineBox(fl)
	red := Color{R: 255, A: 255}
	if line.Display != DisplayInline || line.Float != FloatNone || line.Margin[Left].Value != 0 || line.Padding[Top].Value != 0 {
		t.Errorf("first-line box: display %v float %v margin %v padding %v", line.Display, line.Float, line.Margin[Left], line.Padding[Top])
	}
	if line.Color != red || line.BackgroundColor.A == 0 || line.TextDecoration == 0 {
		t.Errorf("first-line box lost color %v, background %v or decoration %v", line.Color, line.BackgroundColor, line.TextDecoration)
	}
	for _, c := range []struct {
		name      string
		s         *Style
		size      float64
		color     Color
		letterSpc float64
	}{
		{"the block's text", block, 20, red, 1},
		{"b (own color)", st.Of(b, PseudoNone), 20, Color{B: 255, A: 255}, 1},
		{"small (relative size)", st.Of(s, PseudoNone), 10, red, 1},
	} {
		got := FirstLineStyle(block, line, c.s)
		if got.FontSize != c.size || got.Color != c.color || got.LetterSpacing != c.letterSpc {
			t.Errorf("%s: %gpt %v spacing %g, want %gpt %v %g", c.name, got.FontSize, got.Color, got.LetterSpacing, c.size, c.color, c.letterSpc)
		}
		if got == c.s {
			t.Errorf("%s: not restyled", c.name)
		}
	}
	if plain := st.Of(find(doc, "d"), PseudoNone); FirstLineStyle(plain, plain, plain) != plain {
		t.Errorf("restyling with the block's own style made a new style")
	}
}
