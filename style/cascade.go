package style

import (
	"math"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

// cascader runs the cascade for elements; its scratch buffers are reused
// from element to element.
type cascader struct {
	index  *ruleIndex
	pseudo map[string]*ruleIndex
	// before, after and marker are the pseudo indexes the walker uses
	// (nil when no rule has the pseudo-element)
	before, after, marker *ruleIndex
	firstLetter           *ruleIndex
	firstLine             *ruleIndex
	initial               Style
	lc                    lengthCtx
	// cow makes the groups of the style being computed private as the
	// cascade sets their properties, and stores them once it is done.
	cow cow

	cands   []*entry
	keys    []uint64
	ids     []string
	classes []string
	attrs   []string // distinct attribute names, lower-case
	// classSet and attrSet hold classes and attrs when an element has
	// more than smallFeatures of them (nil otherwise), so that
	// de-duplicating and matching stay linear in the attribute's size.
	classSet, attrSet map[string]struct{}
	win               [numProps]*cdecl
	uaWin             [numProps]*cdecl
	customs           []*cdecl
	shortCache        []shortExpansion
	touched           []propID
	// parentDeps lists the non-inherited properties the last compute
	// copied from the parent (inherit): its result depends on them as
	// well as on the parent's inherited properties.
	parentDeps []propID
	// filter counts the features (tag, id, classes) of the ancestors of
	// the element being matched: a counting Bloom filter.
	filter [filterSize + 1]uint16
	// sib caches sibling positions for structural pseudo-classes.
	sib css.SiblingIndex

	// fcall and fmarker index the ::footnote-call and ::footnote-marker
	// rules (css-gcpm-3 §2.5), applied to float: footnote elements only
	fcall, fmarker *ruleIndex

	// winOrder is the cascade order of each winner (logical.go); order
	// counts the declarations added; logicals are the logical ones
	// waiting for direction, logicalSrc the ltr mapping of the logical
	// declarations that won a physical longhand.
	winOrder   [numProps]uint32
	order      uint32
	logicals   []logicalWin
	logicalSrc [numProps]propID
}

// newCascader returns a cascader for the rule indexes of a document.
func newCascader(index *ruleIndex, pseudo map[string]*ruleIndex) *cascader {
	c := &cascader{index: index, pseudo: pseudo, initial: initialStyle()}
	c.cow = newCow(&c.initial)
	return c
}

// smallFeatures is the number of classes or attributes up to which an
// element's features are de-duplicated by scanning the list: the common
// case, without allocating. Longer lists use a set.
const smallFeatures = 16

// loadFeatures records the ids, distinct classes and distinct attribute
// names of n for the candidate lookups of its rule indexes (the
// element's and its pseudo-elements').
func (c *cascader) loadFeatures(n *html.Node) {
	c.ids = c.ids[:0]
	c.classes = c.classes[:0]
	c.attrs = c.attrs[:0]
	c.classSet, c.attrSet = nil, nil
	for _, a := range n.Attr {
		c.attrs, c.attrSet = appendUnique(c.attrs, c.attrSet, asciiLower(a.Key))
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "id":
			c.ids = append(c.ids, a.Val)
		case "class":
			for rest := a.Val; rest != ""; {
				var cl string
				cl, rest = nextClass(rest)
				if cl != "" {
					c.classes, c.classSet = appendUnique(c.classes, c.classSet, cl)
				}
			}
		}
	}
}

// appendUnique appends s to list unless list holds it. Up to smallFeatures
// entries it scans list and set stays nil; past that it indexes list in
// set (made on first need) and returns it.
func appendUnique(list []string, set map[string]struct{}, s string) ([]string, map[string]struct{}) {
	if set == nil {
		if slices.Contains(list, s) {
			return list, nil
		}
		list = append(list, s)
		if len(list) > smallFeatures {
			set = make(map[string]struct{}, 2*len(list))
			for _, e := range list {
				set[e] = struct{}{}
			}
		}
		return list, set
	}
	if _, ok := set[s]; ok {
		return list, set
	}
	set[s] = struct{}{}
	return append(list, s), set
}

// hasAttr reports whether the element loadFeatures loaded has an
// attribute of the lower-case name.
func (c *cascader) hasAttr(name string) bool {
	if c.attrSet != nil {
		_, ok := c.attrSet[name]
		return ok
	}
	return slices.Contains(c.attrs, name)
}

// candidates collects the entries of ix that match n, in cascade order;
// loadFeatures(n) must have run.
func (c *cascader) candidates(ix *ruleIndex, n *html.Node) []*entry {
	c.keys = c.keys[:0]
	c.collect(&ix.universal)
	// (small indexes, like most pseudo-element ones, leave maps empty:
	// skip their lookups)
	if len(ix.byTag) > 0 {
		if b := ix.byTag[n.Data]; b != nil {
			c.collect(b)
		}
	}
	if len(ix.byID) > 0 {
		for _, id := range c.ids {
			if b := ix.byID[id]; b != nil {
				c.collect(b)
			}
		}
	}
	if len(ix.byClass) > 0 {
		for _, cl := range c.classes {
			if b := ix.byClass[cl]; b != nil {
				c.collect(b)
			}
		}
	}
	if len(ix.byAttr) > 0 {
		for _, name := range c.attrs {
			if b := ix.byAttr[name]; b != nil {
				c.collect(b)
			}
		}
	}
	if len(ix.root.keys) > 0 && n.Parent != nil && n.Parent.Type == html.DocumentNode {
		c.collect(&ix.root)
	}
	if len(c.keys) == 0 {
		c.cands = c.cands[:0]
		return c.cands
	}
	// keep only matching entries, in cascade order; the ancestor filter
	// rejects most descendant selectors without walking the tree
	keys := c.keys[:0]
next:
	for _, k := range c.keys {
		q := &ix.quick[k&keyIndexMask]
		if q.tag != "" && q.tag != n.Data || q.attr != "" && !c.hasAttr(q.attr) {
			continue
		}
		if !q.keyOnly {
			for _, h := range q.h[:min(int(q.n), len(q.h))] {
				if c.filter[h] == 0 {
					continue next
				}
			}
			sel := ix.all[k&keyIndexMask].sel
			if int(q.n) > len(q.h) {
				for _, h := range sel.AncestorHashes[len(q.h):] {
					if c.filter[h&filterMask] == 0 {
						continue next
					}
				}
			}
			if q.anyOf && !c.anyAncestor(sel.AncestorAnyHashes) {
				continue
			}
			if !sel.MatchIn(n, &c.sib) {
				continue
			}
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	c.keys = keys
	c.cands = c.cands[:0]
	for _, k := range keys {
		c.cands = append(c.cands, ix.all[k&keyIndexMask])
	}
	return c.cands
}

// collect appends the keys of b whose first two ancestor features the
// ancestor filter may hold.
func (c *cascader) collect(b *bucket) {
	for i, h := range b.first {
		if c.filter[h[0]] != 0 && c.filter[h[1]] != 0 {
			c.keys = append(c.keys, b.keys[i])
		}
	}
}

// anyAncestor reports whether the ancestor filter may hold one feature of
// every group.
func (c *cascader) anyAncestor(groups [][]uint32) bool {
next:
	for _, g := range groups {
		for _, h := range g {
			if c.filter[h&filterMask] != 0 {
				continue next
			}
		}
		return false
	}
	return true
}

// nextClass returns the first class name of a class attribute value and
// the rest, without allocating.
func nextClass(s string) (string, string) {
	i := 0
	for i < len(s) && isHTMLSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isHTMLSpace(s[j]) {
		j++
	}
	return s[i:j], s[j:]
}

func isHTMLSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

const (
	filterSize = 1 << 12
	filterMask = filterSize - 1
	// filterAlways is a slot past the filter's hash slots that is never
	// zero, for entries with no ancestor feature.
	filterAlways = filterSize
)

// pushAncestor adds n's features to the ancestor filter or removes them.
// A counter that reaches its maximum stays there (an element can repeat
// a class 65 536 times): it then only says "maybe" for good, where
// wrapping to zero would hide the feature from descendant selectors.
func (c *cascader) pushAncestor(n *html.Node, add bool) {
	bump := func(h uint32) {
		p := &c.filter[h&filterMask]
		switch {
		case *p == math.MaxUint16:
		case add:
			*p++
		default:
			*p--
		}
	}
	bump(css.FeatureHash(css.FeatureTag, n.Data))
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "id":
			bump(css.FeatureHash(css.FeatureID, a.Val))
		case "class":
			for rest := a.Val; rest != ""; {
				var cl string
				cl, rest = nextClass(rest)
				if cl != "" {
					bump(css.FeatureHash(css.FeatureClass, cl))
				}
			}
		}
	}
}

// importantPass applies the author !important declarations of ms, whose
// layers take effect in reverse order (css-cascade-5: unlayered weakest,
// the first layer strongest). It reports whether UA !important
// declarations are present.
func (c *cascader) importantPass(ms []*entry) bool {
	uaImportant := false
	layered := false
	for _, e := range ms {
		if e.origin == originUA {
			uaImportant = true
		} else if e.layerRank != 255 {
			layered = true
		}
	}
	apply := func(e *entry) {
		for i := range e.decls {
			if e.decls[i].important {
				c.add(&e.decls[i], false)
			}
		}
	}
	if !layered {
		for _, e := range ms {
			if e.origin != originUA {
				apply(e)
			}
		}
		return uaImportant
	}
	// from rank 255 (unlayered) down to 0: ms is sorted by rank, so walk
	// the groups from the last one back
	end := len(ms)
	for end > 0 {
		start := end - 1
		for start > 0 && ms[start-1].layerRank == ms[end-1].layerRank && ms[start-1].origin == ms[end-1].origin {
			start--
		}
		for _, e := range ms[start:end] {
			if e.origin != originUA {
				apply(e)
			}
		}
		end = start
	}
	return uaImportant
}

// resetWinners clears the winners of the previous cascade (only the
// properties it touched).
func (c *cascader) resetWinners() {
	for _, id := range c.touched {
		c.win[id] = nil
		c.uaWin[id] = nil
	}
	c.touched = c.touched[:0]
	c.customs = c.customs[:0]
	c.logicals = c.logicals[:0]
	c.order = 0
}

// setWinner makes d the cascaded value of id so far.
func (c *cascader) setWinner(id propID, d *cdecl, ua bool) {
	if c.win[id] == nil && c.uaWin[id] == nil {
		c.touched = append(c.touched, id)
	}
	c.win[id] = d
	c.order++
	c.winOrder[id] = c.order
	if ua {
		c.uaWin[id] = d
	}
}

// add applies one declaration in cascade order.
func (c *cascader) add(d *cdecl, ua bool) {
	switch {
	case d.kind == declCustom:
		c.customs = append(c.customs, d)
	case d.kind == declShort:
		// members take their value from the shorthand once var() is
		// resolved (see shortValue)
		for _, id := range shorthands[d.short].members {
			if d.logical {
				c.addLogical(id, d, ua)
			} else {
				c.setWinner(id, d, ua)
			}
		}
	case d.logical:
		c.addLogical(d.prop, d, ua)
	default:
		c.setWinner(d.prop, d, ua)
	}
}

// cascade fills c.win, c.uaWin and c.customs from the matched entries
// (sorted by origin, specificity and order), the presentational hints of
// HTML attributes and the style attribute declarations: UA normal, hints,
// author normal, style attribute normal, author important, style attribute
// important, UA important.
func (c *cascader) cascade(ms []*entry, hints, attrDecls []cdecl) {
	c.resetWinners()
	uaImportant := false
	for _, imp := range [2]bool{false, true} {
		hinted := imp
		if imp {
			uaImportant = c.importantPass(ms)
		}
		for _, e := range ms {
			if imp {
				break
			}
			if !hinted && e.origin != originUA {
				// presentational hints: author level, before every rule
				hinted = true
				for i := range hints {
					c.add(&hints[i], false)
				}
			}
			for i := range e.decls {
				if !e.decls[i].important {
					c.add(&e.decls[i], e.origin == originUA)
				}
			}
		}
		if !hinted {
			for i := range hints {
				c.add(&hints[i], false)
			}
		}
		for i := range attrDecls {
			if attrDecls[i].important == imp {
				c.add(&attrDecls[i], false)
			}
		}
	}
	if !uaImportant {
		return
	}
	for _, e := range ms {
		if e.origin != originUA {
			continue
		}
		for i := range e.decls {
			if d := &e.decls[i]; d.important && d.kind == declLonghand {
				if d.logical {
					c.addLogical(d.prop, d, true)
				} else {
					c.setWinner(d.prop, d, true)
				}
			}
		}
	}
}

// compute writes into s the computed style from the cascade result.
// parent is the parent's style (the initial style for the root); pvars its
// custom properties. It returns the element's custom properties. The
// groups s sets point to the cascader's scratch until c.cow.commit(s),
// which must come before the next compute.
func (c *cascader) compute(s, parent *Style, pvars map[string][]css.Token, lang string, hasLang bool) map[string][]css.Token {
	*s = c.initial
	// (a style computed and not committed, a pseudo-element's without a
	// box, is dropped: its private groups are scratch's)
	c.cow.owned = 0
	c.parentDeps = c.parentDeps[:0]
	s.calcs = c.lc.calcs
	inheritGroups(s, parent)
	if hasLang && s.Lang != lang {
		c.cow.own(s, gText)
		s.Lang = lang
	}
	// custom properties and deferred shorthands, in cascade order
	vars := pvars
	var raw map[string][]css.Token
	for _, d := range c.customs {
		if raw == nil {
			raw = make(map[string][]css.Token, len(c.customs))
		}
		if cssWide(d.value) {
			switch strings.ToLower(d.value[0].Text) {
			case "inherit", "unset", "revert", "revert-layer":
				if v, ok := pvars[d.name]; ok {
					raw[d.name] = v
					continue
				}
			}
			raw[d.name] = nil
			continue
		}
		raw[d.name] = d.value
	}
	r := &varResolver{inherited: pvars}
	if raw != nil {
		vars = make(map[string][]css.Token, len(pvars)+len(raw))
		for k, v := range pvars {
			vars[k] = v
		}
		r.raw, r.out, r.state = raw, vars, make(map[string]uint8, len(raw))
		for name, v := range raw {
			if v == nil {
				delete(vars, name) // initial: the guaranteed-invalid value
				r.state[name] = 2
				continue
			}
			r.lookup(name)
		}
		r.raw = nil // resolved values now live in vars
		r.inherited = vars
	}
	c.shortCache = c.shortCache[:0]
	a := applier{lc: c.lc, parent: parent}
	for id := propID(0); id < numProps; id++ {
		if id == pBorderTopColor {
			// initial border colors are currentColor
			c.cow.initialBorders(s)
		}
		if d := c.win[id]; d != nil {
			c.cow.own(s, longhands[id].group)
			c.applyDecl(&a, s, parent, id, d, r, 0)
		}
		if id == pDirection && len(c.logicals) > 0 {
			c.resolveLogical(s.Direction)
		}
	}
	c.finish(s, parent)
	return vars
}

// shortExpansion caches the expansion of a var()-dependent shorthand for
// the element being computed.
type shortExpansion struct {
	d  *cdecl
	lh []longhand
	ok bool
}

// shortValue returns longhand id's declaration from shorthand d after var()
// substitution.
func (c *cascader) shortValue(d *cdecl, id propID, r *varResolver) (cdecl, bool) {
	var ex *shortExpansion
	for i := range c.shortCache {
		if c.shortCache[i].d == d {
			ex = &c.shortCache[i]
		}
	}
	if ex == nil {
		v, ok := r.substitute(d.value, 0)
		var lh []longhand
		if ok {
			lh, ok = expandShorthand(d.short, v)
		}
		c.shortCache = append(c.shortCache, shortExpansion{d: d, lh: lh, ok: ok})
		ex = &c.shortCache[len(c.shortCache)-1]
	}
	if !ex.ok {
		return cdecl{}, false
	}
	for _, l := range ex.lh {
		if l.prop == id {
			return cdecl{prop: id, value: l.value, important: d.important, wide: wideOf(l.value)}, true
		}
	}
	return cdecl{}, false
}

func wideOf(v []css.Token) string {
	if cssWide(v) {
		w := strings.ToLower(v[0].Text)
		if w == "revert-layer" {
			return "revert"
		}
		return w
	}
	return ""
}

// applyDecl applies one winning declaration, handling css-wide keywords
// and var() substitution.
func (c *cascader) applyDecl(a *applier, s, parent *Style, id propID, d *cdecl, r *varResolver, depth int) {
	// the declaration's parts, from the shorthand's expansion for a
	// member of a var()-dependent shorthand (read into locals: taking the
	// expansion's address would allocate it)
	wide, val, fields, hasVar, short := d.wide, d.value, d.fields, d.hasVar, d.kind == declShort
	if short {
		sd, ok := c.shortValue(d, c.lookupID(id, d), r)
		if !ok {
			c.reset(s, parent, id, longhands[id].inherited)
			return
		}
		wide, val, fields, hasVar = sd.wide, sd.value, sd.fields, sd.hasVar
	}
	if hasVar && wide == "" {
		v, ok := r.substitute(val, 0)
		if !ok {
			wide = "unset"
		} else {
			val = v
			wide = wideOf(v)
		}
	}
	info := &longhands[id]
	switch wide {
	case "":
		f := fields
		if hasVar || f == nil {
			f = css.Fields(val)
		}
		if !a.applyFields(s, id, val, f) {
			c.reset(s, parent, id, info.inherited)
		}
	case "inherit":
		if !info.inherited {
			c.parentDeps = append(c.parentDeps, id)
		}
		copyProp(s, parent, id)
	case "initial":
		c.reset(s, parent, id, false)
	case "unset":
		c.reset(s, parent, id, info.inherited)
	case "revert":
		if u := c.uaWin[id]; u != nil && (short || u != d) && depth == 0 {
			c.applyDecl(a, s, parent, id, u, r, depth+1)
		} else {
			c.reset(s, parent, id, info.inherited)
		}
	}
}

// reset gives property id its inherited (inherit true) or initial value.
func (c *cascader) reset(s, parent *Style, id propID, inherit bool) {
	if inherit {
		copyProp(s, parent, id)
		return
	}
	copyProp(s, &c.initial, id)
	switch id {
	case pBorderTopColor, pBorderRightColor, pBorderBottomColor, pBorderLeftColor:
		s.Border[id-pBorderTopColor].Color = s.Color
	}
}

// finish applies the computed-value fix-ups that depend on several
// properties. It writes to a group only what changes: a group shared
// with the parent or the initial style usually needs none.
func (c *cascader) finish(s, parent *Style) {
	for i := range s.Border {
		if (s.Border[i].Style == BorderNone || s.Border[i].Style == BorderHidden) && s.Border[i].Width != 0 {
			c.cow.own(s, gBorder)
			s.Border[i].Width = 0
		}
	}
	c.finishColumnRule(s)
	if s.textAlignLastAuto {
		last := s.TextAlign
		if s.TextAlign == AlignJustify {
			last = AlignStart
		}
		if s.TextAlignLast != last {
			c.cow.own(s, gText)
			s.TextAlignLast = last
		}
	}
	if s.quotesAuto {
		if parent.quotesAuto && parent.Lang == s.Lang && parent.Quotes != nil {
			if !sameSlice(s.Quotes, parent.Quotes) {
				c.cow.own(s, gText)
				s.Quotes = parent.Quotes // share the parent's resolved marks
			}
		} else {
			c.cow.own(s, gText)
			s.Quotes = quotesFor(s.Lang)
		}
	}
	if s.Float != FloatNone || s.Position == PositionAbsolute || s.Position == PositionFixed || s.Position == PositionRunning {
		d, f := blockify(s.Display), s.Float
		if s.Position == PositionAbsolute || s.Position == PositionFixed {
			f = FloatNone
		}
		if d != s.Display || f != s.Float {
			c.cow.own(s, gBox)
			s.Display, s.Float = d, f
		}
	}
}

// setDisplay sets the display of s, the style being computed.
func (c *cascader) setDisplay(s *Style, d Display) {
	if s.Display != d {
		c.cow.own(s, gBox)
		s.Display = d
	}
}

// blockify returns the block-level equivalent of a display value.
func blockify(d Display) Display {
	switch d {
	case DisplayInline, DisplayInlineBlock, DisplayTableRowGroup, DisplayTableHeaderGroup, DisplayTableFooterGroup,
		DisplayTableRow, DisplayTableColumnGroup, DisplayTableColumn, DisplayTableCell, DisplayTableCaption:
		return DisplayBlock
	case DisplayInlineTable:
		return DisplayTable
	case DisplayInlineFlex:
		return DisplayFlex
	case DisplayInlineGrid:
		return DisplayGrid
	}
	return d
}

// quotesFor returns the quotation marks of a language (BCP 47 primary
// subtag), English-style for unknown ones.
func quotesFor(lang string) []string {
	primary := strings.ToLower(lang)
	if i := strings.IndexAny(primary, "-_"); i >= 0 {
		primary = primary[:i]
	}
	switch primary {
	case "de", "cs", "sk", "sl", "lt", "is":
		return []string{"\u201E", "\u201C", "\u201A", "\u2018"}
	case "fr":
		return []string{"\u00AB\u00A0", "\u00A0\u00BB", "\u2039\u00A0", "\u00A0\u203A"}
	case "es", "it", "pt", "ca", "el", "ru", "uk", "be", "no", "nb", "nn":
		if primary == "ru" || primary == "uk" || primary == "be" {
			return []string{"\u00AB", "\u00BB", "\u201E", "\u201C"}
		}
		return []string{"\u00AB", "\u00BB", "\u201C", "\u201D"}
	case "pl", "nl", "hu", "ro", "hr", "bg":
		return []string{"\u201E", "\u201D", "\u00AB", "\u00BB"}
	case "sv", "fi":
		return []string{"\u201D", "\u201D", "\u2019", "\u2019"}
	case "da":
		return []string{"\u00BB", "\u00AB", "\u203A", "\u2039"}
	case "ja", "zh":
		return []string{"\u300C", "\u300D", "\u300E", "\u300F"}
	}
	return []string{"\u201C", "\u201D", "\u2018", "\u2019"}
}

// asciiLower returns s with ASCII letters in lower case (allocating only
// when s has upper-case letters).
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}
