package ua

import (
	"io"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// mcEntry is an open marked-content sequence.
type mcEntry struct {
	tag      string
	artifact bool   // this or an enclosing sequence (or call site) is an Artifact
	near     int8   // nearest MCID's state: -1 none, 0 untagged, 1 tagged
	lang     bool   // a language is determinable for content inside
	actual   bool   // this or an enclosing sequence or element has /ActualText
	path     string // structure path of the element owning the nearest MCID
}

// streamCtx is the context a content stream is painted in.
type streamCtx struct {
	page      int
	obj       int // content stream (or form XObject) object number
	res       pdfobj.Dict
	spKey     int // /StructParents key for MCIDs in this stream
	hasSPKey  bool
	base      mcEntry // state inherited from the Do call site (or the page)
	depth     int
	formChain map[int]bool
	// exempt marks annotation appearance streams: their content is not
	// checked for tagging, only for the font and glyph rules.
	exempt bool
	// gs is the graphics state the stream starts in (a form's call
	// site's); cur points at the state of the walk in progress.
	gs  gstate
	cur *gstate
}

// gstate is the part of the graphics state the checks need.
type gstate struct {
	font *fontInfo
	mode int   // text rendering mode
	vis  visGS // what the visibility check follows (visibility.go)
}

// formCache holds a decoded and parsed form XObject.
type formCache struct {
	ops []pdfobj.Op
	err error
}

// checkPage runs the content, glyph and annotation rules on page i.
func (c *checker) checkPage(i int) {
	p := c.pages[i]
	page := i + 1
	f := c.f
	var data []byte
	var derr error
	contents := f.Resolve(p.Dict["Contents"])
	if c.overBudget {
		contents = nil
	}
	switch ct := contents.(type) {
	case *pdfobj.Stream:
		data, derr = c.decode(ct)
	case pdfobj.Array:
		for _, o := range ct {
			s, ok := f.Resolve(o).(*pdfobj.Stream)
			if !ok {
				continue
			}
			d, err := c.decode(s)
			if err != nil {
				derr = err
				break
			}
			data = append(data, d...)
			data = append(data, '\n')
		}
	}
	if derr != nil && derr != errBudget {
		c.fail(ruleContent, loc{page: page, obj: objNum(p.Dict["Contents"])}, "the page content cannot be decoded: %v", derr)
	}
	c.visStart(p, page)
	sc := &streamCtx{page: page, obj: objNum(p.Dict["Contents"]), res: p.Resources, base: mcEntry{near: -1}, formChain: map[int]bool{}}
	if sp, ok := f.Resolve(p.Dict["StructParents"]).(pdfobj.Int); ok {
		sc.spKey, sc.hasSPKey = int(sp), true
	}
	if len(data) > 0 {
		if err := c.walkOps(pdfobj.NewContentParser(data), sc); err != nil {
			c.fail(ruleContent, loc{page: page, obj: objNum(p.Dict["Contents"])}, "the page content stream is malformed: %v", err)
		}
	}
	c.flushTallies(page)
	c.visFinish(page)
	c.checkAnnots(p, page)
}

// opSource yields content-stream operations; io.EOF ends the stream.
type opSource interface {
	Scan() (pdfobj.Op, error)
}

// opSlice replays parsed operations.
type opSlice struct {
	ops []pdfobj.Op
	i   int
}

func (s *opSlice) Scan() (pdfobj.Op, error) {
	if s.i >= len(s.ops) {
		return pdfobj.Op{}, io.EOF
	}
	s.i++
	return s.ops[s.i-1], nil
}

// walkOps interprets one content stream. It returns the parse error that
// stopped it, if any.
func (c *checker) walkOps(src opSource, sc *streamCtx) error {
	stack := []mcEntry{sc.base}
	gs := sc.gs
	sc.cur = &gs
	var vw visWalk
	var gstack []gstate
	f := c.f
	l := loc{page: sc.page, obj: sc.obj}
	for {
		op, err := src.Scan()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		c.ops++
		if c.ops > c.opts.MaxOperations {
			c.spend()
			return nil
		}
		if c.tick() {
			return nil
		}
		top := stack[len(stack)-1]
		c.visOp(&vw, &gs, op, top, sc)
		switch op.Operator {
		case "BMC", "BDC":
			if sc.exempt {
				stack = append(stack, top)
				continue
			}
			c.beginMC(op, sc, &stack)
		case "EMC":
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		case "q":
			if len(gstack) < 1024 {
				gstack = append(gstack, gs)
			}
		case "Q":
			if n := len(gstack); n > 0 {
				gs = gstack[n-1]
				gstack = gstack[:n-1]
			}
		case "Tf":
			if len(op.Operands) >= 1 {
				if n, ok := op.Operands[0].(pdfobj.Name); ok {
					gs.font = c.fontFor(sc, n)
				}
			}
		case "Tr":
			if len(op.Operands) == 1 {
				if v, ok := op.Operands[0].(pdfobj.Int); ok {
					gs.mode = int(v)
				}
			}
		case "Tj", "'", "\"", "TJ":
			if !sc.exempt {
				c.item(top, l, op.Operator)
				if !c.catalogLang {
					c.tally("pdfua-7.2-34", top.lang, l, op.Operator)
				} else {
					c.pass("pdfua-7.2-34")
				}
			}
			c.showText(gs, op, l)
		case "sh", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "EI":
			if !sc.exempt {
				c.item(top, l, op.Operator)
			}
		case "Do":
			if len(op.Operands) != 1 {
				continue
			}
			name, _ := op.Operands[0].(pdfobj.Name)
			xobjs, _ := f.Resolve(sc.res["XObject"]).(pdfobj.Dict)
			ref := xobjs[name]
			s, ok := f.Resolve(ref).(*pdfobj.Stream)
			if !ok {
				continue
			}
			switch s.Dict["Subtype"] {
			case pdfobj.Name("Image"):
				if !sc.exempt {
					c.item(top, l, "Do (image "+string(name)+")")
				}
				c.visImage(gs, s)
			case pdfobj.Name("Form"):
				c.paintForm(ref, s, top, sc)
			}
		}
	}
}

// item applies 7.1-3 to one painted item.
func (c *checker) item(top mcEntry, l loc, what string) {
	c.tally("pdfua-7.1-3", top.near == 1 || top.artifact, l, what)
}

// pageTally aggregates per-item failures of one rule on one page so that
// a page with hundreds of untagged items gives one finding, not hundreds.
type pageTally struct {
	failed int
	first  string
	obj    int
}

// tally counts one evaluation of a per-item rule; findings are emitted by
// flushTallies once the page is done.
func (c *checker) tally(id string, ok bool, l loc, what string) {
	rc := c.count(id)
	rc.checked++
	if ok {
		return
	}
	rc.failed++
	if c.tallies == nil {
		c.tallies = map[string]*pageTally{}
	}
	t := c.tallies[id]
	if t == nil {
		t = &pageTally{first: what, obj: l.obj}
		c.tallies[id] = t
	}
	t.failed++
}

func tallyMessage(id string) string {
	if id == "pdfua-7.2-34" {
		return "%d text item(s) on page %d have no determinable language (no /Lang on the catalog, their structure element or marked content); the first is shown with %s"
	}
	return "%d painted item(s) on page %d are neither tagged (an MCID owned by a structure element) nor marked as artifacts; the first is %s"
}

// flushTallies emits the aggregated findings of a page.
func (c *checker) flushTallies(page int) {
	for _, id := range []string{"pdfua-7.1-3", "pdfua-7.2-34"} {
		t := c.tallies[id]
		if t == nil {
			continue
		}
		rc := c.count(id)
		rc.failed-- // failCounted counts the finding again
		c.failCounted(id, rc, loc{page: page, obj: t.obj}, tallyMessage(id), t.failed, page, t.first)
	}
	c.tallies = nil
}

// beginMC pushes a marked-content sequence and applies 7.1-1, 7.1-2,
// 7.2-29 and 7.2-30/31/32.
func (c *checker) beginMC(op pdfobj.Op, sc *streamCtx, stack *[]mcEntry) {
	f := c.f
	parent := (*stack)[len(*stack)-1]
	e := mcEntry{near: parent.near, artifact: parent.artifact, lang: parent.lang, actual: parent.actual, path: parent.path}
	if len(op.Operands) >= 1 {
		if n, ok := op.Operands[0].(pdfobj.Name); ok {
			e.tag = string(n)
		}
	}
	var props pdfobj.Dict
	if op.Operator == "BDC" && len(op.Operands) >= 2 {
		switch p := op.Operands[1].(type) {
		case pdfobj.Dict:
			props = p
		case pdfobj.Name:
			pr, _ := f.Resolve(sc.res["Properties"]).(pdfobj.Dict)
			props, _ = f.Resolve(pr[p]).(pdfobj.Dict)
		}
	}
	l := loc{page: sc.page}
	if mcid, ok := f.Resolve(props["MCID"]).(pdfobj.Int); ok {
		e.near = 0
		var el pdfobj.Object
		if sc.hasSPKey {
			if arr, ok := f.Resolve(c.parentTreeEntry(sc.spKey)).(pdfobj.Array); ok && mcid >= 0 && int(mcid) < len(arr) {
				el = arr[mcid]
			}
		}
		if el != nil && c.reachesRoot(el) {
			e.near = 1
			se := c.elemOf(el)
			if se != nil && c.inheritedLang(se) {
				e.lang = true
			}
			if se != nil && se.dict["ActualText"] != nil {
				e.actual = true
			}
			if se != nil {
				e.path = se.path
			}
		}
	}
	if props["ActualText"] != nil {
		e.actual = true
	}
	if lo := props["Lang"]; lo != nil {
		lang, _ := c.text(lo)
		c.checkLang(lang, l, "marked content "+e.tag)
		e.lang = true
	}
	if e.tag == "Artifact" {
		c.check("pdfua-7.1-1", parent.near != 1, l, "an /Artifact marked-content sequence is nested inside tagged content")
		e.artifact = true
	}
	if e.near == 1 {
		c.check("pdfua-7.1-2", !e.artifact, l, "tagged content (an MCID) is nested inside an /Artifact sequence")
	}
	if e.tag == "Span" {
		for _, a := range []struct{ key, id string }{{"ActualText", "pdfua-7.2-30"}, {"Alt", "pdfua-7.2-31"}, {"E", "pdfua-7.2-32"}} {
			if props[pdfobj.Name(a.key)] != nil {
				c.check(a.id, c.catalogLang || e.lang, l, "the language of the Span's /%s cannot be determined", a.key)
			}
		}
	}
	if len(*stack) < 4096 {
		*stack = append(*stack, e)
	}
}

// paintForm recurses into a form XObject painted by Do.
func (c *checker) paintForm(ref pdfobj.Object, s *pdfobj.Stream, top mcEntry, sc *streamCtx) {
	f := c.f
	num := objNum(ref)
	l := loc{page: sc.page, obj: num}
	if num == 0 || !c.formReport[num] {
		if num != 0 {
			c.formReport[num] = true
		}
		c.check("pdfua-7.20-1", s.Dict["Ref"] == nil, l, "form XObject %d is a reference XObject (/Ref)", num)
	}
	sp, hasSP := f.Resolve(s.Dict["StructParents"]).(pdfobj.Int)
	if hasSP && num != 0 {
		c.formPaints[num]++
		switch c.formPaints[num] {
		case 1:
			c.pass("pdfua-7.20-2")
		case 2:
			c.fail("pdfua-7.20-2", l, "form XObject %d carries MCIDs (/StructParents) and is painted more than once", num)
		}
	}
	if sc.depth >= c.opts.MaxFormDepth || (num != 0 && sc.formChain[num]) {
		return
	}
	fc := c.forms[num]
	if fc == nil || num == 0 {
		fc = &formCache{}
		data, err := c.decode(s)
		if err != nil {
			fc.err = err
		} else {
			fc.ops, fc.err = pdfobj.ParseContent(data)
		}
		if num != 0 {
			c.forms[num] = fc
		}
		if fc.err != nil && fc.err != errBudget {
			c.fail(ruleContent, l, "form XObject %d cannot be read: %v", num, fc.err)
		}
	}
	sub := &streamCtx{page: sc.page, obj: num, res: sc.res, base: top, depth: sc.depth + 1, formChain: sc.formChain, exempt: sc.exempt}
	if sc.cur != nil {
		sub.gs = c.formGS(*sc.cur, s)
	}
	if r, ok := f.Resolve(s.Dict["Resources"]).(pdfobj.Dict); ok {
		sub.res = r
	}
	if hasSP {
		sub.spKey, sub.hasSPKey = int(sp), true
	}
	if spOne, ok := f.Resolve(s.Dict["StructParent"]).(pdfobj.Int); ok {
		el := c.parentTreeEntry(int(spOne))
		sub.base.near = 0
		if el != nil && c.reachesRoot(el) {
			sub.base.near = 1
		}
	}
	if num != 0 {
		sc.formChain[num] = true
		defer delete(sc.formChain, num)
	}
	c.walkOps(&opSlice{ops: fc.ops}, sub)
}
