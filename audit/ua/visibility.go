package ua

import (
	"math"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// The visibility check (with Options.SpecRules): real content (not an
// artifact) that a sighted reader does not see although assistive
// technology reads it out. It follows the page's painting in user space
// with what it can model cheaply: the CTM, the text matrices and text
// state, the fill colour of the device colour spaces and the fill alpha,
// rectangles, other paths and images as bounding boxes. It reports text
// drawn in render mode 3 without /ActualText (needs review: it is also how
// an OCR layer lies over a scanned page) or in mode 7 with nothing painted
// through it (visclip.go), text lying outside the crop box, text that a
// later opaque rectangle or image covers whole, and text under 1.1:1
// contrast with the rectangle (or the white page) painted under it, and
// text the clipping path (W, W*, a form's /BBox or text in render modes
// 4–7) cuts away whole; each with the page and the position in points.
const (
	ruleInvisibleText = "folio-visibility-render-mode-3"
	ruleOutsideCrop   = "folio-visibility-outside-cropbox"
	ruleCovered       = "folio-visibility-covered"
	ruleLowContrast   = "folio-visibility-contrast"
	ruleVisBudget     = "folio-visibility-budget"
	ruleClipped       = "folio-visibility-clipped"
)

// visRuleIDs lists the visibility rules, for RuleIDs.
var visRuleIDs = []string{ruleInvisibleText, ruleOutsideCrop, ruleClipped, ruleCovered, ruleLowContrast, ruleVisBudget}

// visRule returns the visibility rule with the given id.
func visRule(id string) (rule, bool) {
	mk := func(sev audit.Severity, clause, wcag, hint, reason string) rule {
		return rule{id: id, clause: clause, severity: sev, hint: hint, reason: reason,
			refs: []string{"WCAG 2.1 " + wcag, "PDF/UA-1 " + clause}}
	}
	switch id {
	case ruleInvisibleText:
		return mk(audit.NeedsReview, "7.1", "1.3.2", "draw real text visibly, mark hidden text as an artifact, or give it /ActualText",
			"text in render mode 3, or in mode 7 with nothing painted through it, is invisible; it is right only as the OCR layer over a scanned image of the same text"), true
	case ruleOutsideCrop:
		return mk(audit.Warning, "7.1", "1.3.2", "move the text onto the page or mark it as an artifact", ""), true
	case ruleClipped:
		return mk(audit.Warning, "7.1", "1.3.2", "move the text inside its clipping path (or the form's /BBox), or mark it as an artifact", ""), true
	case ruleCovered:
		return mk(audit.Warning, "7.1", "1.3.2", "paint backgrounds before the text they lie under, or mark the hidden text as an artifact", ""), true
	case ruleLowContrast:
		return mk(audit.Warning, "7.1", "1.4.3", "give the text a colour that differs from its background", ""), true
	case ruleVisBudget:
		return mk(audit.Notice, "7.1", "1.3.2", "audit the pages past the limit apart (split the file) to check their visibility", ""), true
	}
	return rule{}, false
}

// Bounds of the per-page bookkeeping: past them the page's remaining
// text is not compared with later painting.
const (
	maxVisTexts   = 2048
	maxVisRegions = 2048
	minContrast   = 1.1
	// maxVisWork bounds the text-against-painting comparisons of one
	// audit (each page may cost up to maxVisTexts × maxVisRegions):
	// past it the check stops with a notice.
	maxVisWork = 1 << 25
)

// visGS is the part of the graphics state the visibility check follows
// (saved and restored with q and Q as part of gstate).
type visGS struct {
	ctm       mat
	set       bool // ctm has been initialised
	fill      [3]float64
	fillKnown bool    // fill is an RGB colour (device or ICC-based spaces)
	fillN     int     // components of the fill colour space, 0 unknown
	alpha     float64 // fill alpha (/ca), 1 unless set
	size      float64 // Tf size
	tc, tw    float64
	tz        float64 // horizontal scaling, percent
	tl, rise  float64
	// clip bounds the clipping path when clipOn; clipComplex records a
	// clip that is not one upright rectangle, whose box is not its area.
	clip        box
	clipOn      bool
	clipComplex bool
	// shows: painting inside the clip shows visPage.clipTexts[shows[0]:
	// shows[1]], the mode-7 text that shapes it (visclip.go).
	shows [2]int
}

// clipAway reports whether the clipping path of v leaves nothing of b:
// the clip's box, which contains the clip, is empty or apart from b.
func (v *visGS) clipAway(b box) bool {
	if !v.clipOn {
		return false
	}
	return v.clip[0] > v.clip[2] || v.clip[1] > v.clip[3] || v.clip.disjoint(b)
}

// intersectClip intersects the clipping path of v with the box b of a
// clip, which is not its area when complex.
func (v *visGS) intersectClip(b box, complex bool) {
	if !v.clipOn {
		v.clip, v.clipOn = b, true
	} else {
		v.clip = box{math.Max(v.clip[0], b[0]), math.Max(v.clip[1], b[1]), math.Min(v.clip[2], b[2]), math.Min(v.clip[3], b[3])}
	}
	v.clipComplex = v.clipComplex || complex
}

// clipped restricts painting r to the clipping path of v: its box to the
// clip's, and a rectangle under a clip of another shape to an area of
// unknown shape. ok is false when nothing of r is left.
func (v *visGS) clipped(r region) (region, bool) {
	if !v.clipOn {
		return r, true
	}
	r.b = box{math.Max(r.b[0], v.clip[0]), math.Max(r.b[1], v.clip[1]), math.Min(r.b[2], v.clip[2]), math.Min(r.b[3], v.clip[3])}
	if r.b[0] > r.b[2] || r.b[1] > r.b[3] {
		return r, false
	}
	if v.clipComplex {
		r.rect = false
	}
	return r, true
}

// endPath ends the current path, applying a pending clip (W, W*) after
// the painting, as the clip takes effect then.
func (w *visWalk) endPath(v *visGS) {
	if w.clip && w.havePath {
		v.intersectClip(w.pathBox, w.complex || len(w.path) != 1)
	}
	*w = visWalk{tm: w.tm, tlm: w.tlm, text: w.text}
}

func newVisGS() visGS {
	return visGS{ctm: identity, set: true, fillKnown: true, fillN: 1, alpha: 1, tz: 100}
}

// region is something painted on the page: its box, whether it is opaque
// with a known colour (an opaque filled rectangle), and the colour.
type region struct {
	b      box
	rect   bool // a filled rectangle (its box is its area)
	opaque bool
	known  bool
	col    [3]float64
}

// textMark is a piece of real text on the page.
type textMark struct {
	b       box
	what    string
	obj     int
	path    string // structure path of its element
	covered bool
}

// visPage is the visibility state of the page being checked.
type visPage struct {
	crop      box
	regions   []region
	texts     []textMark
	clipTexts []clipText // real text in render mode 7 (visclip.go)
	full      bool       // a bound was reached: later painting is not compared
}

// visWalk is the per-content-stream state: the text matrices and the
// path under construction.
type visWalk struct {
	tm, tlm  mat
	path     []box // rectangles of the current path
	pathBox  box
	complex  bool // the path has segments other than rectangles
	havePath bool
	clip     bool // W or W* makes the path a clip once it is ended
	text     textClip
}

// visStart prepares the visibility check of a page.
func (c *checker) visStart(p pdfobj.Page, page int) {
	c.vis = nil
	if !c.opts.SpecRules {
		return
	}
	if c.visWork >= maxVisWork {
		if !c.visStopped {
			c.visStopped = true
			c.fail(ruleVisBudget, loc{page: page}, "the visibility check stopped at page %d after %d comparisons of text with painting", page, c.visWork)
		}
		return
	}
	cb := p.CropBox
	c.vis = &visPage{crop: box{math.Min(cb[0], cb[2]), math.Min(cb[1], cb[3]), math.Max(cb[0], cb[2]), math.Max(cb[1], cb[3])}}
}

// visFinish reports the covered text of the page.
func (c *checker) visFinish(page int) {
	v := c.vis
	if v == nil {
		return
	}
	c.finishClipTexts(page)
	for _, t := range v.texts {
		if !t.covered {
			c.pass(ruleCovered)
			continue
		}
		c.fail(ruleCovered, loc{page: page, obj: t.obj, path: t.path},
			"text shown with %s at (%.0f, %.0f) on page %d is covered whole by opaque painting that comes after it", t.what, t.b[0], t.b[1], page)
	}
	c.vis = nil
}

// visOp follows one operation for the visibility check.
func (c *checker) visOp(w *visWalk, gs *gstate, op pdfobj.Op, top mcEntry, sc *streamCtx) {
	if c.vis == nil {
		return
	}
	if !gs.vis.set {
		gs.vis = newVisGS()
	}
	switch op.Operator {
	case "BT":
		c.beginText(w)
		visTextState(w, &gs.vis, op)
	case "ET":
		c.endText(w, &gs.vis)
	case "cm", "Tm", "Td", "TD", "T*", "Tf", "Tc", "Tw", "Tz", "TL", "Ts":
		visTextState(w, &gs.vis, op)
	case "'", "\"":
		w.tlm = mat{1, 0, 0, 1, 0, -gs.vis.tl}.Mul(w.tlm)
		w.tm = w.tlm
		c.visText(w, gs, op, top, sc)
	case "Tj", "TJ":
		c.visText(w, gs, op, top, sc)
	case "g", "rg", "k", "cs", "sc", "scn", "gs":
		c.visColor(&gs.vis, op, sc)
	default:
		c.visPath(w, &gs.vis, op)
	}
}

// visTextState follows the CTM, the text matrices and the text state.
func visTextState(w *visWalk, v *visGS, op pdfobj.Op) {
	var buf [6]float64
	switch op.Operator {
	case "cm":
		if a, ok := opNumbers(op, 6, &buf); ok {
			v.ctm = mat{a[0], a[1], a[2], a[3], a[4], a[5]}.Mul(v.ctm)
		}
	case "BT":
		w.tm, w.tlm = identity, identity
	case "Tm":
		if a, ok := opNumbers(op, 6, &buf); ok {
			w.tm = mat{a[0], a[1], a[2], a[3], a[4], a[5]}
			w.tlm = w.tm
		}
	case "Td", "TD":
		if a, ok := opNumbers(op, 2, &buf); ok {
			if op.Operator == "TD" {
				v.tl = -a[1]
			}
			w.tlm = mat{1, 0, 0, 1, a[0], a[1]}.Mul(w.tlm)
			w.tm = w.tlm
		}
	case "T*":
		w.tlm = mat{1, 0, 0, 1, 0, -v.tl}.Mul(w.tlm)
		w.tm = w.tlm
	case "Tf":
		if len(op.Operands) == 2 {
			v.size, _ = pdfobj.Number(op.Operands[1])
		}
	default: // Tc, Tw, Tz, TL, Ts
		a, ok := opNumbers(op, 1, &buf)
		if !ok {
			return
		}
		switch op.Operator {
		case "Tc":
			v.tc = a[0]
		case "Tw":
			v.tw = a[0]
		case "Tz":
			v.tz = a[0]
		case "TL":
			v.tl = a[0]
		case "Ts":
			v.rise = a[0]
		}
	}
}

// visColor follows the fill colour and the fill alpha.
func (c *checker) visColor(v *visGS, op pdfobj.Op, sc *streamCtx) {
	var buf [6]float64
	switch op.Operator {
	case "g", "rg", "k":
		n := 1 // g: gray
		switch op.Operator {
		case "rg":
			n = 3
		case "k":
			n = 4
		}
		if a, ok := opNumbers(op, n, &buf); ok {
			v.fillN = n
			v.fill, v.fillKnown = deviceRGB(a)
		}
	case "cs":
		if len(op.Operands) == 1 {
			name, _ := op.Operands[0].(pdfobj.Name)
			v.fillN = c.colorSpaceN(name, sc)
			v.fill, v.fillKnown = [3]float64{}, v.fillN > 0
		}
	case "sc", "scn":
		a, ok := opNumbers(op, v.fillN, &buf)
		v.fillKnown = ok && v.fillN > 0
		if v.fillKnown {
			v.fill, _ = deviceRGB(a)
		}
	case "gs":
		if len(op.Operands) == 1 {
			name, _ := op.Operands[0].(pdfobj.Name)
			egs, _ := c.f.Resolve(sc.res["ExtGState"]).(pdfobj.Dict)
			d, _ := c.f.Resolve(egs[name]).(pdfobj.Dict)
			if ca, ok := pdfobj.Number(c.f.Resolve(d["ca"])); ok {
				v.alpha = ca
			}
		}
	}
}

// visPath follows path construction, clipping and painting.
func (c *checker) visPath(w *visWalk, v *visGS, op pdfobj.Op) {
	var buf [6]float64
	switch op.Operator {
	case "re":
		if a, ok := opNumbers(op, 4, &buf); ok {
			r := box{math.Min(a[0], a[0]+a[2]), math.Min(a[1], a[1]+a[3]), math.Max(a[0], a[0]+a[2]), math.Max(a[1], a[1]+a[3])}
			b := bboxOf(v.ctm, r)
			if v.ctm[1] != 0 || v.ctm[2] != 0 {
				w.complex = true // rotated: its box is not its area
			}
			w.path = append(w.path, b)
			w.addPath(b)
		}
	case "m", "l", "c", "v", "y":
		for i := 0; i+1 < len(op.Operands); i += 2 {
			x0, ok1 := pdfobj.Number(op.Operands[i])
			y0, ok2 := pdfobj.Number(op.Operands[i+1])
			if ok1 && ok2 {
				x, y := v.ctm.Apply(x0, y0)
				w.addPath(box{x, y, x, y})
			}
		}
		w.complex = true
	case "W", "W*":
		w.clip = true
	case "f", "F", "f*", "B", "B*", "b", "b*":
		if w.havePath && !w.complex {
			for _, r := range w.path {
				c.visPaint(v, region{b: r, rect: true, opaque: v.alpha >= 1, known: v.fillKnown, col: v.fill})
			}
		} else if w.havePath {
			c.visPaint(v, region{b: w.pathBox})
		}
		w.endPath(v)
	case "n", "S", "s":
		w.endPath(v)
	case "sh":
		c.visPaint(v, region{b: c.vis.crop})
	case "EI":
		c.visPaint(v, region{b: bboxOf(v.ctm, box{0, 0, 1, 1})})
	}
}

func (w *visWalk) addPath(b box) {
	if !w.havePath {
		w.pathBox, w.havePath = b, true
		return
	}
	w.pathBox = w.pathBox.add(b[0], b[1]).add(b[2], b[3])
}

// formGS returns the graphics state a form XObject painted in gs starts
// in: its /Matrix applied to the CTM, and its /BBox intersected with the
// clipping path.
func (c *checker) formGS(gs gstate, s *pdfobj.Stream) gstate {
	if !gs.vis.set {
		gs.vis = newVisGS()
	}
	if m, ok := c.f.Resolve(s.Dict["Matrix"]).(pdfobj.Array); ok && len(m) == 6 {
		var a mat
		for i, o := range m {
			a[i], _ = pdfobj.Number(c.f.Resolve(o))
		}
		gs.vis.ctm = a.Mul(gs.vis.ctm)
	}
	if bb, ok := c.f.Resolve(s.Dict["BBox"]).(pdfobj.Array); ok && len(bb) == 4 {
		var r [4]float64
		for i, o := range bb {
			r[i], _ = pdfobj.Number(c.f.Resolve(o))
		}
		b := bboxOf(gs.vis.ctm, box{math.Min(r[0], r[2]), math.Min(r[1], r[3]), math.Max(r[0], r[2]), math.Max(r[1], r[3])})
		if b.valid() {
			gs.vis.intersectClip(b, gs.vis.ctm[1] != 0 || gs.vis.ctm[2] != 0)
		}
	}
	return gs
}

// visImage records an image painted with Do.
func (c *checker) visImage(gs gstate, s *pdfobj.Stream) {
	if c.vis == nil {
		return
	}
	ctm := gs.vis.ctm
	if !gs.vis.set {
		ctm = identity
	}
	opaque := s.Dict["SMask"] == nil && s.Dict["Mask"] == nil && gs.vis.alpha >= 1
	if im, _ := c.f.Resolve(s.Dict["ImageMask"]).(pdfobj.Bool); im {
		opaque = false
	}
	v := gs.vis
	c.visPaint(&v, region{b: bboxOf(ctm, box{0, 0, 1, 1}), rect: opaque && ctm[1] == 0 && ctm[2] == 0, opaque: opaque})
}

// visPaint records painting in graphics state g and marks the text it
// covers.
func (c *checker) visPaint(g *visGS, r region) {
	v := c.vis
	if v == nil || !r.b.valid() {
		return
	}
	r, ok := g.clipped(r)
	if !ok {
		return
	}
	c.markShown(g, r.b)
	if v.full || c.visWork >= maxVisWork {
		return
	}
	if r.rect && r.opaque {
		c.visWork += len(v.texts)
		for i := range v.texts {
			if !v.texts[i].covered && r.b.contains(v.texts[i].b) {
				v.texts[i].covered = true
			}
		}
	}
	if len(v.regions) >= maxVisRegions {
		v.full = true
		return
	}
	v.regions = append(v.regions, r)
}

// visText measures one text-showing operation, advances the text matrix
// and applies the render-mode, crop-box and contrast checks to real text.
func (c *checker) visText(w *visWalk, gs *gstate, op pdfobj.Op, top mcEntry, sc *streamCtx) {
	v := &gs.vis
	adv := c.textAdvance(gs, op)
	size := v.size
	trm := mat{1, 0, 0, 1, 0, v.rise}.Mul(w.tm).Mul(v.ctm)
	// b is the run's extent (descenders to ascenders), core the band
	// every glyph's body crosses (baseline to about the x-height): the
	// part whose background and covering the checks compare, so that
	// a background cut to the line box still counts as under the text.
	b := bboxOf(trm, box{0, -0.25 * size, adv, 0.85 * size})
	core := bboxOf(trm, box{0, 0, adv, 0.45 * size})
	w.tm = mat{1, 0, 0, 1, adv, 0}.Mul(w.tm)
	if c.vis == nil || !b.valid() || adv <= 0 {
		return
	}
	if isClipMode(gs.mode) {
		w.addTextClip(b)
	}
	if top.artifact || sc.exempt {
		return
	}
	l := loc{page: sc.page, obj: sc.obj, path: top.path}
	x, y := b[0], b[1]
	// (the messages are built only for failures: this runs per text run)
	if gs.mode == 7 && !top.actual {
		c.clipOnlyText(b, l, op.Operator)
		return
	}
	if gs.mode == 3 || gs.mode == 7 {
		if top.actual {
			c.pass(ruleInvisibleText)
		} else {
			c.fail(ruleInvisibleText, l, "text shown with %s at (%.0f, %.0f) on page %d is drawn invisibly (render mode %d) and has no /ActualText", op.Operator, x, y, sc.page, gs.mode)
		}
		return
	}
	if !b.disjoint(c.vis.crop) {
		c.pass(ruleOutsideCrop)
	} else {
		c.fail(ruleOutsideCrop, l, "text shown with %s at (%.0f, %.0f) on page %d lies outside the page's crop box", op.Operator, x, y, sc.page)
	}
	if v.clipOn {
		if !v.clipAway(b) {
			c.pass(ruleClipped)
		} else {
			c.fail(ruleClipped, l, "text shown with %s at (%.0f, %.0f) on page %d lies outside its clipping path and is not drawn", op.Operator, x, y, sc.page)
			return
		}
	}
	if gs.mode == 0 || gs.mode == 2 || gs.mode == 4 || gs.mode == 6 {
		if bg, ok := c.under(core); ok && v.fillKnown {
			fg := v.fill
			if v.alpha < 1 {
				a := math.Max(v.alpha, 0)
				fg = [3]float64{fg[0]*a + bg[0]*(1-a), fg[1]*a + bg[1]*(1-a), fg[2]*a + bg[2]*(1-a)}
			}
			if ratio := contrastRGB(fg, bg); ratio >= minContrast {
				c.pass(ruleLowContrast)
			} else {
				c.fail(ruleLowContrast, l, "text shown with %s at (%.0f, %.0f) on page %d has %.2f:1 contrast with what is painted under it (%s on %s)",
					op.Operator, x, y, sc.page, ratio, hexRGB(fg), hexRGB(bg))
			}
		}
	}
	if !c.vis.full {
		if len(c.vis.texts) >= maxVisTexts {
			c.vis.full = true
			return
		}
		c.vis.texts = append(c.vis.texts, textMark{b: core, what: op.Operator, obj: sc.obj, path: top.path})
	}
}

// under returns the colour painted under box b on the page: the latest region that
// contains it when it is an opaque rectangle of known colour, the white
// page when nothing was painted there, or ok false when an image, a
// complex path or translucent painting lies under it.
func (c *checker) under(b box) ([3]float64, bool) {
	v := c.vis
	if v.full || c.visWork >= maxVisWork {
		return [3]float64{}, false
	}
	for i := len(v.regions) - 1; i >= 0; i-- {
		c.visWork++
		r := v.regions[i]
		if r.b.disjoint(b) {
			continue
		}
		if r.rect && r.opaque && r.known && r.b.contains(b) {
			return r.col, true
		}
		return [3]float64{}, false
	}
	return [3]float64{1, 1, 1}, true
}
