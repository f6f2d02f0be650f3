package layout

import (
	"slices"
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

// leaderPage fills the leaders on p: those of the target boxes (posts
// from leaderPosts) and, when the document has any (l.leaders), the
// leader() copies of other generated content.
func (l *layouter) leaderPage(posts map[*box.Box]*targetBox, p *Page) {
	if len(posts) == 0 && !l.leaders || p.Root == nil {
		return
	}
	var walk func(f *Fragment, depth int)
	walk = func(f *Fragment, depth int) {
		if depth > maxReleaseDepth {
			return
		}
		for _, ln := range f.Lines {
			l.leaderLineOf(ln, posts)
			for _, a := range ln.Atomics {
				walk(a, depth+1)
			}
		}
		for _, c := range f.Children {
			walk(c, depth+1)
		}
	}
	walk(p.Root, 0)
}

// leaderLineOf fills the first leader of ln, if it has one: the first
// leader() copy, or the gap before the text after a target box's leader.
func (l *layouter) leaderLineOf(ln *Line, posts map[*box.Box]*targetBox) {
	for k, tx := range ln.Texts {
		if tx.RTL {
			continue
		}
		if s := tx.Box.Leader(); s != "" {
			l.fillLeader(ln, k, s)
			return
		}
		if tb, ok := posts[tx.Box]; ok {
			l.leaderLine(ln, k, tb)
			return
		}
	}
}

// fillLeader moves what follows ln.Texts[k], one copy of the leader
// string s, to the end of ln and repeats s over the room it leaves, as
// whole copies aligned to the end of the room (css-gcpm-3 §5.1).
func (l *layouter) fillLeader(ln *Line, k int, s string) {
	lt := ln.Texts[k]
	last := ln.Texts[len(ln.Texts)-1]
	dx := ln.X + ln.W - (last.X + last.Width)
	if dx <= 0.01 {
		return
	}
	shiftAfter(ln, k+1, lt.X+lt.Width, dx)
	st := lt.Box.Style
	runs, _ := l.shaper.Shape(s, query(st), st.FontSize, fonts.ShapeOptions{Lang: st.Lang})
	if len(runs) != 1 || runs[0].Advance <= 0 {
		return
	}
	r := runs[0]
	g0, g1 := lt.X, lt.X+lt.Width+dx
	n := int((g1 - g0 + 0.01) / r.Advance)
	if n <= 0 {
		return
	}
	glyphs := make([]fonts.Glyph, 0, n*len(r.Glyphs))
	for i := range n {
		for _, g := range r.Glyphs {
			g.Cluster += int32(i * len(s))
			glyphs = append(glyphs, g)
		}
	}
	w := float64(n) * r.Advance
	rep := *lt
	rep.Face, rep.Size, rep.Glyphs, rep.Text, rep.X, rep.Width = r.Face, r.Size, glyphs, strings.Repeat(s, n), g1-w, w
	if len(lt.Decorations) > 0 {
		// an underline under the leader spans its copies
		rep.Decorations = slices.Clone(lt.Decorations)
		for i := range rep.Decorations {
			rep.Decorations[i].X, rep.Decorations[i].W = rep.X, w
		}
	}
	ln.Texts[k] = &rep
}

// shiftAfter moves ln.Texts[k:], and the inline boxes from x on, right
// by dx; the inline boxes spanning x stretch by dx.
func shiftAfter(ln *Line, k int, x, dx float64) {
	for _, tx := range ln.Texts[k:] {
		tx.X += dx
		for i := range tx.Decorations {
			tx.Decorations[i].X += dx
		}
	}
	for _, in := range ln.Inlines {
		if in.Rect.X+in.Rect.W >= x-0.01 {
			if in.Rect.X >= x-0.01 {
				in.Rect.X += dx
			} else {
				in.Rect.W += dx
			}
		}
	}
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
	shiftAfter(ln, k, start, dx)
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
			g.Cluster += int32(i * len(tb.leader))
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

// hasLeaders reports whether the tree holds leader() copies of generated
// content (box.Rare.Leader) for leaderPage to fill.
func hasLeaders(tree *box.Tree) bool {
	found := false
	if tree != nil && tree.Root != nil {
		tree.Root.Walk(func(b *box.Box) bool {
			found = found || b.Leader() != ""
			return !found
		})
	}
	return found
}
