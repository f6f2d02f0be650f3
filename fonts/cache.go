package fonts

import (
	"strings"
	"sync"

	"github.com/go-text/typesetting/language"
)

// Shaping cache bounds: words longer than maxCachedWord bytes are shaped
// every time; the cache is emptied when it reaches maxCacheEntries.
const (
	maxCachedWord   = 64
	maxCacheEntries = 1 << 15
)

// shapeKey identifies a shaped word. Results are stored in font units, so
// the key does not include the size.
type shapeKey struct {
	face   *Face
	script language.Script
	lang   language.Language
	dir    Direction
	noLiga bool
	text   string
}

// cachedGlyph is a glyph of a shaped word, positions in 1/64 font units,
// cluster a byte offset in the word.
type cachedGlyph struct {
	id               GID
	cluster          int32
	xAdv, xOff, yOff int32
}

// cacheEntry is the shaping result of one word: its glyphs and the
// characters the face could not draw.
type cacheEntry struct {
	glyphs  []cachedGlyph
	missing []rune
}

// shapeCache memoises shaped words for one registry. It is safe for
// concurrent use; entries are immutable once stored.
type shapeCache struct {
	mu sync.RWMutex
	m  map[shapeKey]cacheEntry
}

func (c *shapeCache) get(k shapeKey) (cacheEntry, bool) {
	if len(k.text) > maxCachedWord {
		return cacheEntry{}, false
	}
	c.mu.RLock()
	e, ok := c.m[k]
	c.mu.RUnlock()
	return e, ok
}

func (c *shapeCache) put(k shapeKey, e cacheEntry) {
	if len(k.text) > maxCachedWord {
		return
	}
	k.text = strings.Clone(k.text) // do not pin the caller's paragraph
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCacheEntries {
		c.m = make(map[shapeKey]cacheEntry, 256)
	}
	c.m[k] = e
	c.mu.Unlock()
}
