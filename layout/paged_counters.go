package layout

import (
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

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

// pageCounters holds the counters of the page context other than page
// and pages (css-page-3 §6.1). They start from the root element's
// counter-reset, and increments and sets on pages carry from page to
// page; a page's counter-reset makes an instance for that page alone
// (its increments then change that instance only), as a margin box's own
// operations apply to its copy of the page's. Nil maps until some
// counter exists.
type pageCounters struct {
	// doc holds the instances that carry from page to page, cur the
	// values on the current page (doc itself, or own, when the page has
	// operations), scratch a margin box's.
	doc, cur, own, scratch map[string]int
}

// newPageCounters starts the page counters from the counter operations
// of the document's root element, root.
func newPageCounters(root *box.Box) pageCounters {
	var pc pageCounters
	if root != nil && root.Style != nil {
		pc.doc = applyCounterOps(pc.doc, root.Style)
	}
	return pc
}

// page applies the counter operations of a page box of style st: the
// page's values are in cur afterwards.
func (pc *pageCounters) page(st *style.Style) {
	if st == nil || len(st.CounterReset)+len(st.CounterSet)+len(st.CounterIncrement) == 0 {
		pc.cur = pc.doc
		return
	}
	pc.own = applyCounterOps(copyCounters(pc.own, pc.doc), st)
	pc.cur = pc.own
	for k, ops := range [...][]style.CounterOp{st.CounterSet, st.CounterIncrement} {
		for _, op := range ops {
			if op.Name == "page" || op.Name == "pages" {
				continue
			}
			if _, own := counterOp(st.CounterReset, op.Name); own {
				continue // the page's own instance
			}
			if pc.doc == nil {
				pc.doc = map[string]int{}
			}
			if k == 0 {
				pc.doc[op.Name] = op.Value
			} else {
				pc.doc[op.Name] += op.Value
			}
		}
	}
}

// margin returns the counters a margin box of style ms sees: the page's,
// or, when ms has counter operations of its own, a copy they changed.
func (pc *pageCounters) margin(ms *style.Style) map[string]int {
	if len(ms.CounterReset)+len(ms.CounterSet)+len(ms.CounterIncrement) == 0 {
		return pc.cur
	}
	pc.scratch = copyCounters(pc.scratch, pc.cur)
	return applyCounterOps(pc.scratch, ms)
}

// copyCounters makes dst (reused, made when nil) a copy of src.
func copyCounters(dst, src map[string]int) map[string]int {
	if dst == nil {
		dst = make(map[string]int, len(src))
	}
	clear(dst)
	for k, v := range src {
		dst[k] = v
	}
	return dst
}

// applyCounterOps applies st's counter-reset, counter-set and
// counter-increment, in that order, to m (made when nil), leaving out
// the page and pages counters, which pageNumbers keeps.
func applyCounterOps(m map[string]int, st *style.Style) map[string]int {
	for k, ops := range [...][]style.CounterOp{st.CounterReset, st.CounterSet, st.CounterIncrement} {
		for _, op := range ops {
			if op.Name == "page" || op.Name == "pages" {
				continue
			}
			if m == nil {
				m = map[string]int{}
			}
			if k == 2 {
				m[op.Name] += op.Value
			} else {
				m[op.Name] = op.Value
			}
		}
	}
	return m
}
