package display

import (
	"encoding/base64"
	"testing"
)

// TestSVGBackgroundExtremeRatio: an SVG whose viewBox makes it about two
// billion times wider than tall keeps that ratio as a background, so
// contain gives it a height far below a point and nothing is painted;
// rounded to a 1-pixel height it was drawn as an 8:1 band through a
// matrix whose x scale the PDF writer rounds to 0.
func TestSVGBackgroundExtremeRatio(t *testing.T) {
	count := func(svg string) int {
		url := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(svg))
		d := paginate(t, `<html><body style="margin:0"><div style="width:200pt;height:300pt;background:url(`+url+`) no-repeat;background-size:contain"></div>`)
		n := 0
		for _, l := range buildLists(t, d) {
			for _, it := range l.Items {
				if it.Op == OpPath {
					n++
				}
			}
		}
		return n
	}
	if n := count(`<svg xmlns="http://www.w3.org/2000/svg" width="8px" viewBox="0 0 2147483647 1" preserveAspectRatio="none"><rect width="100%" height="100%" fill="lime"/></svg>`); n != 0 {
		t.Errorf("extreme viewBox: %d shapes painted, want none", n)
	}
	// the same drawing with an ordinary ratio is painted
	if n := count(`<svg xmlns="http://www.w3.org/2000/svg" width="8px" viewBox="0 0 8 1" preserveAspectRatio="none"><rect width="100%" height="100%" fill="lime"/></svg>`); n != 1 {
		t.Errorf("8:1 viewBox: %d shapes painted, want 1", n)
	}
}
