package layout

import (
	"strconv"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// runningKey prefixes the named string that records where a running
// element sits in the flow; it cannot clash with a CSS identifier.
const runningKey = "\x00running:"

// runningSet holds the running elements (position: running(name)) taken
// out of the flow; element(name) in a margin box shows one of them.
type runningSet struct {
	boxes []*box.Box
}

// extractRunning takes the block-level boxes with position: running(…)
// out of the normal flow (css-gcpm-3 §2). Each leaves an empty anonymous
// block whose named string records it, so the page it falls on (and the
// first/start/last policies) work as for string-set. Calling it again on
// the same tree finds nothing more to move.
func extractRunning(tree *box.Tree) *runningSet {
	if tree == nil || tree.Root == nil {
		return nil
	}
	var rs *runningSet
	var walk func(b *box.Box)
	walk = func(b *box.Box) {
		for i, c := range b.Children {
			st := c.Style
			if st == nil || st.Position != style.PositionRunning || st.RunningName == "" || c.IsInlineLevel() || b.HasInlineChildren() {
				walk(c)
				continue
			}
			if rs == nil {
				rs = &runningSet{}
			}
			ps := box.Inherit(b.Style) // display block
			ph := &box.Box{Kind: box.KindBlock, Anonymous: true, Style: ps, Parent: b, Index: c.Index}
			ph.SetRare().Strings = []box.NamedString{{Name: runningKey + st.RunningName, Value: strconv.Itoa(len(rs.boxes))}}
			b.Children[i] = ph
			rs.boxes = append(rs.boxes, c)
			tree.StringSets = true // the placeholder's named string
		}
	}
	walk(tree.Root)
	return rs
}

// element returns the running element chosen by element(name, policy) on
// a page, or nil.
func (rs *runningSet) element(vals pageStrings, name, policy string) *box.Box {
	if rs == nil {
		return nil
	}
	v := vals.value(runningKey+name, policy)
	if v == "" {
		return nil
	}
	i, err := strconv.Atoi(v)
	if err != nil || i < 0 || i >= len(rs.boxes) {
		return nil
	}
	return rs.boxes[i]
}
