package folio

import (
	"strconv"
	"strings"
	"sync"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/style"
)

// maxFontUnits bounds the fonts whose ch and ex one conversion keeps.
const maxFontUnits = 256

// fontUnits returns the style.FontUnits of the faces reg matches: ch is
// the advance of "0" and ex the x-height, as fractions of the em (CSS
// Values 4 §6.1.1). Styles are computed before a document's @font-face
// rules are loaded, so a web font's family gives the fallback face's.
func fontUnits(reg *fonts.Registry) style.FontUnits {
	var mu sync.Mutex
	known := map[string][2]float64{}
	return func(families []string, weight int, fstyle uint8) (ch, ex float64) {
		key := strings.Join(families, ",") + "|" + strconv.Itoa(weight) + "|" + strconv.Itoa(int(fstyle))
		mu.Lock()
		v, ok := known[key]
		mu.Unlock()
		if ok {
			return v[0], v[1]
		}
		face := reg.Match(fonts.Query{Families: families, Weight: weight, Style: fonts.Style(fstyle)})
		if face != nil {
			m := face.Metrics()
			if upem := float64(m.UnitsPerEm); upem > 0 {
				if g, ok := face.GlyphFor('0'); ok {
					v[0] = float64(face.Advance(g)) / upem
				}
				v[1] = float64(m.XHeight) / upem
			}
		}
		mu.Lock()
		if len(known) < maxFontUnits {
			known[key] = v
		}
		mu.Unlock()
		return v[0], v[1]
	}
}
