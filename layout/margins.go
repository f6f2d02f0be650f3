package layout

import (
	"math"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// marginBoxes lays out the page-margin boxes (@top-center, @bottom-right…)
// of every page once the page count is known, so counter(page) and
// counter(pages) resolve. Each box becomes a fragment in Page.Margins;
// the display list paints them as pagination artifacts. Margin boxes
// never change the page area, so the body is not laid out again.
func (l *layouter) marginBoxes(doc *Document) {
	nums := l.pageNumbers(doc)
	total := len(doc.Pages)
	var strs stringTracker
	for i, p := range doc.Pages {
		p.Number = nums[i]
		vals := strs.page(p)
		p.Margins = p.Margins[:0]
		l.pageDecorations(p)
		if p.Style == nil {
			continue
		}
		var boxes [style.NumMarginBoxes]*box.Box
		for m, ms := range p.Style.Margins {
			if ms == nil || ms.ContentMode != style.ContentList {
				continue
			}
			text := resolveMarginContent(ms.Content, p.Number, total, vals)
			boxes[m] = marginBoxTree(ms, text)
		}
		l.placeMarginBoxes(p, &boxes)
	}
}

// resolveMarginContent turns a margin box's content list into text.
func resolveMarginContent(items []style.ContentItem, page, pages int, vals pageStrings) string {
	var sb strings.Builder
	for _, it := range items {
		switch it.Kind {
		case style.ContentString:
			sb.WriteString(it.Text)
		case style.ContentCounter, style.ContentCounters:
			v := 0
			switch it.Name {
			case "page":
				v = page
			case "pages":
				v = pages
			}
			sb.WriteString(box.FormatCounter(v, counterStyleName(it.Style)))
		case style.ContentNamedString:
			sb.WriteString(vals.value(it.Name, it.Text))
		}
	}
	return sb.String()
}

func counterStyleName(s string) string {
	if s == "" {
		return "decimal"
	}
	return s
}

// marginBoxTree builds the anonymous block of one margin box holding its
// text.
func marginBoxTree(ms *style.Style, text string) *box.Box {
	st := *ms
	st.Display = style.DisplayBlock
	root := &box.Box{Kind: box.KindBlock, Anonymous: true, Style: &st}
	if collapsesSpace(&st) {
		text = strings.Join(strings.Fields(text), " ")
	}
	if text != "" {
		ts := box.Inherit(&st)
		ts.Display = style.DisplayInline
		root.Children = []*box.Box{{Kind: box.KindText, Style: ts, Text: text, Parent: root}}
	}
	return root
}

// placeMarginBoxes sizes and lays out the generated margin boxes of p:
// corners fill their corner, the three boxes of each side share it by
// the css-page-3 §5.3 rules.
func (l *layouter) placeMarginBoxes(p *Page, boxes *[style.NumMarginBoxes]*box.Box) {
	for _, m := range [...]style.MarginBox{style.TopLeftCorner, style.TopRightCorner, style.BottomRightCorner, style.BottomLeftCorner} {
		if b := boxes[m]; b != nil {
			l.addMargin(p, b, cornerRect(p, m))
		}
	}
	for side := range 4 {
		ids := sideBoxes[side]
		if boxes[ids[0]] == nil && boxes[ids[1]] == nil && boxes[ids[2]] == nil {
			continue
		}
		band := sideRect(p, side)
		vertical := side == style.Left || side == style.Right
		var items [3]marginItem
		for k, m := range ids {
			if b := boxes[m]; b != nil {
				items[k] = l.measureMargin(b, band, vertical)
			}
		}
		avail := band.W
		if vertical {
			avail = band.H
		}
		var off [3]float64
		off[0], off[1], off[2] = resolveTrio(avail, &items[0], &items[1], &items[2])
		for k, m := range ids {
			b := boxes[m]
			if b == nil {
				continue
			}
			r := band
			if vertical {
				r.Y, r.H = band.Y+off[k], items[k].size
			} else {
				r.X, r.W = band.X+off[k], items[k].size
			}
			l.addMargin(p, b, r)
		}
	}
}

// measureMargin gives the sizing inputs of a side margin box: for top and
// bottom boxes its outer width (given, or auto with min/max-content
// widths), for left and right boxes its outer height (given, or the
// height of its content laid out at the band's width).
func (l *layouter) measureMargin(b *box.Box, band Rect, vertical bool) marginItem {
	st := b.Style
	it := marginItem{generated: true}
	if !vertical {
		mh := st.Margin[style.Left].Resolve(band.W, 0) + st.Margin[style.Right].Resolve(band.W, 0)
		if !st.Width.IsAuto() {
			w := st.Width.Resolve(band.W, 0)
			if st.BoxSizing == style.ContentBox {
				w += st.Border[style.Left].Width + st.Border[style.Right].Width +
					st.Padding[style.Left].Resolve(band.W, 0) + st.Padding[style.Right].Resolve(band.W, 0)
			}
			it.size = w + mh
			return it
		}
		it.auto = true
		mn, mx := l.intrinsic(b, band.W)
		it.minC, it.maxC = mn+mh, mx+mh
		return it
	}
	mv := st.Margin[style.Top].Resolve(band.W, 0) + st.Margin[style.Bottom].Resolve(band.W, 0)
	if !st.Height.IsAuto() && st.Height.Unit == style.Pt {
		h := st.Height.Value
		if st.BoxSizing == style.ContentBox {
			h += st.Border[style.Top].Width + st.Border[style.Bottom].Width +
				st.Padding[style.Top].Resolve(band.W, 0) + st.Padding[style.Bottom].Resolve(band.W, 0)
		}
		it.size = h + mv
		return it
	}
	it.auto = true
	f := l.layMargin(b, Rect{X: band.X, Y: band.Y, W: band.W, H: math.Inf(1)})
	if f != nil {
		it.minC, it.maxC = f.H+mv, f.H+mv
	}
	return it
}

// layMargin lays b out with its margin box filling the width of r
// (outer), top at r.Y; the height is its content's.
func (l *layouter) layMargin(b *box.Box, r Rect) *Fragment {
	st := *b.Style
	ml := st.Margin[style.Left].Resolve(r.W, 0)
	mr := st.Margin[style.Right].Resolve(r.W, 0)
	mt := st.Margin[style.Top].Resolve(r.W, 0)
	st.Margin = [4]style.Length{{Value: mt, Unit: style.Pt}, {Value: mr, Unit: style.Pt}, {}, {Value: ml, Unit: style.Pt}}
	st.Width = style.Length{Value: math.Max(r.W-ml-mr, 0), Unit: style.Pt}
	st.BoxSizing = style.BorderBox
	auto := style.Length{Unit: style.Auto}
	st.Height, st.MinWidth, st.MaxWidth, st.MinHeight, st.MaxHeight = auto, auto, auto, auto, auto
	saved := b.Style
	b.Style = &st
	res := l.block(b, r.X, r.Y+mt, r.W, fctx{bottom: math.Inf(1), atTop: true}, nil)
	b.Style = saved
	return res.frag
}

// addMargin lays out margin box b in rectangle r (its outer box) and
// appends it to p.Margins: the border box fills r less the box's margins;
// the content sits at the top, middle or bottom by vertical-align.
func (l *layouter) addMargin(p *Page, b *box.Box, r Rect) {
	if r.W <= 0 || r.H <= 0 {
		return
	}
	f := l.layMargin(b, r)
	if f == nil {
		return
	}
	st := b.Style
	want := r.H - st.Margin[style.Top].Resolve(r.W, 0) - st.Margin[style.Bottom].Resolve(r.W, 0)
	if extra := want - f.H; extra > 0 {
		off := extra / 2
		switch st.VerticalAlign {
		case style.VAlignTop, style.VAlignTextTop:
			off = 0
		case style.VAlignBottom, style.VAlignTextBottom:
			off = extra
		}
		y := f.Y
		f = f.translated(0, off)
		f.Y, f.H = y, want
	}
	p.Margins = append(p.Margins, f)
}

// pageLabel formats a page number for diagnostics.
func pageLabel(i int) string { return "page " + strconv.Itoa(i+1) }
