package style

import (
	"container/list"
	"sync"

	"github.com/seed28491532/folio/css"
)

// SheetCache keeps parsed stylesheets keyed by their exact text, so that a
// process that renders the same template many times parses its CSS once.
// It is bounded (least recently used sheets go first) and safe for
// concurrent use. Pass one in Options.Sheets; a nil *SheetCache caches
// nothing.
//
// Parsed sheets are shared read-only by every Compute that uses them; the
// diagnostics of a cached sheet are reported again each time it is used.
type SheetCache struct {
	maxSheets int
	maxBytes  int

	mu    sync.Mutex
	bytes int        // source bytes of the cached sheets
	lru   *list.List // of *cachedSheet, most recently used first
	m     map[string]*list.Element
	stats SheetCacheStats
}

// SheetCacheStats counts the lookups of a SheetCache.
type SheetCacheStats struct {
	Hits, Misses int64
	// Sheets and Bytes are what the cache holds now (Bytes counts the
	// sheets' source text).
	Sheets, Bytes int
}

type cachedSheet struct {
	src   string
	sheet *css.Stylesheet
	diags []css.Diagnostic
}

// NewSheetCache returns a cache of at most maxSheets stylesheets whose
// source text totals at most maxBytes; a sheet longer than a quarter of
// maxBytes is parsed but not kept. Zero or negative limits get defaults
// (64 sheets, 4 MiB).
func NewSheetCache(maxSheets, maxBytes int) *SheetCache {
	if maxSheets <= 0 {
		maxSheets = 64
	}
	if maxBytes <= 0 {
		maxBytes = 4 << 20
	}
	return &SheetCache{maxSheets: maxSheets, maxBytes: maxBytes, lru: list.New(), m: map[string]*list.Element{}}
}

// Stats returns the cache's counters.
func (c *SheetCache) Stats() SheetCacheStats {
	if c == nil {
		return SheetCacheStats{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.stats
	st.Sheets, st.Bytes = c.lru.Len(), c.bytes
	return st
}

// parse returns the parsed sheet of src, from the cache when it holds
// src. shared is true when the result is (or may become) shared with
// other Computes and must not be modified.
func (c *SheetCache) parse(src string, parse func(string) (*css.Stylesheet, []css.Diagnostic)) (sheet *css.Stylesheet, diags []css.Diagnostic, shared bool) {
	if c == nil {
		sheet, diags = parse(src)
		return sheet, diags, false
	}
	c.mu.Lock()
	if el, ok := c.m[src]; ok {
		c.lru.MoveToFront(el)
		c.stats.Hits++
		cs := el.Value.(*cachedSheet)
		c.mu.Unlock()
		return cs.sheet, cs.diags, true
	}
	c.stats.Misses++
	c.mu.Unlock()
	// parse outside the lock; two Computes missing the same text at once
	// both parse it and the second store is dropped
	sheet, diags = parse(src)
	if len(src) > c.maxBytes/4 {
		return sheet, diags, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[src]; !ok {
		c.m[src] = c.lru.PushFront(&cachedSheet{src: src, sheet: sheet, diags: diags})
		c.bytes += len(src)
		for c.lru.Len() > c.maxSheets || c.bytes > c.maxBytes {
			old := c.lru.Remove(c.lru.Back()).(*cachedSheet)
			delete(c.m, old.src)
			c.bytes -= len(old.src)
		}
	}
	return sheet, diags, true
}
