package display

import (
	"context"
	"fmt"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
)

// Build makes the display list of every page. It stops with ctx's error
// when ctx ends, and with an error wrapping ErrDepth when a page's
// fragments nest deeper than MaxDepth.
func Build(ctx context.Context, doc *layout.Document) ([]*List, error) {
	out := make([]*List, 0, len(doc.Pages))
	total := 0.0
	for _, p := range doc.Pages {
		if p.Root != nil {
			total += p.Root.H
		}
	}
	pt := NewPainter(ctx, doc.Shaper, total)
	// the whole document is known: no page waits for a later one
	pt.b.slices, pt.whole = findSlices(doc), true
	for _, p := range doc.Pages {
		l, err := pt.Page(p)
		if err != nil {
			return nil, err
		}
		out = append(out, l...)
	}
	return out, nil
}

// Painter makes the display lists of a document's pages one by one, in
// order, for a document laid out page by page (layout.PaginateEach).
//
// A page holding a fragment of a box split onto later pages whose
// background layers are laid out in the whole box and sliced (slice.go)
// waits for the box's last fragment: its list is made once the box's
// height is known. At most MaxHeldPages wait; past that, the boxes still
// open paint each fragment's background as its own box.
type Painter struct {
	b builder
	// pages counts the pages painted; hint is the room the next page's list starts with (see paint)
	hint, pages int
	// whole says b.slices holds the whole document's split boxes (Build);
	// otherwise they are gathered page by page, held the pages waiting,
	// open the split boxes whose last fragment is to come, and given up
	// those painted unsliced.
	whole   bool
	held    []*layout.Page
	open    map[*box.Box]bool
	givenUp map[*box.Box]bool
}

// MaxHeldPages bounds the pages a Painter holds back, waiting for the
// end of a box split across them.
const MaxHeldPages = 100

// NewPainter returns a painter for a document laid out with shaper;
// rootHeight is the height of the root element's fragments over all
// pages (layout.Totals.RootHeight), which places a canvas background
// image.
func NewPainter(ctx context.Context, shaper layout.TextShaper, rootHeight float64) *Painter {
	return &Painter{b: builder{ctx: ctx, shaper: shaper, rootTotal: rootHeight, slices: splitBoxes{}},
		open: map[*box.Box]bool{}, givenUp: map[*box.Box]bool{}}
}

// Page takes p, the page after the last one given, and returns the
// display lists of the pages now complete, in order: none while p holds
// a slice of a box split onto pages to come, else those of the pages
// held before and p's. Flush returns those of the pages held at the end.
func (pt *Painter) Page(p *layout.Page) ([]*List, error) {
	if pt.whole {
		l, err := pt.paint(p)
		if err != nil {
			return nil, err
		}
		return []*List{l}, nil
	}
	pt.gather(p)
	pt.held = append(pt.held, p)
	if len(pt.open) > 0 && len(pt.held) <= MaxHeldPages {
		return nil, nil
	}
	for bx := range pt.open {
		// too long to wait for: its fragments, held and to come, are
		// painted each as its own box
		pt.givenUp[bx] = true
		delete(pt.b.slices, bx)
	}
	clear(pt.open)
	return pt.Flush()
}

// Flush returns the display lists of the pages held, painting their
// split boxes as far as they go.
func (pt *Painter) Flush() ([]*List, error) {
	out := make([]*List, 0, len(pt.held))
	for i, p := range pt.held {
		pt.held[i] = nil
		l, err := pt.paint(p)
		if err != nil {
			pt.held = pt.held[:0]
			return nil, err
		}
		out = append(out, l)
	}
	pt.held = pt.held[:0]
	if len(pt.open) == 0 {
		clear(pt.b.slices) // every box gathered is painted
	}
	return out, nil
}

// gather records p's fragments of split boxes with background layers,
// as findSlices does for a whole document, and which of those boxes
// continue on later pages.
func (pt *Painter) gather(p *layout.Page) {
	var walk func(f *layout.Fragment, depth int)
	walk = func(f *layout.Fragment, depth int) {
		if depth > MaxDepth {
			return // paint reports the depth
		}
		if !(f.First && f.Last) && f.Box != nil && f.Box.Style != nil && f.Box.Style.BackgroundImages != nil && !pt.givenUp[f.Box] {
			pt.b.slices[f.Box] = append(pt.b.slices[f.Box], f)
			if f.Last {
				delete(pt.open, f.Box)
			} else {
				pt.open[f.Box] = true
			}
		}
		for _, c := range f.Children {
			walk(c, depth+1)
		}
	}
	if p.Root != nil {
		walk(p.Root, 0)
	}
}

// paint makes the display list of p, the page after the last one
// painted.
func (pt *Painter) paint(p *layout.Page) (*List, error) {
	b := &pt.b
	pt.pages++
	if err := b.ctx.Err(); err != nil {
		return nil, fmt.Errorf("display: page %d: %w", pt.pages, err)
	}
	// pages of one document tend to hold alike numbers of items: the
	// previous page's count and a quarter more saves growing the list
	// item by item, and doubling it for a page a few items longer
	l := b.page(p, pt.hint)
	if b.tooDeep {
		return nil, fmt.Errorf("page %d: more than %d levels: %w", pt.pages, MaxDepth, ErrDepth)
	}
	pt.hint = len(l.Items) + len(l.Items)/4
	if p.Root != nil {
		b.rootBefore += p.Root.H
	}
	return l, nil
}
