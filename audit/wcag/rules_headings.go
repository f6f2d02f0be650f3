package wcag

import (
	"slices"

	"golang.org/x/net/html"
)

// headingList is the document's headings and their levels.
type headingList struct {
	nodes  []*html.Node
	levels []int
}

// headings returns the visible headings exposed to assistive technology
// with their levels, in document order.
func (c *checker) headings() ([]*html.Node, []int) {
	if h := c.headingCache; h != nil {
		return h.nodes, h.levels
	}
	h := &headingList{}
	for _, n := range c.visible {
		if lv := headingLevel(n); lv > 0 && c.inA11yTree(n) {
			h.nodes = append(h.nodes, n)
			h.levels = append(h.levels, lv)
		}
	}
	c.headingCache = h
	return h.nodes, h.levels
}

func checkPageHasHeadingOne(c *checker, r *ruleRun) {
	h := c.htmlElement()
	if h == nil {
		return
	}
	_, levels := c.headings()
	for _, lv := range levels {
		if lv == 1 {
			r.pass()
			return
		}
	}
	r.fail(h, "The document has no level-one heading (<h1>).")
}

func checkHeadingOneUnique(c *checker, r *ruleRun) {
	ns, levels := c.headings()
	var first *html.Node
	for i, n := range ns {
		if levels[i] != 1 {
			continue
		}
		if first == nil {
			first = n
			r.pass()
			continue
		}
		line, _ := c.pos.lineCol(first)
		r.fail(n, "The document has more than one <h1>; the first is at line %d.", line)
	}
}

// checkHeadingOrder fails a heading more than one level below the one
// before it, and a first heading that is not level 1 when the document
// has a level-1 heading further on (without any, page-has-heading-one
// reports the missing h1, and the first heading starts the outline).
func checkHeadingOrder(c *checker, r *ruleRun) {
	ns, levels := c.headings()
	hasOne := slices.Contains(levels, 1)
	prev := 0
	for i, n := range ns {
		lv := levels[i]
		switch {
		case i == 0 && lv != 1 && hasOne:
			r.fail(n, "The first heading is level %d; the document's first heading should be <h1>.", lv)
		case i > 0 && lv > prev+1:
			r.fail(n, "Heading level %d follows level %d, skipping level %d.", lv, prev, prev+1)
		default:
			r.pass()
		}
		prev = lv
	}
}

func checkEmptyHeading(c *checker, r *ruleRun) {
	ns, _ := c.headings()
	for _, n := range ns {
		if c.accessibleName(n, true) == "" {
			r.fail(n, "The <%s> heading has no text.", n.Data)
			continue
		}
		r.pass()
	}
}
