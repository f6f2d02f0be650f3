package style

import (
	"container/list"
	"slices"
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
// For documents whose stylesheets it holds all of (and that @import
// nothing), it also keeps the rules converted and indexed for the cascade,
// so that the same template's documents skip that work too.
type SheetCache struct {
	maxSheets int
	maxBytes  int

	mu    sync.Mutex
	bytes int        // source bytes of the cached sheets
	lru   *list.List // of *cachedSheet, most recently used first
	m     map[string]*list.Element
	stats SheetCacheStats
	// nextID is the id of the last sheet stored
	nextID uint64
	// sets keeps the rule sets (converted rules, rule indexes, page
	// defaults) of documents whose stylesheets are all held here, keyed
	// by ruleSetKey; setLRU orders them, most recently used first.
	sets   map[string]*list.Element
	setLRU *list.List
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
	// id names the sheet in the keys of rule sets (never reused)
	id uint64
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
//
// id is the sheet's id in the cache when the result is the cached sheet, 0
// otherwise.
func (c *SheetCache) parse(src string, parse func(string) (*css.Stylesheet, []css.Diagnostic)) (sheet *css.Stylesheet, diags []css.Diagnostic, shared bool, id uint64) {
	if c == nil {
		sheet, diags = parse(src)
		return sheet, diags, false, 0
	}
	c.mu.Lock()
	if el, ok := c.m[src]; ok {
		c.lru.MoveToFront(el)
		c.stats.Hits++
		cs := el.Value.(*cachedSheet)
		c.mu.Unlock()
		return cs.sheet, cs.diags, true, cs.id
	}
	c.stats.Misses++
	c.mu.Unlock()
	// parse outside the lock; two Computes missing the same text at once
	// both parse it and the second store is dropped
	sheet, diags = parse(src)
	if len(src) > c.maxBytes/4 {
		return sheet, diags, false, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[src]; ok {
		return sheet, diags, true, 0
	}
	c.nextID++
	c.m[src] = c.lru.PushFront(&cachedSheet{src: src, sheet: sheet, diags: diags, id: c.nextID})
	c.bytes += len(src)
	for c.lru.Len() > c.maxSheets || c.bytes > c.maxBytes {
		old := c.lru.Remove(c.lru.Back()).(*cachedSheet)
		delete(c.m, old.src)
		c.bytes -= len(old.src)
		c.dropRuleSets(old.id)
	}
	return sheet, diags, true, c.nextID
}

// maxRuleSetsPerSheet bounds the rule sets a SheetCache keeps, per sheet
// it may hold.
const maxRuleSetsPerSheet = 2

// cachedRuleSet is a rule set kept by a SheetCache, with the ids of the
// sheets it was built from.
type cachedRuleSet struct {
	key string
	rs  *ruleSet
	ids []uint64
}

// ruleSet returns the rule set kept under key, or nil.
func (c *SheetCache) ruleSet(key string) *ruleSet {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.sets[key]
	if !ok {
		return nil
	}
	c.setLRU.MoveToFront(el)
	return el.Value.(*cachedRuleSet).rs
}

// storeRuleSet keeps rs, built from the sheets with ids, under key, while
// every one of those sheets stays in the cache.
func (c *SheetCache) storeRuleSet(key string, rs *ruleSet, ids []uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.sets[key]; ok {
		return
	}
	for _, id := range ids {
		held := false
		for el := c.lru.Front(); el != nil; el = el.Next() {
			if el.Value.(*cachedSheet).id == id {
				held = true
				break
			}
		}
		if !held {
			return // evicted meanwhile: the set could never be dropped with it
		}
	}
	if c.sets == nil {
		c.sets = map[string]*list.Element{}
		c.setLRU = list.New()
	}
	c.sets[key] = c.setLRU.PushFront(&cachedRuleSet{key: key, rs: rs, ids: ids})
	for c.setLRU.Len() > maxRuleSetsPerSheet*c.maxSheets {
		old := c.setLRU.Remove(c.setLRU.Back()).(*cachedRuleSet)
		delete(c.sets, old.key)
	}
}

// dropRuleSets forgets the rule sets built from sheet id; c.mu is held.
func (c *SheetCache) dropRuleSets(id uint64) {
	for key, el := range c.sets {
		if slices.Contains(el.Value.(*cachedRuleSet).ids, id) {
			c.setLRU.Remove(el)
			delete(c.sets, key)
		}
	}
}
