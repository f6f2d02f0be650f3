package style

import (
	"fmt"
	"slices"
	"strings"

	"github.com/seed28491532/folio/css"
)

// origin is the cascade origin of a declaration.
type origin uint8

const (
	originUA origin = iota
	originAuthor
	originAttr // style attributes: author origin, above every selector
)

// cdecl is a validated declaration ready for the cascade.
type cdecl struct {
	value  []css.Token
	fields []css.Token // value without whitespace (nil: compute on use)
	// name is the custom property name (--x) of a custom declaration, or
	// the shorthand name of a short one (expansion waits for var())
	name      string
	wide      string  // css-wide keyword (inherit, initial, unset, revert), lower-case
	prop      propID  // longhand; numProps for custom and deferred shorthands
	short     shortID // the shorthand of a deferred one
	kind      declKind
	important bool
	hasVar    bool
	// logical marks a flow-relative declaration (margin-inline-start):
	// prop is its ltr mapping, the cascade maps it by direction
	// (logical.go)
	logical bool
}

// declKind tells longhand declarations from custom properties and
// shorthands whose expansion waits for var().
type declKind uint8

const (
	declLonghand declKind = iota
	declCustom
	declShort
)

// entry is one selector of a style rule, the unit of rule indexes.
type entry struct {
	sel    *css.Selector
	decls  []cdecl
	origin origin
	order  int32
	// layer is the cascade layer's path ("" unlayered) and layerRank its
	// precedence for normal declarations (unlayered highest).
	layer     *layerNode
	layerRank uint8
}

// pageEntry is one @page rule.
type pageEntry struct {
	sels    []css.PageSelector
	decls   []cdecl
	margins [NumMarginBoxes][]cdecl
	// footnote holds the declarations of @footnote (css-gcpm-3 §2.3).
	footnote []cdecl
	origin   origin
	order    int32
}

// ruleIndex buckets entries by the key of their rightmost compound. The
// buckets hold sort keys (origin, specificity, source order and the
// entry's index packed in a uint64), so that collecting and ordering the
// candidates of an element moves no pointers.
type ruleIndex struct {
	all                          []*entry
	byID, byClass, byTag, byAttr map[string]*bucket
	// universal holds the entries every element tries, root those only
	// the root element tries (:root).
	universal, root bucket
	// quick holds, parallel to all, what rejects most candidates without
	// touching their selectors.
	quick []quickSel
}

// quickSel is the head of an entry's selector for the candidate filter:
// whether the key alone decides the match, and the first ancestor
// filter slots the selector needs.
type quickSel struct {
	// tag and attr are a tag name and an attribute name the subject
	// requires, when the bucket does not imply them ("" for none).
	tag, attr string
	keyOnly   bool
	// anyOf is set when the selector has AncestorAnyHashes
	anyOf bool
	// n is the number of slots in h; more than len(h) hashes are
	// checked from the selector.
	n uint8
	h [4]uint16
}

const (
	keyIndexBits = 24
	keyIndexMask = 1<<keyIndexBits - 1
	maxEntries   = 1 << keyIndexBits
)

func newRuleIndex() *ruleIndex {
	return &ruleIndex{byID: map[string]*bucket{}, byClass: map[string]*bucket{}, byTag: map[string]*bucket{}, byAttr: map[string]*bucket{}}
}

// newRuleIndexFor returns a rule index with room for n entries.
func newRuleIndexFor(n int) *ruleIndex {
	ix := newRuleIndex()
	n = min(n, maxEntries)
	ix.all = make([]*entry, 0, n)
	ix.quick = make([]quickSel, 0, n)
	return ix
}

// add indexes e; entries must be added in source order. Selectors that
// never match in print are left out.
func (ix *ruleIndex) add(e *entry) {
	if len(ix.all) >= maxEntries || e.sel.Never {
		return
	}
	sp := func(v int) uint64 { return uint64(min(v, 1023)) }
	key := uint64(e.origin)<<62 | uint64(e.layerRank)<<54 | sp(e.sel.Spec[0])<<44 | sp(e.sel.Spec[1])<<34 | sp(e.sel.Spec[2])<<24 | uint64(len(ix.all))
	ix.all = append(ix.all, e)
	q := quickSel{keyOnly: e.sel.KeyOnly, anyOf: len(e.sel.AncestorAnyHashes) > 0, n: uint8(min(len(e.sel.AncestorHashes), 255))}
	if e.sel.KeyKind != css.KeyTag {
		q.tag = e.sel.SubjectTag
	}
	if e.sel.KeyKind != css.KeyAttr {
		q.attr = e.sel.SubjectAttr
	}
	for i, h := range e.sel.AncestorHashes {
		if i == len(q.h) {
			break
		}
		q.h[i] = uint16(h & filterMask)
	}
	ix.quick = append(ix.quick, q)
	// the first two ancestor features the selector needs (filterAlways
	// for none) screen it in its bucket
	first := [2]uint16{filterAlways, filterAlways}
	if !q.keyOnly {
		for i := range min(int(q.n), 2) {
			first[i] = q.h[i]
		}
	}
	add := func(m map[string]*bucket) {
		b := m[e.sel.Key]
		if b == nil {
			b = &bucket{}
			m[e.sel.Key] = b
		}
		b.add(key, first)
	}
	switch e.sel.KeyKind {
	case css.KeyID:
		add(ix.byID)
	case css.KeyClass:
		add(ix.byClass)
	case css.KeyTag:
		add(ix.byTag)
	case css.KeyAttr:
		add(ix.byAttr)
	case css.KeyRoot:
		ix.root.add(key, first)
	default:
		ix.universal.add(key, first)
	}
}

// bucket holds the sort keys of the entries under one index key, and in
// first, parallel to keys, the ancestor filter slots of each entry's first
// two ancestor features (filterAlways for none): two array lookups reject
// most entries of a large bucket (the rules for "p.note em" when no
// ancestor has class note) without touching the entries.
type bucket struct {
	keys  []uint64
	first [][2]uint16
}

func (b *bucket) add(key uint64, first [2]uint16) {
	b.keys = append(b.keys, key)
	b.first = append(b.first, first)
}

// validator turns css declarations into cdecls, reporting invalid ones.
type validator struct {
	scratch Style
	initial Style
	a       applier
	report  func(pos css.Pos, msg string)

	// out collects the cdecls of one declaration block before they are
	// copied to an exactly sized slice (cut from decls).
	out   []cdecl
	decls []cdecl
	// arena holds the value tokens that convert creates (whitespace-free
	// fields and shorthand expansions) back to back, instead of in one
	// small allocation each; a large stylesheet keeps millions of them.
	arena []css.Token
	// single interns one-token values by kind and source text: the same
	// colors, lengths and keywords recur throughout a stylesheet, and
	// sharing them lets the parsed declaration blocks be collected.
	single map[singleKey][]css.Token
}

type singleKey struct {
	kind css.Kind
	raw  string
}

// maxInterned bounds the intern table of one validator.
const maxInterned = 1 << 16

// intern returns a shared copy of a one-token value (with no nested
// tokens and known source text; the copy's position is that of the first
// occurrence, which the cascade does not use), or val itself.
func (v *validator) intern(val []css.Token) []css.Token {
	if len(val) != 1 || len(val[0].Args) > 0 || val[0].Raw == "" {
		return val
	}
	k := singleKey{val[0].Kind, val[0].Raw}
	if s, ok := v.single[k]; ok {
		return s
	}
	if len(v.single) >= maxInterned {
		return val
	}
	if v.single == nil {
		v.single = make(map[singleKey][]css.Token)
	}
	s := v.store(val)
	v.single[k] = s
	return s
}

func newValidator(report func(css.Pos, string)) *validator {
	v := &validator{report: report, initial: initialStyle()}
	v.scratch = *privateStyle(&v.initial)
	v.a = applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize, vw: 5.95, vh: 8.42}, parent: &v.initial}
	return v
}

// try reports whether v is a valid value of longhand id: whether it
// applies to the initial style.
func (v *validator) try(id propID, val []css.Token) bool {
	// apply writes the property's group only: give it its initial values
	groups[longhands[id].group].assign(&v.scratch, &v.initial)
	return v.a.apply(&v.scratch, id, val)
}

// invalid reports the invalid declaration d, with the reason when a math
// function in it is malformed.
func (v *validator) invalid(d css.Declaration) {
	msg := fmt.Sprintf("invalid value for %s: %q", d.Name, clip(css.Serialize(d.Value)))
	if why := calcProblem(d.Value, v.a.lc); why != "" {
		msg += " (" + why + ")"
	}
	v.report(d.Pos, msg+": dropped")
}

// store returns a copy of toks in the arena (capacity clipped, so that
// appending to it cannot overwrite its neighbours).
func (v *validator) store(toks []css.Token) []css.Token {
	if len(toks) == 0 {
		return toks
	}
	if cap(v.arena)-len(v.arena) < len(toks) {
		// chunks grow with the stylesheet: small documents allocate
		// little, large stylesheets few chunks
		size := min(max(2*cap(v.arena), 64), 4096)
		v.arena = make([]css.Token, 0, max(size, len(toks)))
	}
	start := len(v.arena)
	v.arena = append(v.arena, toks...)
	return v.arena[start:len(v.arena):len(v.arena)]
}

// fields returns the whitespace-free tokens of val, sharing val when it
// has no whitespace.
func (v *validator) fields(val []css.Token) []css.Token {
	for _, t := range val {
		if t.Kind == css.Whitespace {
			return v.store(css.Fields(val))
		}
	}
	return val
}

// shared returns the value of a longhand expanded from a shorthand: one
// token from the source is interned, anything else is stored in the
// arena.
func (v *validator) shared(val []css.Token) []css.Token {
	if s := v.intern(val); len(s) > 0 && &s[0] != &val[0] {
		return s
	}
	return v.store(val)
}

// supportsDecl reports whether a declaration would be accepted
// (@supports). It is safe for concurrent use (a parallel parse asks from
// several goroutines).
func supportsDecl(d css.Declaration) bool {
	v := newValidator(func(css.Pos, string) {})
	return len(v.convert([]css.Declaration{d}, false)) > 0
}

// convert validates declarations and expands shorthands. page allows the
// page-only descriptor size.
func (v *validator) convert(decls []css.Declaration, page bool) []cdecl {
	out := v.out[:0]
	defer func() {
		clear(out)
		v.out = out[:0]
	}()
	for _, d := range decls {
		if strings.HasPrefix(d.Name, "--") {
			out = append(out, cdecl{prop: numProps, kind: declCustom, name: d.Name, value: d.Value, important: d.Important})
			continue
		}
		wide := ""
		if cssWide(d.Value) {
			wide = strings.ToLower(d.Value[0].Text)
			if wide == "revert-layer" {
				wide = "revert"
			}
		}
		hv := hasVar(d.Value)
		if id, ok := propByName()[d.Name]; ok {
			if pageOnly(id) && !page {
				v.report(d.Pos, d.Name+" applies to @page only: dropped")
				continue
			}
			if wide == "" && !hv {
				if !v.try(id, d.Value) {
					v.invalid(d)
					continue
				}
			}
			val := v.intern(d.Value)
			out = append(out, cdecl{prop: id, value: val, fields: v.fields(val), important: d.Important, hasVar: hv, wide: wide, logical: logicalName(d.Name)})
			continue
		}
		if sh, ok := shorthandByName()[d.Name]; ok {
			if hv {
				out = append(out, cdecl{prop: numProps, short: sh, kind: declShort, name: d.Name, value: d.Value, important: d.Important, hasVar: true, logical: logicalName(d.Name)})
				continue
			}
			lh, ok := expandShorthand(sh, d.Value)
			if ok {
				for _, l := range lh {
					if wide != "" {
						continue
					}
					if !v.try(l.prop, l.value) {
						ok = false
						break
					}
				}
			}
			if !ok {
				v.invalid(d)
				continue
			}
			for _, l := range lh {
				val := v.shared(l.value)
				out = append(out, cdecl{prop: l.prop, value: val, fields: v.fields(val), important: d.Important, wide: wide, logical: logicalName(d.Name)})
			}
			continue
		}
		if ignoredProperty(d.Name) {
			continue
		}
		v.report(d.Pos, fmt.Sprintf("unknown property %s: dropped", d.Name))
	}
	if len(out) == 0 {
		return nil
	}
	return v.keep(out)
}

// keep returns a copy of ds cut from a chunk shared with other
// declaration lists (capacity clipped, so appending to it cannot
// overwrite its neighbours): a stylesheet has a list per rule.
func (v *validator) keep(ds []cdecl) []cdecl {
	if len(ds) > declChunk/4 {
		return slices.Clone(ds)
	}
	if cap(v.decls)-len(v.decls) < len(ds) {
		// chunks grow from 16 declarations: a style attribute or an
		// @supports test allocates little
		v.decls = make([]cdecl, 0, max(min(2*cap(v.decls), declChunk), 16, len(ds)))
	}
	start := len(v.decls)
	v.decls = append(v.decls, ds...)
	return v.decls[start:len(v.decls):len(v.decls)]
}

// declChunk is the most declarations a validator allocates at once for
// the lists convert returns.
const declChunk = 64

func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "…"
	}
	return s
}
