package layout

import "github.com/seed28491532/folio/style"

// pageNums carries the page counter from page to page: next gives its
// value on each page. Before each page, the page context's counter-reset
// and counter-set of page apply, then its counter-increment (an implicit
// "page 1" unless the page rule names page). Elements starting on a page that reset or set
// page give that page the new number (as Prince does for
// "counter-reset: page 1" on a chapter), and their increments add to it.
type pageNums struct{ v int }

// next returns the page counter's value on p, the page after the last
// one given.
func (c *pageNums) next(l *layouter, p *Page) int {
	inc := 1
	if p.Style != nil && p.Style.Box != nil {
		st := p.Style.Box
		if n, ok := counterOp(st.CounterReset, "page"); ok {
			c.v = n
		}
		if n, ok := counterOp(st.CounterSet, "page"); ok {
			c.v = n
		}
		if n, ok := counterOp(st.CounterIncrement, "page"); ok {
			inc = n
		}
	}
	c.v += inc
	if p.Root != nil && !l.noPageCounters {
		c.v = elementPageCounter(p.Root, c.v)
	}
	return c.v
}

// counterOp finds counter name in ops.
func counterOp(ops []style.CounterOp, name string) (int, bool) {
	for _, op := range ops {
		if op.Name == name {
			return op.Value, true
		}
	}
	return 0, false
}

// elementPageCounter applies the page-counter operations of the elements
// that start in f.
func elementPageCounter(f *Fragment, v int) int {
	if f.First && f.Box != nil && f.Box.IsElement() {
		st := f.Box.Style
		if len(st.CounterReset)+len(st.CounterSet)+len(st.CounterIncrement) > 0 {
			if n, ok := counterOp(st.CounterReset, "page"); ok {
				v = n
			}
			if n, ok := counterOp(st.CounterSet, "page"); ok {
				v = n
			}
			if n, ok := counterOp(st.CounterIncrement, "page"); ok {
				v += n
			}
		}
	}
	for _, c := range f.Children {
		v = elementPageCounter(c, v)
	}
	return v
}
