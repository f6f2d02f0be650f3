package css

import (
	"errors"
	"fmt"
	"strings"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
)

// Limits on selectors.
const (
	// MaxCompounds is the largest number of compound selectors in one
	// complex selector.
	MaxCompounds = 2048
	// maxSelectorTokens bounds selectors grown by nesting substitution.
	maxSelectorTokens = 8192
	// memoThreshold is the number of compounds from which matching
	// memoises failed (element, compound) pairs, which keeps descendant
	// chains linear instead of exponential.
	memoThreshold = 6
)

// KeyKind says which bucket a selector is indexed under.
type KeyKind uint8

// Bucket kinds, from most to least selective.
const (
	KeyUniversal KeyKind = iota
	KeyID
	KeyClass
	KeyTag
	// KeyAttr buckets a subject with no id, class or tag by the name
	// (lower-case) of an attribute it requires: [hidden], [dir=rtl i].
	KeyAttr
	// KeyRoot buckets a subject that is nothing more specific than
	// :root; only the root element needs to try it.
	KeyRoot
)

// Selector is one compiled complex selector.
type Selector struct {
	// Text is the selector as CSS text (after nesting resolution).
	Text string
	// Spec is the specificity (ids, classes/attributes/pseudo-classes,
	// types/pseudo-elements).
	Spec [3]int
	// Pseudo is the pseudo-element name (before, after, marker,
	// first-line, first-letter, …) or "".
	Pseudo string
	// KeyKind and Key name the bucket for rule indexes: the id, class or
	// lower-cased tag name required by the rightmost compound.
	KeyKind KeyKind
	Key     string
	// KeyOnly is true when the selector is nothing but its key (a lone
	// tag, #id or .class): an element in the key's bucket matches.
	KeyOnly bool
	// SubjectTag is the lower-case tag name the subject (rightmost)
	// compound requires, "" for any; SubjectAttr the lower-case name of
	// an attribute it requires, "" for none. An element without them
	// cannot match: rule indexes reject it before matching.
	SubjectTag, SubjectAttr string
	// Never is true when the selector can never match in a printed
	// document: it requires a user-interaction state such as :hover.
	Never bool

	// AncestorHashes are FeatureHash values (tag, id, class) that some
	// ancestor of a matching element must carry; a cascade keeping a
	// filter of its ancestors' features rejects most selectors with them
	// before matching.
	AncestorHashes []uint32
	// AncestorAnyHashes are groups of FeatureHash values of which an
	// ancestor must carry at least one per group: the alternatives of an
	// :is() or :where() list (as CSS nesting writes parent lists).
	AncestorAnyHashes [][]uint32

	compounds []compound
	combs     []byte // combs[i] joins compounds[i] and compounds[i+1]: ' ' '>' '+' '~'
}

// knownPseudoElements are accepted after "::".
func knownPseudoElement(name string) bool {
	switch name {
	case "before", "after", "marker", "first-line", "first-letter", "placeholder",
		"selection", "backdrop", "file-selector-button", "cue", "grammar-error", "spelling-error", "footnote-call", "footnote-marker":
		return true
	}
	return false
}

// dynamicPseudoClass lists user-interaction states that never hold in a
// printed document; they compile to a never-matching selector.
func dynamicPseudoClass(name string) bool {
	switch name {
	case "hover", "active", "focus", "visited", "target", "focus-visible", "focus-within",
		"target-within", "current", "past", "future", "playing", "paused", "autofill",
		"user-invalid", "user-valid", "popover-open", "modal", "fullscreen", "open":
		return true
	}
	return false
}

// CompileSelector compiles one complex selector (no top-level commas).
func CompileSelector(toks []Token) (*Selector, error) {
	return compileSelector(toks, nil)
}

// compoundCache shares compiled compounds between the selectors of one
// stylesheet: compounds are immutable once built, and stylesheets repeat
// them (li, .nav, a:not(.btn)) many times.
type compoundCache struct {
	m   map[string]compound
	key []byte
}

// maxSharedCompounds bounds a compoundCache.
const maxSharedCompounds = 1 << 16

// appendTokenKey appends a key identifying toks: kinds, texts and nesting,
// with separators, so that differently split tokens never collide.
func appendTokenKey(b []byte, toks []Token) []byte {
	for _, t := range toks {
		b = append(b, byte(t.Kind))
		b = append(b, t.Text...)
		b = append(b, 0)
		b = append(b, t.Unit...)
		b = append(b, 0)
		b = append(b, t.Raw...)
		b = append(b, 0)
		if t.Kind == Function || t.Kind == Block {
			b = append(b, 1)
			b = appendTokenKey(b, t.Args)
			b = append(b, 2)
		}
	}
	return b
}

// compileSelector is CompileSelector sharing compounds through cache
// (which may be nil).
func compileSelector(toks []Token, cache *compoundCache) (*Selector, error) {
	toks = TrimSpace(toks)
	if len(toks) == 0 {
		return nil, errors.New("empty selector")
	}
	// the selector and room for the compounds, combinators and ancestor
	// hashes of a short one come in one allocation
	sb := &selectorBlock{}
	s := &sb.Selector
	s.Text = Serialize(toks)
	s.combs = sb.combs[:0]
	// split into compounds
	parts := make([][]Token, 0, 8) // on the stack for most selectors
	start := 0
	pending := byte(0)
	flush := func(end int) error {
		c := TrimSpace(toks[start:end])
		if len(c) == 0 {
			if len(parts) == 0 && pending != 0 {
				return fmt.Errorf("selector starts with a combinator")
			}
			return nil
		}
		if len(parts) > 0 {
			if pending == 0 {
				pending = ' '
			}
			s.combs = append(s.combs, pending)
		} else if pending != 0 {
			return fmt.Errorf("selector starts with a combinator")
		}
		parts = append(parts, c)
		pending = 0
		return nil
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.Kind == Whitespace:
			if err := flush(i); err != nil {
				return nil, err
			}
			start = i + 1
		case t.Kind == Delim && (t.Text == ">" || t.Text == "+" || t.Text == "~"):
			if err := flush(i); err != nil {
				return nil, err
			}
			if pending != 0 {
				return nil, fmt.Errorf("two combinators in a row")
			}
			pending = t.Text[0]
			start = i + 1
		case t.Kind == Match && t.Text == "||":
			return nil, errors.New("column combinator not supported")
		}
	}
	if err := flush(len(toks)); err != nil {
		return nil, err
	}
	if pending != 0 {
		return nil, errors.New("selector ends with a combinator")
	}
	// ids and classes first in AncestorHashes, tags after them: filters
	// that test only the first few reject more with rare features
	var rareBuf, tagBuf [8]uint32
	ancestorRare, ancestorTags := rareBuf[:0], tagBuf[:0]
	if len(parts) > MaxCompounds {
		return nil, fmt.Errorf("more than %d compound selectors", MaxCompounds)
	}
	if len(parts) <= len(sb.compounds) {
		s.compounds = sb.compounds[:0:len(parts)]
	} else {
		s.compounds = make([]compound, 0, len(parts))
	}
	for i, c := range parts {
		last := i == len(parts)-1
		c, pseudo, err := splitPseudoElement(c)
		if err != nil {
			return nil, err
		}
		if pseudo != "" {
			if !last {
				return nil, fmt.Errorf("pseudo-element ::%s must end the selector", pseudo)
			}
			s.Pseudo = pseudo
			s.Spec[2]++
		}
		if len(c) == 0 {
			c = []Token{{Kind: Delim, Text: "*"}}
		}
		sp := compoundSpecificity(c)
		for k := range sp {
			s.Spec[k] += sp[k]
		}
		var comp compound
		if cache != nil {
			cache.key = appendTokenKey(cache.key[:0], c)
			var ok bool
			if comp, ok = cache.m[string(cache.key)]; !ok {
				if comp, err = buildCompound(c); err != nil {
					return nil, err
				}
				if len(cache.m) < maxSharedCompounds {
					if cache.m == nil {
						cache.m = make(map[string]compound)
					}
					cache.m[string(cache.key)] = comp
				}
			}
		} else if comp, err = buildCompound(c); err != nil {
			return nil, err
		}
		s.compounds = append(s.compounds, comp)
		if comp.simple != nil && comp.simple.logic != nil && comp.simple.logic.never {
			s.Never = true
		}
		if last {
			s.KeyKind, s.Key = compoundKey(c)
			s.SubjectTag, s.SubjectAttr = subjectTag(c), subjectAttr(c)
			s.KeyOnly = len(parts) == 1 && pseudo == "" && (len(c) == 1 && (c[0].Kind == Ident || c[0].Kind == Hash) ||
				len(c) == 2 && c[0].IsDelim(".") && c[1].Kind == Ident)
		} else if s.combs[i] == ' ' || s.combs[i] == '>' {
			// this compound matches a proper ancestor of the subject
			ancestorRare, ancestorTags = compoundFeatures(c, ancestorRare, ancestorTags)
			s.AncestorAnyHashes = append(s.AncestorAnyHashes, alternativeFeatures(c)...)
		}
	}
	if n := len(ancestorRare) + len(ancestorTags); n > 0 {
		if n <= len(sb.hashes) {
			s.AncestorHashes = sb.hashes[:0:n]
		} else {
			s.AncestorHashes = make([]uint32, 0, n)
		}
		s.AncestorHashes = append(append(s.AncestorHashes, ancestorRare...), ancestorTags...)
	}
	return s, nil
}

// selectorBlock is a Selector with room for the parts of a short one.
type selectorBlock struct {
	Selector
	compounds [3]compound
	combs     [2]byte
	hashes    [4]uint32
}

// buildCompound compiles one compound selector (its pseudo-element
// removed).
func buildCompound(c []Token) (compound, error) {
	// :lang() at the top of a compound is matched here against the
	// nearest lang attribute (cascadia accepts any ancestor's)
	rest, langs, err := extractLang(c)
	if err != nil {
		return compound{}, err
	}
	// structural pseudo-classes likewise, from the sibling position
	rest, nth := extractStructural(rest)
	var comp compound
	if len(langs) > 0 || len(nth) > 0 {
		comp.compoundExtra = &compoundExtra{langs: langs, nth: nth}
	}
	if simple, ok := simpleCompound(rest); ok {
		comp.simple = simple
	} else if len(rest) > 0 && !(len(rest) == 1 && rest[0].IsDelim("*")) {
		var b strings.Builder
		if err := writeSelector(&b, rest); err != nil {
			return compound{}, err
		}
		sel, err := cascadia.Parse(b.String())
		if err != nil {
			return compound{}, err
		}
		comp.sel = sel
	}
	return comp, nil
}

// Feature kinds for FeatureHash.
const (
	FeatureTag   = 't'
	FeatureID    = '#'
	FeatureClass = '.'
)

// FeatureHash hashes one feature of an element (its lower-case tag name,
// its id or one of its classes) for ancestor filters.
func FeatureHash(kind byte, name string) uint32 {
	h := uint32(2166136261)
	h = (h ^ uint32(kind)) * 16777619
	for i := 0; i < len(name); i++ {
		h = (h ^ uint32(name[i])) * 16777619
	}
	return h
}

// compoundFeatures appends to rare and tags the hashes of the ids and
// classes and of the tag a compound requires (only the simple selectors
// at its top level).
func compoundFeatures(c []Token, rare, tags []uint32) ([]uint32, []uint32) {
	for i, t := range c {
		prevColon := i > 0 && c[i-1].Kind == Colon
		switch {
		case t.Kind == Hash && !prevColon:
			rare = append(rare, FeatureHash(FeatureID, t.Text))
		case t.Kind == Delim && t.Text == "." && i+1 < len(c) && c[i+1].Kind == Ident:
			rare = append(rare, FeatureHash(FeatureClass, c[i+1].Text))
		case t.Kind == Ident && i == 0 && !(len(c) > 1 && c[1].IsDelim("|")):
			tags = append(tags, FeatureHash(FeatureTag, strings.ToLower(t.Text)))
		}
	}
	return rare, tags
}

// alternativeFeatures returns, for each :is()/:where() at the top level
// of a compound whose arguments are all compounds with a tag, id or class,
// one feature hash per argument: a matching element has one of them.
func alternativeFeatures(c []Token) [][]uint32 {
	var out [][]uint32
	for i := 1; i < len(c); i++ {
		if c[i].Kind != Function || c[i-1].Kind != Colon || i > 1 && c[i-2].Kind == Colon {
			continue
		}
		switch strings.ToLower(c[i].Text) {
		case "is", "where", "matches", "any", "-webkit-any", "-moz-any":
		default:
			continue
		}
		var group []uint32
		for _, arg := range SplitCommas(c[i].Args) {
			arg = TrimSpace(arg)
			var f []uint32
			if !hasCombinator(arg) {
				rare, tags := compoundFeatures(arg, nil, nil)
				f = append(rare, tags...)
			}
			if len(f) == 0 {
				group = nil
				break
			}
			group = append(group, f[0])
		}
		if len(group) > 0 {
			out = append(out, group)
		}
	}
	return out
}

// hasCombinator reports whether selector tokens hold a combinator or
// whitespace at the top level (a complex selector).
func hasCombinator(toks []Token) bool {
	for _, t := range toks {
		if t.Kind == Whitespace || t.Kind == Delim && (t.Text == ">" || t.Text == "+" || t.Text == "~") {
			return true
		}
	}
	return false
}

// extractLang removes top-level :lang(…) pseudo-classes from a compound
// and returns their (lower-case) language ranges.
func extractLang(c []Token) ([]Token, [][]string, error) {
	has := false
	for i := 0; i+1 < len(c); i++ {
		if c[i].Kind == Colon && c[i+1].Kind == Function && strings.EqualFold(c[i+1].Text, "lang") {
			has = true
		}
	}
	if !has {
		return c, nil, nil
	}
	var rest []Token
	var langs [][]string
	for i := 0; i < len(c); i++ {
		if c[i].Kind == Colon && i+1 < len(c) && c[i+1].Kind == Function && strings.EqualFold(c[i+1].Text, "lang") {
			var ranges []string
			for _, part := range SplitCommas(c[i+1].Args) {
				f := Fields(part)
				if len(f) != 1 || (f[0].Kind != Ident && f[0].Kind != String) {
					return nil, nil, errors.New("invalid :lang() argument")
				}
				ranges = append(ranges, strings.ToLower(f[0].Text))
			}
			langs = append(langs, ranges)
			i++
			continue
		}
		rest = append(rest, c[i])
	}
	if langs == nil {
		return c, nil, nil
	}
	return rest, langs, nil
}

// compound is one compiled compound selector: cascadia matches sel (nil
// for the universal selector); :lang() conditions are matched against the
// element's language, the lang (or xml:lang) attribute of the nearest
// element that has one; structural pseudo-classes against its sibling
// position.
type compound struct {
	sel    cascadia.Sel
	simple *simpleSel
	*compoundExtra
}

// compoundExtra holds the rarer parts of a compound.
type compoundExtra struct {
	langs [][]string
	nth   []nthTest
}

// match reports whether element n matches the compound; sib caches
// sibling positions (nil: walk the siblings).
func (c *compound) match(n *html.Node, sib *SiblingIndex) bool {
	x := c.compoundExtra
	if x != nil && len(x.nth) > 0 {
		p := sib.Position(n)
		for _, t := range c.nth {
			if !t.match(p) {
				return false
			}
		}
	}
	if c.simple != nil && !c.simple.match(n) {
		return false
	}
	if c.sel != nil && !c.sel.Match(n) {
		return false
	}
	if x == nil || len(x.langs) == 0 {
		return true
	}
	lang := ""
	for e := n; e != nil && e.Type == html.ElementNode; e = e.Parent {
		found := false
		for _, a := range e.Attr {
			if a.Key == "lang" || a.Key == "xml:lang" {
				lang, found = strings.ToLower(a.Val), true
				break
			}
		}
		if found {
			break
		}
	}
	for _, ranges := range c.langs {
		ok := false
		for _, r := range ranges {
			if r == "*" && lang != "" || lang == r || strings.HasPrefix(lang, r+"-") {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// splitPseudoElement removes a trailing pseudo-element from a compound.
func splitPseudoElement(c []Token) ([]Token, string, error) {
	for i := 0; i < len(c); i++ {
		if c[i].Kind != Colon {
			continue
		}
		if i+2 < len(c) && c[i+1].Kind == Colon && c[i+2].Kind == Ident {
			name := strings.ToLower(c[i+2].Text)
			if !knownPseudoElement(name) {
				return nil, "", fmt.Errorf("unknown pseudo-element ::%s", name)
			}
			if i+3 != len(c) {
				return nil, "", fmt.Errorf("pseudo-element ::%s must end the selector", name)
			}
			return c[:i], name, nil
		}
		if i+1 < len(c) && c[i+1].Kind == Ident {
			switch name := strings.ToLower(c[i+1].Text); name {
			case "before", "after", "first-line", "first-letter":
				if i+2 != len(c) {
					return nil, "", fmt.Errorf("pseudo-element :%s must end the selector", name)
				}
				return c[:i], name, nil
			}
		}
		if i+1 < len(c) && c[i+1].Kind == Colon {
			return nil, "", errors.New("invalid pseudo-element")
		}
	}
	return c, "", nil
}

// writeSelector serialises selector tokens for cascadia, rewriting
// :is()/:where()/:matches()/:any() to :not(:not(…)) and dynamic
// pseudo-classes to :hover (which cascadia never matches).
func writeSelector(b *strings.Builder, toks []Token) error {
	return writeSel(b, toks, false)
}

// maxInnerCompounds bounds the compounds of a complex selector inside
// :is()/:where()/:not()/:has(), which cascadia matches by backtracking.
const maxInnerCompounds = 32

func checkInner(args []Token) error {
	for _, part := range SplitCommas(args) {
		n := 1
		part = TrimSpace(part)
		for k, t := range part {
			if t.Kind == Delim && (t.Text == ">" || t.Text == "+" || t.Text == "~") ||
				t.Kind == Whitespace && k+1 < len(part) && !(part[k+1].Kind == Delim && (part[k+1].Text == ">" || part[k+1].Text == "+" || part[k+1].Text == "~")) && !(k > 0 && part[k-1].Kind == Delim && (part[k-1].Text == ">" || part[k-1].Text == "+" || part[k-1].Text == "~")) {
				n++
			}
		}
		if n > maxInnerCompounds {
			return fmt.Errorf("more than %d compounds inside a functional pseudo-class", maxInnerCompounds)
		}
	}
	return nil
}

func writeSel(b *strings.Builder, toks []Token, inHas bool) error {
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		prevColon := i > 0 && toks[i-1].Kind == Colon
		switch {
		case t.Kind == Function && prevColon:
			name := strings.ToLower(t.Text)
			switch name {
			case "is", "where", "matches", "any", "-webkit-any", "-moz-any", "not", "has":
				if err := checkInner(t.Args); err != nil {
					return err
				}
			}
			switch name {
			case "is", "where", "matches", "any", "-webkit-any", "-moz-any":
				b.WriteString("not(:not(")
				if err := writeSel(b, t.Args, inHas); err != nil {
					return err
				}
				b.WriteString("))")
				continue
			case "not", "has":
				args := TrimSpace(t.Args)
				if name == "has" {
					if inHas {
						return errors.New(":has() cannot be nested")
					}
					if len(args) > 0 && args[0].Kind == Delim {
						if args[0].Text != ">" || len(SplitCommas(args)) > 1 {
							return errors.New(":has() supports descendant and child (>) arguments only")
						}
						name, args = "haschild", args[1:]
					}
				}
				b.WriteString(name + "(")
				if err := writeSel(b, args, inHas || name != "not"); err != nil {
					return err
				}
				b.WriteString(")")
				continue
			}
			serialize(b, toks[i:i+1])
		case t.Kind == Ident && prevColon && dynamicPseudoClass(strings.ToLower(t.Text)):
			b.WriteString("hover")
		case t.Kind == Ident && prevColon && strings.EqualFold(t.Text, "any-link"):
			b.WriteString("link")
		case t.Kind == Delim && t.Text == "&":
			b.WriteString(":root")
		case t.Kind == Whitespace:
			b.WriteByte(' ')
		default:
			serialize(b, toks[i:i+1])
		}
	}
	return nil
}

// compoundKey chooses the bucket of the rightmost compound.
func compoundKey(c []Token) (KeyKind, string) {
	for i, t := range c {
		if t.Kind == Hash && (i == 0 || c[i-1].Kind != Colon) {
			return KeyID, t.Text
		}
	}
	for i, t := range c {
		if t.Kind == Delim && t.Text == "." && i+1 < len(c) && c[i+1].Kind == Ident {
			return KeyClass, c[i+1].Text
		}
	}
	if tag := subjectTag(c); tag != "" {
		return KeyTag, tag
	}
	if name := subjectAttr(c); name != "" {
		return KeyAttr, name
	}
	for i, t := range c {
		if t.Kind == Colon && i+1 < len(c) && c[i+1].Kind == Ident && strings.EqualFold(c[i+1].Text, "root") && (i == 0 || c[i-1].Kind != Colon) {
			return KeyRoot, ""
		}
	}
	return KeyUniversal, ""
}

// subjectTag returns the lower-case type selector of a compound, "" for
// none, * or a namespaced one.
func subjectTag(c []Token) string {
	if len(c) > 0 && c[0].Kind == Ident && (len(c) == 1 || !c[1].IsDelim("|")) {
		return strings.ToLower(c[0].Text)
	}
	return ""
}

// subjectAttr returns the lower-case name of the first attribute selector
// at the top level of a compound (not inside :not() or :is()), "" for
// none or a namespaced one.
func subjectAttr(c []Token) string {
	for _, t := range c {
		if t.Kind != Block || t.Text != "[" {
			continue
		}
		f := Fields(t.Args)
		if len(f) > 0 && f[0].Kind == Ident && (len(f) == 1 || !f[1].IsDelim("|")) {
			return strings.ToLower(f[0].Text)
		}
		return ""
	}
	return ""
}

// Match reports whether element n matches the selector (ignoring the
// pseudo-element, which the caller handles).
func (s *Selector) Match(n *html.Node) bool {
	return s.MatchIn(n, nil)
}

// MatchIn is Match with a cache of sibling positions for structural
// pseudo-classes (:nth-child() and relatives), which keeps matching them
// constant-time per element; sib may be nil.
func (s *Selector) MatchIn(n *html.Node, sib *SiblingIndex) bool {
	if n == nil || n.Type != html.ElementNode {
		return false
	}
	last := len(s.compounds) - 1
	if !s.compounds[last].match(n, sib) {
		return false
	}
	if last == 0 {
		return true
	}
	var memo map[memoKey]struct{}
	if last >= memoThreshold {
		memo = make(map[memoKey]struct{})
	}
	return s.matchFrom(n, last, memo, sib)
}

type memoKey struct {
	n *html.Node
	i int
}

func parentElement(n *html.Node) *html.Node {
	p := n.Parent
	if p != nil && p.Type != html.ElementNode {
		return nil
	}
	return p
}

func prevElement(n *html.Node) *html.Node {
	for n = n.PrevSibling; n != nil; n = n.PrevSibling {
		if n.Type == html.ElementNode {
			return n
		}
	}
	return nil
}

// matchFrom reports whether compounds[:i] match around n, given that n
// matches compounds[i].
func (s *Selector) matchFrom(n *html.Node, i int, memo map[memoKey]struct{}, sib *SiblingIndex) bool {
	if i == 0 {
		return true
	}
	c := &s.compounds[i-1]
	try := func(m *html.Node) bool {
		if memo != nil {
			if _, failed := memo[memoKey{m, i - 1}]; failed {
				return false
			}
		}
		if c.match(m, sib) && s.matchFrom(m, i-1, memo, sib) {
			return true
		}
		if memo != nil {
			memo[memoKey{m, i - 1}] = struct{}{}
		}
		return false
	}
	switch s.combs[i-1] {
	case '>':
		p := parentElement(n)
		return p != nil && try(p)
	case '+':
		p := prevElement(n)
		return p != nil && try(p)
	case '~':
		for p := prevElement(n); p != nil; p = prevElement(p) {
			if try(p) {
				return true
			}
		}
	default:
		for p := parentElement(n); p != nil; p = parentElement(p) {
			if try(p) {
				return true
			}
		}
	}
	return false
}
