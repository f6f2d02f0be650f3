package fonts

import (
	"fmt"
	"math"
)

// This file holds the @font-face descriptors of a face (font-weight,
// font-stretch, font-style, each "auto" by default as CSS Fonts 4 §4
// makes them) and the font-stretch step of face matching (§5.2 step 4a).

// FaceDescriptors are the descriptors an @font-face rule declares for a
// face. A zero field means auto: the range of a variable font's wght,
// wdth, ital or slnt axis, and for a static font normal (weight 400,
// width 100%, normal style), as Chromium takes it. (An installed font's
// own width is that of its OS/2 usWidthClass.)
type FaceDescriptors struct {
	// Weight is the weight range (both ends equal for one weight); 0, 0
	// is auto.
	Weight [2]int
	// Stretch is the width range as percentages (both ends equal for one
	// width); 0, 0 is auto.
	Stretch [2]float64
	// Style is the declared style, used unless AutoStyle is set.
	Style Style
	// AutoStyle says no font-style descriptor was given.
	AutoStyle bool
}

// maxStretchPercent bounds font-stretch percentages in descriptors (CSS
// keeps them non-negative; widths past 1000% mean nothing in fonts).
const maxStretchPercent = 1000

// widthClassPercent maps OS/2 usWidthClass 1–9 to font-stretch
// percentages (CSS Fonts 4 §2.3, the keywords ultra-condensed to
// ultra-expanded).
var widthClassPercent = [10]float64{100, 50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200}

// AddFaceDescriptors registers a face from TrueType, OpenType, WOFF or
// WOFF2 bytes as AddFace does, with the descriptors of its @font-face
// rule. It fails, naming the family and the descriptor, for a stretch
// outside 0–1000% or bytes that do not parse.
func (r *Registry) AddFaceDescriptors(family string, d FaceDescriptors, data []byte) error {
	lo, hi := d.Stretch[0], d.Stretch[1]
	for _, s := range d.Stretch {
		if s < 0 || s > maxStretchPercent || math.IsNaN(s) {
			return fmt.Errorf("font face %q: font-stretch %g%% outside 0–%d%%", family, s, maxStretchPercent)
		}
	}
	if hi < lo {
		lo, hi = hi, lo
	}
	return r.addFace(family, d.Weight[0], d.Weight[1], d.Style, data, func(f *Face) {
		f.resolveDescriptors(d.Weight == [2]int{}, d.AutoStyle, false, lo, hi)
	})
}

// resolveDescriptors sets the ranges of a parsed face whose descriptors
// are auto (autoWeight, autoStyle) or given (stretch lo–hi, 0 for auto)
// from its variation axes; the width of a static face with auto stretch
// is its OS/2 usWidthClass's when os2Width is set (an installed font),
// else 100%.
func (f *Face) resolveDescriptors(autoWeight, autoStyle, os2Width bool, lo, hi float64) {
	pf, err := f.load()
	if err != nil {
		return
	}
	for _, a := range pf.axes {
		switch {
		case a.Tag == "wght" && autoWeight:
			f.weight = min(max(int(math.Ceil(a.Min)), 1), 1000)
			f.weightMax = min(max(int(math.Floor(a.Max)), f.weight), 1000)
		case a.Tag == "wdth" && hi == 0 && a.Max > 0:
			lo, hi = max(a.Min, 0), a.Max
		case a.Tag == "ital" && autoStyle && a.Max >= 0.5,
			a.Tag == "slnt" && autoStyle && a.Min < 0:
			f.autoSlant = true
		}
	}
	if hi == 0 {
		lo, hi = 100, 100
		if os2Width {
			lo = pf.widthPercent()
			hi = lo
		}
	}
	f.stretch, f.stretchMax = lo, hi
}

// widthPercent is the font-stretch percentage of the face's OS/2
// usWidthClass (100 when absent or out of range).
func (pf *parsedFace) widthPercent() float64 {
	os2 := pf.sfnt.tables["OS/2"]
	if len(os2) < 8 {
		return 100
	}
	c := int(u16(os2, 6))
	if c < 1 || c > 9 {
		return 100
	}
	return widthClassPercent[c]
}

// stretchRange returns the widths face f covers, as percentages (100 for
// a face of unknown width, e.g. a bundled one).
func (f *Face) stretchRange() (lo, hi float64) {
	if f.stretchMax == 0 {
		return 100, 100
	}
	return f.stretch, f.stretchMax
}

// hasStyle reports whether face f matches style s exactly: its declared
// style, or any style for a variable face slanted by its axes.
func (f *Face) hasStyle(s Style) bool {
	return f.style == s || f.autoSlant
}

// narrowStretch returns the faces whose width is the closest to want (a
// percentage; 0 means 100), following CSS Fonts 4 §5.2 step 4a: for
// want ≤ 100% narrower widths descending, then wider ascending; for
// want > 100% wider widths ascending, then narrower descending. A face
// covering a range of widths is at the point of the range nearest want.
// It returns faces itself when all share that width.
func narrowStretch(faces []*Face, want float64) []*Face {
	if want <= 0 {
		want = 100
	}
	at := func(f *Face) float64 {
		lo, hi := f.stretchRange()
		return min(max(want, lo), hi)
	}
	best, bestRank := 0.0, math.Inf(1)
	for _, f := range faces {
		if w := at(f); stretchRank(want, w) < bestRank {
			best, bestRank = w, stretchRank(want, w)
		}
	}
	n := 0
	for _, f := range faces {
		if at(f) == best {
			n++
		}
	}
	if n == len(faces) {
		return faces
	}
	out := make([]*Face, 0, n)
	for _, f := range faces {
		if at(f) == best {
			out = append(out, f)
		}
	}
	return out
}

// stretchRank orders available width w for desired width want (lower is
// better), as narrowStretch describes.
func stretchRank(want, w float64) float64 {
	const band = 1e6
	if want <= 100 {
		if w <= want {
			return want - w
		}
		return band + (w - want)
	}
	if w >= want {
		return w - want
	}
	return band + (want - w)
}
