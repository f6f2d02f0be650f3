package box

import (
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/seed28491532/folio/style"
)

// maxFirstLetterDepth bounds the boxes firstText descends through.
const maxFirstLetterDepth = 32

// splitFirstLetter gives the first letter of block container b's first line,
// with the punctuation before and after it, an inline box of b's
// ::first-letter style st (CSS Pseudo 4 §2.3): the text box holding it is
// split, the letter going into the new box (a float when st floats, as
// for drop caps). A first line that starts with an atomic inline or has
// no letter gets none.
func splitFirstLetter(b *Box, st *style.Style) {
	t := firstText(b, 0)
	if t == nil {
		return
	}
	start, end := letterSpan(t.Text)
	if end <= start {
		return
	}
	p := t.Parent
	i := slices.Index(p.Children, t)
	if i < 0 {
		return
	}
	kind := KindInline
	if st.Float != style.FloatNone {
		kind = KindBlock // a floated first letter is block-level
	}
	fl := &Box{Kind: kind, Node: t.Node, Pseudo: style.PseudoFirstLetter, Style: st, Parent: p}
	deco := t.deco
	if st.TextDecoration != 0 {
		deco = withDecoration(deco, st)
	}
	fl.Children = []*Box{{Kind: KindText, Node: t.Node, Style: st, Parent: fl, Text: t.Text[start:end], deco: deco}}
	var out []*Box
	if start > 0 {
		out = append(out, &Box{Kind: KindText, Node: t.Node, Style: t.Style, Parent: p, Text: t.Text[:start], deco: t.deco})
	}
	out = append(out, fl)
	if end < len(t.Text) {
		t.Text = t.Text[end:]
		out = append(out, t)
	}
	p.Children = slices.Replace(p.Children, i, i+1, out...)
}

// firstText returns the text box holding the first letter of container
// b's first line: the first text with a letter before any atomic inline,
// looking into inline boxes and, when b starts with a block, into that
// block (but not into floats, positioned boxes, tables or markers).
func firstText(b *Box, depth int) *Box {
	if depth > maxFirstLetterDepth || b.Kind != KindInline && !isFlowContainer(b) {
		return nil
	}
	for _, c := range b.Children {
		switch {
		case c.Pseudo == style.PseudoMarker || c.OutOfFlow():
			continue
		case c.Kind == KindText:
			if s, e := letterSpan(c.Text); e > s {
				return c
			}
			if !isCollapsibleSpaceOnly(c) && c.Text != "" {
				return nil // punctuation or symbols only: no letter
			}
		case c.Kind == KindInline, c.Kind == KindBlock && !c.FlexItem:
			if t := firstText(c, depth+1); t != nil || c.Kind == KindBlock {
				return t
			}
		case c.Kind == KindLineBreak:
			return nil
		default: // an atomic inline, a table or a replaced box starts the line
			return nil
		}
	}
	return nil
}

// letterSpan returns where the first letter of text starts and ends: after
// leading white space, the punctuation before it, the letter (or digit or
// symbol) with its combining marks, and the punctuation after it; end
// <= start when text has none.
func letterSpan(text string) (start, end int) {
	i := 0
	for i < len(text) && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t') {
		i++
	}
	start = i
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsPunct(r) {
			break
		}
		i += n
	}
	r, n := utf8.DecodeRuneInString(text[i:])
	if i >= len(text) || unicode.IsSpace(r) || !(unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsSymbol(r)) {
		return start, start
	}
	i += n
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) && !unicode.IsPunct(r) {
			break
		}
		i += n
	}
	return start, i
}
