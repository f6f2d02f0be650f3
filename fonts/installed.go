package fonts

import (
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-text/typesetting/fontscan"
	"github.com/go-text/typesetting/language"
)

// Limits on the fonts read from Options.FontDirs: a directory tree is
// walked for at most maxDirFonts font files (and maxDirEntries entries),
// each at most MaxWebFontBytes, and at most maxDirFontBytes in all.
const (
	maxDirFonts     = 1000
	maxDirEntries   = 20000
	maxDirFontBytes = 512 << 20
)

// maxFallbackFamilies bounds the installed families a registry adds to its
// fallback chains for characters the bundled faces lack.
const maxFallbackFamilies = 32

// maxUncovered bounds the characters a registry remembers no installed
// font covers (so they are not searched for again).
const maxUncovered = 4096

// installedSet is what a registry knows of the fonts outside the bundle:
// the faces of Options.FontDirs (loaded) and the system fonts' footprints
// (loaded on demand), read once per registry.
type installedSet struct {
	dirFaces map[string][]*Face // normalized family → faces
	dirOrder []string           // families in a deterministic order
	system   []fontscan.Footprint
}

// hasInstalled reports whether the registry looks beyond the bundled
// fonts.
func (r *Registry) hasInstalled() bool {
	return r.opts.SystemFonts || len(r.opts.FontDirs) > 0
}

// diagRunes returns the characters of diags.
func diagRunes(diags []Diagnostic) []rune {
	var out []rune
	for _, d := range diags {
		if d.Rune != 0 {
			out = append(out, d.Rune)
		}
	}
	return out
}

// installed returns the registry's installed fonts, reading them on first
// use; nil when the registry uses bundled fonts only.
func (r *Registry) installed() *installedSet {
	if !r.hasInstalled() {
		return nil
	}
	r.installedOnce.Do(func() {
		set := &installedSet{dirFaces: map[string][]*Face{}}
		for _, dir := range r.opts.FontDirs {
			set.readDir(dir)
		}
		for key, faces := range set.dirFaces {
			set.dirOrder = append(set.dirOrder, key)
			for _, f := range faces {
				r.noteAxes(f)
			}
		}
		sort.Strings(set.dirOrder)
		if r.opts.SystemFonts {
			fps, err := systemIndex()
			if err != nil {
				slog.Debug("fonts: system fonts unavailable", "err", err)
			}
			set.system = append([]fontscan.Footprint(nil), fps...)
			// Deterministic order whatever the scan order.
			sort.Slice(set.system, func(i, j int) bool {
				a, b := set.system[i], set.system[j]
				if a.Family != b.Family {
					return a.Family < b.Family
				}
				return a.Location.File < b.Location.File
			})
		}
		r.installedSet = set
	})
	return r.installedSet
}

// readDir loads the fonts (.ttf, .otf, .woff, .woff2) under dir within
// the limits, skipping files that do not parse with a debug log.
func (s *installedSet) readDir(dir string) {
	files, entries, total := 0, 0, int64(0)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			slog.Debug("fonts: reading font directory", "path", path, "err", err)
			return nil
		}
		if entries++; entries > maxDirEntries || files >= maxDirFonts {
			return filepath.SkipAll
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".ttf", ".otf", ".woff", ".woff2":
		default:
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > MaxWebFontBytes || total+info.Size() > maxDirFontBytes {
			slog.Debug("fonts: font file skipped (unreadable or over the size limits)", "path", path)
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			slog.Debug("fonts: reading font file", "path", path, "err", err)
			return nil
		}
		f, err := faceFromFile(data)
		if err != nil {
			slog.Debug("fonts: font file skipped", "path", path, "err", err)
			return nil
		}
		files++
		total += int64(len(f.data))
		key := normalizeFamily(f.family)
		s.dirFaces[key] = append(s.dirFaces[key], f)
		return nil
	})
	if err != nil {
		slog.Debug("fonts: reading font directory", "dir", dir, "err", err)
	}
}

// faceFromFile parses a font file, taking its family (typographic family,
// else family name), weight (OS/2 usWeightClass) and style (OS/2
// fsSelection) from its tables.
func faceFromFile(data []byte) (*Face, error) {
	data, err := decodeWebFont(data)
	if err != nil {
		return nil, err
	}
	s, err := parseSFNT(data)
	if err != nil {
		return nil, err
	}
	family := nameRecord(s.tables["name"], 16)
	if family == "" {
		family = nameRecord(s.tables["name"], 1)
	}
	if strings.TrimSpace(family) == "" {
		return nil, fmt.Errorf("font has no family name")
	}
	os2 := s.tables["OS/2"]
	weight := int(u16(os2, 4))
	if weight < 1 || weight > 1000 {
		weight = 400
	}
	style := StyleNormal
	switch sel := u16(os2, 62); {
	case sel&0x200 != 0:
		style = StyleOblique
	case sel&1 != 0:
		style = StyleItalic
	}
	f := newFace(family, weight, style, data)
	f.autoWeight = true
	if err := f.Err(); err != nil {
		return nil, err
	}
	f.resolveDescriptors(false, false, true, 0, 0)
	return f, nil
}

// installedFamily returns the installed faces of a normalized family:
// those of the font directories, else the system's.
func (r *Registry) installedFamily(key, name string) []*Face {
	set := r.installed()
	if set == nil {
		return nil
	}
	if faces := set.dirFaces[key]; len(faces) > 0 {
		return faces
	}
	if r.opts.SystemFonts {
		return r.systemFaces(key, name)
	}
	return nil
}

// addFallback looks among the installed fonts for families covering the
// characters of missing (which no face of the caller's chain has), adds
// them to the registry's fallback families, and reports whether the
// fallback families now cover any of them (added now, or by another
// caller since its chain was made): the caller should then take the
// chain again.
// Characters nothing covers are remembered, so they are searched once.
func (r *Registry) addFallback(missing []rune, lang string) bool {
	set := r.installed()
	if set == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	added, covered := false, false
	for _, m := range missing {
		if _, no := r.uncovered[m]; no {
			continue
		}
		if r.fallbackCovers(m) {
			// Added since the caller's chain was made (by another
			// goroutine): its chain is stale.
			covered = true
			continue
		}
		if len(r.fallbackFams) >= maxFallbackFamilies {
			break
		}
		key := set.familyCovering(m, lang)
		if key == "" {
			if r.uncovered == nil || len(r.uncovered) >= maxUncovered {
				r.uncovered = map[rune]struct{}{}
			}
			r.uncovered[m] = struct{}{}
			continue
		}
		r.fallbackFams = append(r.fallbackFams, key)
		added = true
	}
	if added {
		r.chains.Store(&chainTable{gen: r.chains.Load().generation() + 1})
	}
	return added || covered
}

// fallbackCovers reports whether a family already added for fallback has
// m in its system footprint or directory faces. r.mu must be held.
func (r *Registry) fallbackCovers(m rune) bool {
	set := r.installedSet
	for _, key := range r.fallbackFams {
		for _, f := range set.dirFaces[key] {
			if f.HasRune(m) {
				return true
			}
		}
		for _, fp := range set.system {
			if fp.Family == key && fp.Runes.Contains(m) {
				return true
			}
		}
	}
	return false
}

// familyCovering returns the normalized family of the first installed font
// that has m: font directories first (in family order), then system fonts
// (by family, then file), those made for language lang (a BCP 47 tag, so
// that Han characters of a Japanese text come from a Japanese font) before
// the others; "" when none has it.
func (s *installedSet) familyCovering(m rune, lang string) string {
	for _, key := range s.dirOrder {
		for _, f := range s.dirFaces[key] {
			if f.HasRune(m) {
				return key
			}
		}
	}
	if id, ok := language.NewLangID(language.NewLanguage(lang)); ok && lang != "" {
		for _, fp := range s.system {
			if fp.Location.Index == 0 && fp.Langs.Contains(id) && fp.Runes.Contains(m) {
				return fp.Family
			}
		}
	}
	for _, fp := range s.system {
		if fp.Location.Index == 0 && fp.Runes.Contains(m) {
			return fp.Family
		}
	}
	return ""
}
