package layout

import (
	"fmt"
	"strings"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// minPageArea is the smallest page area side, in points, that margins,
// borders and padding may leave: when they take more, they are scaled
// down to leave this much (or half the page, on a smaller one).
const minPageArea = 72

// pageGeometry gives the page margins and the page area of a page of the
// given size whose page box has style st (nil: 2 cm margins). The page
// area is the page box's content box: inside the margins, borders and
// padding. Percentages of the top and bottom margins and padding are of
// the page height, of the left and right of its width (css-page-3 §3.3).
// Margins, borders and padding that leave no room on an axis
// are scaled down, as browsers do rather than print nothing, and note
// says so with the numbers; a page without size is an error.
func pageGeometry(size [2]float64, st *style.Style) (margins [4]float64, area Rect, note string, err error) {
	if size[0] <= 0 || size[1] <= 0 {
		return margins, area, "", fmt.Errorf("the page is %.1f×%.1f pt: a page needs a positive width and height", size[0], size[1])
	}
	margins = [4]float64{2 * cm, 2 * cm, 2 * cm, 2 * cm}
	var edges [4]float64
	if st != nil {
		for i := range margins {
			base := size[0]
			if i == style.Top || i == style.Bottom {
				base = size[1]
			}
			margins[i] = st.Margin[i].Resolve(base, margins[i])
			edges[i] = st.Border[i].Width + st.Padding[i].Resolve(base, 0)
		}
	}
	for axis, sides := range [2][2]int{{style.Left, style.Right}, {style.Top, style.Bottom}} {
		a, b := sides[0], sides[1]
		taken := margins[a] + edges[a] + margins[b] + edges[b]
		if size[axis]-taken >= 1 {
			continue
		}
		keep := min(minPageArea, size[axis]/2)
		k := (size[axis] - keep) / taken
		if taken <= 0 || k < 0 {
			k = 0
		}
		if note == "" {
			note = fmt.Sprintf("the page margins, borders and padding (top %.1f, right %.1f, bottom %.1f, left %.1f pt) leave no room on a %.1f×%.1f pt page; they are scaled down to leave a page area at least %.1f pt wide and high",
				margins[style.Top]+edges[style.Top], margins[style.Right]+edges[style.Right], margins[style.Bottom]+edges[style.Bottom], margins[style.Left]+edges[style.Left],
				size[0], size[1], keep)
		}
		for _, i := range sides {
			margins[i] *= k
			edges[i] *= k
		}
	}
	area = Rect{X: margins[style.Left] + edges[style.Left], Y: margins[style.Top] + edges[style.Top]}
	area.W = size[0] - area.X - margins[style.Right] - edges[style.Right]
	area.H = size[1] - area.Y - margins[style.Bottom] - edges[style.Bottom]
	return margins, area, note, nil
}

// pageDecorations adds the page box's background (over the whole page,
// its bleed area) and borders (around the padding box, inside the page
// margins) to p.Margins as its first fragments, and counts them in
// p.Decorations.
func (l *layouter) pageDecorations(p *Page) {
	if p.Style == nil || p.Style.Box == nil {
		return
	}
	st := p.Style.Box
	defer func() { p.Decorations = len(p.Margins) }()
	hasBorder := false
	for _, b := range st.Border {
		if b.Width > 0 && b.Style != style.BorderNone && b.Style != style.BorderHidden {
			hasBorder = true
		}
	}
	if st.BackgroundColor.A > 0 || st.BackgroundImages != nil {
		// the background covers the whole page; its layers are placed
		// in the page box's padding box by default (background-origin,
		// CSS Paged Media 3 §3.4.1): the fragment's "border" is the page
		// margins and border, its padding the page box's
		f := &Fragment{Box: l.pageBackground(st), W: p.Width, H: p.Height, First: true, Last: true}
		for i := range f.Border {
			f.Border[i] = p.Margin[i]
			if b := st.Border[i]; b.Style != style.BorderNone && b.Style != style.BorderHidden {
				f.Border[i] += b.Width
			}
		}
		f.Padding[style.Top] = p.Area.Y - f.Border[style.Top]
		f.Padding[style.Left] = p.Area.X - f.Border[style.Left]
		f.Padding[style.Bottom] = p.Height - p.Area.Y - p.Area.H - f.Border[style.Bottom]
		f.Padding[style.Right] = p.Width - p.Area.X - p.Area.W - f.Border[style.Right]
		p.Margins = append(p.Margins, f)
	}
	if hasBorder {
		bs := box.Inherit(nil)
		bs.MutBorder().Border = st.Border
		m := p.Margin
		f := &Fragment{Box: &box.Box{Kind: box.KindBlock, Anonymous: true, Style: bs},
			X: m[style.Left], Y: m[style.Top], W: p.Width - m[style.Left] - m[style.Right], H: p.Height - m[style.Top] - m[style.Bottom],
			First: true, Last: true}
		for i := range f.Border {
			f.Border[i] = st.Border[i].Width
		}
		p.Margins = append(p.Margins, f)
	}
	if f := pageOutline(p, st); f != nil {
		p.Margins = append(p.Margins, f)
	}
}

// pageOutline returns the fragment painting the outline of a page box of
// style st (nil when it has none): around the page box's border box,
// outline-offset outside it, so into the page margins (CSS Basic UI 4
// §5.1; css-page-3 applies the outline properties to the page box).
func pageOutline(p *Page, st *style.Style) *Fragment {
	if !st.HasOutline() {
		return nil
	}
	w, grow := st.Outline.Width, st.OutlineOffset+st.Outline.Width
	m := p.Margin
	x, y := m[style.Left]-grow, m[style.Top]-grow
	fw, fh := p.Width-m[style.Left]-m[style.Right]+2*grow, p.Height-m[style.Top]-m[style.Bottom]+2*grow
	if fw < 2*w || fh < 2*w {
		return nil // an inward offset larger than the box: nothing to draw
	}
	line := style.Border{Width: w, Style: st.Outline.Style, Color: st.OutlineColor()}
	os := box.Inherit(nil)
	os.MutBorder().Border = [4]style.Border{line, line, line, line}
	f := &Fragment{Box: &box.Box{Kind: box.KindBlock, Anonymous: true, Style: os},
		X: x, Y: y, W: fw, H: fh, First: true, Last: true}
	for i := range f.Border {
		f.Border[i] = w
	}
	return f
}

// pageBackground returns the box painting the background of a page box
// of style st: its colour and its layers, gradients and images (loaded
// through l.pageImage; one that fails to load is reported once and left
// out).
func (l *layouter) pageBackground(st *style.Style) *box.Box {
	bg := box.Inherit(nil)
	g := bg.MutBackground()
	*g = *st.BackgroundGroup
	g.BoxShadow = nil
	b := &box.Box{Kind: box.KindBlock, Anonymous: true, Style: bg}
	if l.pageImage == nil || strings.TrimSpace(st.BackgroundImage) == "" {
		return b
	}
	bgs := make([]*box.Image, len(st.BackgroundImages))
	b.SetRare().Backgrounds = bgs
	for i, layer := range st.BackgroundImages {
		if strings.TrimSpace(layer.URL) == "" {
			continue
		}
		img := l.pageImage(layer.URL)
		if img.Err != nil {
			if l.pageImageFailed == nil {
				l.pageImageFailed = map[*box.Image]bool{}
			}
			if !l.pageImageFailed[img] {
				l.pageImageFailed[img] = true
				l.diags = append(l.diags, Diagnostic{Stage: "resource", Message: img.Err.Error()})
			}
			continue
		}
		bgs[i] = img
	}
	return b
}
