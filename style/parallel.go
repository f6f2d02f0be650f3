package style

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

// parallelMin is the number of elements under a node from which the
// walker cascades its children on several goroutines: smaller documents
// stay sequential (a server renders many of them at once anyway).
const parallelMin = 1000

// maxSplitDepth bounds the descent that looks for the node to split.
const maxSplitDepth = 8

// groupsPerWorker is the number of groups the split node's children are
// cut into per worker: the workers take groups as they finish others, so
// that one slowed down (a busy or stolen CPU) leaves its share to the
// rest instead of holding up the whole cascade.
const groupsPerWorker = 4

// splitPlan says where the walk goes parallel: the children of node, cut
// into contiguous groups of about equal element counts.
type splitPlan struct {
	node   *html.Node
	groups []splitGroup
}

// splitGroup is a run of element children [first, end) of the split node
// and the number of elements in their subtrees.
type splitGroup struct {
	first, end *html.Node
	elements   int
}

// subtreeElements counts the elements under n (n excluded).
func subtreeElements(n *html.Node) int {
	count := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			count += 1 + subtreeElements(c)
		}
	}
	return count
}

// planSplit finds the node whose children the walk cascades in parallel
// on workers goroutines: going down from doc (with total elements) along
// the largest child, the first node with at least 2*workers element
// children none of which holds half of its elements (typically body).
// It returns nil when the document is too small or has no such node.
//
// sizes holds the element counts of some subtrees (n excluded), which it
// then need not count.
func planSplit(doc *html.Node, total, workers, minElements int, sizes map[*html.Node]int) *splitPlan {
	if workers < 2 || total < minElements {
		return nil
	}
	n, size := doc, total
	var counts []int
	var kids []*html.Node
	for depth := 0; depth < maxSplitDepth && size >= minElements; depth++ {
		kids = kids[:0]
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				kids = append(kids, c)
			}
		}
		// the children's subtrees hold the size elements under n: the
		// last one's size is what the others leave (often the body, or
		// the only child: no second walk over it)
		counts = counts[:0]
		rest := size
		var largest *html.Node
		largestSize := -1
		for i, c := range kids {
			sz := rest
			if n, ok := sizes[c]; ok {
				sz = 1 + n
			} else if i < len(kids)-1 {
				sz = 1 + subtreeElements(c)
			}
			rest -= sz
			counts = append(counts, sz)
			if sz > largestSize {
				largest, largestSize = c, sz
			}
		}
		if len(counts) >= 2*workers && 2*largestSize < size {
			return &splitPlan{node: n, groups: cutGroups(n, counts, size, workers*groupsPerWorker)}
		}
		if largest == nil {
			return nil
		}
		n, size = largest, largestSize-1
	}
	return nil
}

// cutGroups cuts the element children of n, whose subtree sizes are
// sizes (total in all), into at most workers contiguous groups of about
// total/workers elements each.
func cutGroups(n *html.Node, sizes []int, total, workers int) []splitGroup {
	groups := make([]splitGroup, 0, workers)
	g := splitGroup{}
	i, acc := 0, 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if g.first == nil {
			g.first = c
		}
		g.elements += sizes[i]
		acc += sizes[i]
		i++
		if len(groups) < workers-1 && acc*workers >= (len(groups)+1)*total && i < len(sizes) {
			g.end = c.NextSibling
			groups = append(groups, g)
			g = splitGroup{}
		}
	}
	if g.first != nil {
		groups = append(groups, g)
	}
	return groups
}

// visitParallel cascades the children of the split node on w.workers
// goroutines, each with its own cascader scratch, taking the groups in
// turn as they finish the previous ones; they share the matched-properties
// cache and memos under a lock. Diagnostics are kept per group and merged
// in document order: the same styles and the same diagnostics, in the
// same order, as the sequential walk.
func (w *walker) visitParallel(parent *Style, pvars varScope) {
	groups := w.split.groups
	subs := make([]*walker, min(w.workers, len(groups)))
	for i := range subs {
		subs[i] = w.fork(0)
	}
	diags := make([][]Diagnostic, len(groups))
	var next atomic.Int32
	work := func(sub *walker) {
		for sub.err == nil {
			g := int(next.Add(1)) - 1
			if g >= len(groups) {
				break
			}
			sub.remaining += groups[g].elements
			sub.col.diags = nil
			sub.visitRange(groups[g].first, groups[g].end, parent, pvars)
			diags[g] = sub.col.diags
		}
		sub.flush()
	}
	var wg sync.WaitGroup
	for _, sub := range subs[1:] {
		wg.Go(func() { work(sub) })
	}
	work(subs[0])
	wg.Wait()
	for _, sub := range subs {
		if sub.err != nil && w.err == nil {
			w.err = sub.err
		}
		w.steps += sub.steps
	}
	for i, g := range groups {
		w.remaining -= g.elements
		w.col.diags = append(w.col.diags, diags[i]...)
	}
}

// nodeStyles are the styles of one element and its pseudo-elements.
type nodeStyles struct {
	n  *html.Node
	s  *Style
	ps pseudoStyles
}

// pendingBatch is the number of styles a parallel walker records at once.
const pendingBatch = 128

// flush records the pending styles in the shared Styles.
func (w *walker) flush() {
	w.sh.mu.Lock()
	defer w.sh.mu.Unlock()
	for _, p := range w.pending {
		w.st.setStyles(p.n, p.s, p.ps)
	}
	w.pending = w.pending[:0]
}

// fork returns a walker for a group of elements elements that shares w's
// read-only state (rule indexes, root style, the ancestor filter as it is
// now) and the shared state behind a lock, and owns its scratch: cascader
// buffers, sibling index, styles, diagnostics.
func (w *walker) fork(elements int) *walker {
	cas := *w.cas
	cas.cands, cas.keys, cas.ids, cas.classes, cas.attrs = nil, nil, nil, nil, nil
	cas.customs, cas.shortCache, cas.parentDeps = nil, nil, nil
	cas.touched = slices.Clone(w.cas.touched) // resetWinners clears these
	cas.sib = css.SiblingIndex{}
	cas.cow = newCow(&w.cas.initial) // scratch and storage of its own
	col := &collector{ctx: w.col.ctx, opts: w.col.opts}
	col.v = newValidator(col.report)
	sub := &walker{
		ctx:            w.ctx,
		st:             w.st, // read: root; written: nodes, pseudos, under sh.mu (flush)
		cas:            &cas,
		col:            col,
		remaining:      elements,
		noMatchedCache: w.noMatchedCache,
		skipSVG:        w.skipSVG,
		sh:             w.sh,
		locked:         true,
		pending:        make([]nodeStyles, 0, pendingBatch),
	}
	return sub
}

// defaultWorkers is the number of goroutines a large document's cascade
// uses.
func defaultWorkers() int { return runtime.GOMAXPROCS(0) }
