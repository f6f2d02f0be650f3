package ua

// Text as a clipping path (render modes 4–7): the glyphs of every run
// shown in a clip mode between BT and ET are added to the clipping path
// at ET, which then bounds all later painting until Q. Text in mode 7 is
// not drawn itself; it is seen only through what is painted inside it
// afterwards (an image or a shading seen through the letters), so it is
// judged at the end of the page: shown when painting fell inside its
// glyphs' box while its clip was in force, invisible otherwise.

// clipText is a run of real text shown in render mode 7 without
// /ActualText, waiting for painting inside its clip.
type clipText struct {
	b     box
	l     loc
	what  string
	shown bool
}

// textClip is the clip the text of the BT block in progress adds at ET.
type textClip struct {
	b    box
	on   bool // a run in a clip mode was shown
	from int  // index in visPage.clipTexts of the block's first mode-7 run
}

// isClipMode reports whether render mode mode adds the text to the clip.
func isClipMode(mode int) bool { return mode >= 4 && mode <= 7 }

// addTextClip adds the box b of a run shown in a clip mode to the text
// clip of the block in progress.
func (w *visWalk) addTextClip(b box) {
	if !w.text.on {
		w.text.b, w.text.on = b, true
		return
	}
	w.text.b = w.text.b.add(b[0], b[1]).add(b[2], b[3])
}

// beginText starts a text block: no text clip yet.
func (c *checker) beginText(w *visWalk) {
	w.text = textClip{}
	if c.vis != nil {
		w.text.from = len(c.vis.clipTexts)
	}
}

// endText applies the text clip of the block ending at ET: the clipping
// path of v becomes its intersection with the glyphs (their box, of
// another shape), and painting inside it shows the block's mode-7 runs.
func (c *checker) endText(w *visWalk, v *visGS) {
	if w.text.on && c.vis != nil {
		v.intersectClip(w.text.b, true)
		v.shows = [2]int{w.text.from, len(c.vis.clipTexts)}
	}
	w.text = textClip{}
}

// clipOnlyText records a mode-7 run of real text without /ActualText:
// it is judged at the end of the page.
func (c *checker) clipOnlyText(b box, l loc, what string) {
	v := c.vis
	if len(v.clipTexts) >= maxVisTexts {
		c.pass(ruleInvisibleText) // past the bound: not judged
		return
	}
	v.clipTexts = append(v.clipTexts, clipText{b: b, l: l, what: what})
}

// markShown marks the mode-7 runs whose clip g paints inside, at b.
func (c *checker) markShown(g *visGS, b box) {
	ts := c.vis.clipTexts
	from, to := g.shows[0], min(g.shows[1], len(ts))
	for i := from; i < to; i++ {
		if !ts[i].shown && !ts[i].b.disjoint(b) {
			ts[i].shown = true
		}
	}
	c.visWork += max(to-from, 0)
}

// finishClipTexts reports the mode-7 runs of the page nothing was
// painted through.
func (c *checker) finishClipTexts(page int) {
	for _, t := range c.vis.clipTexts {
		if t.shown {
			c.pass(ruleInvisibleText)
			continue
		}
		c.fail(ruleInvisibleText, t.l, "text shown with %s at (%.0f, %.0f) on page %d only clips (render mode 7), nothing is painted through it, and it has no /ActualText",
			t.what, t.b[0], t.b[1], page)
	}
}
