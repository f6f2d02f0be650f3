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

// styleKey identifies how words are shaped: face, script, language,
// direction and features. Results are stored in font units, so the size is
// not part of it.
type styleKey struct {
	face   *Face
	script language.Script
	lang   language.Language
	dir    Direction
	noLiga bool
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

// shapeCache memoises shaped words for one registry, by style then word.
// It is safe for concurrent use: readers hold mu.RLock while reading m and
// its inner maps; entries are immutable once stored.
type shapeCache struct {
	mu sync.RWMutex
	m  map[styleKey]map[string]cacheEntry
	n  int // number of words stored
}

// put stores a shaped word (words longer than maxCachedWord are not kept).
func (c *shapeCache) put(sk styleKey, word string, e cacheEntry) {
	if len(word) > maxCachedWord {
		return
	}
	word = strings.Clone(word) // do not pin the caller's paragraph
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || c.n >= maxCacheEntries {
		c.m, c.n = map[styleKey]map[string]cacheEntry{}, 0
	}
	words := c.m[sk]
	if words == nil {
		words = make(map[string]cacheEntry, 64)
		c.m[sk] = words
	}
	if _, dup := words[word]; !dup {
		words[word] = e
		c.n++
	}
}
