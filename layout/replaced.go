package layout

import (
	"math"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// pxToPt converts CSS pixels to points.
const pxToPt = 0.75

func attrPx(b *box.Box, name string) (float64, bool) {
	v, ok := b.Attr(name)
	if !ok {
		return 0, false
	}
	v = strings.TrimSuffix(strings.TrimSpace(v), "px")
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 {
		return 0, false
	}
	return f * pxToPt, true
}

// replacedPercentHeight resolves a percentage height of replaced box b, from
// its style or its height attribute, against its containing block's
// height when that is definite (else the height behaves as auto).
func replacedPercentHeight(b *box.Box) (float64, bool) {
	st := b.Style
	pct := st.Height
	if !pct.HasPercent() {
		v, ok := b.Attr("height")
		if !ok || !st.Height.IsAuto() {
			return 0, false
		}
		f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "%"), 64)
		if err != nil || f < 0 || !strings.HasSuffix(strings.TrimSpace(v), "%") {
			return 0, false
		}
		pct = style.Length{Value: f, Unit: style.Percent}
	}
	ch, ok := cbHeight(b, 0)
	if !ok {
		return 0, false
	}
	return st.Resolve(pct, ch, 0), true
}

// replacedMaxHeight returns the max-height of replaced box b, edgesH
// its vertical padding and borders: in points, or a percentage of its
// containing block's height when that is definite (CSS 2.1 §10.7); ok is
// false for none or a percentage of an indefinite height.
func replacedMaxHeight(b *box.Box, edgesH float64) (float64, bool) {
	st := b.Style
	switch {
	case st.MaxHeight.Unit == style.Pt:
		return st.MaxHeight.Value, true
	case st.MaxHeight.HasPercent():
		ch, ok := cbHeight(b, 0)
		if !ok {
			return 0, false
		}
		mh := st.Resolve(st.MaxHeight, ch, 0)
		if st.BoxSizing == style.BorderBox {
			mh -= edgesH
		}
		return math.Max(mh, 0), true
	}
	return 0, false
}

// replacedSize returns the used content width and height of replaced box b
// in a containing block cbW wide (CSS 2 §10.3.2, §10.6.2 with min/max).
func replacedSize(b *box.Box, cbW float64) (w, h float64) {
	st := b.Style
	iw, ih := 0.0, 0.0
	if img := b.Image; img != nil && img.Err == nil {
		iw, ih = float64(img.PixelWidth)*pxToPt, float64(img.PixelHeight)*pxToPt
	}
	aw, hasW := attrPx(b, "width")
	ah, hasH := attrPx(b, "height")
	ratio := 0.0
	if iw > 0 && ih > 0 {
		ratio = iw / ih
	} else if hasW && hasH && aw > 0 && ah > 0 {
		ratio = aw / ah
	}
	if b.Image == nil {
		// embedded content folio does not render (an iframe): the
		// default object size, 300×150 px, with no ratio (CSS Images 3
		// §5.2; CSS 2.1 §10.3.2)
		iw, ih = 300*pxToPt, 150*pxToPt
	}
	edgesW := st.Border[style.Left].Width + st.Border[style.Right].Width + st.Resolve(st.Padding[style.Left], cbW, 0) + st.Resolve(st.Padding[style.Right], cbW, 0)
	edgesH := st.Border[style.Top].Width + st.Border[style.Bottom].Width + st.Resolve(st.Padding[style.Top], cbW, 0) + st.Resolve(st.Padding[style.Bottom], cbW, 0)
	wAuto, hAuto := st.Width.IsAuto(), st.Height.IsAuto() || st.Height.HasPercent()
	if !wAuto {
		w = st.Resolve(st.Width, cbW, 0)
		if st.BoxSizing == style.BorderBox {
			w -= edgesW
		}
	} else if hasW {
		w, wAuto = aw, false
	}
	if !hAuto {
		h = st.Height.Value
		if st.BoxSizing == style.BorderBox {
			h -= edgesH
		}
	} else if hasH {
		h, hAuto = ah, false
	}
	if ph, ok := replacedPercentHeight(b); ok && hAuto && !hasH {
		h, hAuto = ph, false
		if st.BoxSizing == style.BorderBox && st.Height.HasPercent() {
			h -= edgesH
		}
	}
	switch {
	case wAuto && hAuto:
		w, h = iw, ih
		if iw == 0 && ih == 0 {
			w, h = 16*pxToPt, 16*pxToPt // placeholder of a failed image
		}
	case wAuto:
		if ratio > 0 {
			w = h * ratio
		} else {
			w = iw
		}
	case hAuto:
		if ratio > 0 {
			h = w / ratio
		} else {
			h = ih
		}
	}
	if !st.MaxWidth.IsAuto() {
		if mw := st.Resolve(st.MaxWidth, cbW, math.Inf(1)); w > mw {
			if hAuto && ratio > 0 {
				h = mw / ratio
			}
			w = mw
		}
	}
	if !st.MinWidth.IsAuto() {
		if mw := st.Resolve(st.MinWidth, cbW, 0); w < mw {
			w = mw
		}
	}
	if st.MinHeight.Unit == style.Pt && h < st.MinHeight.Value {
		// a min-height the height falls short of, carried over to an
		// auto width through the ratio (CSS 2.1 §10.4's table)
		if wAuto && ratio > 0 {
			w = st.MinHeight.Value * ratio
		}
		h = st.MinHeight.Value
	}
	if mh, ok := replacedMaxHeight(b, edgesH); ok && h > mh {
		if wAuto && ratio > 0 {
			w = mh * ratio
		}
		h = mh
	}
	return math.Max(w, 0), math.Max(h, 0)
}

// replacedFragment makes the fragment of replaced box b at the origin.
func replacedFragment(b *box.Box, cbW float64) *Fragment {
	st := b.Style
	w, h := replacedSize(b, cbW)
	f := &Fragment{Box: b, First: true, Last: true}
	for i := range f.Border {
		f.Border[i] = st.Border[i].Width
		f.Padding[i] = st.Resolve(st.Padding[i], cbW, 0)
	}
	f.W = w + f.Border[style.Left] + f.Border[style.Right] + f.Padding[style.Left] + f.Padding[style.Right]
	f.H = h + f.Border[style.Top] + f.Border[style.Bottom] + f.Padding[style.Top] + f.Padding[style.Bottom]
	return f
}

// blockReplaced lays out a block-level replaced element (monolithic).
func (l *layouter) blockReplaced(b *box.Box, x, y, cbW float64, c fctx) blockResult {
	if restore := l.pinReplacedPercents(b); restore != nil {
		defer restore()
	}
	f := replacedFragment(b, cbW)
	st := b.Style
	ml := st.Resolve(st.Margin[style.Left], cbW, 0)
	if st.Margin[style.Left].IsAuto() && st.Margin[style.Right].IsAuto() {
		ml = math.Max(0, (cbW-f.W)/2)
	}
	f.X, f.Y = x+ml, y
	return blockResult{frag: f, mbOut: strut{}.add(st.Resolve(st.Margin[style.Bottom], cbW, 0))}
}

// atomic lays out an atomic inline (replaced element or inline-block) at
// the origin and returns it with the distance from its margin-box top to
// its baseline.
func (l *layouter) atomic(b *box.Box, cbW float64) (*Fragment, float64) {
	st := b.Style
	mt := st.Resolve(st.Margin[style.Top], cbW, 0)
	mb := st.Resolve(st.Margin[style.Bottom], cbW, 0)
	if b.Kind == box.KindReplaced {
		f := replacedFragment(b, cbW)
		return f, mt + f.H + mb
	}
	// inline-block (and inline tables): shrink-to-fit width
	w := cbW
	if st.Width.IsAuto() {
		minW, maxW := l.intrinsic(b, cbW)
		ml := st.Resolve(st.Margin[style.Left], cbW, 0)
		mr := st.Resolve(st.Margin[style.Right], cbW, 0)
		w = math.Min(math.Max(minW, cbW-ml-mr), maxW) + ml + mr
	}
	cs := *st
	if st.Width.IsAuto() {
		// lay out at the shrink-to-fit width
		setBorderBoxWidth(&cs, w-st.Resolve(st.Margin[style.Left], cbW, 0)-st.Resolve(st.Margin[style.Right], cbW, 0), cbW)
	}
	saved := b.Style
	b.Style = &cs
	r := l.block(b, 0, 0, cbW, fctx{bottom: math.Inf(1), atTop: true}, nil)
	b.Style = saved
	f := r.frag
	if f.X != 0 {
		// block placed the border box after the left margin; the line
		// places the atom's margin box itself, so the fragment moves to
		// 0 with its content (setting X alone left the content a margin
		// to the right of the border)
		f = f.translated(-f.X, 0)
	}
	base := mt + f.H + mb
	if isInlineFlex(b) {
		if y, ok := flexContainerBaseline(f); ok {
			base = mt + y - f.Y
		}
	} else if g := l.grids[b]; g != nil && b.Kind == box.KindInlineBlock && isGrid(b) {
		if y, ok := gridContainerBaseline(f, g); ok {
			base = mt + y - f.Y
		}
	} else if b.Kind == box.KindTable {
		// an inline table's baseline is its first row's (CSS 2.1
		// §10.8.1)
		if ln := firstRowLine(f); ln != nil {
			base = mt + ln.Baseline - f.Y
		}
	} else if ln := lastLine(f); ln != nil {
		base = mt + ln.Baseline - f.Y
	}
	return f, base
}

func lastLine(f *Fragment) *Line {
	if len(f.Lines) > 0 {
		return f.Lines[len(f.Lines)-1]
	}
	for i := len(f.Children) - 1; i >= 0; i-- {
		if ln := lastLine(f.Children[i]); ln != nil {
			return ln
		}
	}
	return nil
}

// sizeKey identifies a measurement of intrinsic widths: percentages in
// the box resolve against the containing block's width.
type sizeKey struct {
	b   *box.Box
	cbW float64
}

// intrinsic returns the min-content and max-content border-box widths of
// b. The widths of floats are kept: each float is measured to lay it out
// and again by every float around it.
func (l *layouter) intrinsic(b *box.Box, cbW float64) (minW, maxW float64) {
	if l.noSizes || !isFloat(b) {
		return l.measureIntrinsic(b, cbW)
	}
	k := sizeKey{b, cbW}
	if s, ok := l.sizes[k]; ok {
		return s[0], s[1]
	}
	minW, maxW = l.measureIntrinsic(b, cbW)
	if l.sizes == nil {
		l.sizes = map[sizeKey][2]float64{}
	}
	l.sizes[k] = [2]float64{minW, maxW}
	return minW, maxW
}

// measureIntrinsic computes the min-content and max-content border-box widths of
// b.
func (l *layouter) measureIntrinsic(b *box.Box, cbW float64) (minW, maxW float64) {
	l.measured++
	if b.Kind == box.KindTable {
		return l.tableIntrinsic(b)
	}
	st := b.Style
	edges := st.Border[style.Left].Width + st.Border[style.Right].Width + st.Resolve(st.Padding[style.Left], cbW, 0) + st.Resolve(st.Padding[style.Right], cbW, 0)
	if !st.Width.IsAuto() && st.Width.Unit == style.Pt {
		// the width, limited by max-width and min-width in points
		// (CSS Sizing 3 §5.2: a box's contribution obeys its limits)
		w := st.Width.Value
		if st.MaxWidth.Unit == style.Pt {
			w = math.Min(w, st.MaxWidth.Value)
		}
		if st.MinWidth.Unit == style.Pt {
			w = math.Max(w, st.MinWidth.Value)
		}
		if st.BoxSizing == style.ContentBox {
			w += edges
		}
		return w, w
	}
	switch {
	case b.Kind == box.KindReplaced:
		f := replacedFragment(b, cbW)
		return f.W, f.W
	case b.HasInlineChildren():
		minW, maxW = l.inlineIntrinsic(b, cbW)
	case isGrid(b):
		minW, maxW = l.gridIntrinsic(b, cbW)
	case isFlex(b) && !strings.HasPrefix(st.FlexDirection, "column"):
		// a flex row: items side by side (CSS Flexbox 1 §9.9.1)
		gap := gapOf(st, st.ColumnGap, cbW)
		n := 0
		for _, c := range b.Children {
			if isAbsolute(c) {
				continue
			}
			cmin, cmax := l.flexItemIntrinsic(c, cbW)
			m := c.Style.Resolve(c.Style.Margin[style.Left], cbW, 0) + c.Style.Resolve(c.Style.Margin[style.Right], cbW, 0)
			if st.FlexWrap == "wrap" || st.FlexWrap == "wrap-reverse" {
				minW = math.Max(minW, cmin+m)
			} else {
				minW += cmin + m
			}
			maxW += cmax + m
			n++
		}
		if n > 1 {
			maxW += gap * float64(n-1)
			if st.FlexWrap != "wrap" && st.FlexWrap != "wrap-reverse" {
				minW += gap * float64(n-1)
			}
		}
	default:
		// floats, the run of consecutive float children up to a clear
		// side by side at max-content
		floats := 0.0
		for _, c := range b.Children {
			if isAbsolute(c) || c.Style.ColumnSpanAll && spannerOf(c) != nil {
				continue
			}
			cmin, cmax := l.intrinsic(c, cbW)
			m := c.Style.Resolve(c.Style.Margin[style.Left], cbW, 0) + c.Style.Resolve(c.Style.Margin[style.Right], cbW, 0)
			minW = math.Max(minW, cmin+m)
			if !isFloat(c) {
				floats = 0
				maxW = math.Max(maxW, cmax+m)
				continue
			}
			if c.Style.Clear != style.ClearNone {
				floats = 0
			}
			floats += cmax + m
			maxW = math.Max(maxW, floats)
		}
	}
	if multicolStyle(st) && !isFlex(b) {
		minW, maxW = multicolIntrinsic(st, minW, maxW, cbW)
		minW, maxW = l.spannersIntrinsic(b, cbW, minW, maxW)
	}
	return minW + edges, maxW + edges
}

// inlineIntrinsic returns the min- and max-content widths of the lines
// of block container b (with inline children), its own width, padding
// and borders left out: they depend on its text (and floats anchored in
// it) only.
func (l *layouter) inlineIntrinsic(b *box.Box, cbW float64) (minW, maxW float64) {
	l.measuring++
	p, kept := l.shapedPara(b, cbW)
	l.measuring--
	if !kept {
		defer l.recycle(p)
	}
	maxW = p.widest(math.Inf(1))
	minW = p.minContentWidth()
	// floats anchored in the text sit beside it at max-content
	for _, it := range p.items {
		if it.kind == uOOF && isFloat(it.box) {
			fmin, fmax := l.intrinsic(it.box, cbW)
			st := it.box.Style
			m := st.Resolve(st.Margin[style.Left], cbW, 0) + st.Resolve(st.Margin[style.Right], cbW, 0)
			minW = math.Max(minW, fmin+m)
			maxW += fmax + m
		}
	}
	return minW, maxW
}

// spanWidth is the width of the units of sp without hanging spaces.
func (p *para) spanWidth(sp span) float64 {
	if sp.first > 0 && p.first != nil {
		return p.first.spanWidth(span{end: sp.first, forced: sp.forced})
	}
	s, e := sp.start, sp.end
	for s < e && p.units[s].space {
		s++
	}
	for e > s && (p.units[e-1].space || p.units[e-1].kind == uBreak) {
		e--
	}
	w := p.cum[e] - p.cum[s]
	if len(p.cloneEdges()) > 0 {
		w += p.cloneExtra(p.contentStart(sp.start), sp.end)
	}
	return w
}

// pinReplacedPercents resolves the percentage height, min-height and
// max-height of block-level replaced box b against the percentage base
// its containing block set while it is laid out (a table cell's content
// height once its row is sized, CSS Tables 3 §3.9.1; a block's definite
// height), swapping in a copy of b's style with them in points. It
// returns the function restoring the style, nil when there is no base
// or nothing to resolve (replacedSize then walks the ancestors).
func (l *layouter) pinReplacedPercents(b *box.Box) func() {
	st, base := b.Style, l.pctBase()
	if st == nil || math.IsNaN(base) || !percentHeight(st) || isAbsolute(b) || b.FlexItem || inGrid(b) {
		return nil
	}
	cs := *st
	sz := cs.MutSize()
	for _, p := range [...]*style.Length{&sz.Height, &sz.MinHeight, &sz.MaxHeight} {
		if p.HasPercent() {
			*p = style.Length{Value: math.Max(0, st.Resolve(*p, base, 0)), Unit: style.Pt}
		}
	}
	b.Style = &cs
	return func() { b.Style = st }
}
