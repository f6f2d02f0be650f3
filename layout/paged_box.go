package layout

import (
	"fmt"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// pageGeometry gives the page margins and the page area of a page of the
// given size whose page box has style st (nil: 2 cm margins). The page
// area is the page box's content box: inside the margins, borders and
// padding. A page area without room is an error naming the numbers.
func pageGeometry(size [2]float64, st *style.Style) (margins [4]float64, area Rect, err error) {
	margins = [4]float64{2 * cm, 2 * cm, 2 * cm, 2 * cm}
	var edges [4]float64
	if st != nil {
		for i := range margins {
			base := size[0]
			if i == style.Top || i == style.Bottom {
				base = size[1]
			}
			margins[i] = st.Margin[i].Resolve(base, margins[i])
			edges[i] = st.Border[i].Width + st.Padding[i].Resolve(size[0], 0)
		}
	}
	area = Rect{X: margins[style.Left] + edges[style.Left], Y: margins[style.Top] + edges[style.Top]}
	area.W = size[0] - area.X - margins[style.Right] - edges[style.Right]
	area.H = size[1] - area.Y - margins[style.Bottom] - edges[style.Bottom]
	if size[0] <= 0 || size[1] <= 0 || area.W <= 0 || area.H <= 0 {
		return margins, area, fmt.Errorf("page area is %.1f×%.1f pt: the page is %.1f×%.1f pt and its margins (top %.1f, right %.1f, bottom %.1f, left %.1f pt), borders and padding leave no room",
			area.W, area.H, size[0], size[1], margins[style.Top], margins[style.Right], margins[style.Bottom], margins[style.Left])
	}
	return margins, area, nil
}

// pageDecorations adds the page box's background (over the whole page,
// its bleed area) and borders (around the padding box, inside the page
// margins) to p.Margins as the first fragments painted.
func (l *layouter) pageDecorations(p *Page) {
	if p.Style == nil || p.Style.Box == nil {
		return
	}
	st := p.Style.Box
	hasBorder := false
	for _, b := range st.Border {
		if b.Width > 0 && b.Style != style.BorderNone && b.Style != style.BorderHidden {
			hasBorder = true
		}
	}
	if st.BackgroundColor.A > 0 {
		bg := box.Inherit(nil)
		bg.BackgroundColor = st.BackgroundColor
		p.Margins = append(p.Margins, &Fragment{Box: &box.Box{Kind: box.KindBlock, Anonymous: true, Style: bg},
			W: p.Width, H: p.Height, First: true, Last: true})
	}
	if hasBorder {
		bs := box.Inherit(nil)
		bs.Border = st.Border
		m := p.Margin
		f := &Fragment{Box: &box.Box{Kind: box.KindBlock, Anonymous: true, Style: bs},
			X: m[style.Left], Y: m[style.Top], W: p.Width - m[style.Left] - m[style.Right], H: p.Height - m[style.Top] - m[style.Bottom],
			First: true, Last: true}
		for i := range f.Border {
			f.Border[i] = st.Border[i].Width
		}
		p.Margins = append(p.Margins, f)
	}
}
