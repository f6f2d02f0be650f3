package fonts

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-text/typesetting/language"
)

// Shaping cache bounds: words longer than maxCachedWord bytes are shaped
// every time; the cache is emptied when it reaches maxCacheEntries.
const (
	maxCachedWord   = 64
	maxCacheEntries = 1 << 15
)

// Arena chunk sizes of a word table: the bytes of its words and the glyphs
// of its entries are carved out of shared chunks rather than allocated one
// word at a time. A table's first chunks are small (many tables hold a few
// words) and each next one twice as large, up to the maximum.
const (
	minWordArenaBytes  = 256
	maxWordArenaBytes  = 4 << 10
	minGlyphArenaCount = 32
	maxGlyphArenaCount = 512
)

// styleKey identifies how words are shaped: face, script, language,
// direction and features. Results are stored in font units, so the size is
// not part of it.
type styleKey struct {
	face   *Face
	script language.Script
	lang   language.Language
	dir    Direction
	noLiga bool
	// features is ShapeOptions.Features.
	features string
}

// cachedGlyph is a glyph of a shaped word, positions in 1/64 font units,
// cluster a byte offset in the word.
type cachedGlyph struct {
	id               GID
	cluster          int32
	xAdv, xOff, yOff int32
}

// cacheEntry is the shaping result of one word: its glyphs and the
// characters the face could not draw. Entries are immutable once stored.
type cacheEntry struct {
	glyphs  []cachedGlyph
	missing []rune
}

// shapeCache memoises shaped words for one registry, by style then word.
// It is safe for concurrent use, and a cache hit takes no lock: the map of
// styles and each style's published words are immutable maps read through
// atomic pointers. New styles replace the style map (copy on write; there
// are few); new words go to their table's pending map and are published in
// batches (see wordTable).
type shapeCache struct {
	// styles holds the word tables by face, then style: a registry has
	// few styles per face, and a pointer key hashes faster than a
	// styleKey.
	styles atomic.Pointer[map[*Face][]styleTable]
	mu     sync.Mutex   // serialises replacing styles
	words  atomic.Int64 // words stored since the cache was last emptied
	// limit, when positive, replaces maxCacheEntries (for tests).
	limit int64
}

// styleTable is the word table of one style.
type styleTable struct {
	key   styleKey
	table *wordTable
}

// find returns the table of sk in m, or nil.
func find(m *map[*Face][]styleTable, sk styleKey) *wordTable {
	if m == nil {
		return nil
	}
	for _, st := range (*m)[sk.face] {
		if st.key == sk {
			return st.table
		}
	}
	return nil
}

// table returns the word table of style sk, creating it if needed.
func (c *shapeCache) table(sk styleKey) *wordTable {
	if t := find(c.styles.Load(), sk); t != nil {
		return t
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.styles.Load()
	if t := find(old, sk); t != nil {
		return t
	}
	var m map[*Face][]styleTable
	if old == nil {
		m = make(map[*Face][]styleTable, 4)
	} else {
		m = make(map[*Face][]styleTable, len(*old)+1)
		for k, sts := range *old {
			m[k] = sts
		}
	}
	t := &wordTable{}
	// A new slice: readers of the old map keep theirs.
	m[sk.face] = append(slices.Clip(m[sk.face]), styleTable{key: sk, table: t})
	c.styles.Store(&m)
	return t
}

// counted records that a word was stored and empties the cache when it
// holds maxCacheEntries words. Tables in use by a running Shape call stay
// valid; they are just no longer found.
func (c *shapeCache) counted() {
	limit := int64(maxCacheEntries)
	if c.limit > 0 {
		limit = c.limit
	}
	if c.words.Add(1) < limit {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.words.Load() >= limit {
		c.styles.Store(nil)
		c.words.Store(0)
	}
}

// wordTable holds the shaped words of one style. Lookups read the
// published map without locking; a word not there is looked up in pending
// under mu. Pending words are published by copying both maps into a new
// one, either once there are as many of them as published ones (at least
// minPublish), or once pending has answered as many look-ups as the new
// map will hold. Either way the copying costs O(1) per word stored or
// looked up, and words that are used again soon are published soon.
type wordTable struct {
	published atomic.Pointer[map[string]cacheEntry]

	mu          sync.Mutex
	pending     map[string]cacheEntry
	pendingHits int             // look-ups pending answered since the last publish
	keys        strings.Builder // arena of word bytes (see key)
	glyphs      []cachedGlyph   // arena of entry glyphs, appended to
}

// minPublish is the smallest batch of pending words a table publishes.
const minPublish = 32

// lookup returns the cached entry of word, if any, without locking.
func (t *wordTable) lookup(word string) (cacheEntry, bool) {
	if m := t.published.Load(); m != nil {
		e, ok := (*m)[word]
		return e, ok
	}
	return cacheEntry{}, false
}

// lookupPending returns the entry of word among the words not yet
// published.
func (t *wordTable) lookupPending(word string) (cacheEntry, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.pending[word]
	if ok {
		t.pendingHits++
		if t.pendingHits >= t.publishedLen()+len(t.pending) {
			t.publish()
		}
	}
	return e, ok
}

// publishedLen returns the number of published words.
func (t *wordTable) publishedLen() int {
	if m := t.published.Load(); m != nil {
		return len(*m)
	}
	return 0
}

// publish makes the pending words visible to lookup. t.mu must be held.
func (t *wordTable) publish() {
	pub := t.published.Load()
	n := len(t.pending)
	if pub != nil {
		n += len(*pub)
	}
	m := make(map[string]cacheEntry, n)
	if pub != nil {
		for k, v := range *pub {
			m[k] = v
		}
	}
	for k, v := range t.pending {
		m[k] = v
	}
	t.published.Store(&m)
	clear(t.pending)
	t.pendingHits = 0
}

// add stores the shaped word, copying its key and glyphs into the
// table's arenas (so neither pins the caller's text or a shaper's buffer),
// and reports whether it was new. Words longer than maxCachedWord are not
// stored.
func (t *wordTable) add(word string, glyphs []cachedGlyph, missing []rune) bool {
	if len(word) > maxCachedWord {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, dup := t.pending[word]; dup {
		return false
	}
	pub := t.published.Load()
	if pub != nil {
		if _, dup := (*pub)[word]; dup {
			return false
		}
	}
	if t.pending == nil {
		t.pending = make(map[string]cacheEntry, minPublish)
	}
	e := cacheEntry{glyphs: t.storeGlyphs(glyphs)}
	if len(missing) > 0 {
		e.missing = append([]rune(nil), missing...)
	}
	t.pending[t.key(word)] = e
	if len(t.pending) >= max(minPublish, t.publishedLen()) {
		t.publish()
	}
	return true
}

// key returns a copy of word backed by the table's word arena. A string
// the builder returned stays valid and unchanged as the builder grows:
// strings.Builder only appends.
func (t *wordTable) key(word string) string {
	if t.keys.Len()+len(word) > t.keys.Cap() {
		n := min(maxWordArenaBytes, max(minWordArenaBytes, 2*t.keys.Cap()))
		t.keys = strings.Builder{}
		t.keys.Grow(n)
	}
	n := t.keys.Len()
	t.keys.WriteString(word)
	return t.keys.String()[n:]
}

// storeGlyphs returns a copy of glyphs backed by the table's glyph arena.
// The copy's capacity ends at its last glyph, so later appends to the
// arena never reach it.
func (t *wordTable) storeGlyphs(glyphs []cachedGlyph) []cachedGlyph {
	if len(glyphs) == 0 {
		return nil
	}
	if len(t.glyphs)+len(glyphs) > cap(t.glyphs) {
		n := min(maxGlyphArenaCount, max(minGlyphArenaCount, 2*cap(t.glyphs)))
		t.glyphs = make([]cachedGlyph, 0, max(n, len(glyphs)))
	}
	n := len(t.glyphs)
	t.glyphs = append(t.glyphs, glyphs...)
	return t.glyphs[n:len(t.glyphs):len(t.glyphs)]
}
