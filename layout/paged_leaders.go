package layout

import (
	"strings"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout/box"
)

// applyLeaders draws the leaders of target-counter content (css-gcpm-3
// §5, leader()): on the line holding the text after a leader, that text
// moves to the end of the line (the inline boxes around it stretch with
// it) and the leader string repeats in the gap, as whole copies aligned
// to the gap's end.
func (l *layouter) applyLeaders(doc *Document, t *targetSet) {
	posts := leaderPosts(t)
	for _, p := range doc.Pages {
		l.leaderPage(posts, p)
	}
}

// leaderPosts maps the text after each target box's leader to its box;
// nil when no target box has a leader.
func leaderPosts(t *targetSet) map[*box.Box]*targetBox {
	if t == nil {
		return nil
	}
	posts := map[*box.Box]*targetBox{}
	for _, tb := range t.boxes {
		if tb.post != nil {
			posts[tb.post] = tb
		}
	}
	if len(posts) == 0 {
		return nil
	}
	return posts
}

// leaderPage fills the leaders of the target boxes on p (posts from
// leaderPosts).
func (l *layouter) leaderPage(posts map[*box.Box]*targetBox, p *Page) {
	if len(posts) == 0 || p.Root == nil {
		return
	}
	var walk func(f *Fragment)
	walk = func(f *Fragment) {
		for _, ln := range f.Lines {
			for k, tx := range ln.Texts {
				if tb, ok := posts[tx.Box]; ok && !tx.RTL {
					l.leaderLine(ln, k, tb)
					break
				}
			}
			for _, a := range ln.Atomics {
				walk(a)
			}
		}
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(p.Root)
}

// leaderLine moves ln.Texts[k:] to the end of ln and fills the gap before
// them with the leader of tb.
func (l *layouter) leaderLine(ln *Line, k int, tb *targetBox) {
	last := ln.Texts[len(ln.Texts)-1]
	dx := ln.X + ln.W - (last.X + last.Width)
	post := ln.Texts[k]
	if dx <= 0 {
		return
	}
	start := post.X
	for _, tx := range ln.Texts[k:] {
		tx.X += dx
		for i := range tx.Decorations {
			tx.Decorations[i].X += dx
		}
	}
	for _, in := range ln.Inlines {
		if in.Rect.X+in.Rect.W >= start-0.01 {
			if in.Rect.X >= start-0.01 {
				in.Rect.X += dx
			} else {
				in.Rect.W += dx
			}
		}
	}
	// the gap: from the end of what precedes the moved text to its start
	g0 := ln.X
	if k > 0 {
		prev := ln.Texts[k-1]
		g0 = prev.X + prev.Width
	}
	g1 := post.X
	st := post.Box.Style
	runs, _ := l.shaper.Shape(tb.leader, query(st), st.FontSize, fonts.ShapeOptions{Lang: st.Lang})
	if len(runs) != 1 || runs[0].Advance <= 0 {
		return
	}
	r := runs[0]
	space := r.Advance / float64(len(tb.leader)) // keep a little room at both ends
	n := int((g1 - g0 - 2*space) / r.Advance)
	if n <= 0 {
		return
	}
	glyphs := make([]fonts.Glyph, 0, n*len(r.Glyphs))
	for i := range n {
		for _, g := range r.Glyphs {
			g.Cluster += i * len(tb.leader)
			glyphs = append(glyphs, g)
		}
	}
	w := float64(n) * r.Advance
	lt := &Text{Box: post.Box, Face: r.Face, Size: r.Size, Glyphs: glyphs, Text: strings.Repeat(tb.leader, n),
		X: g1 - space - w, Baseline: post.Baseline, Width: w, Color: post.Color, Ascent: post.Ascent, Descent: post.Descent, Seq: post.Seq}
	texts := make([]*Text, 0, len(ln.Texts)+1)
	texts = append(texts, ln.Texts[:k]...)
	texts = append(texts, lt)
	ln.Texts = append(texts, ln.Texts[k:]...)
}
