package fonts

import (
	"fmt"
	"log/slog"
	"os"
	"sort"
	"strings"
	"sync"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/fontscan"
)

// slogPrintf adapts slog to fontscan's Printf logger.
type slogPrintf struct{}

func (slogPrintf) Printf(format string, args ...any) {
	slog.Debug("fontscan: " + fmt.Sprintf(format, args...))
}

// systemIndex returns the system font footprints, scanned once per process
// through go-text's fontscan (which keeps an index in the user cache
// directory). The result is read-only.
var systemIndex = sync.OnceValues(func() ([]fontscan.Footprint, error) {
	return fontscan.SystemFonts(slogPrintf{}, "")
})

// systemFaces returns the installed faces of a family, loading and caching
// them in the registry on first request. Faces that fail to parse are
// skipped with a debug log.
func (r *Registry) systemFaces(key, name string) []*Face {
	r.mu.RLock()
	faces, seen := r.system[key]
	r.mu.RUnlock()
	if seen {
		return faces
	}
	fps, err := systemIndex()
	if err != nil {
		slog.Debug("fonts: system fonts unavailable", "err", err)
	}
	want := font.NormalizeFamily(key)
	var matches []fontscan.Footprint
	for _, fp := range fps {
		if fp.Family == want && fp.Location.Index == 0 {
			matches = append(matches, fp)
		}
	}
	// Deterministic order whatever the scan order.
	sort.Slice(matches, func(i, j int) bool { return matches[i].Location.File < matches[j].Location.File })
	for _, fp := range matches {
		data, err := os.ReadFile(fp.Location.File)
		if err != nil {
			slog.Debug("fonts: reading system font", "file", fp.Location.File, "err", err)
			continue
		}
		style := StyleNormal
		if fp.Aspect.Style == font.StyleItalic {
			style = StyleItalic
		}
		weight := int(fp.Aspect.Weight)
		if weight <= 0 {
			weight = 400
		}
		f := newFace(strings.TrimSpace(strings.Trim(strings.TrimSpace(name), `"'`)), weight, style, data)
		f.autoWeight = true
		if err := f.Err(); err != nil {
			slog.Debug("fonts: parsing system font", "file", fp.Location.File, "err", err)
			continue
		}
		f.resolveDescriptors(false, false, true, 0, 0)
		r.noteAxes(f)
		faces = append(faces, f)
	}
	r.mu.Lock()
	if r.system == nil {
		r.system = map[string][]*Face{}
	}
	r.system[key] = faces
	r.mu.Unlock()
	return faces
}
