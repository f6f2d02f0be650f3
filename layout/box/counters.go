package box

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// counterInst is one instance of a named counter; scope is the element
// whose children (and their descendants) the instance is visible to.
type counterInst struct {
	value int
	scope *html.Node
	// reversed: list items count it down (CSS Lists 3 §4.4.2)
	reversed bool
}

// counters runs CSS counters in document order.
type counters struct {
	m map[string][]counterInst
	// start returns the initial value of the reversed counter name that
	// element n resets without a value (nil: 0)
	start func(n *html.Node, name string) int
	// items returns the number of list items list element n owns (nil:
	// 0)
	items func(n *html.Node) int
}

func newCounters() *counters { return &counters{m: map[string][]counterInst{}} }

func (c *counters) reset(name string, v int, scope *html.Node) { c.resetAs(name, v, scope, false) }

// resetAs instantiates counter name, counting down when reversed.
// A counter of the same name that a preceding sibling instantiated (its
// scope is the same) is replaced rather than nested (CSS Lists 3 §4.5).
func (c *counters) resetAs(name string, v int, scope *html.Node, reversed bool) {
	s := c.m[name]
	if len(s) > 0 && s[len(s)-1].scope == scope {
		s = s[:len(s)-1]
	}
	c.m[name] = append(s, counterInst{value: v, scope: scope, reversed: reversed})
}

// reversedStart is c.start, or 0.
func (c *counters) reversedStart(n *html.Node, name string) int {
	if c.start == nil {
		return 0
	}
	return c.start(n, name)
}

// listStep is the implicit increment of list-item: 1, or -1 in a
// reversed list.
func (c *counters) listStep() int {
	if s := c.m["list-item"]; len(s) > 0 && s[len(s)-1].reversed {
		return -1
	}
	return 1
}

// top returns the innermost instance, instantiating one in scope when the
// counter does not exist yet.
func (c *counters) top(name string, scope *html.Node) *counterInst {
	s := c.m[name]
	if len(s) == 0 {
		c.reset(name, 0, scope)
		s = c.m[name]
	}
	return &s[len(s)-1]
}

func (c *counters) increment(name string, v int, scope *html.Node) { c.top(name, scope).value += v }

func (c *counters) set(name string, v int, scope *html.Node) { c.top(name, scope).value = v }

// value returns the innermost value of name, 0 if it does not exist.
func (c *counters) value(name string) int {
	s := c.m[name]
	if len(s) == 0 {
		return 0
	}
	return s[len(s)-1].value
}

// all returns every instance's value, outermost first.
func (c *counters) all(name string) []int {
	s := c.m[name]
	out := make([]int, len(s))
	for i, in := range s {
		out[i] = in.value
	}
	if len(out) == 0 {
		out = []int{0}
	}
	return out
}

// leave ends the scopes owned by element n (called after n's children).
func (c *counters) leave(n *html.Node) {
	for name, s := range c.m {
		for len(s) > 0 && s[len(s)-1].scope == n {
			s = s[:len(s)-1]
		}
		if len(s) == 0 {
			delete(c.m, name)
		} else {
			c.m[name] = s
		}
	}
}

// apply runs counter-reset, counter-increment and counter-set of element n
// with style st, including the implicit list-item counter of lists.
func (c *counters) apply(n *html.Node, st *style.Style) {
	scope := n.Parent
	hasReset := false
	for _, op := range st.CounterReset {
		v := op.Value
		if op.Reversed && op.Auto {
			v = c.reversedStart(n, op.Name)
		}
		c.resetAs(op.Name, v, scope, op.Reversed)
		if op.Name == "list-item" {
			hasReset = true
		}
	}
	if n.Type == html.ElementNode && !hasReset && (n.Data == "ol" || n.Data == "ul" || n.Data == "menu") {
		// <ol reversed> counts down from its number of items
		_, reversed := Attr(n, "reversed")
		reversed = reversed && n.Data == "ol"
		start, step := 0, 1
		if reversed && c.items != nil {
			// HTML: the first item shows the number of items the list
			// owns, whatever the items set or increment
			step = -1
			start = c.items(n) + 1
		} else if reversed {
			step = -1
		}
		if v, ok := Attr(n, "start"); ok && n.Data == "ol" {
			if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				start = i - step
			}
		}
		c.resetAs("list-item", start, scope, reversed)
	}
	incList := false
	for _, op := range st.CounterIncrement {
		c.increment(op.Name, op.Value, scope)
		if op.Name == "list-item" {
			incList = true
		}
	}
	if st.IsListItem() && !incList {
		c.increment("list-item", c.listStep(), scope)
	}
	for _, op := range st.CounterSet {
		c.set(op.Name, op.Value, scope)
	}
	if st.IsListItem() && n.Data == "li" && !setsCounter(st, "list-item") {
		// the value attribute acts as counter-set: list-item, which an
		// author's counter-set of list-item overrides
		if v, ok := Attr(n, "value"); ok {
			if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				c.set("list-item", i, scope)
			}
		}
	}
}

// setsCounter reports whether st's counter-set names counter name.
func setsCounter(st *style.Style, name string) bool {
	for _, op := range st.CounterSet {
		if op.Name == name {
			return true
		}
	}
	return false
}

// FormatCounter formats value in the counter style named styleName, one
// of those CSS Counter Styles 3 predefines (decimal, roman, alphabetic,
// numeric, additive such as armenian and hebrew, the Chinese, Japanese,
// Korean and Ethiopic ones, disc, circle, square…). Unknown styles
// format as decimal; a quoted string is returned unquoted. The
// document's @counter-style rules are not seen here (the box builder
// formats with them).
func FormatCounter(value int, styleName string) string {
	return (&counterStyler{}).format(value, styleName)
}

// FormatCounterIn is FormatCounter that also knows the @counter-style
// rules of styles (a *style.Styles), for counters outside the box tree
// such as those of page margin boxes.
func FormatCounterIn(styles StyleSource, value int, styleName string) string {
	return newCounterStyler(styles).format(value, styleName)
}

func markerShape(t string) MarkerShape {
	switch t {
	case "disc":
		return ShapeDisc
	case "circle":
		return ShapeCircle
	case "square":
		return ShapeSquare
	}
	return ShapeNone
}
