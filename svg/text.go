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
	// clips and widths are those of the chunk's runs
	clips  [][]Clip
	widths []float64
}

// text lays out a text element and its tspans; each piece of text of
// one style is a Text shape.
func (r *renderer) text(n *html.Node, st *computed, m Matrix, clips []Clip, op float64) {
	if r.opts.Measure == nil {
		return
	}
	tl := &textLayout{lastCh: ' '}
	tl.x, tl.y = r.length(n, "x", r.vw), r.length(n, "y", r.vh)
	tl.x += r.length(n, "dx", r.vw)
	tl.y += r.length(n, "dy", r.vh)
	tl.anchor = st.anchor
	r.textContent(n, st, m, clips, op, tl, 0)
	r.endChunk(tl)
}

func (r *renderer) textContent(n *html.Node, st *computed, m Matrix, clips []Clip, op float64, tl *textLayout, depth int) {
	if depth > 32 {
		return
	}
	for c := n.FirstChild; c != nil && r.err == nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			r.textRun(c.Data, st, m, clips, op, tl, c.NextSibling == nil && n.Data == "text")
		case c.Type == html.ElementNode && (c.Data == "tspan" || c.Data == "a"):
			cs := r.d.cascade(c, st)
			if cs.displayNone {
				continue
			}
			if _, ok := attr(c, "x"); ok {
				r.endChunk(tl)
				tl.x = r.length(c, "x", r.vw)
				tl.anchor = cs.anchor
			}
			if _, ok := attr(c, "y"); ok {
				tl.y = r.length(c, "y", r.vh)
			}
			tl.x += r.length(c, "dx", r.vw)
			tl.y += r.length(c, "dy", r.vh)
			r.textContent(c, &cs, m, clips, op*cs.opacity, tl, depth+1)
		}
	}
}

// textRun adds one piece of text at the pen.
func (r *renderer) textRun(s string, st *computed, m Matrix, clips []Clip, op float64, tl *textLayout, last bool) {
	// xml:space="default": newlines removed, tabs to spaces, runs of
	// spaces collapsed, leading space dropped
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\n', '\r':
			continue
		case '\t':
			c = ' '
		}
		if c == ' ' && tl.lastCh == ' ' {
			continue
		}
		sb.WriteByte(c)
		tl.lastCh = c
	}
	s = sb.String()
	if last {
		s = strings.TrimRight(s, " ")
	}
	if s == "" || st.fontSize*m.Scale() > maxCoord/100 {
		return
	}
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
	tl.x += w
	tl.width += w
	if st.hidden {
		return
	}
	fill := r.paint(st.fill, st.fillOpacity, st, rectPath(t.X, y-st.fontSize, max(w, 1), st.fontSize))
	if fill == nil {
		return
	}
	r.out = append(r.out, Shape{Text: t, M: m, Fill: fill, Opacity: op, Clips: clips})
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
	for k, i := range tl.chunk {
		s := &r.out[i]
		s.Text.X += shift
		// the run's box, with room for overhanging glyphs
		sz, w := s.Text.Size, tl.widths[k]
		b := outputBounds(s.M, s.Text.X-sz/2, s.Text.Y-1.5*sz, s.Text.X+w+sz/2, s.Text.Y+sz/2)
		var ok bool
		s.Clips, ok = saneClips(pruneClips(tl.clips[k], b))
		if !ok || !saneMatrix(s.M) || !saneBox(b) || sz*s.M.Scale() < 0.01 {
			*s = Shape{} // left out: see maxCoord
		}
	}
	tl.chunk, tl.clips, tl.widths, tl.width = tl.chunk[:0], tl.clips[:0], tl.widths[:0], 0
}
