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
// an OCR layer lies over a scanned page), text lying outside the crop
// box, text that a later opaque rectangle or image covers whole, and text
// under 1.1:1 contrast with the rectangle (or the white page) painted
// under it; each with the page and the position in points.
const (
	ruleInvisibleText = "folio-visibility-render-mode-3"
	ruleOutsideCrop   = "folio-visibility-outside-cropbox"
	ruleCovered       = "folio-visibility-covered"
	ruleLowContrast   = "folio-visibility-contrast"
	ruleVisBudget     = "folio-visibility-budget"
)

// visRuleIDs lists the visibility rules, for RuleIDs.
var visRuleIDs = []string{ruleInvisibleText, ruleOutsideCrop, ruleCovered, ruleLowContrast, ruleVisBudget}

// visRule returns the visibility rule with the given id.
func visRule(id string) (rule, bool) {
	mk := func(sev audit.Severity, clause, wcag, hint, reason string) rule {
		return rule{id: id, clause: clause, severity: sev, hint: hint, reason: reason,
			refs: []string{"WCAG 2.1 " + wcag, "PDF/UA-1 " + clause}}
	}
	switch id {
	case ruleInvisibleText:
		return mk(audit.NeedsReview, "7.1", "1.3.2", "draw real text visibly, mark hidden text as an artifact, or give it /ActualText",
			"text in render mode 3 is invisible; it is right only as the OCR layer over a scanned image of the same text"), true
	case ruleOutsideCrop:
		return mk(audit.Warning, "7.1", "1.3.2", "move the text onto the page or mark it as an artifact", ""), true
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

// mat is an affine matrix [a b c d e f].
type mat [6]float64

var identity = mat{1, 0, 0, 1, 0, 0}

// mul returns m × n (m applied first).
func (m mat) mul(n mat) mat {
	return mat{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m mat) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// box is an axis-aligned rectangle [x0 y0 x1 y1] in default user space.
type box [4]float64

// bboxOf returns the bounding box of rectangle r under m.
func bboxOf(m mat, r box) box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	corners := [4][2]float64{{r[0], r[1]}, {r[2], r[1]}, {r[0], r[3]}, {r[2], r[3]}}
	for _, p := range corners {
		x, y := m.apply(p[0], p[1])
		b = b.add(x, y)
	}
	return b
}

func (b box) add(x, y float64) box {
	return box{math.Min(b[0], x), math.Min(b[1], y), math.Max(b[2], x), math.Max(b[3], y)}
}

func (b box) contains(o box) bool {
	return b[0] <= o[0]+0.01 && b[1] <= o[1]+0.01 && b[2] >= o[2]-0.01 && b[3] >= o[3]-0.01
}

func (b box) disjoint(o box) bool {
	return b[2] < o[0] || o[2] < b[0] || b[3] < o[1] || o[3] < b[1]
}

func (b box) valid() bool {
	for _, v := range b {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return b[0] <= b[2] && b[1] <= b[3]
}

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
		complex := w.complex || len(w.path) != 1
		if !v.clipOn {
			v.clip, v.clipOn = w.pathBox, true
		} else {
			v.clip = box{math.Max(v.clip[0], w.pathBox[0]), math.Max(v.clip[1], w.pathBox[1]), math.Min(v.clip[2], w.pathBox[2]), math.Min(v.clip[3], w.pathBox[3])}
		}
		v.clipComplex = v.clipComplex || complex
	}
	*w = visWalk{tm: w.tm, tlm: w.tlm}
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
	crop    box
	regions []region
	texts   []textMark
	full    bool // a bound was reached: later painting is not compared
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
	v := &gs.vis
	if !v.set {
		*v = newVisGS()
	}
	var buf [6]float64
	nums := func(n int) ([]float64, bool) { return opNumbers(op, n, &buf) }
	switch op.Operator {
	case "cm":
		if a, ok := nums(6); ok {
			v.ctm = mat{a[0], a[1], a[2], a[3], a[4], a[5]}.mul(v.ctm)
		}
	case "BT":
		w.tm, w.tlm = identity, identity
	case "Tm":
		if a, ok := nums(6); ok {
			w.tm = mat{a[0], a[1], a[2], a[3], a[4], a[5]}
			w.tlm = w.tm
		}
	case "Td", "TD":
		if a, ok := nums(2); ok {
			if op.Operator == "TD" {
				v.tl = -a[1]
			}
			w.tlm = mat{1, 0, 0, 1, a[0], a[1]}.mul(w.tlm)
			w.tm = w.tlm
		}
	case "T*":
		w.tlm = mat{1, 0, 0, 1, 0, -v.tl}.mul(w.tlm)
		w.tm = w.tlm
	case "Tf":
		if len(op.Operands) == 2 {
			v.size, _ = pdfobj.Number(op.Operands[1])
		}
	case "Tc", "Tw", "Tz", "TL", "Ts":
		if a, ok := nums(1); ok {
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
	case "'", "\"":
		w.tlm = mat{1, 0, 0, 1, 0, -v.tl}.mul(w.tlm)
		w.tm = w.tlm
		c.visText(w, gs, op, top, sc)
	case "Tj", "TJ":
		c.visText(w, gs, op, top, sc)
	case "g", "rg", "k":
		n := 1
		switch op.Operator {
		case "rg":
			n = 3
		case "k":
			n = 4
		}
		if a, ok := nums(n); ok {
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
		if v.fillN > 0 {
			if a, ok := nums(v.fillN); ok {
				v.fill, v.fillKnown = deviceRGB(a)
				break
			}
		}
		v.fillKnown = false
	case "gs":
		if len(op.Operands) == 1 {
			name, _ := op.Operands[0].(pdfobj.Name)
			egs, _ := c.f.Resolve(sc.res["ExtGState"]).(pdfobj.Dict)
			d, _ := c.f.Resolve(egs[name]).(pdfobj.Dict)
			if ca, ok := pdfobj.Number(c.f.Resolve(d["ca"])); ok {
				v.alpha = ca
			}
		}
	case "re":
		if a, ok := nums(4); ok {
			r := box{math.Min(a[0], a[0]+a[2]), math.Min(a[1], a[1]+a[3]), math.Max(a[0], a[0]+a[2]), math.Max(a[1], a[1]+a[3])}
			b := bboxOf(v.ctm, r)
			if v.ctm[1] != 0 || v.ctm[2] != 0 {
				w.complex = true // rotated: its box is not its area
			}
			w.path = append(w.path, b)
			w.addPath(b)
		}
	case "m", "l":
		if a, ok := nums(2); ok {
			x, y := v.ctm.apply(a[0], a[1])
			w.addPath(box{x, y, x, y})
			w.complex = true
		}
	case "c", "v", "y":
		for i := 0; i+1 < len(op.Operands); i += 2 {
			x0, ok1 := pdfobj.Number(op.Operands[i])
			y0, ok2 := pdfobj.Number(op.Operands[i+1])
			if ok1 && ok2 {
				x, y := v.ctm.apply(x0, y0)
				w.addPath(box{x, y, x, y})
			}
		}
		w.complex = true
	case "W", "W*":
		w.clip = true
	case "f", "F", "f*", "B", "B*", "b", "b*":
		if w.havePath {
			if !w.complex {
				for _, r := range w.path {
					c.visPaint(v, region{b: r, rect: true, opaque: v.alpha >= 1, known: v.fillKnown, col: v.fill})
				}
			} else {
				c.visPaint(v, region{b: w.pathBox})
			}
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

// opNumbers returns the n numeric operands of op in buf, or ok false.
func opNumbers(op pdfobj.Op, n int, buf *[6]float64) ([]float64, bool) {
	if len(op.Operands) != n || n > len(buf) {
		return nil, false
	}
	for i, o := range op.Operands {
		x, ok := pdfobj.Number(o)
		if !ok {
			return nil, false
		}
		buf[i] = x
	}
	return buf[:n], true
}

func (w *visWalk) addPath(b box) {
	if !w.havePath {
		w.pathBox, w.havePath = b, true
		return
	}
	w.pathBox = w.pathBox.add(b[0], b[1]).add(b[2], b[3])
}

// formGS returns the graphics state a form XObject painted in gs starts
// in: its /Matrix applied to the CTM.
func (c *checker) formGS(gs gstate, s *pdfobj.Stream) gstate {
	if !gs.vis.set {
		gs.vis = newVisGS()
	}
	if m, ok := c.f.Resolve(s.Dict["Matrix"]).(pdfobj.Array); ok && len(m) == 6 {
		var a mat
		for i, o := range m {
			a[i], _ = pdfobj.Number(c.f.Resolve(o))
		}
		gs.vis.ctm = a.mul(gs.vis.ctm)
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
	if v == nil || v.full || c.visWork >= maxVisWork || !r.b.valid() {
		return
	}
	r, ok := g.clipped(r)
	if !ok {
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
	trm := mat{1, 0, 0, 1, 0, v.rise}.mul(w.tm).mul(v.ctm)
	// b is the run's extent (descenders to ascenders), core the band
	// every glyph's body crosses (baseline to about the x-height): the
	// part whose background and covering the checks compare, so that
	// a background cut to the line box still counts as under the text.
	b := bboxOf(trm, box{0, -0.25 * size, adv, 0.85 * size})
	core := bboxOf(trm, box{0, 0, adv, 0.45 * size})
	w.tm = mat{1, 0, 0, 1, adv, 0}.mul(w.tm)
	if c.vis == nil || top.artifact || sc.exempt || !b.valid() || adv <= 0 {
		return
	}
	l := loc{page: sc.page, obj: sc.obj, path: top.path}
	x, y := b[0], b[1]
	// (the messages are built only for failures: this runs per text run)
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

// textAdvance returns the horizontal advance of a text-showing operation
// in text space, from the font's widths (500 per mille when unknown).
func (c *checker) textAdvance(gs *gstate, op pdfobj.Op) float64 {
	v := &gs.vis
	fi := gs.font
	total := 0.0
	show := func(s []byte) {
		step := 1
		if fi != nil && fi.type0 && (fi.cidMap == nil || !fi.cidMap.oneByte) {
			step = 2
		}
		for i := 0; i+step <= len(s); i += step {
			code := uint32(s[i])
			if step == 2 {
				code = code<<8 | uint32(s[i+1])
			}
			w := c.glyphWidth(fi, code) / 1000 * v.size
			w += v.tc
			if step == 1 && s[i] == ' ' {
				w += v.tw
			}
			total += w * v.tz / 100
		}
	}
	for _, o := range op.Operands {
		switch s := o.(type) {
		case pdfobj.String:
			show(s)
		case pdfobj.HexString:
			show(s)
		case pdfobj.Array:
			for _, e := range s {
				switch t := e.(type) {
				case pdfobj.String:
					show(t)
				case pdfobj.HexString:
					show(t)
				default:
					if n, ok := pdfobj.Number(t); ok {
						total -= n / 1000 * v.size * v.tz / 100
					}
				}
			}
		}
	}
	return total
}

// glyphWidth returns the width of code in font fi (per mille of the font
// size): /W or /DW of a CIDFont, /Widths of a simple font, or 500.
func (c *checker) glyphWidth(fi *fontInfo, code uint32) float64 {
	if fi == nil {
		return 500
	}
	if fi.type0 {
		if cid, ok := fi.cid(code); ok {
			if w, ok := fi.widths[cid]; ok {
				return w
			}
		}
		if fi.dw > 0 {
			return fi.dw
		}
		return 1000
	}
	ws, _ := c.f.Resolve(fi.dict["Widths"]).(pdfobj.Array)
	first, _ := c.f.Resolve(fi.dict["FirstChar"]).(pdfobj.Int)
	if i := int64(code) - int64(first); i >= 0 && i < int64(len(ws)) {
		if w, ok := pdfobj.Number(c.f.Resolve(ws[i])); ok {
			return w
		}
	}
	return 500
}

// colorSpaceN returns the number of components of colour space name as
// the visibility check reads them (1, 3 or 4), or 0 for the others.
func (c *checker) colorSpaceN(name pdfobj.Name, sc *streamCtx) int {
	switch name {
	case "DeviceGray", "G", "CalGray":
		return 1
	case "DeviceRGB", "RGB", "CalRGB":
		return 3
	case "DeviceCMYK", "CMYK":
		return 4
	}
	css, _ := c.f.Resolve(sc.res["ColorSpace"]).(pdfobj.Dict)
	switch cs := c.f.Resolve(css[name]).(type) {
	case pdfobj.Name:
		if cs != name {
			return c.colorSpaceN(cs, &streamCtx{})
		}
	case pdfobj.Array:
		if len(cs) == 2 && cs[0] == pdfobj.Name("ICCBased") {
			if s, ok := c.f.Resolve(cs[1]).(*pdfobj.Stream); ok {
				if n, ok := c.f.Resolve(s.Dict["N"]).(pdfobj.Int); ok && (n == 1 || n == 3 || n == 4) {
					return int(n)
				}
			}
		}
		if len(cs) >= 1 {
			switch cs[0] {
			case pdfobj.Name("CalRGB"):
				return 3
			case pdfobj.Name("CalGray"):
				return 1
			}
		}
	}
	return 0
}

// deviceRGB converts gray, RGB or CMYK components (0–1) to RGB.
func deviceRGB(a []float64) ([3]float64, bool) {
	cl := func(x float64) float64 { return math.Max(0, math.Min(1, x)) }
	switch len(a) {
	case 1:
		g := cl(a[0])
		return [3]float64{g, g, g}, true
	case 3:
		return [3]float64{cl(a[0]), cl(a[1]), cl(a[2])}, true
	case 4:
		k := cl(a[3])
		return [3]float64{(1 - cl(a[0])) * (1 - k), (1 - cl(a[1])) * (1 - k), (1 - cl(a[2])) * (1 - k)}, true
	}
	return [3]float64{}, false
}

// contrastRGB is the WCAG 2.1 contrast ratio of two sRGB colours.
func contrastRGB(a, b [3]float64) float64 {
	lum := func(c [3]float64) float64 {
		lin := func(v float64) float64 {
			if v <= 0.03928 {
				return v / 12.92
			}
			return math.Pow((v+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func hexRGB(c [3]float64) string {
	const hex = "0123456789abcdef"
	out := []byte{'#'}
	for _, v := range c {
		n := int(math.Round(v * 255))
		out = append(out, hex[n>>4], hex[n&15])
	}
	return string(out)
}
