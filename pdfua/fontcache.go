package pdfua

import (
	"container/list"
	"sync"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// FontCache keeps the embedded font programs of written documents (the
// subset of a face, Flate-compressed, as it goes into /FontFile2 or
// /FontFile3) so that a later document using exactly the same glyphs of
// the same face embeds them without subsetting and compressing again. A
// server rendering many similar small documents (invoices, letters) from
// one font registry spends a large part of each conversion there. It
// keeps the compressed ToUnicode CMaps too.
//
// The /W width array of each program's glyph set is kept with it.
//
// Font programs are keyed by the face (the Font value itself, so pointer
// identity for *fonts.Face: share one fonts.Registry between the
// documents) and the exact set of glyph ids; a document with one more
// glyph gets its own entry. CMaps are keyed by the face and their exact
// text. Cached bytes are identical to what the
// document would produce without the cache, so output does not depend on
// it. The cache holds at most its byte budget of font programs and drops
// the least recently used ones first; it keeps the faces of its entries
// reachable, so it suits faces that live as long as the cache (a shared
// registry's), not faces parsed for one document.
//
// A FontCache is safe for concurrent use by many documents. The zero
// value is an empty cache with the default budget.
type FontCache struct {
	mu      sync.Mutex
	max     int
	size    int
	entries map[fontCacheKey]*list.Element
	lru     list.List // of *fontCacheEntry, most recent first
	stats   FontCacheStats
}

// FontCacheStats are counters of a FontCache.
type FontCacheStats struct {
	Hits, Misses int64
	// Entries and Bytes are the number of font programs held and their
	// total size.
	Entries, Bytes int
}

type fontCacheKey struct {
	face Font
	kind cacheKind
	// glyphs is the used glyph ids, two bytes each, ascending, for a
	// program; the CMap text for a CMap.
	glyphs string
}

// cacheKind tells font programs and ToUnicode CMaps apart.
type cacheKind uint8

const (
	kindProgram cacheKind = iota
	kindCMap
)

type fontCacheEntry struct {
	key     fontCacheKey
	program embeddedProgram
}

// embeddedProgram is a compressed font program, the length of the
// uncompressed one (/Length1) and, for programs, the /W array of the
// glyph set (read-only once built: documents share it).
type embeddedProgram struct {
	data   []byte
	length int
	widths pdfobj.Array
}

// DefaultFontCacheBytes is the budget NewFontCache uses for maxBytes <= 0:
// enough for a few hundred subsets of text faces.
const DefaultFontCacheBytes = 16 << 20

// NewFontCache returns an empty cache holding at most maxBytes of font
// programs (DefaultFontCacheBytes when maxBytes <= 0).
func NewFontCache(maxBytes int) *FontCache {
	if maxBytes <= 0 {
		maxBytes = DefaultFontCacheBytes
	}
	return &FontCache{max: maxBytes, entries: map[fontCacheKey]*list.Element{}}
}

// Stats returns the cache's counters.
func (c *FontCache) Stats() FontCacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stats
	s.Entries, s.Bytes = c.lru.Len(), c.size
	return s
}

// SetFontCache makes Write take embedded font programs from c and add the
// ones it builds to it. nil (the default) builds every program.
func (d *Document) SetFontCache(c *FontCache) { d.fontCache = c }

// glyphKey encodes used glyph ids as a cache key.
func glyphKey(used []fonts.GID) string {
	b := make([]byte, 2*len(used))
	for i, g := range used {
		b[2*i], b[2*i+1] = byte(g>>8), byte(g)
	}
	return string(b)
}

// get returns the cached program for key, marking it recently used.
func (c *FontCache) get(key fontCacheKey) (embeddedProgram, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		c.stats.Misses++
		return embeddedProgram{}, false
	}
	c.stats.Hits++
	c.lru.MoveToFront(el)
	return el.Value.(*fontCacheEntry).program, true
}

// put adds a program, evicting the least recently used ones beyond the
// budget. A program larger than the whole budget is not kept.
func (c *FontCache) put(key fontCacheKey, p embeddedProgram) {
	size := entrySize(key, p)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.max <= 0 {
		c.max = DefaultFontCacheBytes
	}
	if size > c.max {
		return
	}
	if c.entries == nil {
		c.entries = map[fontCacheKey]*list.Element{}
	}
	if _, ok := c.entries[key]; ok {
		return // another document built it meanwhile; the bytes are equal
	}
	c.entries[key] = c.lru.PushFront(&fontCacheEntry{key: key, program: p})
	c.size += size
	for c.size > c.max {
		last := c.lru.Back()
		e := last.Value.(*fontCacheEntry)
		c.lru.Remove(last)
		delete(c.entries, e.key)
		c.size -= entrySize(e.key, e.program)
	}
}

// entrySize is what an entry counts against the budget: its bytes plus a
// fixed overhead for the bookkeeping.
func entrySize(key fontCacheKey, p embeddedProgram) int {
	return len(p.data) + len(key.glyphs) + 24*len(p.widths) + 128
}
