package box

import (
	"github.com/seed28491532/folio/style"
	"golang.org/x/net/html"
)

// Footnotes (css-gcpm-3 §2). A float: footnote element counts in the
// footnote counter, gets a ::footnote-marker box at the start of its
// first line, and is replaced in the flow by its ::footnote-call box,
// which keeps it as Footnote for pagination to place in the footnote
// area of the call's page. Both pseudo-elements are styled by rules (the
// user-agent sheet gives their defaults) and their content resolves like
// ::before's, with counter(footnote) the footnote's number.

// isFootnote reports whether element n of style st becomes a footnote:
// float: footnote, not the root, with styles to give its call.
func (bl *builder) isFootnote(n *html.Node, st *style.Style) bool {
	return st.Float == style.FloatFootnote && bl.styles != nil && n != bl.root
}

// footnoteCounter makes the footnote counter document-wide (it is not
// scoped to an element, so footnotes number through the document) and
// increments it for a footnote of style st, unless its counter-increment
// names the counter itself. Its counter-reset and counter-set apply in
// between (applyCounters), as for list-item.
func (bl *builder) footnoteCounter(n *html.Node, st *style.Style, applyCounters func()) {
	if len(bl.counters.m["footnote"]) == 0 {
		bl.counters.reset("footnote", 0, nil) // a nil scope is never left
	}
	applyCounters()
	for _, op := range st.CounterIncrement {
		if op.Name == "footnote" {
			return
		}
	}
	bl.counters.increment("footnote", 1, n.Parent)
}

// footnoteCall gives footnote fn (the box of element n) its marker and
// returns its call. A call whose content is none is an empty inline box:
// the footnote still goes to the footnote area.
func (bl *builder) footnoteCall(fn *Box, n *html.Node, st *style.Style, deco *[]Decoration) *Box {
	if m := bl.pseudo(n, st, style.PseudoFootnoteMarker, nil); m != nil {
		// at the start of the first box holding lines
		at := fn
		for depth := 0; depth < 64 && len(at.Children) > 0 && !at.HasInlineChildren(); depth++ {
			at = at.Children[0]
		}
		if at.Kind == KindText || at.IsInlineLevel() {
			at = fn
		}
		if m.Kind != KindInline {
			m.Kind = KindInline // the marker runs in with the first line
		}
		if at.HasInlineChildren() || len(at.Children) == 0 {
			m.Parent = at
			at.Children = append([]*Box{m}, at.Children...)
		}
	}
	call := bl.pseudo(n, st, style.PseudoFootnoteCall, deco)
	if call == nil {
		call = &Box{Kind: KindInline, Node: n, Pseudo: style.PseudoFootnoteCall, Style: InheritInline(st)}
	}
	// the call sits in a line: pagination finds it there
	call.Kind = KindInline
	call.SetRare().Footnote = fn
	return call
}
