package layout

import "slices"

// translated returns a copy of f moved by dx, dy (children, lines and
// all).
func (f *Fragment) translated(dx, dy float64) *Fragment {
	c := *f
	c.X += dx
	c.Y += dy
	if len(f.ColumnRules) > 0 {
		c.ColumnRules = make([]Rect, len(f.ColumnRules))
		for i, r := range f.ColumnRules {
			c.ColumnRules[i] = Rect{X: r.X + dx, Y: r.Y + dy, W: r.W, H: r.H}
		}
	}
	if len(f.Children) > 0 {
		c.Children = make([]*Fragment, len(f.Children))
		for i, ch := range f.Children {
			c.Children[i] = ch.translated(dx, dy)
		}
	}
	if len(f.Lines) > 0 {
		c.Lines = make([]*Line, len(f.Lines))
		for i, ln := range f.Lines {
			c.Lines[i] = ln.translated(dx, dy)
		}
	}
	return &c
}

// allocLine returns a new line with room for n texts in Texts (length
// 0) and the storage for those texts; a line of one text (the common case)
// is one allocation.
func allocLine(n int) (*Line, []Text) {
	if n == 1 {
		a := new(lineSlot)
		a.line.Texts = a.ptr[:0]
		return &a.line, a.text[:]
	}
	ln := &Line{}
	if n == 0 {
		return ln, nil
	}
	ln.Texts = make([]*Text, 0, n)
	return ln, make([]Text, n)
}

// translated returns a copy of ln moved by dx, dy.
func (ln *Line) translated(dx, dy float64) *Line {
	c, texts := allocLine(len(ln.Texts))
	ptrs := c.Texts
	*c = *ln
	c.X += dx
	c.Y += dy
	c.Baseline += dy
	c.Texts = ptrs
	for i, t := range ln.Texts {
		tc := &texts[i]
		t.copyMoved(tc, dx, dy)
		c.Texts = append(c.Texts, tc)
	}

	if len(ln.Inlines) > 0 {
		c.Inlines = make([]*InlineFragment, len(ln.Inlines))
		for i, f := range ln.Inlines {
			fc := *f
			fc.Rect.X += dx
			fc.Rect.Y += dy
			c.Inlines[i] = &fc
		}
	}
	if len(ln.Atomics) > 0 {
		c.Atomics = make([]*Fragment, len(ln.Atomics))
		for i, a := range ln.Atomics {
			c.Atomics[i] = a.translated(dx, dy)
		}
	}
	if ln.Marker != nil {
		m := *ln.Marker
		m.Rect.X += dx
		m.Rect.Y += dy
		m.Texts = make([]*Text, len(ln.Marker.Texts))
		for i, t := range ln.Marker.Texts {
			tc := new(Text)
			t.copyMoved(tc, dx, dy)
			m.Texts[i] = tc
		}
		if len(m.Atomics) > 0 {
			m.Atomics = make([]*Fragment, len(ln.Marker.Atomics))
			for i, a := range ln.Marker.Atomics {
				m.Atomics[i] = a.translated(dx, dy)
			}
		}
		c.Marker = &m
	}
	return c
}

// moveBy moves f by dx, dy in place (children, lines and all), as
// translated does on a copy. Only for a fragment tree nothing else
// refers to (one layout just built).
func (f *Fragment) moveBy(dx, dy float64) {
	f.X += dx
	f.Y += dy
	for i := range f.ColumnRules {
		f.ColumnRules[i].X += dx
		f.ColumnRules[i].Y += dy
	}
	for _, ch := range f.Children {
		ch.moveBy(dx, dy)
	}
	for _, ln := range f.Lines {
		ln.moveBy(dx, dy)
	}
}

// moveBy moves ln by dx, dy in place, as translated does on a copy.
func (ln *Line) moveBy(dx, dy float64) {
	ln.X += dx
	ln.Y += dy
	ln.Baseline += dy
	for _, t := range ln.Texts {
		t.moveBy(dx, dy)
	}
	for _, f := range ln.Inlines {
		f.Rect.X += dx
		f.Rect.Y += dy
	}
	for _, a := range ln.Atomics {
		a.moveBy(dx, dy)
	}
	if m := ln.Marker; m != nil {
		m.Rect.X += dx
		m.Rect.Y += dy
		for _, t := range m.Texts {
			t.moveBy(dx, dy)
		}
		for _, a := range m.Atomics {
			a.moveBy(dx, dy)
		}
	}
}

// moveBy moves t, decorations included, by dx, dy in place.
func (t *Text) moveBy(dx, dy float64) {
	t.X += dx
	t.Baseline += dy
	for k := range t.Decorations {
		t.Decorations[k].X += dx
		t.Decorations[k].Y += dy
	}
}

// copyMoved sets c to a copy of t moved by dx, dy, with decorations of
// its own.
func (t *Text) copyMoved(c *Text, dx, dy float64) {
	*c = *t
	if len(t.Decorations) > 0 {
		c.Decorations = slices.Clone(t.Decorations)
	}
	c.moveBy(dx, dy)
}
