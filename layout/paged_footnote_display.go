package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// footnoteArea lays the footnotes of calls out in an area styled by fs
// (@footnote) at the top of a, and returns it with the height it takes
// (its margins included) and, for each call, the bottom of the content
// that holds its footnote; nil and 0 without calls. Footnotes displayed
// inline (footnote-display: inline, or compact when they fit on a line)
// run on in shared lines; the others are blocks.
func (l *layouter) footnoteArea(calls []*box.Box, fs *style.Style, a Rect) (*Fragment, float64, []float64) {
	if len(calls) == 0 {
		return nil, 0, nil
	}
	if fs == nil {
		fs = box.Inherit(calls[0].Style)
	}
	f := l.newFragment()
	f.Box = &box.Box{Kind: box.KindBlock, Anonymous: true, Style: fs}
	f.First, f.Last = true, true
	var m [4]float64
	for i := range 4 {
		m[i] = fs.Margin[i].Resolve(a.W, 0)
		f.Padding[i] = fs.Padding[i].Resolve(a.W, 0)
		if fs.Border[i].Style != style.BorderNone && fs.Border[i].Style != style.BorderHidden {
			f.Border[i] = fs.Border[i].Width
		}
	}
	f.X, f.Y = a.X+m[style.Left], a.Y+m[style.Top]
	f.W = a.W - m[style.Left] - m[style.Right]
	cx := f.X + f.Border[style.Left] + f.Padding[style.Left]
	cw := max(f.W-f.Border[style.Left]-f.Padding[style.Left]-f.Border[style.Right]-f.Padding[style.Right], 0)
	y := f.Y + f.Border[style.Top] + f.Padding[style.Top]
	ends := make([]float64, 0, len(calls))
	for i := 0; i < len(calls); {
		fn, j := calls[i].Footnote(), i+1
		if l.inlineFootnote(fn, cw) {
			for j < len(calls) && l.inlineFootnote(calls[j].Footnote(), cw) {
				j++
			}
			fn = footnoteLine(calls[i:j], f.Box.Style)
		}
		if r := l.block(fn, cx, y, cw, fctx{bottom: math.Inf(1), atTop: true}, nil); r.frag != nil {
			f.Children = append(f.Children, r.frag)
			y = r.frag.Y + r.frag.H
		}
		for ; i < j; i++ {
			ends = append(ends, y)
		}
	}
	f.H = y + f.Padding[style.Bottom] + f.Border[style.Bottom] - f.Y
	return f, f.H + m[style.Top] + m[style.Bottom], ends
}

// inlineFootnote reports whether footnote fn runs inline in the footnote
// area: footnote-display inline, or compact and no wider than one line of
// cw; only a footnote of inline content can.
func (l *layouter) inlineFootnote(fn *box.Box, cw float64) bool {
	d := fn.Style.FootnoteDisplay
	if d == style.FootnoteBlock || len(fn.Children) > 0 && !fn.HasInlineChildren() {
		return false
	}
	if d == style.FootnoteCompact {
		_, mx := l.intrinsic(fn, cw)
		return mx <= cw+0.01
	}
	return true
}

// footnoteLine makes the anonymous block of the footnote area holding
// the footnotes of calls as inline boxes, one after the other: each is a
// copy of its footnote's box, display inline, sharing its children.
func footnoteLine(calls []*box.Box, area *style.Style) *box.Box {
	line := &box.Box{Kind: box.KindBlock, Anonymous: true, Style: box.Inherit(area), Parent: calls[0].Footnote().Parent}
	line.Children = make([]*box.Box, len(calls))
	for k, c := range calls {
		in := *c.Footnote()
		st := *in.Style
		bx := st.MutBox()
		bx.Display, bx.Float = style.DisplayInline, style.FloatNone
		in.Kind, in.Style, in.Parent = box.KindInline, &st, line
		line.Children[k] = &in
	}
	return line
}
