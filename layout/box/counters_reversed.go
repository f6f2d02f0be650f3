package box

import (
	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// maxReversedScan bounds the elements the start of one reversed counter
// looks at; past it the increments seen so far decide.
const maxReversedScan = 100000

// counterStep is what one element does to a counter: its increment and
// the value it sets, if it does.
type counterStep struct {
	inc  int
	set  int
	sets bool
}

// reversedStart returns the initial value of the reversed counter name
// that element n resets without a value (CSS Lists 3 §4.4.2): walking
// the elements of the counter's scope (n, its descendants and its
// following siblings, without nested counters of the same name) from
// the last, the negated increments are summed, the last non-zero one
// twice, up to the last element that sets the counter, whose value is
// added. For an <ol reversed> of n items this is n+1: the first item
// shows n. A li's value attribute does not end the walk (as in HTML).
func (bl *builder) reversedStart(n *html.Node, name string) int {
	if bl.styles == nil {
		return 0
	}
	var steps []counterStep
	budget := maxReversedScan
	// walk visits m and its subtree; false ends the scan of m's
	// following siblings (m starts a counter of the same name, whose
	// scope they are)
	var walk func(m *html.Node, self bool) bool
	walk = func(m *html.Node, self bool) bool {
		if m.Type != html.ElementNode {
			return true
		}
		if budget--; budget < 0 {
			return false
		}
		st := bl.styles.Of(m, style.PseudoNone)
		if st == nil || st.Display == style.DisplayNone {
			return true
		}
		if !self && resetsCounter(m, st, name) {
			return false
		}
		if s, ok := counterStepOf(st, name); ok {
			steps = append(steps, s)
		}
		for c := m.FirstChild; c != nil; c = c.NextSibling {
			if !walk(c, false) {
				break
			}
		}
		return true
	}
	if walk(n, true) {
		for s := n.NextSibling; s != nil; s = s.NextSibling {
			if !walk(s, false) {
				break
			}
		}
	}
	num, first := 0, true
	for i := len(steps) - 1; i >= 0; i-- {
		neg := -steps[i].inc
		if first && neg != 0 {
			num += neg
			first = false
		}
		if steps[i].sets {
			num += steps[i].set
			break
		}
		num += neg
	}
	return num
}

// resetsCounter reports whether element m with style st resets counter
// name (lists reset list-item implicitly).
func resetsCounter(m *html.Node, st *style.Style, name string) bool {
	for _, op := range st.CounterReset {
		if op.Name == name {
			return true
		}
	}
	return name == "list-item" && (m.Data == "ol" || m.Data == "ul" || m.Data == "menu")
}

// counterStepOf returns what an element with style st does to counter
// name in a reversed scope (a list item counts list-item down), and
// whether it does anything.
func counterStepOf(st *style.Style, name string) (counterStep, bool) {
	var s counterStep
	explicit := false
	for _, op := range st.CounterIncrement {
		if op.Name == name {
			s.inc, explicit = s.inc+op.Value, true
		}
	}
	if !explicit && name == "list-item" && st.IsListItem() {
		s.inc = -1
	}
	for _, op := range st.CounterSet {
		if op.Name == name {
			s.set, s.sets = op.Value, true
		}
	}
	return s, s.inc != 0 || s.sets
}

// ownedItems returns the number of list items list element n owns (its
// descendants shown as list-item, not inside a nested list), which an
// <ol reversed> without a start attribute counts down from (HTML). At
// most maxReversedScan elements are looked at.
func (bl *builder) ownedItems(n *html.Node) int {
	if bl.styles == nil {
		return 0
	}
	count, budget := 0, maxReversedScan
	var walk func(m *html.Node)
	walk = func(m *html.Node) {
		for c := m.FirstChild; c != nil && budget > 0; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			budget--
			st := bl.styles.Of(c, style.PseudoNone)
			if st == nil || st.Display == style.DisplayNone {
				continue
			}
			if st.IsListItem() {
				count++
			}
			if c.Data != "ol" && c.Data != "ul" && c.Data != "menu" {
				walk(c)
			}
		}
	}
	walk(n)
	return count
}
