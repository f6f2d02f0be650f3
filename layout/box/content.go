package box

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

func decoColor(st *style.Style) style.Color {
	if st.TextDecorationColor.A == 0 {
		return st.Color
	}
	return st.TextDecorationColor
}

// pseudo builds the ::before or ::after box of element n.
func (bl *builder) pseudo(n *html.Node, parent *style.Style, p style.Pseudo, deco *[]Decoration) *Box {
	if bl.styles == nil {
		return nil
	}
	st := bl.styles.Of(n, p)
	if st == nil || st.ContentMode != style.ContentList || st.Display == style.DisplayNone {
		return nil
	}
	// The pseudo-element's counters apply before its content is resolved.
	bl.counters.apply(pseudoNode(n), st)
	kind := kindOf(st.Display)
	if st.Display == style.DisplayListItem {
		kind = KindBlock
	}
	b := &Box{Kind: kind, Node: n, Pseudo: p, Style: st}
	// the pseudo-element's own background and mask images, as an
	// element's (CSS 2.1 §12.1: they are styled like any box)
	bl.loadBackgrounds(b, n, st)
	if st.TextDecoration != 0 {
		deco = withDecoration(deco, st)
	}
	if st.IsListItem() {
		// a list-item pseudo-element has a marker of its own, styled
		// by inheritance (selectors do not reach ::before::marker)
		b.ListItem = true
		if m := bl.markerStyled(n, st, Inherit(st)); m != nil {
			m.Pseudo = style.PseudoMarker
			b.Marker = m
			b.add(m)
		}
	}
	bl.contentBoxes(b, n, st, deco)
	if b.Kind == KindBlock || b.Kind == KindInlineBlock {
		fixBlockContainer(b)
	}
	return b
}

// pseudoNode stands for a pseudo-element in counter scoping: its counters
// are scoped like a child of the element.
func pseudoNode(n *html.Node) *html.Node {
	return &html.Node{Type: html.ElementNode, Data: pseudoData, Parent: n}
}

// pseudoData is the element name of pseudoNode's nodes.
const pseudoData = "::pseudo"

// contentBoxes resolves st's content list into children of b: text, and
// images for url().
func (bl *builder) contentBoxes(b *Box, n *html.Node, st *style.Style, deco *[]Decoration) {
	var sb strings.Builder
	flush := func() {
		if sb.Len() == 0 {
			return
		}
		if t := bl.text(n, st, sb.String(), deco); t != nil {
			t.Pseudo = b.Pseudo
			b.add(t)
		}
		sb.Reset()
	}
	record := false
	for _, it := range st.Content {
		record = record || it.Kind == style.ContentTargetCounter && it.Text == "page"
	}
	if record {
		b.SetRare().ContentParts = make([]string, len(st.Content))
	}
	for i, it := range st.Content {
		if it.Kind == style.ContentURL {
			flush()
			img := &Box{Kind: KindReplaced, Node: n, Pseudo: b.Pseudo, Style: InheritInline(st)}
			loaded, err := bl.loadImage(bl.ctx, it.Text)
			if err != nil {
				loaded.Err = err
				bl.diags = append(bl.diags, Diagnostic{Stage: "resource", Node: n, Message: "generated image " + it.Text + " not loaded: " + err.Error()})
			}
			loaded.Decorative = true
			img.Image = loaded
			b.add(img)
			continue
		}
		if it.Kind == style.ContentLeader && !record {
			// one copy of the leader string, in a text box of its own,
			// which layout repeats to fill the line (target-counter
			// content has its leader drawn from ContentParts instead)
			flush()
			t := bl.newBox()
			t.Kind, t.Style, t.Text, t.deco, t.Node, t.Pseudo = KindText, st, leaderString(it), deco, n, b.Pseudo
			t.SetRare().Leader = t.Text
			b.add(t)
			bl.lastSpace = false
			continue
		}
		part := bl.contentString(n, st, it)
		if record {
			b.rare.ContentParts[i] = part
		}
		sb.WriteString(part)
	}
	flush()
}

// contentString resolves one content item to text.
func (bl *builder) contentString(n *html.Node, st *style.Style, it style.ContentItem) string {
	switch it.Kind {
	case style.ContentString:
		return it.Text
	case style.ContentAttr:
		v, _ := Attr(n, it.Name)
		return v
	case style.ContentCounter:
		return bl.styler.format(bl.counters.value(it.Name), counterStyle(it.Style))
	case style.ContentCounters:
		vals := bl.counters.all(it.Name)
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = bl.styler.format(v, counterStyle(it.Style))
		}
		return strings.Join(parts, it.Text)
	case style.ContentOpenQuote:
		q := quoteAt(st.Quotes, bl.quotes, true)
		bl.quotes++
		return q
	case style.ContentCloseQuote:
		if bl.quotes > 0 {
			bl.quotes--
		}
		return quoteAt(st.Quotes, bl.quotes, false)
	case style.ContentNoOpenQuote:
		bl.quotes++
	case style.ContentNoCloseQuote:
		if bl.quotes > 0 {
			bl.quotes--
		}
	case style.ContentContents:
		switch it.Text {
		case "before":
			return bl.pseudoText(n, style.PseudoBefore, bl.counters.all)
		case "after":
			return bl.pseudoText(n, style.PseudoAfter, bl.counters.all)
		case "first-letter":
			return firstLetter(textContent(n))
		}
		return textContent(n)
	case style.ContentTargetText:
		return bl.targetText(n, it)
	case style.ContentTargetCounter:
		if it.Text != "page" {
			return bl.targetCounter(n, it)
		}
	}
	return ""
}

func counterStyle(s string) string {
	if s == "" {
		return "decimal"
	}
	return s
}

// quoteAt returns the open or close quote for nesting depth d.
// QuoteMark returns the opening (open) or closing quotation mark of
// nesting depth d (0 outermost) from q, the pairs of the quotes property
// (nil: the default marks); depths past the last pair use the last.
func QuoteMark(q []string, d int, open bool) string { return quoteAt(q, d, open) }

func quoteAt(q []string, d int, open bool) string {
	if len(q) < 2 {
		q = []string{"“", "”", "‘", "’"}
	}
	pairs := len(q) / 2
	if d >= pairs {
		d = pairs - 1
	}
	if open {
		return q[2*d]
	}
	return q[2*d+1]
}

// textContent is the DOM text of n.
func textContent(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// stringSet captures string-set values of element n.
func (bl *builder) stringSet(n *html.Node, st *style.Style) []NamedString {
	if len(st.StringSet) == 0 {
		return nil
	}
	out := make([]NamedString, 0, len(st.StringSet))
	for _, ss := range st.StringSet {
		var sb strings.Builder
		for _, it := range ss.Value {
			if it.Kind == style.ContentCounter && (it.Name == "page" || it.Name == "pages") {
				// known in layout only: a mark it replaces
				sb.WriteString(PageCounterMark(it.Name, counterStyle(it.Style)))
				continue
			}
			sb.WriteString(bl.contentString(n, st, it))
		}
		out = append(out, NamedString{Name: ss.Name, Value: sb.String()})
	}
	return out
}

// marker builds the ::marker box of list item n, or nil for none.
func (bl *builder) marker(n *html.Node, li *style.Style) *Box {
	var st *style.Style
	if bl.styles != nil {
		st = bl.styles.Of(n, style.PseudoMarker)
	}
	if st == nil {
		st = Inherit(li)
	}
	return bl.markerStyled(n, li, st)
}

// markerStyled builds the marker box of list item n (an element or its
// ::before or ::after) with style li, the marker's style being st.
func (bl *builder) markerStyled(n *html.Node, li, st *style.Style) *Box {
	if st.ContentMode == style.ContentNone {
		return nil
	}
	ms := *st
	if ms.Display != style.DisplayInline {
		ms.MutBox().Display = style.DisplayInline
	}
	if ms.WhiteSpace != style.WhiteSpacePre {
		ms.MutText().WhiteSpace = style.WhiteSpacePre
	}
	// an inline list item's marker is inside whatever its position
	// (CSS Lists 3 §3.1)
	m := &Box{Kind: KindInline, Node: n, Pseudo: style.PseudoMarker, Style: &ms,
		Outside: li.ListStylePosition == style.ListOutside && li.Display != style.DisplayInline}
	if st.ContentMode == style.ContentList {
		bl.contentBoxes(m, n, &ms, nil)
		if len(m.Children) == 0 {
			return nil
		}
		return m
	}
	if li.ListStyleImage != "" {
		img, err := bl.loadImage(bl.ctx, li.ListStyleImage)
		if err == nil {
			img.Decorative = true
			im := &Box{Kind: KindReplaced, Node: n, Pseudo: style.PseudoMarker, Style: InheritInline(&ms), Image: img}
			m.add(im)
			return m
		}
	}
	t := li.ListStyleType
	if sh := markerShape(t); sh != ShapeNone {
		if m.Outside {
			// drawn as a shape (an artifact) beside the first line
			m.MarkerShape = sh
			return m
		}
		// inside the line: the bullet character is marker text
		m.add(&Box{Kind: KindText, Node: n, Pseudo: style.PseudoMarker, Style: &ms, Text: bl.styler.format(0, t) + " "})
		return m
	}
	txt := bl.styler.marker(bl.counters.value("list-item"), t)
	if txt == "" {
		return nil
	}
	m.add(&Box{Kind: KindText, Node: n, Pseudo: style.PseudoMarker, Style: &ms, Text: txt})
	return m
}

// leaderString is the string leader item it repeats ("." when it has
// none).
func leaderString(it style.ContentItem) string {
	if it.Text == "" {
		return "."
	}
	return it.Text
}

// Marks of counter(page) and counter(pages) in string-set values
// (PageCounterMark): layout replaces them with the number of the page
// the assigning element is on, and the page count.
const (
	markStart = "\uFFF9"
	markEnd   = "\uFFFB"
)

// PageCounterMark is the mark standing for counter(name, style) in a
// string-set value, name being page or pages.
func PageCounterMark(name, style string) string {
	return markStart + name + ":" + style + markEnd
}

// ReplacePageCounters replaces the marks of PageCounterMark in s:
// counter(page) with page, counter(pages) with pages (when pages is
// negative, those marks stay), each in its counter style.
func ReplacePageCounters(s string, page, pages int) string {
	if !strings.Contains(s, markStart) {
		return s
	}
	var sb strings.Builder
	for {
		i := strings.Index(s, markStart)
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], markEnd)
		if j < 0 {
			break
		}
		mark := s[i+len(markStart) : i+j]
		name, cs, _ := strings.Cut(mark, ":")
		sb.WriteString(s[:i])
		switch {
		case name == "page":
			sb.WriteString(FormatCounter(page, cs))
		case name == "pages" && pages >= 0:
			sb.WriteString(FormatCounter(pages, cs))
		default:
			sb.WriteString(s[i : i+j+len(markEnd)])
		}
		s = s[i+j+len(markEnd):]
	}
	sb.WriteString(s)
	return sb.String()
}
