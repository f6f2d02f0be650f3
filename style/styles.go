package style

import (
	"context"
	"fmt"
	"sync"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

// nodeStyle holds an element's style and those of its pseudo-elements.
type nodeStyle struct {
	el                    Style
	before, after, marker *Style
}

// Styles holds the computed styles of one document.
type Styles struct {
	nodes map[*html.Node]*nodeStyle
	root  *Style
	pages []*pageEntry
	faces []FontFace
	diags []Diagnostic
	cas   *cascader
	vars  map[string][]css.Token // root custom properties (for page boxes)
	size  [2]float64             // default page size
	force [2]float64             // Options.PageSize

	mu        sync.Mutex
	pageCache map[PageContext]*PageStyle
}

// Compute runs the cascade over doc and returns the computed styles. It
// fails only when ctx is cancelled; bad CSS becomes diagnostics.
func Compute(ctx context.Context, doc *html.Node, opts Options) (*Styles, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("style: %w", err)
	}
	col := &collector{ctx: ctx, opts: opts, pseudo: map[string][]*entry{}}
	col.v = newValidator(col.report)
	var sheets []sheetSource
	if doc != nil {
		sheets = col.documentSheets(doc)
	}
	ua := uaCascade()
	col.entries = append(col.entries, ua.entries...)
	for k, v := range ua.pseudo {
		col.pseudo[k] = append(col.pseudo[k], v...)
	}
	col.pages = append(col.pages, ua.pages...)
	col.order = ua.order
	// the page box that media queries and viewport units see: the size
	// of plain @page rules (or the override), margins from the same rules
	size, margins := defaultPage(append([]sheetSource{{sheet: uaSheet()}}, sheets...), opts.PageSize)
	col.env = css.MediaEnv{Width: size[0], Height: size[1]}
	for _, sh := range sheets {
		col.addSheet(sh, nil)
	}
	st := &Styles{
		nodes: make(map[*html.Node]*nodeStyle),
		pages: col.pages,
		faces: col.faces,
		size:  size,
		force: opts.PageSize,
	}
	col.rankLayers()
	ix := newRuleIndex()
	for _, e := range col.entries {
		ix.add(e)
	}
	cas := &cascader{index: ix, pseudo: map[string]*ruleIndex{}, initial: initialStyle()}
	for name, es := range col.pseudo {
		pix := newRuleIndex()
		for _, e := range es {
			pix.add(e)
		}
		cas.pseudo[name] = pix
	}
	cas.before, cas.after, cas.marker = cas.pseudo["before"], cas.pseudo["after"], cas.pseudo["marker"]
	areaW := max(size[0]-margins[1]-margins[3], 1)
	areaH := max(size[1]-margins[0]-margins[2], 1)
	cas.lc = lengthCtx{em: mediumFontSize, rem: mediumFontSize, vw: areaW / 100, vh: areaH / 100}
	st.cas = cas
	if doc != nil {
		w := &walker{ctx: ctx, st: st, cas: cas, col: col}
		if err := w.run(doc); err != nil {
			return nil, err
		}
	}
	// page boxes need only the cascader's winners and initial style: let
	// the rule indexes (every selector and declaration of the document's
	// stylesheets) and the matching caches go while layout runs
	cas.index, cas.pseudo, cas.sib = nil, nil, css.SiblingIndex{}
	cas.before, cas.after, cas.marker = nil, nil, nil
	cas.keys, cas.cands, cas.classes, cas.ids = nil, nil, nil, nil
	st.diags = col.diags
	return st, nil
}

// defaultPage returns the page size and margins (top, right, bottom,
// left, in points) declared by plain @page rules at the top level of the
// sheets, for media queries and viewport units.
func defaultPage(sheets []sheetSource, force [2]float64) ([2]float64, [4]float64) {
	size, _ := namedPageSize("a4")
	var margins [4]float64
	quiet := newValidator(func(css.Pos, string) {})
	init := initialStyle()
	s := initialStyle()
	a := applier{lc: lengthCtx{em: mediumFontSize, rem: mediumFontSize}, parent: &init}
	for _, sh := range sheets {
		for _, r := range sh.sheet.Rules {
			pr, ok := r.(*css.PageRule)
			if !ok || len(pr.Selectors) > 0 {
				continue
			}
			for _, d := range quiet.convert(pr.Decls, true) {
				if d.wide == "" && !d.hasVar && d.prop < numProps {
					a.apply(&s, d.prop, d.value)
				}
			}
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
		margins[i] = s.Margin[i].Resolve(base, 0)
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
	slab  []nodeStyle
	// scratch receives pseudo-element styles until they prove to
	// generate a box
	scratch Style
}

func (w *walker) run(doc *html.Node) error {
	// one slab for every element's styles and a map sized for them
	count := 0
	var countElems func(n *html.Node)
	countElems = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				count++
				countElems(c)
			}
		}
	}
	countElems(doc)
	w.slab = make([]nodeStyle, count)
	w.st.nodes = make(map[*html.Node]*nodeStyle, count)
	init := w.cas.initial
	w.visit(doc, &init, nil)
	return w.err
}

func (w *walker) visit(n *html.Node, parent *Style, pvars map[string][]css.Token) {
	for c := n.FirstChild; c != nil && w.err == nil; c = c.NextSibling {
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
			w.st.vars = vars
			w.cas.lc.rem = s.FontSize
		}
		w.cas.pushAncestor(c, true)
		w.visit(c, s, vars)
		w.cas.pushAncestor(c, false)
	}
}

// element computes the style of element n and its pseudo-elements.
func (w *walker) element(n *html.Node, parent *Style, pvars map[string][]css.Token) (*Style, map[string][]css.Token) {
	cas := w.cas
	cas.loadFeatures(n)
	ms := cas.candidates(cas.index, n)
	var attrDecls []cdecl
	lang, hasLang := "", false
	for _, a := range n.Attr {
		switch {
		case a.Key == "style" && a.Namespace == "":
			decls, diags := css.ParseDeclarations(a.Val)
			src := fmt.Sprintf("style attribute of <%s>", n.Data)
			for _, d := range diags {
				w.col.diags = append(w.col.diags, Diagnostic{Source: src, Line: d.Line, Column: d.Col, Message: d.Message})
			}
			w.col.source = src
			attrDecls = w.col.v.convert(decls, false)
		case (a.Key == "lang" || a.Key == "xml:lang") && (a.Namespace == "" || a.Namespace == "xml"):
			lang, hasLang = a.Val, true
		}
	}
	cas.cascade(ms, w.hints(n), attrDecls)
	var ns *nodeStyle
	if len(w.slab) > 0 {
		ns, w.slab = &w.slab[0], w.slab[1:]
	} else {
		ns = new(nodeStyle)
	}
	s := &ns.el
	vars := cas.compute(s, parent, pvars, lang, hasLang)
	if n.Parent != nil && n.Parent.Type == html.DocumentNode {
		s.Display = blockify(s.Display)
	}
	for p, pix := range [...]*ruleIndex{PseudoBefore: cas.before, PseudoAfter: cas.after, PseudoMarker: cas.marker} {
		marker := Pseudo(p) == PseudoMarker
		if !marker && pix == nil || marker && s.Display != DisplayListItem {
			continue
		}
		var pm []*entry
		if pix != nil {
			pm = cas.candidates(pix, n)
		}
		if len(pm) == 0 && !marker {
			continue
		}
		cas.cascade(pm, nil, nil)
		ps := &w.scratch
		cas.compute(ps, s, vars, "", false)
		if !marker && (ps.ContentMode != ContentList || ps.Display == DisplayNone) {
			continue // no box: keep nothing
		}
		kept := new(Style)
		*kept = *ps
		switch Pseudo(p) {
		case PseudoBefore:
			ns.before = kept
		case PseudoAfter:
			ns.after = kept
		case PseudoMarker:
			kept.Display = DisplayInline
			ns.marker = kept
		}
	}
	w.st.nodes[n] = ns
	return s, vars
}

// Of returns the computed style of element n, or of its pseudo-element p.
// For a pseudo-element that generates no box (content none/normal for
// ::before/::after) it returns nil. ::marker has a style for every list
// item (its content is normal unless a ::marker rule sets it). Text nodes
// have no style of their own; use their parent's. ::first-line and
// ::first-letter are not applied: Of returns nil for them.
func (s *Styles) Of(n *html.Node, p Pseudo) *Style {
	if s == nil {
		return nil
	}
	ns := s.nodes[n]
	if ns == nil {
		return nil
	}
	switch p {
	case PseudoNone:
		return &ns.el
	case PseudoBefore:
		return ns.before
	case PseudoAfter:
		return ns.after
	case PseudoMarker:
		return ns.marker
	}
	return nil
}

// FontFaces returns the @font-face rules in document order.
func (s *Styles) FontFaces() []FontFace { return s.faces }

// Diagnostics returns the problems found in the document's CSS.
func (s *Styles) Diagnostics() []Diagnostic { return s.diags }
