package layout

import (
	"strings"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Most margin boxes show one short text in one font on one line: a
// running title, "Page 3 of 9". Such a text is shaped straight into a
// buffer of its spec (no paragraph, units or break opportunities), its
// max-content width is the sum of its advances, and its line is made from
// a template: the line the general path built for the first such text of
// the margin-box style, checked to come out the same when made from the
// template. Only the glyphs, text, width, horizontal position and
// sequence number differ from text to text; the line's height, baseline
// and text metrics depend on the style and face alone.

// marginText is the text of a margin box shaped as one run.
type marginText struct {
	face   *fonts.Face
	size   float64
	text   string
	glyphs []fonts.Glyph // in the layouter's buffer of the spec's slot
	// units is the width summed cluster by cluster, as a paragraph's
	// units and their running sums add it (the max-content width); width
	// is summed glyph by glyph, as a line's text adds it.
	units, width float64
}

// marginTemplate is the one-text line of a margin-box style as the
// general path builds it at the origin, less what differs per text.
type marginTemplate struct {
	line Line
	text Text
	face *fonts.Face
	size float64
	// failed says the template did not reproduce the general path's line:
	// the style always takes the general path.
	failed bool
}

// simpleMarginStyle reports whether a margin box's block and text styles
// leave its text's line to the shaped glyphs alone: no letter or word
// spacing that changes advances, white space collapsed with no preserved
// line breaks, left-to-right.
func simpleMarginStyle(block, text *style.Style) bool {
	return text.LetterSpacing == 0 && text.WordSpacing == 0 &&
		(text.WhiteSpace == style.WhiteSpaceNormal || text.WhiteSpace == style.WhiteSpaceNowrap) &&
		block.Direction == style.LTR && text.Direction == style.LTR
}

// shapeMarginText shapes the text of margin box sp as one run, once per
// spec; it reports false when the text needs the general path (an element,
// spaces or characters that break, bidi, font fallback, a diagnostic).
func (l *layouter) shapeMarginText(sp *marginSpec) bool {
	if sp.triedText {
		return sp.hasText
	}
	sp.triedText = true
	if l.margins.noFastText || l.appendShaper == nil || sp.el != nil || sp.text == "" {
		return false
	}
	// the text as marginBoxTree puts it in the tree: collapsed spaces
	// stay as they are
	sts := l.marginStyles(sp.ms)
	st, txt := sts[1], sp.text
	if !simpleMarginStyle(sts[0], st) || !spacesCollapsed(txt) || strings.Contains(txt, "\u00AD") || hasRTL(txt) {
		return false
	}
	buf := l.margins.glyphBufs[sp.slot][:0]
	// the options of a paragraph (para.shapeRange): features, caps and
	// position as in the body
	runs, diags, buf := l.appendShaper.ShapeAppend(l.runBuf[:0], buf, txt, query(st), st.FontSize, shapeOptions(st, l.texts.features(st)))
	l.margins.glyphBufs[sp.slot], l.runBuf = buf, runs
	if len(runs) != 1 || len(diags) > 0 || runs[0].Direction == fonts.RTL || runs[0].Text != txt || len(runs[0].Glyphs) == 0 {
		return false
	}
	r := &runs[0]
	gl := r.Glyphs
	mt := marginText{face: r.Face, size: r.Size, text: txt, glyphs: gl}
	// the sums in the order para.shapeRange, para.shape (cum) and
	// buildLine take them, so the widths are the same to the last bit
	for g := 0; g < len(gl); {
		c := gl[g].Cluster
		u := 0.0
		h := g
		for ; h < len(gl) && gl[h].Cluster == c; h++ {
			u += gl[h].XAdvance
		}
		if u < 0 {
			return false // a line could break inside the text at any width
		}
		mt.units += u
		g = h
	}
	for k := range gl {
		mt.width += gl[k].XAdvance
	}
	sp.text1, sp.hasText = mt, true
	return true
}

// fastMarginLines puts the line of margin box sp laid out in r in the line
// cache when its text is one run that fits on one line and the style's
// template is known, so the block layout that follows takes it from
// there. It returns the box to lay out then, the margin box's shared tree
// (sharedMarginBox), or nil.
func (l *layouter) fastMarginLines(sp *marginSpec, r Rect) *box.Box {
	if !l.shapeMarginText(sp) {
		return nil
	}
	tp := l.margins.templates[sp.ms]
	mt := &sp.text1
	if tp == nil || tp.failed || tp.face != mt.face || tp.size != mt.size {
		return nil
	}
	b := l.sharedMarginBox(sp)
	cw := marginContentWidth(b.Style, r)
	if ls, ok := l.lineCache[b]; ok && ls.width == cw {
		return b // laid out by the measuring (left and right boxes)
	}
	indent := b.Style.TextIndent.Resolve(cw, 0)
	// para.nextSpan's test for the whole text on the first line
	if w := mt.units - 0 - 0 + indent; !(w <= cw+1e-6) {
		return nil
	}
	a := l.lineSets.One(4, 32)
	a.ls.width = cw
	ln := l.templateLine(tp, &a.line, b, mt, cw, indent)
	l.seq++
	a.ls.one[0] = ln
	a.ls.lines = a.ls.one[:1]
	l.lineCache[b] = &a.ls
	l.margins.fastLines++
	return b
}

// sharedMarginBox returns the box tree the margin boxes of sp's style at
// sp's place share when their lines are made from a template: the lines
// carry the text, so the text box holds none, and a tree per page would
// only add memory for the collector to mark.
func (l *layouter) sharedMarginBox(sp *marginSpec) *box.Box {
	k := sharedKey{sp.ms, sp.slot}
	if t := l.margins.shared[k]; t != nil {
		return &t.root
	}
	sts := l.marginStyles(sp.ms)
	t := &marginTree{}
	t.root = box.Box{Kind: box.KindBlock, Anonymous: true, Style: sts[0]}
	t.text = box.Box{Kind: box.KindText, Style: sts[1], Parent: &t.root}
	t.kids[0] = &t.text
	t.root.Children = t.kids[:]
	if l.margins.shared == nil {
		l.margins.shared = map[sharedKey]*marginTree{}
	}
	l.margins.shared[k] = t
	return &t.root
}

// sharedKey identifies the shared tree of a margin-box style at a place.
type sharedKey struct {
	ms   *style.Style
	slot style.MarginBox
}

// templateLine makes the one-text line of b's text mt in slot from
// template tp, as buildLine would build it cw wide with the first line
// indented by indent. The glyphs are copied out of the spec's buffer.
func (l *layouter) templateLine(tp *marginTemplate, slot *lineSlot, b *box.Box, mt *marginText, cw, indent float64) *Line {
	// slot is zeroed: the template's fields are set one by one, as
	// whole-struct stores would run the write barrier over every pointer
	// field while the collector marks (the template has no pointers but
	// the face)
	ln := &slot.line
	ln.H, ln.Baseline, ln.W = tp.line.H, tp.line.Baseline, cw
	t := &slot.text[0]
	t.Face, t.Size, t.Baseline, t.Color, t.Ascent, t.Descent = tp.text.Face, tp.text.Size, tp.text.Baseline, tp.text.Color, tp.text.Ascent, tp.text.Descent
	slot.ptr[0] = t
	ln.Texts = slot.ptr[:1]
	// not carved from the paragraphs' glyph blocks: margin boxes are
	// kept (marginCache), and would keep those blocks
	gl := append(make([]fonts.Glyph, 0, len(mt.glyphs)), mt.glyphs...)
	free := cw - indent - mt.units
	x := indent
	switch lineAlign(b, 0, true, true) {
	case style.AlignRight:
		x += free
	case style.AlignCenter:
		x += free / 2
	}
	t.Box, t.Glyphs, t.Text, t.X, t.Width, t.Seq = b.Children[0], gl, mt.text, x, mt.width, l.seq+1
	return ln
}

// learnMarginTemplate keeps the line the general path just built for
// margin box sp (ls, at the origin, cw wide) as its style's template when
// the text is one simple run and the line is one text with nothing else
// on it, and checks that the template gives that same line back. seq is
// the sequence number the line's text took.
func (l *layouter) learnMarginTemplate(sp *marginSpec, b *box.Box, ls *lineSet, cw float64) {
	if _, known := l.margins.templates[sp.ms]; known || !l.shapeMarginText(sp) {
		return
	}
	if len(ls.lines) != 1 {
		return // the text did not fit on one line: learn from another
	}
	tp := &marginTemplate{failed: true}
	if l.margins.templates == nil {
		l.margins.templates = map[*style.Style]*marginTemplate{}
	}
	l.margins.templates[sp.ms] = tp
	ln := ls.lines[0]
	if len(ln.Texts) != 1 || ln.Inlines != nil || ln.Atomics != nil || ln.Marker != nil || ln.X != 0 || ln.Y != 0 {
		return
	}
	got := ln.Texts[0]
	mt := &sp.text1
	if got.Face != mt.face || got.Size != mt.size || got.Decorations != nil || got.RTL {
		return
	}
	*tp = marginTemplate{line: *ln, text: *got, face: mt.face, size: mt.size}
	tp.line.Texts = nil
	tp.text.Box, tp.text.Glyphs, tp.text.Text = nil, nil, ""
	var slot lineSlot
	saved := l.seq
	l.seq = got.Seq - 1
	mine := l.templateLine(tp, &slot, b, mt, cw, b.Style.TextIndent.Resolve(cw, 0))
	l.seq = saved
	tp.failed = !sameLine(mine, ln)
}

// sameLine reports whether two one-text lines are the same in every
// field.
func sameLine(a, b *Line) bool {
	if a.X != b.X || a.Y != b.Y || a.W != b.W || a.H != b.H || a.Baseline != b.Baseline ||
		len(a.Texts) != 1 || len(b.Texts) != 1 || a.Inlines != nil || a.Atomics != nil || a.Marker != nil {
		return false
	}
	s, t := a.Texts[0], b.Texts[0]
	if s.Box != t.Box || s.Face != t.Face || s.Size != t.Size || s.Text != t.Text || s.RTL != t.RTL ||
		s.X != t.X || s.Baseline != t.Baseline || s.Width != t.Width || s.Color != t.Color ||
		s.Ascent != t.Ascent || s.Descent != t.Descent || s.Seq != t.Seq ||
		len(s.Decorations) != 0 || len(t.Decorations) != 0 || len(s.Glyphs) != len(t.Glyphs) {
		return false
	}
	for i := range s.Glyphs {
		if s.Glyphs[i] != t.Glyphs[i] {
			return false
		}
	}
	return true
}
