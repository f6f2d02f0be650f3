package style

import "sync"

// walkShared is the state the walkers of one Compute share: the
// matched-properties cache, the memos of presentational hints and style
// attributes, and the custom property scope ids. When the walk runs on
// several goroutines, they take mu around every use; which goroutine
// computes a shared style first changes no computed value.
type walkShared struct {
	mu sync.Mutex
	// matched shares computed styles between elements that match the
	// same rules under equal parents.
	matched matchedCache
	// scopes counts the custom property scopes opened so far.
	scopes int32
	// hintMemo and attrMemo intern the declarations of presentational
	// hints and style attributes by their text, so that elements with
	// the same ones share them (and can share styles).
	hintMemo map[string][]cdecl
	attrMemo map[string]*styleAttr
}

func (w *walker) lock() {
	if w.locked {
		w.sh.mu.Lock()
	}
}

func (w *walker) unlock() {
	if w.locked {
		w.sh.mu.Unlock()
	}
}

// lookup is matchedCache.lookup on the shared cache.
func (w *walker) lookup(k matchedKey, rules []uint64, parent *Style) *matchedEntry {
	w.lock()
	defer w.unlock()
	return w.sh.matched.lookup(k, rules, parent)
}

// store is matchedCache.store on the shared cache.
func (w *walker) store(k matchedKey, rules []uint64, deps []propID, parent, style *Style, vars varScope) {
	w.lock()
	defer w.unlock()
	w.sh.matched.store(k, rules, deps, parent, style, vars)
}

// newScope returns the id of a new custom property scope.
func (w *walker) newScope() int32 {
	w.lock()
	defer w.unlock()
	w.sh.scopes++
	return w.sh.scopes
}

// hintMemoGet returns the interned declarations of the hint text.
func (w *walker) hintMemoGet(text string) ([]cdecl, bool) {
	w.lock()
	defer w.unlock()
	out, ok := w.sh.hintMemo[text]
	return out, ok
}

// hintMemoPut interns out as the declarations of the hint text and returns
// the interned ones (another walker's when it was first).
func (w *walker) hintMemoPut(text string, out []cdecl) []cdecl {
	w.lock()
	defer w.unlock()
	if prev, ok := w.sh.hintMemo[text]; ok {
		return prev
	}
	if len(w.sh.hintMemo) < maxMemo {
		if w.sh.hintMemo == nil {
			w.sh.hintMemo = make(map[string][]cdecl)
		}
		w.sh.hintMemo[text] = out
	}
	return out
}

// attrMemoGet returns the interned style attribute val, nil if none.
func (w *walker) attrMemoGet(val string) *styleAttr {
	w.lock()
	defer w.unlock()
	return w.sh.attrMemo[val]
}

// attrMemoPut interns sa as the style attribute val and returns the
// interned one (another walker's when it was first).
func (w *walker) attrMemoPut(val string, sa *styleAttr) *styleAttr {
	w.lock()
	defer w.unlock()
	if prev := w.sh.attrMemo[val]; prev != nil {
		return prev
	}
	if len(w.sh.attrMemo) < maxMemo {
		if w.sh.attrMemo == nil {
			w.sh.attrMemo = make(map[string]*styleAttr)
		}
		w.sh.attrMemo[val] = sa
	}
	return sa
}
