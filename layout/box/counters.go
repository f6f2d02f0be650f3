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
}

// counters runs CSS counters in document order.
type counters struct {
	m map[string][]counterInst
}

func newCounters() *counters { return &counters{m: map[string][]counterInst{}} }

func (c *counters) reset(name string, v int, scope *html.Node) {
	c.m[name] = append(c.m[name], counterInst{value: v, scope: scope})
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
		c.reset(op.Name, op.Value, scope)
		if op.Name == "list-item" {
			hasReset = true
		}
	}
	if n.Type == html.ElementNode && !hasReset && (n.Data == "ol" || n.Data == "ul" || n.Data == "menu") {
		start := 0
		if v, ok := Attr(n, "start"); ok && n.Data == "ol" {
			if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				start = i - 1
			}
		}
		c.reset("list-item", start, scope)
	}
	incList := false
	for _, op := range st.CounterIncrement {
		c.increment(op.Name, op.Value, scope)
		if op.Name == "list-item" {
			incList = true
		}
	}
	if st.Display == style.DisplayListItem && !incList {
		c.increment("list-item", 1, scope)
	}
	for _, op := range st.CounterSet {
		c.set(op.Name, op.Value, scope)
	}
	if st.Display == style.DisplayListItem && n.Data == "li" {
		if v, ok := Attr(n, "value"); ok {
			if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				c.set("list-item", i, scope)
			}
		}
	}
}

// FormatCounter formats value in the counter style named styleName
// (decimal, decimal-leading-zero, lower-/upper-alpha, lower-/upper-latin,
// lower-/upper-roman, lower-greek, disc, circle, square, none, and the
// numeric and alphabetic styles of counterstyles.go). Unknown styles
// format as decimal; a quoted string is returned unquoted.
func FormatCounter(value int, styleName string) string {
	switch styleName {
	case "none":
		return ""
	case "disc":
		return "•"
	case "circle":
		return "◦"
	case "square":
		return "▪"
	case "decimal-leading-zero":
		if value >= 0 && value < 10 {
			return "0" + strconv.Itoa(value)
		}
	case "lower-alpha", "lower-latin":
		return alpha(value, "abcdefghijklmnopqrstuvwxyz")
	case "upper-alpha", "upper-latin":
		return alpha(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	case "lower-greek":
		return alpha(value, "αβγδεζηθικλμνξοπρστυφχψω")
	case "lower-roman":
		return strings.ToLower(roman(value))
	case "upper-roman":
		return roman(value)
	}
	if s, ok := predefinedCounter(value, styleName); ok {
		return s
	}
	if len(styleName) >= 2 && (styleName[0] == '"' || styleName[0] == '\'') {
		return styleName[1 : len(styleName)-1]
	}
	return strconv.Itoa(value)
}

// alpha is the alphabetic counter system: a, b, …, z, aa, ab, …
func alpha(v int, digits string) string {
	if v <= 0 {
		return strconv.Itoa(v)
	}
	rs := []rune(digits)
	var out []rune
	for v > 0 {
		v--
		out = append([]rune{rs[v%len(rs)]}, out...)
		v /= len(rs)
	}
	return string(out)
}

// roman is the additive roman numeral system, defined for 1–3999.
func roman(v int) string {
	if v <= 0 || v >= 4000 {
		return strconv.Itoa(v)
	}
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var b strings.Builder
	for i, n := range vals {
		for v >= n {
			b.WriteString(syms[i])
			v -= n
		}
	}
	return b.String()
}

// markerText returns the text of a list marker for list-style-type t and
// counter value v, with its suffix, or "" for the shape types and none.
func markerText(t string, v int) string {
	switch t {
	case "none", "disc", "circle", "square", "":
		return ""
	}
	if len(t) >= 2 && (t[0] == '"' || t[0] == '\'') {
		return t[1 : len(t)-1]
	}
	if cjkSuffix[t] {
		return FormatCounter(v, t) + "、"
	}
	return FormatCounter(v, t) + ". "
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
