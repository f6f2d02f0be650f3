package render

import "slices"

// blockRun is the number of structure nodes (or cell attributes) handed
// out after which a top-level subtree starts new blocks (see
// structure.nodeSlab): small subtrees share blocks of up to about twice
// as many, one allocation for many still.
const blockRun = 64

// made returns the number of nodes made so far, the order of the next.
func (s *structure) made() int { return s.base + len(s.nodes) }

// node returns the node of the given order, which must be at least
// s.base.
func (s *structure) node(order int) *snode { return s.nodes[order-s.base] }

// span returns the nodes of the orders lo … hi-1, lo at least s.base.
func (s *structure) span(lo, hi int) []*snode { return s.nodes[lo-s.base : hi-s.base] }

// dropDone lets go of what the structure indexes by order and is done
// with: the nodes before both the next to be created (ensure) and the
// first top-level subtree not done (sealDone), which are not looked up
// by order again, and the top-level subtrees done. Once those are more
// than half of their slice, the slice starts after them, in memory of
// its own (as owners.clearRange does): a long document's index holds the
// nodes of the pages being written, not one slot for each node made.
// (The nodes of subtrees kept stay reachable from the owners' slots.)
func (s *structure) dropDone() {
	lo := s.next
	if s.done < len(s.tops) {
		lo = min(lo, int(s.tops[s.done]))
	}
	if k := lo - s.base; k > 0 && 2*k > len(s.nodes) {
		s.nodes = slices.Clone(s.nodes[k:])
		s.base = lo
	}
	if k := s.done; k > 0 && 2*k > len(s.tops) {
		s.tops, s.keep = slices.Clone(s.tops[k:]), slices.Clone(s.keep[k:])
		s.links, s.pending = slices.Clone(s.links[k:]), slices.Clone(s.pending[k:])
		s.topsBase += k
		s.done = 0
	}
}

// topCount returns the number of top-level subtrees recorded under the
// current top, done ones let go of included.
func (s *structure) topCount() int { return s.topsBase + len(s.tops) }
