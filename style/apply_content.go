package style

import (
	"strings"

	"github.com/seed28491532/folio/css"
)

// Lists, generated content, quotes, counters and named strings.

func applyListStyleType(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() {
		return false
	}
	switch t := x.f[0]; t.Kind {
	case css.String:
		s.ListStyleType = `"` + t.Text + `"`
	case css.Ident:
		if isCSSWideKeyword(x.kw) {
			return false
		}
		s.ListStyleType = x.kw
	case css.Function:
		cs, ok := symbolsStyle(t)
		if !ok {
			return false
		}
		s.ListStyleType = cs.Name // the serialized function (SymbolsStyle)
	default:
		return false
	}
	return true
}

func applyListStylePosition(_ applier, s *Style, _ propID, x value) bool {
	switch x.kw {
	case "outside":
		s.ListStylePosition = ListOutside
	case "inside":
		s.ListStylePosition = ListInside
	default:
		return false
	}
	return true
}

func applyListStyleImage(_ applier, s *Style, _ propID, x value) bool {
	u, ok := imageURL(x.v)
	if !ok {
		return false
	}
	s.ListStyleImage = u
	return true
}

func applyContent(_ applier, s *Style, _ propID, x value) bool {
	if x.single() && (x.kw == "normal" || x.kw == "none") {
		s.Content = nil
		s.ContentMode = ContentNormal
		if x.kw == "none" {
			s.ContentMode = ContentNone
		}
		return true
	}
	items, ok := contentList(x.v, false)
	if !ok {
		return false
	}
	s.Content, s.ContentMode = items, ContentList
	return true
}

func copyContent(d, s *Style, _ propID) { d.Content, d.ContentMode = s.Content, s.ContentMode }

func applyQuotes(_ applier, s *Style, _ propID, x value) bool {
	switch {
	case x.single() && x.kw == "auto":
		s.Quotes, s.quotesAuto = nil, true
	case x.single() && x.kw == "none":
		s.Quotes, s.quotesAuto = []string{}, false
	default:
		if len(x.f)%2 != 0 {
			return false
		}
		q := make([]string, 0, len(x.f))
		for _, t := range x.f {
			if t.Kind != css.String {
				return false
			}
			q = append(q, t.Text)
		}
		s.Quotes, s.quotesAuto = q, false
	}
	return true
}

func copyQuotes(d, s *Style, _ propID) { d.Quotes, d.quotesAuto = s.Quotes, s.quotesAuto }

// applyCounter sets counter-reset, counter-increment or counter-set.
func applyCounter(a applier, s *Style, id propID, x value) bool {
	def := 0
	if id == pCounterIncrement {
		def = 1
	}
	ops, ok := counterOps(a.lengths(s), x.f, def, id == pCounterReset)
	if !ok {
		return false
	}
	switch id {
	case pCounterReset:
		s.CounterReset = ops
	case pCounterIncrement:
		s.CounterIncrement = ops
	default:
		s.CounterSet = ops
	}
	return true
}

func applyStringSet(_ applier, s *Style, _ propID, x value) bool {
	if x.single() && x.kw == "none" {
		s.StringSet = nil
		return true
	}
	var sets []StringSet
	for _, part := range css.SplitCommas(x.v) {
		p := css.TrimSpace(part)
		if len(p) < 2 || p[0].Kind != css.Ident {
			return false
		}
		items, ok := contentList(p[1:], true)
		if !ok {
			return false
		}
		sets = append(sets, StringSet{Name: p[0].Text, Value: items})
	}
	s.StringSet = sets
	return true
}

func counterOps(lc lengthCtx, f []css.Token, def int, reset bool) ([]CounterOp, bool) {
	if len(f) == 1 && f[0].Is("none") {
		return nil, true
	}
	var ops []CounterOp
	for i := 0; i < len(f); i++ {
		t := f[i]
		name, reversed := "", false
		switch {
		case t.Kind == css.Ident && !isCSSWideKeyword(t.Text) && !t.Is("none"):
			name = t.Text
		case t.Kind == css.Function && strings.EqualFold(t.Text, "reversed"):
			a := css.Fields(t.Args)
			if len(a) != 1 || a[0].Kind != css.Ident {
				return nil, false
			}
			if !reset {
				return nil, false // reversed() is for counter-reset only
			}
			name, reversed = a[0].Text, true
		default:
			return nil, false
		}
		op := CounterOp{Name: name, Value: def, Reversed: reversed, Auto: reversed}
		if i+1 < len(f) {
			if n, ok := lc.integer(f[i+1]); ok {
				op.Value, op.Auto = n, false
				i++
			}
		}
		ops = append(ops, op)
	}
	return ops, true
}

// contentList parses a content (or string-set) value list.
func contentList(v []css.Token, stringSet bool) ([]ContentItem, bool) {
	var items []ContentItem
	for _, t := range css.Fields(v) {
		switch t.Kind {
		case css.String:
			items = append(items, ContentItem{Kind: ContentString, Text: t.Text})
		case css.URL:
			items = append(items, ContentItem{Kind: ContentURL, Text: t.Text})
		case css.Ident:
			switch strings.ToLower(t.Text) {
			case "open-quote":
				items = append(items, ContentItem{Kind: ContentOpenQuote})
			case "close-quote":
				items = append(items, ContentItem{Kind: ContentCloseQuote})
			case "no-open-quote":
				items = append(items, ContentItem{Kind: ContentNoOpenQuote})
			case "no-close-quote":
				items = append(items, ContentItem{Kind: ContentNoCloseQuote})
			case "contents":
				items = append(items, ContentItem{Kind: ContentContents})
			default:
				return nil, false
			}
		case css.Function:
			it, ok := contentFunction(t)
			if !ok {
				return nil, false
			}
			items = append(items, it)
		case css.Delim:
			if t.Text == "/" && !stringSet {
				// alternative text follows: not part of the rendered content
				return items, len(items) > 0
			}
			return nil, false
		default:
			return nil, false
		}
	}
	return items, len(items) > 0
}

func contentFunction(t css.Token) (ContentItem, bool) {
	args := fnArgs(css.SplitCommas(t.Args))
	switch strings.ToLower(t.Text) {
	case "attr":
		f := css.Fields(t.Args)
		if len(f) < 1 || f[0].Kind != css.Ident {
			return ContentItem{}, false
		}
		return ContentItem{Kind: ContentAttr, Name: strings.ToLower(f[0].Text)}, true
	case "counter":
		name, ok := args.counterName(0)
		st, ok2 := args.style(1)
		if !ok || !ok2 || len(args) > 2 {
			return ContentItem{}, false
		}
		return ContentItem{Kind: ContentCounter, Name: name, Style: st}, true
	case "counters":
		name, ok := args.counterName(0)
		sep, ok2 := args.one(1)
		st, ok3 := args.style(2)
		if !ok || !ok2 || !ok3 || sep.Kind != css.String || len(args) > 3 {
			return ContentItem{}, false
		}
		return ContentItem{Kind: ContentCounters, Name: name, Text: sep.Text, Style: st}, true
	case "string":
		return contentString(args)
	case "target-text":
		return contentTargetText(args)
	case "target-counter", "target-counters":
		return contentTargetCounter(args, strings.EqualFold(t.Text, "target-counters"))
	case "leader":
		return contentLeader(args)
	case "element":
		name, ok := args.ident(0)
		if !ok {
			return ContentItem{}, false
		}
		return ContentItem{Kind: ContentElement, Name: name}, true
	case "content":
		// content([text | before | after | first-letter]) of string-set
		// (css-gcpm-3 §1.1); Text is "" for text
		if len(css.Fields(t.Args)) == 0 {
			return ContentItem{Kind: ContentContents}, true
		}
		w, ok := args.ident(0)
		if !ok || len(args) > 1 {
			return ContentItem{}, false
		}
		switch w = strings.ToLower(w); w {
		case "text":
			return ContentItem{Kind: ContentContents}, true
		case "before", "after", "first-letter":
			return ContentItem{Kind: ContentContents, Text: w}, true
		}
		return ContentItem{}, false
	case "url":
		a, ok := args.one(0)
		if ok && a.Kind == css.String {
			return ContentItem{Kind: ContentURL, Text: a.Text}, true
		}
	}
	return ContentItem{}, false
}

// fnArgs are the comma-separated arguments of a function.
type fnArgs [][]css.Token

// one returns argument i when it is a single token.
func (args fnArgs) one(i int) (css.Token, bool) {
	if i >= len(args) {
		return css.Token{}, false
	}
	f := css.Fields(args[i])
	if len(f) != 1 {
		return css.Token{}, false
	}
	return f[0], true
}

// ident returns argument i when it is an identifier.
func (args fnArgs) ident(i int) (string, bool) {
	a, ok := args.one(i)
	if !ok || a.Kind != css.Ident {
		return "", false
	}
	return a.Text, true
}

// counterName returns argument i when it is an identifier that can name
// a counter: not a CSS-wide keyword, default or none (CSS Lists 3 §4).
func (args fnArgs) counterName(i int) (string, bool) {
	name, ok := args.ident(i)
	if !ok {
		return "", false
	}
	switch strings.ToLower(name) {
	case "initial", "inherit", "unset", "revert", "revert-layer", "default", "none":
		return "", false
	}
	return name, true
}

// style returns the counter style of argument i: an identifier in lower
// case, a string in quotes, or decimal when there is no argument i.
func (args fnArgs) style(i int) (string, bool) {
	if i >= len(args) {
		return "decimal", true
	}
	a, ok := args.one(i)
	if !ok {
		return "", false
	}
	switch a.Kind {
	case css.Ident:
		return strings.ToLower(a.Text), true
	case css.String:
		return `"` + a.Text + `"`, true
	case css.Function:
		if cs, ok := symbolsStyle(a); ok {
			return cs.Name, true
		}
	}
	return "", false
}

// contentString parses string(name [, first | start | last |
// first-except]).
func contentString(args fnArgs) (ContentItem, bool) {
	name, ok := args.ident(0)
	if !ok || len(args) > 2 {
		return ContentItem{}, false
	}
	which := "first"
	if len(args) == 2 {
		w, ok := args.ident(1)
		if !ok {
			return ContentItem{}, false
		}
		which = strings.ToLower(w)
		switch which {
		case "first", "start", "last", "first-except":
		default:
			return ContentItem{}, false
		}
	}
	return ContentItem{Kind: ContentNamedString, Name: name, Text: which}, true
}

// contentTargetCounter parses target-counter(target, name [, style]) and
// target-counters(target, name, separator [, style]).
func contentTargetCounter(args fnArgs, plural bool) (ContentItem, bool) {
	it, ok := targetURL(args)
	if !ok {
		return ContentItem{}, false
	}
	it.Kind = ContentTargetCounter
	name, ok := args.ident(1)
	if !ok {
		return ContentItem{}, false
	}
	it.Text = name
	si := 2
	if plural {
		sep, ok := args.one(2)
		if !ok || sep.Kind != css.String {
			return ContentItem{}, false
		}
		it.All, it.Separator = true, sep.Text
		si = 3
	}
	st, ok := args.style(si)
	if !ok {
		return ContentItem{}, false
	}
	it.Style = st
	return it, true
}

// contentTargetText parses target-text(target [, content | before |
// after | first-letter]).
func contentTargetText(args fnArgs) (ContentItem, bool) {
	it, ok := targetURL(args)
	if !ok || len(args) > 2 {
		return ContentItem{}, false
	}
	it.Kind, it.Text = ContentTargetText, "content"
	if len(args) == 2 {
		w, ok := args.ident(1)
		if !ok {
			return ContentItem{}, false
		}
		it.Text = strings.ToLower(w)
		switch it.Text {
		case "content", "before", "after", "first-letter":
		default:
			return ContentItem{}, false
		}
	}
	return it, true
}

// targetURL parses the target of target-text() and target-counter(): a
// URL, a string, or attr(name).
func targetURL(args fnArgs) (ContentItem, bool) {
	target, ok := args.one(0)
	if !ok {
		return ContentItem{}, false
	}
	var it ContentItem
	switch {
	case target.Kind == css.URL || target.Kind == css.String:
		it.Name = target.Text
	case target.Kind == css.Function && strings.EqualFold(target.Text, "attr"):
		a := css.Fields(target.Args)
		if len(a) < 1 || a[0].Kind != css.Ident {
			return ContentItem{}, false
		}
		it.AttrName = strings.ToLower(a[0].Text)
	default:
		return ContentItem{}, false
	}
	return it, true
}

// contentLeader parses leader(dotted | solid | space | string).
func contentLeader(args fnArgs) (ContentItem, bool) {
	a, ok := args.one(0)
	if !ok {
		return ContentItem{}, false
	}
	switch {
	case a.Is("dotted"):
		return ContentItem{Kind: ContentLeader, Text: ". "}, true
	case a.Is("solid"):
		return ContentItem{Kind: ContentLeader, Text: "_"}, true
	case a.Is("space"):
		return ContentItem{Kind: ContentLeader, Text: " "}, true
	case a.Kind == css.String:
		return ContentItem{Kind: ContentLeader, Text: a.Text}, true
	}
	return ContentItem{}, false
}
