package box

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

// targetIndex resolves the cross-references of generated content that
// do not depend on layout: target-text() and target-counter() for
// counters other than page. It is built the first time content needs it,
// in one pass over the document (targets may come after the reference,
// as in a table of contents).
type targetIndex struct {
	// nodes maps ids to their elements (the first element with an id).
	nodes map[string]*html.Node
	// counters holds the counters in scope at each element with an id,
	// after its own counter-reset, counter-increment and counter-set:
	// each counter's instances, outermost first.
	counters map[string]map[string][]int
}

// targets returns the document's target index, building it once.
func (bl *builder) targets() *targetIndex {
	if bl.targetIdx != nil {
		return bl.targetIdx
	}
	ti := &targetIndex{nodes: map[string]*html.Node{}, counters: map[string]map[string][]int{}}
	bl.targetIdx = ti
	if bl.root != nil {
		tc := newCounters()
		tc.start = bl.reversedStart
		ti.walk(bl, bl.root, nil, tc)
	}
	return ti
}

// walk runs the counters of n and its descendants in document order, as
// the box builder does, recording them at every element with an id.
func (ti *targetIndex) walk(bl *builder, n *html.Node, parent *style.Style, c *counters) {
	st := bl.styleOf(n, parent)
	if st.Display == style.DisplayNone {
		return
	}
	c.apply(n, st)
	defer c.leave(n)
	if id, ok := Attr(n, "id"); ok && id != "" {
		if _, seen := ti.nodes[id]; !seen {
			ti.nodes[id] = n
			snap := make(map[string][]int, len(c.m))
			for name := range c.m {
				snap[name] = c.all(name)
			}
			ti.counters[id] = snap
		}
	}
	if ps := bl.pseudoStyle(n, style.PseudoBefore); ps != nil {
		c.apply(pseudoNode(n), ps)
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode {
			ti.walk(bl, ch, st, c)
		}
	}
	if ps := bl.pseudoStyle(n, style.PseudoAfter); ps != nil {
		c.apply(pseudoNode(n), ps)
	}
}

// pseudoStyle returns the style of n's ::before or ::after when it
// generates a box, else nil.
func (bl *builder) pseudoStyle(n *html.Node, p style.Pseudo) *style.Style {
	if bl.styles == nil {
		return nil
	}
	st := bl.styles.Of(n, p)
	if st == nil || st.ContentMode != style.ContentList || st.Display == style.DisplayNone {
		return nil
	}
	return st
}

// targetOf returns the id a target-text() or target-counter() item of
// element n points at: a link inside the document ("#id"), from the URL
// as written or the named attribute.
func targetOf(n *html.Node, it style.ContentItem) string {
	url := it.Name
	if it.AttrName != "" {
		url, _ = Attr(n, it.AttrName)
	}
	url = strings.TrimSpace(url)
	if !strings.HasPrefix(url, "#") {
		return ""
	}
	return url[1:]
}

// targetText resolves target-text(): the text of the target element
// (its content, the text of its ::before or ::after, or the first letter
// of its content); "" when there is no such element.
func (bl *builder) targetText(n *html.Node, it style.ContentItem) string {
	t := bl.targets().nodes[targetOf(n, it)]
	if t == nil {
		return ""
	}
	switch it.Text {
	case "before", "after":
		p := style.PseudoBefore
		if it.Text == "after" {
			p = style.PseudoAfter
		}
		// the counters as they stand at the target's ::before or
		// ::after are not recorded: their values at the target
		vals := bl.targets().counters[targetOf(n, it)]
		return bl.pseudoText(t, p, func(name string) []int { return vals[name] })
	case "first-letter":
		return firstLetter(textContent(t))
	}
	return textContent(t)
}

// firstLetter returns the first letter of s with the punctuation before
// and right after it (CSS Pseudo-Elements 4 §2.2, simplified to runes).
func firstLetter(s string) string {
	for i, r := range s {
		if unicode.IsPunct(r) || unicode.IsSpace(r) {
			continue
		}
		end := i + len(string(r))
		for _, p := range s[end:] {
			if !unicode.IsPunct(p) {
				break
			}
			end += len(string(p))
		}
		return strings.TrimLeft(s[:end], " ")
	}
	return ""
}

// targetCounter resolves target-counter() for a counter other than page:
// its innermost value at the target element, or for target-counters()
// every level, outermost first, joined by the separator; "" when there
// is none.
func (bl *builder) targetCounter(n *html.Node, it style.ContentItem) string {
	id := targetOf(n, it)
	snap, ok := bl.targets().counters[id]
	if !ok {
		return ""
	}
	vals := snap[it.Text]
	cs := counterStyle(it.Style)
	if it.All && len(vals) > 0 {
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = bl.styler.format(v, cs)
		}
		return strings.Join(parts, it.Separator)
	}
	v := 0
	if len(vals) > 0 {
		v = vals[len(vals)-1]
	}
	return bl.styler.format(v, cs)
}

// pseudoText is the text of the ::before or ::after (p) content of
// element t: its strings, attributes of t, and counters
// with the values counters gives them (the innermost of each shown).
func (bl *builder) pseudoText(t *html.Node, p style.Pseudo, counters func(string) []int) string {
	ps := bl.pseudoStyle(t, p)
	if ps == nil {
		return ""
	}
	var sb strings.Builder
	for _, c := range ps.Content {
		switch c.Kind {
		case style.ContentString:
			sb.WriteString(c.Text)
		case style.ContentAttr:
			v, _ := Attr(t, c.Name)
			sb.WriteString(v)
		case style.ContentCounter, style.ContentCounters:
			if vals := counters(c.Name); len(vals) > 0 {
				sb.WriteString(bl.styler.format(vals[len(vals)-1], counterStyle(c.Style)))
			}
		}
	}
	return sb.String()
}
