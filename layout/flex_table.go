package layout

import (
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Heights of table flex items. The item is the table wrapper box, whose
// height holds the captions, while a table's height property sizes its
// grid only (CSS Tables 3 §3.8.2): flex layout adds the captions to a
// height the table gives and takes them from one it gives the table.

// captionsHeight returns the outer height of the captions of table
// fragment f.
func captionsHeight(f *Fragment) float64 {
	h := 0.0
	for _, c := range f.Children {
		if c.Box == nil || c.Box.Kind != box.KindTableCaption {
			continue
		}
		st := c.Box.Style
		h += c.H + st.Resolve(st.Margin[style.Top], f.W, 0) + st.Resolve(st.Margin[style.Bottom], f.W, 0)
	}
	return h
}

// tableItemCaptions returns the height of the captions of table item it
// as last laid out, 0 for another item or one not yet laid out.
func tableItemCaptions(it *flexItem) float64 {
	if it.b.Kind != box.KindTable || it.frag == nil {
		return 0
	}
	return captionsHeight(it.frag)
}

// heightWithoutCaptions returns the height of the grid of table item
// it when flex layout gave the item's style st the wrapper height h (a
// stretched or flexed height, in the copy of its style it lays the item
// out with): h less its captions. ok is false when h is the table's own
// height or there is nothing to take.
func heightWithoutCaptions(it *flexItem, h, st style.Length) (float64, bool) {
	if h.Unit != style.Pt || h == st {
		return 0, false
	}
	capH := tableItemCaptions(it)
	if capH <= 0 {
		return 0, false
	}
	return math.Max(0, h.Value-capH), true
}
