package layout

import (
	"slices"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// fnPart is a footnote, or a line of inline footnotes, to lay out in a
// footnote area, from its break token (nil: from its start). The part
// of a footnote that does not fit its page's area is one: it continues
// at the top of the next page's area (fnCarry).
type fnPart struct {
	box   *box.Box
	tok   *BreakToken
	calls int // how many calls of the page it holds (0 for a carried part)
}

// footnoteArea lays out, in an area styled by fs (@footnote) at the top
// of a, the rest of the footnotes carried from earlier pages, then the
// footnotes of calls, in at most room (margins included; +Inf: all of
// them). It returns the area with the height it takes (its margins
// included), the bottom of its content after the carried parts (ends[0])
// and after the footnote of each call (ends[k]), and what did not fit
// room: the rest of the footnote split at its bottom and the footnotes
// after it. The area is nil (and the height 0) without carried parts or
// calls. Footnotes displayed inline (footnote-display: inline, or
// compact when they fit on a line) run on in shared lines; the others
// are blocks.
func (l *layouter) footnoteArea(carry []fnPart, calls []*box.Box, fs *style.Style, a Rect, room float64) (*Fragment, float64, []float64, []fnPart) {
	if len(calls) == 0 && len(carry) == 0 {
		return nil, 0, nil, nil
	}
	if fs == nil {
		src := calls
		if len(src) == 0 {
			src = []*box.Box{{Style: carry[0].box.Style}}
		}
		fs = box.Inherit(src[0].Style)
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
	top := f.Y + f.Border[style.Top] + f.Padding[style.Top]
	bottom := a.Y + room - m[style.Bottom] - f.Padding[style.Bottom] - f.Border[style.Bottom]
	parts := append(slices.Clone(carry), l.footnoteParts(calls, cw, f.Box.Style)...)
	y := top
	ends := append(make([]float64, 0, len(calls)+1), top)
	var rest []fnPart
	for _, p := range parts {
		if rest == nil {
			r := l.block(p.box, cx, y, cw, fctx{bottom: bottom, atTop: y == top}, p.tok)
			switch {
			case r.empty || r.frag == nil && r.next != nil:
				rest = append(rest, fnPart{box: p.box, tok: p.tok})
			default:
				if r.frag != nil {
					f.Children = append(f.Children, r.frag)
					y = r.frag.Y + r.frag.H
				}
				if r.next != nil {
					rest = append(rest, fnPart{box: p.box, tok: r.next})
				}
			}
		} else {
			rest = append(rest, fnPart{box: p.box, tok: p.tok})
		}
		if p.calls == 0 {
			ends[0] = y
		}
		for range p.calls {
			ends = append(ends, y)
		}
	}
	f.H = y + f.Padding[style.Bottom] + f.Border[style.Bottom] - f.Y
	return f, f.H + m[style.Top] + m[style.Bottom], ends, rest
}

// footnoteParts groups the footnotes of calls into the parts of a
// footnote area: each footnote displayed as a block alone, runs of
// inline ones in a shared line (footnoteLine).
func (l *layouter) footnoteParts(calls []*box.Box, cw float64, area *style.Style) []fnPart {
	parts := make([]fnPart, 0, len(calls))
	for i := 0; i < len(calls); {
		fn, j := calls[i].Footnote(), i+1
		if l.inlineFootnote(fn, cw) {
			for j < len(calls) && l.inlineFootnote(calls[j].Footnote(), cw) {
				j++
			}
			fn = footnoteLine(calls[i:j], area)
		}
		parts = append(parts, fnPart{box: fn, calls: j - i})
		i = j
	}
	return parts
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
