package svg

import (
	"strings"

	"golang.org/x/net/html"
)

// textLayout is the state of laying out one text element: the pen, and
// the runs of the current text chunk (SVG 1.1 §10.5).
type textLayout struct {
	x, y   float64
	chunk  []int // indexes into r.out of the current chunk's runs
	anchor uint8
	width  float64
	lastCh byte
	// preserve is xml:space="preserve": white space is kept, newlines
	// and tabs become spaces
	preserve bool
	// clips and widths are those of the chunk's runs
	clips  [][]Clip
	widths []float64
}

// positions are the x, y, dx and dy lists of a text or tspan element
// (SVG 1.1 §10.5): value k positions the element's k-th character.
type positions struct {
	x, y, dx, dy []float64
	anchor       uint8
	// k counts the element's characters laid out so far.
	k int
}

func (p *positions) has(k int) bool {
	return k < len(p.x) || k < len(p.y) || k < len(p.dx) || k < len(p.dy)
}

// positions returns the position lists of n, nil when it has none.
func (r *renderer) positions(n *html.Node, st *computed) *positions {
	p := &positions{anchor: st.anchor,
		x: r.lengths(n, "x", r.vw, st.fontSize), y: r.lengths(n, "y", r.vh, st.fontSize),
		dx: r.lengths(n, "dx", r.vw, st.fontSize), dy: r.lengths(n, "dy", r.vh, st.fontSize)}
	if !p.has(0) {
		return nil
	}
	return p
}

// maxPositions bounds the values of one position list.
const maxPositions = 10_000

// lengths reads a list of lengths (em in font sizes of em).
func (r *renderer) lengths(n *html.Node, key string, ref, em float64) []float64 {
	v, ok := attr(n, key)
	if !ok {
		return nil
	}
	var out []float64
	for f := range strings.FieldsFuncSeq(v, func(c rune) bool { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r' }) {
		l, ok := parseLength(f, em, ref)
		if !ok || len(out) == maxPositions {
			break
		}
		out = append(out, l)
	}
	return out
}

// place moves the pen to the position of character k of p: an absolute
// x starts a new text chunk.
func (r *renderer) place(tl *textLayout, p *positions) {
	k := p.k
	if k < len(p.x) {
		r.endChunk(tl)
		tl.x, tl.anchor = p.x[k], p.anchor
	}
	if k < len(p.y) {
		tl.y = p.y[k]
	}
	if k < len(p.dx) {
		tl.x += p.dx[k]
	}
	if k < len(p.dy) {
		tl.y += p.dy[k]
	}
}

// text lays out a text element and its tspans; each piece of text of
// one style and position is a Text shape.
func (r *renderer) text(n *html.Node, st *computed, m Matrix, clips []Clip, op float64) {
	if r.opts.Measure == nil {
		return
	}
	tl := &textLayout{lastCh: ' ', anchor: st.anchor, preserve: preserveSpace(n)}
	pos := r.positions(n, st)
	if pos != nil {
		r.place(tl, pos)
	}
	r.textContent(n, st, m, clips, op, tl, pos, 0)
	r.endChunk(tl)
}

// textContent lays out the content of a text or tspan element n; pos
// are the position lists its characters take (its own or an
// ancestor's).
func (r *renderer) textContent(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, tl *textLayout, pos *positions, depth int) {
	if depth > 32 {
		return
	}
	for c := n.FirstChild; c != nil && r.err == nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			r.textRun(c.Data, st, m, clips, op, tl, pos, c.NextSibling == nil && n.Data == "text")
		case c.Type == html.ElementNode && c.Data == "textPath":
			if cs := r.d.cascade(c, st); !cs.displayNone {
				r.textPath(c, &cs, m, clips, op*cs.opacity, tl)
			}
		case c.Type == html.ElementNode && (c.Data == "tspan" || c.Data == "a"):
			cs := r.d.cascade(c, st)
			if cs.displayNone {
				continue
			}
			cp := r.positions(c, &cs)
			if cp != nil {
				r.place(tl, cp)
			} else {
				cp = pos
			}
			r.inLink(c, func() { r.textContent(c, &cs, m, clips, op*cs.opacity, tl, cp, depth+1) })
		}
	}
}

// textRun lays out the text of one text node at the pen, split where
// the position lists place a character.
func (r *renderer) textRun(s string, st *computed, m Matrix, clips []Clip, op float64, tl *textLayout, pos *positions, last bool) {
	// xml:space="default": newlines removed, tabs to spaces, runs of
	// spaces collapsed, leading space dropped
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case (c == '\n' || c == '\r' || c == '\t') && tl.preserve:
			c = ' '
		case c == '\n' || c == '\r':
			continue
		case c == '\t':
			c = ' '
		}
		if c == ' ' && tl.lastCh == ' ' && !tl.preserve {
			continue
		}
		sb.WriteByte(c)
		tl.lastCh = c
	}
	s = sb.String()
	if last && !tl.preserve {
		s = strings.TrimRight(s, " ")
	}
	if s == "" || st.fontSize*m.Scale() > maxCoord/100 {
		return
	}
	if pos == nil {
		r.textPiece(s, st, m, clips, op, tl)
		return
	}
	start := 0
	for i := range s { // by character
		if pos.k > 0 && pos.has(pos.k) {
			if i > start {
				r.textPiece(s[start:i], st, m, clips, op, tl)
			}
			r.place(tl, pos)
			start = i
		}
		pos.k++
	}
	r.textPiece(s[start:], st, m, clips, op, tl)
}

// textPiece adds one piece of text at the pen and advances it.
func (r *renderer) textPiece(s string, st *computed, m Matrix, clips []Clip, op float64, tl *textLayout) {
	y := tl.y
	switch st.baseline {
	case "middle", "central":
		y += 0.35 * st.fontSize
	case "hanging", "text-before-edge":
		y += 0.8 * st.fontSize
	case "text-after-edge", "ideographic":
		y -= 0.2 * st.fontSize
	}
	t := &Text{X: tl.x, Y: y, Content: s, Families: st.families, Weight: st.fontWeight, Italic: st.italic,
		Size: st.fontSize, LetterSpacing: st.letterSpacing}
	w := r.opts.Measure(t)
	t.advance = w
	tl.x += w
	tl.width += w
	if st.hidden {
		return
	}
	var tp *textPattern
	var fill *Paint
	if pt := r.patternOf(st.fill); pt != nil {
		fill, tp = patternText(pt, st, op)
	} else {
		fill = r.paint(st.fill, st.fillOpacity, st, textBox(st, t.X, y-st.fontSize, w))
	}
	if fill == nil {
		return
	}
	r.out = append(r.out, Shape{Text: t, M: m, Fill: fill, Opacity: op, Clips: clips, Link: r.link, pattern: tp})
	tl.chunk = append(tl.chunk, len(r.out)-1)
	tl.clips = append(tl.clips, clips)
	tl.widths = append(tl.widths, w)
}

// endChunk shifts the runs of the current chunk by its text-anchor.
func (r *renderer) endChunk(tl *textLayout) {
	shift := 0.0
	switch tl.anchor {
	case 1:
		shift = -tl.width / 2
	case 2:
		shift = -tl.width
	}
	patterned := false
	for k, i := range tl.chunk {
		s := &r.out[i]
		patterned = patterned || s.pattern != nil
		s.Text.X += shift
		if g := s.Fill.Gradient; g != nil && g.bbox {
			g.M = g.M.Mul(translate(shift, 0))
		}
		if !r.placeRun(s, tl.clips[k], tl.widths[k]) {
			*s = Shape{} // left out: see maxCoord
		}
	}
	if patterned {
		r.patternRuns(tl.chunk[0])
	}
	tl.chunk, tl.clips, tl.widths, tl.width = tl.chunk[:0], tl.clips[:0], tl.widths[:0], 0
}

// placeRun sets the clips of text shape s, a run w wide, to those of
// clips that do not hold it whole; false when it cannot be drawn (see
// maxCoord).
func (r *renderer) placeRun(s *Shape, clips []Clip, w float64) bool {
	// the run's box, with room for overhanging glyphs
	sz := s.Text.Size
	b := outputBounds(s.M, s.Text.X-sz/2, s.Text.Y-1.5*sz, s.Text.X+w+sz/2, s.Text.Y+sz/2)
	var ok bool
	s.Clips, ok = saneClips(pruneClips(clips, b))
	return ok && saneMatrix(s.M) && saneBox(b) && sz*s.M.Scale() >= 0.01
}

// preserveSpace reports whether n or an ancestor sets
// xml:space="preserve" (the HTML parser names the attribute space in the
// xml namespace).
func preserveSpace(n *html.Node) bool {
	for x := n; x != nil && x.Type == html.ElementNode; x = x.Parent {
		for _, a := range x.Attr {
			if a.Key == "xml:space" || a.Key == "space" && a.Namespace == "xml" {
				return a.Val == "preserve"
			}
		}
	}
	return false
}

// textBox is the box a gradient fill of text spans: x, y, advance w (at
// least 1) by the font size; nil for a fill that is no gradient, which
// needs no geometry (most text: a colour).
func textBox(st *computed, x, y, w float64) *Path {
	if st.fill.ref == "" {
		return nil
	}
	return rectPath(x, y, max(w, 1), st.fontSize)
}
