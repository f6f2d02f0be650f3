package fonts

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// Registry holds the faces available to a render. It is safe for concurrent
// use. Creating one is cheap: bundled faces are shared, parsed once per
// process, and a registry only stores the faces added to it and its
// shaping cache.
type Registry struct {
	opts    Options
	bundled *bundledSet

	mu     sync.RWMutex
	added  map[string][]*Face // normalized family → faces from AddFace
	system map[string][]*Face // normalized family → loaded system faces (nil entry: none)
	// fallbackFams are the installed families added to every fallback
	// chain for characters nothing else covers; uncovered are characters
	// no installed font has.
	fallbackFams []string
	uncovered    map[rune]struct{}

	installedOnce sync.Once
	installedSet  *installedSet // see installed
	// chains are the fallback chains by query, replaced (under mu) when a
	// chain is added and emptied by AddFace.
	chains atomic.Pointer[chainTable]

	cache shapeCache
	// opsz says a face with an opsz axis was added or installed: only
	// then does Query.OpticalSize tell chains apart.
	opsz atomic.Bool
}

// NewRegistry returns a registry with the bundled faces.
func NewRegistry(opts Options) *Registry {
	return &Registry{opts: opts, bundled: bundled()}
}

// AddFace registers a face from TrueType, OpenType, WOFF or WOFF2 bytes,
// e.g. from @font-face (WOFF and WOFF2 are decoded first, within
// MaxWebFontBytes). It fails, naming the family, when the bytes do not
// parse. A face added under a name shadows a bundled family or alias of
// that name (so an @font-face "Arial" wins over Liberation Sans). weight 0
// means 400. The registry keeps data (when not decoded); the caller must
// not modify it afterwards.
func (r *Registry) AddFace(family string, weight int, style Style, data []byte) error {
	return r.AddFaceWeights(family, weight, weight, style, data)
}

// AddFaceWeights is AddFace for a face that covers a range of weights, as
// @font-face { font-weight: 300 700 } declares: matching takes any weight
// in the range as exact (CSS Fonts 4 §5.2). A variable font's wght axis
// follows the weight asked for, clamped to the range (see Query).
func (r *Registry) AddFaceWeights(family string, minWeight, maxWeight int, style Style, data []byte) error {
	return r.addFace(family, minWeight, maxWeight, style, data, nil)
}

// addFace is AddFaceWeights with a hook that completes the parsed face
// before it is registered.
func (r *Registry) addFace(family string, minWeight, maxWeight int, style Style, data []byte, complete func(*Face)) error {
	key := normalizeFamily(family)
	if key == "" {
		return fmt.Errorf("font face: empty family name")
	}
	clamp := func(w int) int {
		if w <= 0 {
			return 400
		}
		return min(w, 1000)
	}
	minWeight, maxWeight = clamp(minWeight), clamp(maxWeight)
	if maxWeight < minWeight {
		minWeight, maxWeight = maxWeight, minWeight
	}
	data, err := decodeWebFont(data)
	if err != nil {
		return fmt.Errorf("font face %q (weight %d): %w", family, minWeight, err)
	}
	f := newFace(family, minWeight, style, data)
	f.weightMax = maxWeight
	if err := f.Err(); err != nil {
		return fmt.Errorf("font face %q (weight %d): %w", family, minWeight, err)
	}
	if complete != nil {
		complete(f)
	}
	r.noteAxes(f)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.added == nil {
		r.added = map[string][]*Face{}
	}
	r.added[key] = append(r.added[key], f)
	r.chains.Store(&chainTable{gen: r.chains.Load().generation() + 1})
	return nil
}

// Families returns the faces registered for a CSS family name, resolving
// added faces first, then the fonts of Options.FontDirs, then system
// fonts (when enabled), then generic names and aliases, then the bundled
// families. It returns nil for unknown names.
func (r *Registry) Families(name string) []*Face {
	key := normalizeFamily(name)
	if key == "" {
		return nil
	}
	r.mu.RLock()
	faces := r.added[key]
	r.mu.RUnlock()
	if len(faces) > 0 {
		return faces
	}
	if !isGeneric(key) {
		if faces := r.installedFamily(key, name); len(faces) > 0 {
			return faces
		}
	}
	if target, ok := aliases[key]; ok {
		key = normalizeFamily(target)
	}
	return r.bundled.families[key]
}

// isGeneric reports whether key is a CSS generic family.
func isGeneric(key string) bool {
	switch key {
	case "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui",
		"ui-serif", "ui-sans-serif", "ui-monospace":
		return true
	}
	return false
}

// Match returns the best face for q following CSS Fonts 4 §5.2: the first
// family in q.Families that has any face wins, and within it the face
// closest in style, then weight. When that face is upright for an italic
// or oblique query, or lighter than 600 for a query of 600 or more, Match
// returns a variant of it whose Synthesis says what to synthesise. It never returns nil: when no family is
// known, the bundled sans-serif family is used.
//
// The result is the first face of the query's fallback chain, which the
// registry caches.
func (r *Registry) Match(q Query) *Face {
	return r.fallbackChain(q)[0]
}

// matchUncached computes Match's result without the chain cache.
func (r *Registry) matchUncached(q Query) *Face {
	for _, fam := range q.Families {
		if faces := r.Families(fam); len(faces) > 0 {
			return selectFaceFor(faces, q)
		}
	}
	return selectFaceFor(r.bundled.families[normalizeFamily(FamilySans)], q)
}
