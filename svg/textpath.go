package svg

import (
	"math"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// maxPathPoints bounds the points a path is flattened to for textPath.
const maxPathPoints = 100_000

// flatPath is a path flattened to line segments: pts with, in at, the
// distance along the path of each (a move starts a new subpath at the
// same distance: the gap between subpaths is not travelled).
type flatPath struct {
	pts  [][2]float64
	at   []float64
	move []bool // pts[i] starts a subpath
}

// flatten returns p as line segments, curves cut in 16 pieces, at most
// maxPathPoints points.
func flatten(p *Path) *flatPath {
	f := &flatPath{}
	var cur, start [2]float64
	add := func(pt [2]float64, move bool) {
		d := 0.0
		if n := len(f.pts); n > 0 {
			d = f.at[n-1]
			if !move {
				d += math.Hypot(pt[0]-cur[0], pt[1]-cur[1])
			}
		}
		f.pts, f.at, f.move = append(f.pts, pt), append(f.at, d), append(f.move, move)
		cur = pt
	}
	for _, s := range p.Segs {
		if len(f.pts) >= maxPathPoints {
			break
		}
		switch s.Op {
		case MoveTo:
			start = s.Pts[0]
			add(s.Pts[0], true)
		case LineTo:
			add(s.Pts[0], false)
		case Close:
			add(start, false)
		case CubicTo:
			p0 := cur
			for i := 1; i <= 16; i++ {
				t := float64(i) / 16
				u := 1 - t
				x := u*u*u*p0[0] + 3*u*u*t*s.Pts[0][0] + 3*u*t*t*s.Pts[1][0] + t*t*t*s.Pts[2][0]
				y := u*u*u*p0[1] + 3*u*u*t*s.Pts[0][1] + 3*u*t*t*s.Pts[1][1] + t*t*t*s.Pts[2][1]
				add([2]float64{x, y}, false)
			}
		}
	}
	return f
}

// length returns the length of the path.
func (f *flatPath) length() float64 {
	if len(f.at) == 0 {
		return 0
	}
	return f.at[len(f.at)-1]
}

// pointAt returns the point at distance d along the path and the angle
// of its direction there; ok is false off the path.
func (f *flatPath) pointAt(d float64) (x, y, angle float64, ok bool) {
	if d < 0 || d > f.length() || len(f.pts) < 2 {
		return 0, 0, 0, false
	}
	// the first segment (not a move) that reaches d
	lo, hi := 1, len(f.pts)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if f.at[mid] < d {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	i := lo
	for i < len(f.pts)-1 && (f.move[i] || f.at[i] == f.at[i-1]) && f.at[i] <= d {
		i++ // skip moves and empty segments
	}
	a, b := f.pts[i-1], f.pts[i]
	seg := f.at[i] - f.at[i-1]
	if f.move[i] || seg <= 0 {
		return 0, 0, 0, false
	}
	t := (d - f.at[i-1]) / seg
	return a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1]), math.Atan2(b[1]-a[1], b[0]-a[0]), true
}

// reversed returns the path f travelled from its end (textPath
// side="right", SVG 2 §11.8.2): the same points in the opposite order,
// the distances measured from the other end.
func (f *flatPath) reversed() *flatPath {
	n := len(f.pts)
	r := &flatPath{pts: make([][2]float64, n), at: make([]float64, n), move: make([]bool, n)}
	total := f.length()
	for k := 0; k < n; k++ {
		r.pts[k] = f.pts[n-1-k]
		r.at[k] = total - f.at[n-1-k]
		// the segment ending at k is the one that ended at n-k
		r.move[k] = k == 0 || f.move[n-k]
	}
	return r
}

// textPath lays out the text of textPath element n along the path it
// references (SVG 1.1 §10.13, SVG 2 §11.8): the text is shaped as a
// whole (kerning between its characters kept, when Measure gives the
// advances), each character's middle put on the path at its distance
// from startOffset and turned along the path there; characters whose
// middle falls off the path are not drawn. side="right" travels the
// path from its end. method="stretch" and spacing="auto" are drawn as
// align and exact, as Chromium does: the glyphs stay text (extractable),
// not outlines warped along the path. The text's own tspans are read as
// text in n's style.
func (r *renderer) textPath(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, tl *textLayout) {
	r.endChunk(tl)
	target := r.d.href(n)
	if target == nil {
		return
	}
	geom := r.geometry(target)
	if geom == nil {
		return
	}
	if t, ok := attr(target, "transform"); ok {
		if tm, ok := parseTransform(t); ok {
			geom = geom.Transformed(tm)
		}
	}
	fp := flatten(geom)
	length := fp.length()
	if length <= 0 {
		return
	}
	if side, _ := attr(n, "side"); strings.TrimSpace(side) == "right" {
		fp = fp.reversed()
	}
	text := strings.Join(strings.Fields(textOf(n, 0)), " ")
	if preserveSpace(n) {
		text = strings.NewReplacer("\n", " ", "\r", " ", "\t", " ").Replace(textOf(n, 0))
	}
	if text == "" || st.fontSize*m.Scale() > maxCoord/100 {
		return
	}
	offset := 0.0
	if v, ok := attr(n, "startOffset"); ok {
		offset, _ = parseLength(v, st.fontSize, length)
	}
	glyphs, total := r.pathGlyphs(text, st)
	switch st.anchor {
	case 1:
		offset -= total / 2
	case 2:
		offset -= total
	}
	pen := offset
	for _, g := range glyphs {
		mid := pen + g.w/2
		pen += g.w
		x, y, angle, ok := fp.pointAt(mid)
		if !ok || st.hidden || strings.TrimSpace(g.t.Content) == "" {
			continue
		}
		sin, cos := math.Sincos(angle)
		gm := translate(-g.w/2, 0).Mul(Matrix{cos, sin, -sin, cos, x, y}).Mul(m)
		var tp *textPattern
		var fill *Paint
		if pt := r.patternOf(st.fill); pt != nil {
			fill, tp = patternText(pt, st, op)
		} else {
			fill = r.paint(st.fill, st.fillOpacity, st, textBox(st, 0, -st.fontSize, g.w))
		}
		if fill == nil {
			continue
		}
		s := Shape{Text: g.t, M: gm, Fill: fill, Opacity: op, Link: r.link, pattern: tp}
		if r.placeRun(&s, clips, g.w) {
			r.out = append(r.out, s)
			if tp != nil {
				r.patternRuns(len(r.out) - 1)
			}
		}
		tl.x, tl.y = x+math.Cos(angle)*g.w/2, y+math.Sin(angle)*g.w/2
	}
}

// pathGlyph is a character of a textPath: its text and the advance it
// takes along the path.
type pathGlyph struct {
	t *Text
	w float64
}

// pathGlyphs measures the characters of text (the first maxPositions)
// and returns them with the sum of their advances. The advances come
// from the text shaped as a whole when RenderOptions.Advances gives
// them (a kerned pair keeps its kerning), else from each character
// alone.
func (r *renderer) pathGlyphs(text string, st *computed) ([]pathGlyph, float64) {
	newText := func(s string) *Text {
		return &Text{Content: s, Families: st.families, Weight: st.fontWeight, Italic: st.italic,
			Size: st.fontSize, LetterSpacing: st.letterSpacing}
	}
	if n := maxPositions; utf8.RuneCountInString(text) > n {
		i := 0
		for ; n > 0; n-- {
			_, size := utf8.DecodeRuneInString(text[i:])
			i += size
		}
		text = text[:i]
	}
	var adv []float64
	if r.opts.Advances != nil {
		if adv = r.opts.Advances(newText(text)); len(adv) != utf8.RuneCountInString(text) {
			adv = nil
		}
	}
	var glyphs []pathGlyph
	total := 0.0
	for i := 0; i < len(text); {
		_, size := utf8.DecodeRuneInString(text[i:])
		t := newText(text[i : i+size])
		w := r.opts.Measure(t)
		t.advance = w
		if adv != nil {
			w = adv[len(glyphs)]
		}
		glyphs = append(glyphs, pathGlyph{t, w})
		total += w
		i += size
	}
	return glyphs, total
}
