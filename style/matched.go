package style

import (
	"hash/maphash"
	"math"
	"slices"

	"github.com/seed28491532/folio/css"
)

// varScope is the set of custom properties an element sees, with an id
// that tells scopes apart without comparing maps: every element that
// declares custom properties opens a new scope, its descendants share it.
type varScope struct {
	m  map[string][]css.Token
	id int32
}

// matchedCache is a matched-properties cache, as browsers keep one: two
// elements that match the same rules, have the same presentational hints,
// style attribute declarations, language and custom properties, and whose
// parents agree on every inherited property, have the same computed style.
// The cascade and the computation run for the first; the others copy its
// result. It lives for one Compute.
type matchedCache struct {
	// heads is a hash table of chains: heads[bucket(hash of key)] is the
	// newest entry of its bucket, plus one (0: none), and entries of the
	// same bucket are chained through next. It doubles when it holds
	// more entries than three quarters of its length (a power of two).
	heads []int32
	seed  maphash.Seed
	// entries holds the entries in chunks of entryChunk (allocated as
	// needed, so that a document with few distinct styles pays for few);
	// count is how many there are.
	entries [][]matchedEntry
	count   int
	// keys holds each entry's rule keys followed by its dependencies
	// (see matchedEntry.rules), entry after entry.
	keys []uint64
}

// matchedKey is what two elements must share exactly to share a style,
// apart from the rule list (hashed here, compared in the entry) and the
// parent's inherited properties.
type matchedKey struct {
	rules uint64 // hash of the matched rules' keys
	// hints and attrs identify the element's presentational hint and
	// style attribute declarations (interned per Compute; nil for none)
	hints, attrs *cdecl
	lang         string
	hasLang      bool
	pseudo       Pseudo // PseudoNone for elements
	vars         int32
	// the parent's inherited properties that differ most often between
	// elements (the rest are compared in lookup)
	color    Color
	fontSize float64
}

// matchedEntry is one computed style (nil for a pseudo-element that
// generates no box) and what it was computed from.
type matchedEntry struct {
	key matchedKey
	// rules holds the matched rules' keys; past its length, up to its
	// capacity, come the non-inherited properties the style inherits
	// explicitly (see deps), which the parents must agree on too. (One
	// slice for both keeps an entry at 128 bytes: a chunk of them fills
	// a size class.)
	rules  []uint64
	parent *Style
	style  *Style
	vars   varScope
	next   int32 // previous entry of the same bucket, plus one
}

// deps returns the non-inherited properties e's style inherits
// explicitly, as propIDs widened to uint64.
func (e *matchedEntry) deps() []uint64 {
	return e.rules[len(e.rules):cap(e.rules)]
}

// Bounds of a matchedCache: styles kept, and styles per key (parents with
// different inherited values).
const (
	maxMatched       = 1 << 13
	maxMatchedPerKey = 8
)

// hashRules hashes the sort keys of the matched rules.
func hashRules(keys []uint64) uint64 {
	h := uint64(14695981039346656037)
	for _, k := range keys {
		h ^= k
		h *= 1099511628211
		h ^= h >> 29
	}
	return h
}

// hash returns the hash of k. Keys naming presentational hints or style
// attribute declarations (interned per Compute, told apart by identity)
// go through maphash; the others, nearly every element's, are mixed here
// without hashing a struct.
func (mc *matchedCache) hash(k matchedKey) uint64 {
	if k.hints != nil || k.attrs != nil {
		return maphash.Comparable(mc.seed, k)
	}
	h := k.rules
	mix := func(v uint64) {
		h ^= v
		h *= 0x9E3779B97F4A7C15
		h ^= h >> 31
	}
	flags := uint64(k.pseudo) << 1
	if k.hasLang {
		flags |= 1
	}
	mix(uint64(uint32(k.vars))<<32 | flags)
	mix(uint64(k.color.R) | uint64(k.color.G)<<8 | uint64(k.color.B)<<16 | uint64(k.color.A)<<24)
	mix(math.Float64bits(k.fontSize))
	if k.lang != "" {
		mix(maphash.String(mc.seed, k.lang))
	}
	return h
}

// entryChunk is the number of entries a chunk of matchedCache.entries
// holds.
const entryChunk = 64

// reserve prepares the cache for a document of n elements.
func (mc *matchedCache) reserve(n int) {
	size := 64
	for size < min(n/8, maxMatched) {
		size *= 2
	}
	mc.heads = make([]int32, size)
	mc.seed = maphash.MakeSeed()
}

// bucket returns the index in heads of the chain of hash h.
func (mc *matchedCache) bucket(h uint64) int {
	return int((h ^ h>>32) & uint64(len(mc.heads)-1))
}

// grow doubles heads and chains the entries again.
func (mc *matchedCache) grow() {
	mc.heads = make([]int32, 2*len(mc.heads))
	for i := range mc.count {
		e := mc.entry(int32(i))
		b := mc.bucket(mc.hash(e.key))
		e.next = mc.heads[b]
		mc.heads[b] = int32(i + 1)
	}
}

// entry returns entry i (0-based).
func (mc *matchedCache) entry(i int32) *matchedEntry {
	return &mc.entries[i/entryChunk][i%entryChunk]
}

// lookup returns the entry whose style an element with these matched
// rules and this parent can take, or nil.
func (mc *matchedCache) lookup(k matchedKey, rules []uint64, parent *Style) *matchedEntry {
	if mc.heads == nil {
		return nil
	}
	for i := mc.heads[mc.bucket(mc.hash(k))]; i != 0; {
		e := mc.entry(i - 1)
		if e.key == k && slices.Equal(e.rules, rules) && (e.parent == parent || inheritedEqual(e.parent, parent) && depsEqual(e.parent, parent, e.deps())) {
			return e
		}
		i = e.next
	}
	return nil
}

// store records a computed style that took the properties deps from its
// parent besides the inherited ones; style and parent must not change
// afterwards.
func (mc *matchedCache) store(k matchedKey, rules []uint64, deps []propID, parent, style *Style, vars varScope) {
	if mc.count >= maxMatched {
		return
	}
	for _, id := range deps {
		if !depComparable(id) {
			return
		}
	}
	if mc.heads == nil {
		mc.reserve(0)
	}
	if 4*(mc.count+1) > 3*len(mc.heads) {
		mc.grow()
	}
	b := mc.bucket(mc.hash(k))
	same := 0
	for i := mc.heads[b]; i != 0; {
		e := mc.entry(i - 1)
		if e.key == k && slices.Equal(e.rules, rules) {
			if same++; same >= maxMatchedPerKey {
				return
			}
		}
		i = e.next
	}
	// a new chunk when this one lacks room, so that earlier entries'
	// slices stay valid
	if n := len(rules) + len(deps); cap(mc.keys)-len(mc.keys) < n {
		// chunks double from 64 keys to 1024: a document with few
		// distinct styles pays for few
		mc.keys = make([]uint64, 0, max(min(2*cap(mc.keys), 1024), 64, n))
	}
	mc.keys = append(mc.keys, rules...)
	for _, id := range deps {
		mc.keys = append(mc.keys, uint64(id))
	}
	list := mc.keys[len(mc.keys)-len(rules)-len(deps):]
	if mc.count%entryChunk == 0 {
		mc.entries = append(mc.entries, make([]matchedEntry, entryChunk))
	}
	*mc.entry(int32(mc.count)) = matchedEntry{key: k, rules: list[: len(rules) : len(rules)+len(deps)],
		parent: parent, style: style, vars: vars, next: mc.heads[b]}
	mc.count++
	mc.heads[b] = int32(mc.count)
}

// depComparable reports whether depsEqual can compare non-inherited property
// id: the ones user-agent and author stylesheets commonly inherit
// explicitly.
func depComparable(id propID) bool {
	switch id {
	case pVerticalAlign, pDisplay, pBackgroundColor, pWidth, pHeight, pBoxSizing, pOverflow, pOverflowY,
		pMarginTop, pMarginRight, pMarginBottom, pMarginLeft,
		pPaddingTop, pPaddingRight, pPaddingBottom, pPaddingLeft,
		pBorderTopWidth, pBorderRightWidth, pBorderBottomWidth, pBorderLeftWidth,
		pBorderTopStyle, pBorderRightStyle, pBorderBottomStyle, pBorderLeftStyle,
		pBorderTopColor, pBorderRightColor, pBorderBottomColor, pBorderLeftColor:
		return true
	}
	return false
}

// depsEqual reports whether a and b agree on the non-inherited properties
// deps (each one for which depComparable is true).
func depsEqual(a, b *Style, deps []uint64) bool {
	for _, d := range deps {
		id := propID(d)
		var same bool
		switch id {
		case pVerticalAlign:
			same = a.VerticalAlign == b.VerticalAlign && a.VerticalAlignLength == b.VerticalAlignLength
		case pDisplay:
			same = a.Display == b.Display && a.InlineListItem == b.InlineListItem
		case pBackgroundColor:
			same = a.BackgroundColor == b.BackgroundColor
		case pWidth:
			same = a.Width == b.Width
		case pHeight:
			same = a.Height == b.Height
		case pBoxSizing:
			same = a.BoxSizing == b.BoxSizing
		case pOverflow:
			same = a.OverflowX == b.OverflowX
		case pOverflowY:
			same = a.OverflowY == b.OverflowY
		case pMarginTop, pMarginRight, pMarginBottom, pMarginLeft:
			same = a.Margin[id-pMarginTop] == b.Margin[id-pMarginTop]
		case pPaddingTop, pPaddingRight, pPaddingBottom, pPaddingLeft:
			same = a.Padding[id-pPaddingTop] == b.Padding[id-pPaddingTop]
		case pBorderTopWidth, pBorderRightWidth, pBorderBottomWidth, pBorderLeftWidth:
			same = a.Border[id-pBorderTopWidth].Width == b.Border[id-pBorderTopWidth].Width
		case pBorderTopStyle, pBorderRightStyle, pBorderBottomStyle, pBorderLeftStyle:
			same = a.Border[id-pBorderTopStyle].Style == b.Border[id-pBorderTopStyle].Style
		case pBorderTopColor, pBorderRightColor, pBorderBottomColor, pBorderLeftColor:
			same = a.Border[id-pBorderTopColor].Color == b.Border[id-pBorderTopColor].Color
		}
		if !same {
			return false
		}
	}
	return true
}
