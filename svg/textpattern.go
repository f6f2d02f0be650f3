package svg

import (
	"github.com/seed28491532/folio/style"
	"golang.org/x/net/html"
)

// textPattern is the pattern fill of a text run, drawn when its chunk
// ends (the anchor may still move the run): the pattern element, the
// style the run was laid out in and the opacity of its tiles.
type textPattern struct {
	pt *html.Node
	st computed
	op float64
}

// patternText returns the fill of a text run of style st filled with
// pattern pt: an opaque colour the glyphs never paint (they clip the
// tiles), and the pattern to draw through them.
func patternText(pt *html.Node, st *computed, op float64) (*Paint, *textPattern) {
	return &Paint{Color: style.Color{A: 255}, Opacity: 1}, &textPattern{pt: pt, st: *st, op: op * st.fillOpacity}
}

// patternRuns rewrites the shapes of r.out from index first on, a text
// chunk just placed: each run with a pattern fill becomes a
// TextClipBegin, followed by the pattern's tiles over the run's box and
// a TextClipEnd, so the glyphs clip the tiles and stay text. Too deep
// in groups for another clip, the run is left out.
func (r *renderer) patternRuns(first int) {
	tail := append([]Shape(nil), r.out[first:]...)
	r.out = r.out[:first]
	for _, s := range tail {
		tp := s.pattern
		s.pattern = nil
		if tp == nil || s.Text == nil {
			r.out = append(r.out, s)
			continue
		}
		if r.groups >= maxGroupDepth {
			continue
		}
		t := s.Text
		box := rectPath(t.X, t.Y-t.Size, max(t.advance, 1), t.Size)
		s.Group = TextClipBegin
		r.out = append(r.out, s)
		r.groups++
		// the tiles are clipped by the glyphs, not by the run's clips
		// again: those apply to the text clip itself
		r.pattern(tp.pt, box, box, &tp.st, s.M, nil, tp.op)
		r.groups--
		r.out = append(r.out, Shape{Group: TextClipEnd})
	}
}
