package layout

import (
	"strings"

	"github.com/seed28491532/folio/style"
)

// Baseline alignment of grid items (css-align-3 §9.3): the baselines
// the shims of baselineShims line up.

// lastBaseline reports whether an item with align-self v in a container
// with align-items def is aligned by its last baseline.
func lastBaseline(v, def string) bool {
	if v == "" || v == "auto" {
		v = def
	}
	for _, p := range [...]string{"safe ", "unsafe "} {
		v = strings.TrimPrefix(v, p)
	}
	return strings.HasPrefix(v, "last ") && alignWord(v) == "baseline"
}

// gridItemBaseline returns the baseline of item it laid out as f that its
// row aligns: for the first baseline the distance from its margin-box
// top down to its first line's baseline, for the last baseline (it.
// lastBase) the distance from its last line's baseline down to its
// margin-box bottom. A box without lines has its border-box bottom as
// its baseline (synthesized, css-align-3 §9.1).
func gridItemBaseline(it *gridItem, f *Fragment) float64 {
	mt, mb := it.m[style.Top], it.m[style.Bottom]
	if it.lastBase {
		if ln := lastLine(f); ln != nil {
			return f.Y + f.H - ln.Baseline + mb
		}
		return mb
	}
	if ln := firstLine(f); ln != nil {
		return mt + ln.Baseline - f.Y
	}
	return mt + f.H
}

// baselineGroup names the baseline-sharing group of item it: the first
// row it spans for the first baseline, the last for the last baseline
// (css-grid-1 §10.6).
func baselineGroup(it *gridItem) [2]int {
	if it.lastBase {
		return [2]int{it.area[gridRow].end - 1, 1}
	}
	return [2]int{it.area[gridRow].start, 0}
}
