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
// the display list paints them as pagination artifacts.
func (l *layouter) marginBoxes(doc *Document) {
	total := len(doc.Pages)
	strs := map[string]string{}
	for _, p := range doc.Pages {
		// string-set values: the first assignment on the page wins for
		// string(name) (the "first" keyword's meaning), else the value
		// carried over from earlier pages.
		first := map[string]string{}
		if p.Root != nil {
			collectStrings(p.Root, first)
		}
		if p.Style == nil {
			for k, v := range first {
				strs[k] = v
			}
			continue
		}
		for i, ms := range p.Style.Margins {
			if ms == nil || ms.ContentMode != style.ContentList {
				continue
			}
			text := resolveMarginContent(ms.Content, p.Index+1, total, first, strs)
			if strings.TrimSpace(text) == "" {
				continue
			}
			if f := l.marginBox(p, style.MarginBox(i), ms, text); f != nil {
				p.Margins = append(p.Margins, f)
			}
		}
		for k, v := range first {
			strs[k] = v
		}
	}
}

func collectStrings(f *Fragment, out map[string]string) {
	if f.First {
		for _, s := range f.Box.Strings {
			if _, ok := out[s.Name]; !ok {
				out[s.Name] = s.Value
			}
		}
	}
	for _, c := range f.Children {
		collectStrings(c, out)
	}
}

func resolveMarginContent(items []style.ContentItem, page, pages int, first, carried map[string]string) string {
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
			st := it.Style
			if st == "" {
				st = "decimal"
			}
			sb.WriteString(box.FormatCounter(v, st))
		case style.ContentNamedString:
			if v, ok := first[it.Name]; ok && it.Text != "start" {
				sb.WriteString(v)
			} else if v, ok := carried[it.Name]; ok {
				sb.WriteString(v)
			} else if ok {
				sb.WriteString(first[it.Name])
			}
		}
	}
	return sb.String()
}

// marginRect returns the rectangle of margin box m on page p (css-page-3
// §4.2, with the three boxes of a side sharing it equally).
func marginRect(p *Page, m style.MarginBox) Rect {
	W, H := p.Width, p.Height
	ml, mt := p.Area.X, p.Area.Y
	mr, mb := W-p.Area.X-p.Area.W, H-p.Area.Y-p.Area.H
	aw, ah := p.Area.W, p.Area.H
	third := func(i int, total, start float64) (float64, float64) { return start + total*float64(i)/3, total / 3 }
	switch m {
	case style.TopLeftCorner:
		return Rect{0, 0, ml, mt}
	case style.TopRightCorner:
		return Rect{W - mr, 0, mr, mt}
	case style.BottomLeftCorner:
		return Rect{0, H - mb, ml, mb}
	case style.BottomRightCorner:
		return Rect{W - mr, H - mb, mr, mb}
	case style.TopLeft, style.TopCenter, style.TopRight:
		x, w := third(int(m-style.TopLeft), aw, ml)
		return Rect{x, 0, w, mt}
	case style.BottomLeft, style.BottomCenter, style.BottomRight:
		i := map[style.MarginBox]int{style.BottomLeft: 0, style.BottomCenter: 1, style.BottomRight: 2}[m]
		x, w := third(i, aw, ml)
		return Rect{x, H - mb, w, mb}
	case style.LeftTop, style.LeftMiddle, style.LeftBottom:
		i := map[style.MarginBox]int{style.LeftTop: 0, style.LeftMiddle: 1, style.LeftBottom: 2}[m]
		y, h := third(i, ah, mt)
		return Rect{0, y, ml, h}
	default:
		i := map[style.MarginBox]int{style.RightTop: 0, style.RightMiddle: 1, style.RightBottom: 2}[m]
		y, h := third(i, ah, mt)
		return Rect{W - mr, y, mr, h}
	}
}

// marginBox lays out one margin box with text in its rectangle, centred
// vertically; the horizontal alignment defaults by position (left, centre,
// right) when the style leaves text-align at its initial value.
func (l *layouter) marginBox(p *Page, m style.MarginBox, ms *style.Style, text string) *Fragment {
	r := marginRect(p, m)
	if r.W <= 0 || r.H <= 0 {
		return nil
	}
	st := *ms
	st.Display = style.DisplayBlock
	if st.TextAlign == style.AlignLeft {
		switch m {
		case style.TopCenter, style.BottomCenter, style.LeftMiddle, style.RightMiddle:
			st.TextAlign = style.AlignCenter
		case style.TopRight, style.BottomRight, style.TopRightCorner, style.BottomRightCorner:
			st.TextAlign = style.AlignRight
		}
	}
	st.Width = style.Length{Unit: style.Auto}
	st.Margin = [4]style.Length{}
	root := &box.Box{Kind: box.KindBlock, Anonymous: true, Style: &st}
	ts := box.Inherit(&st)
	ts.Display = style.DisplayInline
	root.Children = []*box.Box{{Kind: box.KindText, Style: ts, Text: strings.Join(strings.Fields(text), " "), Parent: root}}
	res := l.block(root, r.X, r.Y, r.W, fctx{bottom: math.Inf(1), atTop: true}, nil)
	f := res.frag
	if f == nil {
		return nil
	}
	dy := (r.H - f.H) / 2
	if dy != 0 {
		f = f.translated(0, dy)
	}
	return f
}

// pageLabel formats a page number for diagnostics.
func pageLabel(i int) string { return "page " + strconv.Itoa(i+1) }
