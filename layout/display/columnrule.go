package display

import (
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/style"
)

// columnRules paints the column rules of a multi-column container, over
// its background and border and under its content (css-multicol-1 §4),
// as layout artifacts.
func (b *builder) columnRules(f *layout.Fragment, op float64) {
	st := f.Box.Style
	if st == nil || len(f.ColumnRules) == 0 {
		return
	}
	c := st.ColumnRule.Color // currentcolor resolved by the cascade
	if c.A == 0 {
		return
	}
	for _, r := range f.ColumnRules {
		b.add(Item{Op: OpBorder, Rect: r, Color: c, Width: r.W, Style: st.ColumnRule.Style, Side: style.Left, Opacity: op, Origin: Origin{Artifact: Layout}})
	}
}
