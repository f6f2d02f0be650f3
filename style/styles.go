package style

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

// pseudoStyles holds the styles of an element's pseudo-elements.
type pseudoStyles struct {
	before, after, marker *Style
	firstLetter           *Style
	firstLine             *Style
	fcall, fmarker        *Style // ::footnote-call, ::footnote-marker
}

// Styles holds the computed styles of one document.
type Styles struct {
	// nodes holds every element's style (elements with equal computed
	// styles share one); pseudos the pseudo-element styles of the
	// elements that have any.
	nodes   map[*html.Node]*Style
	pseudos map[*html.Node]pseudoStyles
	root    *Style
	pages   []*pageEntry
	faces   []FontFace
	// counterStyles are the document's @counter-style rules by name
	// (shared with the cached rule set: read only)
	counterStyles map[string]*CounterStyle
	diags         []Diagnostic
	cas           *cascader
	vars          map[string][]css.Token // root custom properties (for page boxes)
	size          [2]float64             // default page size
	force         [2]float64             // Options.PageSize

	mu        sync.Mutex
	pageCache map[pageKey]*PageStyle

	// stream is what ComputeChild needs between calls (nil outside a
	// ComputeStream, and after Done); streamed is set by ComputeStream,
	// streamReason is Streamable's answer.
	stream       *streamState
	streamed     bool
	streamReason string
}

// Compute runs the cascade over doc and returns the computed styles. It
// fails only when ctx is cancelled; bad CSS becomes diagnostics.
func Compute(ctx context.Context, doc *html.Node, opts Options) (*Styles, error) {
	return computeStyles(ctx, doc, opts, computeConfig{})
}

// computeConfig holds the switches tests use to look inside Compute.
type computeConfig struct {
	// noShare turns the matched-properties cache off.
	noShare bool
	// onMatch receives each element with the entries the rule index
	// found for it, and every entry of the document.
	onMatch func(n *html.Node, matched, all []*entry)
	// workers overrides the number of goroutines of a large document's
	// cascade (0: GOMAXPROCS; 1: sequential); parallelMin the element
	// count from which it goes parallel (0: parallelMin).
	workers, parallelMin int
}

// computeStyles is Compute with test switches.
func computeStyles(ctx context.Context, doc *html.Node, opts Options, cfg computeConfig) (*Styles, error) {
	st, w, _, err := prepareStyles(ctx, doc, opts, cfg)
	if err != nil {
		return nil, err
	}
	if doc != nil {
		if err := w.run(doc); err != nil {
			return nil, err
		}
	}
	st.diags = w.col.diags
	st.Done()
	return st, nil
}

// prepareStyles finds the sheets of doc and builds (or takes from
// opts.Sheets) their rule set, and returns the Styles to fill and the
// walker that fills them, with the rule set.
func prepareStyles(ctx context.Context, doc *html.Node, opts Options, cfg computeConfig) (*Styles, *walker, *ruleSet, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, nil, fmt.Errorf("style: %w", err)
	}
	workers := cmp.Or(cfg.workers, opts.Workers, defaultWorkers())
	col := &collector{ctx: ctx, opts: opts, pseudo: map[string][]*entry{}, workers: workers}
	col.v = newValidator(col.report)
	var sheets []sheetSource
	if doc != nil {
		sheets = col.documentSheets(doc)
	}
	key, cacheable := "", opts.Sheets != nil
	if cacheable {
		key, cacheable = ruleSetKey(sheets, opts.PageSize)
	}
	var rs *ruleSet
	if cacheable {
		rs = opts.Sheets.ruleSet(key)
	}
	if rs != nil {
		col.diags = append(col.diags, rs.diags...)
	} else {
		rs = buildRuleSet(col, sheets, opts.PageSize)
		if cacheable && !col.imported {
			ids := make([]uint64, len(sheets))
			for i, sh := range sheets {
				ids[i] = sh.id
			}
			opts.Sheets.storeRuleSet(key, rs, ids)
		}
	}
	size, margins := rs.size, rs.margins
	st := &Styles{
		nodes:         make(map[*html.Node]*Style),
		pages:         rs.pages,
		faces:         slices.Clone(rs.faces),
		counterStyles: rs.counterStyles,
		size:          size,
		force:         opts.PageSize,
	}
	cas := newCascader(rs.index, rs.pseudo)
	cas.filter[filterAlways] = 1
	cas.before, cas.after, cas.marker = cas.pseudo["before"], cas.pseudo["after"], cas.pseudo["marker"]
	cas.firstLetter = cas.pseudo["first-letter"]
	cas.firstLine = cas.pseudo["first-line"]
	cas.fcall, cas.fmarker = cas.pseudo["footnote-call"], cas.pseudo["footnote-marker"]
	areaW := max(size[0]-margins[1]-margins[3], 1)
	areaH := max(size[1]-margins[0]-margins[2], 1)
	cas.lc = lengthCtx{em: mediumFontSize, rem: mediumFontSize, vw: areaW / 100, vh: areaH / 100, calcs: &CalcTable{}, units: opts.FontUnits}
	if opts.FaceUnits != nil && len(rs.faces) > 0 {
		if u := opts.FaceUnits(st.faces); u != nil {
			cas.lc.units = u
		}
	}
	st.cas = cas
	w := &walker{ctx: ctx, st: st, cas: cas, col: col, noMatchedCache: cfg.noShare, sh: &walkShared{},
		workers: workers, parallelMin: cmp.Or(cfg.parallelMin, parallelMin), skipSVG: opts.SkipSVGContent}
	if cfg.onMatch != nil {
		w.workers = 1 // the hook sees elements in document order
		w.onMatch = func(n *html.Node, ms []*entry) { cfg.onMatch(n, ms, rs.entries) }
	}
	return st, w, rs, nil
}

// Done lets go of the rule index once the last child is computed (what
// Compute does at its end): page boxes need only the cascader's winners
// and initial style, so the rule indexes (every selector and declaration
// of the document's stylesheets) and the matching caches go while layout
// runs. ComputeChild fails after it.
func (s *Styles) Done() {
	cas := s.cas
	s.stream = nil
	if cas == nil {
		return
	}
	cas.index, cas.pseudo, cas.sib = nil, nil, css.SiblingIndex{}
	cas.before, cas.after, cas.marker, cas.firstLetter, cas.firstLine = nil, nil, nil, nil, nil
	cas.fcall, cas.fmarker = nil, nil
	cas.keys, cas.cands, cas.classes, cas.ids = nil, nil, nil, nil
}

// defaultPage returns the page size and the space around the page area
// (margins, borders and padding: top, right, bottom, left, in points)
// declared by plain @page rules at the top level of the
// sheets, for media queries and viewport units.
func defaultPage(sheets []sheetSource, force [2]float64) ([2]float64, [4]float64) {
	size, _ := namedPageSize("a4")
	var margins [4]float64
	s := *privateStyle(initialOnce())
	a := applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize}, parent: initialOnce()}
	apply := func(ds []cdecl) {
		for _, d := range ds {
			if d.wide == "" && !d.hasVar && d.prop < numProps {
				a.apply(&s, d.prop, d.value)
			}
		}
	}
	// the user-agent sheet's first, converted once per process
	apply(uaCascade().plainPage)
	var quiet *validator
	for _, sh := range sheets {
		for _, r := range sh.sheet.Rules {
			pr, ok := r.(*css.PageRule)
			if !ok || len(pr.Selectors) > 0 {
				continue
			}
			if quiet == nil {
				quiet = newValidator(func(css.Pos, string) {})
			}
			apply(quiet.convert(pr.Decls, true))
		}
	}
	if s.pageSize != [2]float64{} {
		size = s.pageSize
	}
	if force[0] > 0 && force[1] > 0 {
		size = force
	}
	for i := 0; i < 4; i++ {
		base := size[0]
		if i%2 == 0 {
			base = size[1]
		}
		// the page area is the page box's content box: viewport units
		// (css-page-3 §3.2) see it inside the borders and padding too
		margins[i] = s.Margin[i].Resolve(base, 0) + s.Padding[i].Resolve(base, 0)
		if b := s.Border[i]; b.Style != BorderNone && b.Style != BorderHidden {
			margins[i] += b.Width
		}
	}
	return size, margins
}

// walker computes the styles of every element in tree order.
type walker struct {
	ctx   context.Context
	st    *Styles
	cas   *cascader
	col   *collector
	steps int
	err   error
	// styles is the chunk the next computed styles go to; remaining
	// counts the elements not computed yet
	styles []Style
	chunk  int // number of chunks of styles allocated
	// allocated counts the styles newStyle handed out, visited the
	// elements computed (their ratio sizes the last chunks)
	allocated, visited int
	// chunkAllocated and chunkVisited are allocated and visited when
	// the last chunk was allocated
	chunkAllocated, chunkVisited int
	remaining                    int
	// scratch receives pseudo-element styles until they prove to
	// generate a box
	scratch Style

	// sh holds what the walkers of one Compute share: the
	// matched-properties cache, memos and scope ids; locked says that
	// other walkers run at the same time (take sh.mu).
	sh     *walkShared
	locked bool
	// pending holds the styles a walker running with others computed
	// and has not yet recorded in st (see flush).
	pending        []nodeStyles
	noMatchedCache bool
	onMatch        func(n *html.Node, ms []*entry)
	// skipSVG leaves the content of svg elements unstyled (see
	// Options.SkipSVGContent).
	skipSVG bool

	// workers and parallelMin decide whether the walk cascades the
	// children of one node (split) on several goroutines.
	workers, parallelMin int
	split                *splitPlan

	// stop is the element whose children the walk leaves (the body of a
	// streamed document, see ComputeStream); stopStyle and stopVars are
	// its style and custom properties once the walk has passed it.
	stop      *html.Node
	stopStyle *Style
	stopVars  varScope
	// whole names the first thing a style attribute brought that needs
	// the whole document before layout (see Streamable).
	whole string
}

// styleAttr is a parsed style attribute: its declarations and the
// problems found in it (Source left empty).
type styleAttr struct {
	decls []cdecl
	diags []Diagnostic
	// whole names what in decls needs the whole document before layout
	// (see Streamable), "" for nothing.
	whole string
}

// maxMemo bounds hintMemo and attrMemo.
const maxMemo = 1 << 12

// first returns a pointer to the first declaration of ds, nil for none:
// the identity of an interned declaration list.
func first(ds []cdecl) *cdecl {
	if len(ds) == 0 {
		return nil
	}
	return &ds[0]
}

// styleAttr returns the declarations of n's style attribute val,
// reporting its problems.
func (w *walker) styleAttr(n *html.Node, val string) []cdecl {
	src := "style attribute of <" + n.Data + ">"
	sa := w.attrMemoGet(val)
	if sa == nil {
		decls, diags := css.ParseDeclarations(val)
		sa = &styleAttr{}
		for _, d := range diags {
			sa.diags = append(sa.diags, Diagnostic{Line: d.Line, Column: d.Col, Message: d.Message})
		}
		mark := len(w.col.diags)
		w.col.source = ""
		sa.decls = w.col.v.convert(decls, false)
		sa.whole = declsReason(sa.decls)
		sa.diags = append(sa.diags, w.col.diags[mark:]...)
		w.col.diags = w.col.diags[:mark]
		sa = w.attrMemoPut(val, sa)
	}
	for _, d := range sa.diags {
		d.Source = src
		w.col.diags = append(w.col.diags, d)
	}
	if sa.whole != "" && w.whole == "" {
		w.whole = sa.whole
	}
	return sa.decls
}

func (w *walker) run(doc *html.Node) error {
	// size the style map and the caches for the document (documentSheets
	// counted its elements, unless it did not run)
	count := w.col.elements
	if w.col.sizes == nil {
		count = subtreeElements(doc)
	}
	w.remaining = count
	w.split = planSplit(doc, count, w.workers, w.parallelMin, w.col.sizes)
	if !w.noMatchedCache {
		w.sh.matched.reserve(count)
	}
	w.st.nodes = make(map[*html.Node]*Style, count)
	init := w.cas.initial
	w.visit(doc, &init, varScope{})
	return w.err
}

func (w *walker) visit(n *html.Node, parent *Style, pvars varScope) {
	if n == w.stop {
		// the body of a streamed document: its children come later
		w.stopStyle, w.stopVars = parent, pvars
		return
	}
	if w.skipSVG && n.Type == html.ElementNode && n.Namespace == "svg" {
		return // an SVG drawing's content: the svg package styles it
	}
	if w.split != nil && n == w.split.node && w.st.root != nil {
		w.visitParallel(parent, pvars)
		return
	}
	w.visitRange(n.FirstChild, nil, parent, pvars)
}

// visitRange computes the styles of the element siblings from first up to
// end (excluded) and of their descendants.
func (w *walker) visitRange(first, end *html.Node, parent *Style, pvars varScope) {
	for c := first; c != end && w.err == nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		w.steps++
		if w.steps&255 == 0 {
			if err := w.ctx.Err(); err != nil {
				w.err = fmt.Errorf("style: %w", err)
				return
			}
		}
		s, vars := w.element(c, parent, pvars)
		if w.st.root == nil {
			w.st.root = s
			w.st.vars = vars.m
			w.cas.lc.rem = s.FontSize
		}
		w.cas.pushAncestor(c, true)
		w.visit(c, s, vars)
		w.cas.pushAncestor(c, false)
	}
}

// pseudoStyle returns the style of pseudo-element p of an element with
// style s, given the pseudo-element rules pm that match it; false when
// ::before or ::after generates no box. Pseudo-elements share styles
// through the matched-properties cache like elements: same rules, equal
// inherited values of the elements.
func (w *walker) pseudoStyle(p Pseudo, pm []*entry, s *Style, vars varScope) (*Style, bool) {
	cas := w.cas
	key := matchedKey{rules: hashRules(cas.keys), pseudo: p, vars: vars.id, color: s.Color, fontSize: s.FontSize}
	if !w.noMatchedCache {
		if e := w.lookup(key, cas.keys, s); e != nil {
			return e.style, e.style != nil
		}
	}
	cas.cascade(pm, nil, nil)
	ps := &w.scratch
	cas.compute(ps, s, vars.m, "", false)
	var kept *Style
	if p == PseudoMarker || p == PseudoFirstLetter || p == PseudoFirstLine || ps.ContentMode == ContentList && ps.Display != DisplayNone {
		if p == PseudoMarker {
			cas.setDisplay(ps, DisplayInline)
		}
		cas.cow.commit(ps)
		kept = w.newStyle()
		*kept = *ps
	}
	if !w.noMatchedCache {
		w.store(key, cas.keys, cas.parentDeps, s, kept, vars)
	}
	return kept, kept != nil
}

// styleChunk returns the number of styles the i-th chunk newStyle
// allocates holds: as many as fill 3, 6, 12, 24, 48, then 96 KiB, which the
// allocator serves without rounding up much (a size class, then whole
// pages), small first for documents whose elements share a few styles.
func styleChunk(i int) int {
	size := int(reflect.TypeFor[Style]().Size())
	return max((3<<10)<<min(i, 5)/size, 1)
}

// newStyle returns storage for a computed style, from chunks of
// styleChunk styles, never beyond the elements left nor much beyond the
// styles they can be expected to need at the rate of those computed
// since the previous chunk (the rate falls as the matched-properties
// cache fills).
func (w *walker) newStyle() *Style {
	if len(w.styles) == 0 {
		n := min(styleChunk(w.chunk), max(w.remaining, 1))
		if seen := w.visited - w.chunkVisited; seen > 0 {
			n = min(n, (w.allocated-w.chunkAllocated)*w.remaining/seen+4)
		}
		w.chunkAllocated, w.chunkVisited = w.allocated, w.visited
		w.chunk++
		w.styles = make([]Style, n)
	}
	w.allocated++
	s := &w.styles[0]
	w.styles = w.styles[1:]
	return s
}

// element computes the style of element n and its pseudo-elements.
func (w *walker) element(n *html.Node, parent *Style, pvars varScope) (*Style, varScope) {
	cas := w.cas
	w.remaining--
	w.visited++
	cas.loadFeatures(n)
	ms := cas.candidates(cas.index, n)
	if w.onMatch != nil {
		w.onMatch(n, ms)
	}
	var attrDecls []cdecl
	lang, hasLang := "", false
	for _, a := range n.Attr {
		switch {
		case a.Key == "style" && a.Namespace == "":
			attrDecls = w.styleAttr(n, a.Val)
		case (a.Key == "lang" || a.Key == "xml:lang") && (a.Namespace == "" || a.Namespace == "xml"):
			lang, hasLang = a.Val, true
		}
	}
	hints := w.hints(n)
	docChild := n.Parent != nil && n.Parent.Type == html.DocumentNode
	// the root's style is not shared: lc.rem changes after it, and
	// children of the document are blockified
	root := w.st.root == nil || docChild
	key := matchedKey{rules: hashRules(cas.keys), hints: first(hints), attrs: first(attrDecls), lang: lang, hasLang: hasLang, vars: pvars.id,
		color: parent.Color, fontSize: parent.FontSize}
	var hit *matchedEntry
	if !root && !w.noMatchedCache {
		hit = w.lookup(key, cas.keys, parent)
	}
	var s *Style
	var vars varScope
	if hit != nil {
		s, vars = hit.style, hit.vars
	} else {
		s = w.newStyle()
		cas.cascade(ms, hints, attrDecls)
		vars.m = cas.compute(s, parent, pvars.m, lang, hasLang)
		vars.id = pvars.id
		if len(cas.customs) > 0 {
			// the element's custom properties: a new scope
			vars.id = w.newScope()
		}
		if docChild {
			cas.setDisplay(s, blockify(s.Display))
		}
		cas.cow.commit(s)
		if !root {
			w.store(key, cas.keys, cas.parentDeps, parent, s, vars)
		}
	}
	var ps pseudoStyles
	for p, pix := range [...]*ruleIndex{PseudoBefore: cas.before, PseudoAfter: cas.after, PseudoMarker: cas.marker,
		PseudoFirstLine: cas.firstLine, PseudoFirstLetter: cas.firstLetter, PseudoFootnoteCall: cas.fcall, PseudoFootnoteMarker: cas.fmarker} {
		marker := Pseudo(p) == PseudoMarker
		if !marker && pix == nil || marker && !s.IsListItem() {
			continue
		}
		if (Pseudo(p) == PseudoFootnoteCall || Pseudo(p) == PseudoFootnoteMarker) && s.Float != FloatFootnote {
			continue
		}
		var pm []*entry
		if pix != nil {
			pm = cas.candidates(pix, n)
		} else {
			cas.keys = cas.keys[:0]
		}
		if len(pm) == 0 && !marker {
			continue
		}
		kept, ok := w.pseudoStyle(Pseudo(p), pm, s, vars)
		if !ok {
			continue // no box: keep nothing
		}
		switch Pseudo(p) {
		case PseudoBefore:
			ps.before = kept
		case PseudoAfter:
			ps.after = kept
		case PseudoMarker:
			ps.marker = kept
		case PseudoFirstLetter:
			ps.firstLetter = kept
		case PseudoFirstLine:
			ps.firstLine = kept
		case PseudoFootnoteCall:
			ps.fcall = kept
		case PseudoFootnoteMarker:
			ps.fmarker = kept
		}
	}
	if w.locked {
		w.pending = append(w.pending, nodeStyles{n: n, s: s, ps: ps})
		if len(w.pending) == cap(w.pending) {
			w.flush()
		}
	} else {
		w.st.setStyles(n, s, ps)
	}
	return s, vars
}

// setStyles records the styles of element n and its pseudo-elements.
func (st *Styles) setStyles(n *html.Node, s *Style, ps pseudoStyles) {
	if st.nodes == nil {
		// (ReleaseElements ran between two ComputeChild calls)
		st.nodes = make(map[*html.Node]*Style)
	}
	st.nodes[n] = s
	if ps != (pseudoStyles{}) {
		if st.pseudos == nil {
			st.pseudos = make(map[*html.Node]pseudoStyles)
		}
		st.pseudos[n] = ps
	}
}

// Of returns the computed style of element n, or of its pseudo-element p.
// For a pseudo-element that generates no box (content none/normal for
// ::before/::after) it returns nil. ::marker has a style for every list
// item (its content is normal unless a ::marker rule sets it). Text nodes
// have no style of their own; use their parent's. ::first-letter and
// ::first-line have a style where a rule sets one (nil otherwise); see
// FirstLineStyle for the styles of the content of a first line.
// ::footnote-call and ::footnote-marker have styles on float: footnote
// elements only (nil when their content is none).
//
// Elements whose computed styles are equal may share one Style: treat the
// result as read-only: to derive another style, copy it and write to the
// groups its Mut methods return.
func (s *Styles) Of(n *html.Node, p Pseudo) *Style {
	if s == nil {
		return nil
	}
	if p == PseudoNone {
		return s.nodes[n]
	}
	ps := s.pseudos[n]
	switch p {
	case PseudoBefore:
		return ps.before
	case PseudoAfter:
		return ps.after
	case PseudoMarker:
		return ps.marker
	case PseudoFirstLetter:
		return ps.firstLetter
	case PseudoFirstLine:
		return ps.firstLine
	case PseudoFootnoteCall:
		return ps.fcall
	case PseudoFootnoteMarker:
		return ps.fmarker
	}
	return nil
}

// FontFaces returns the @font-face rules in document order.
func (s *Styles) FontFaces() []FontFace { return s.faces }

// ReleaseElements lets go of the styles of the document's elements and
// pseudo-elements (Of returns nil afterwards), keeping what page styles
// need: once the boxes are built they hold the styles they use, and the
// table of styles by element would keep every element of the DOM.
func (s *Styles) ReleaseElements() {
	s.nodes, s.pseudos = nil, nil
}

// CounterStyle returns the counter style the document's @counter-style
// rules define under name, or nil. Names match ASCII case-insensitively
// (list-style-type and counter() keep their names lower-cased).
func (s *Styles) CounterStyle(name string) *CounterStyle {
	return s.counterStyles[strings.ToLower(name)]
}

// Diagnostics returns the problems found in the document's CSS.
func (s *Styles) Diagnostics() []Diagnostic { return s.diags }
