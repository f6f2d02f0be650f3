package display

import "github.com/seed28491532/folio/layout"

// enterRepeated makes everything painted for a repeated table header or
// footer group (and its descendants) a pagination artifact; the returned
// function restores the previous state.
func (b *builder) enterRepeated(f *layout.Fragment) func() {
	if !f.Repeated || b.artifact != nil {
		return func() {}
	}
	b.artifact = &Origin{Artifact: Pagination}
	return func() { b.artifact = nil }
}

// paintOverride paints f.Paint: the fills (and the box's own decorations
// when asked) before the children, the border segments after them.
func (b *builder) paintOverride(f *layout.Fragment, op float64, after bool) {
	p := f.Paint
	if !visible(f.Box) {
		return
	}
	if after {
		for _, s := range p.Borders {
			r := s.Rect
			r.X += f.X
			r.Y += f.Y
			b.add(Item{Op: OpBorder, Rect: r, Color: s.Color, Width: s.Width, Style: s.Style, Side: s.Side, Opacity: op, Origin: Origin{Artifact: Layout}})
		}
		return
	}
	for _, fl := range p.Fills {
		r := fl.Rect
		r.X += f.X
		r.Y += f.Y
		if fl.Color.A > 0 && r.W > 0 && r.H > 0 {
			b.add(Item{Op: OpFill, Rect: r, Color: fl.Color, Opacity: op, Origin: Origin{Artifact: Background}})
		}
	}
	if p.Own {
		b.boxDecorations(f.Box.Style, layout.Rect{X: f.X, Y: f.Y, W: f.W, H: f.H}, f.Border, op)
	}
}
