package layout

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/slab"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// ErrPageLimit is wrapped when a document needs more pages than allowed.
var ErrPageLimit = errors.New("page limit reached")

// PageStyler gives the style of a page; *style.Styles implements it.
type PageStyler interface {
	Page(pc style.PageContext) *style.PageStyle
}

// Options configure Paginate.
type Options struct {
	// Shaper shapes text and gives font metrics (required).
	Shaper TextShaper
	// Pages gives page styles; nil (or a nil PageStyle) means A4 with
	// 2 cm margins.
	Pages PageStyler
	// PageSize, when non-zero, overrides the page size (points).
	PageSize [2]float64
	// Orientation, "landscape" or "portrait", turns the page size so its
	// longer side is horizontal or vertical; "" keeps it.
	Orientation string
	// MaxPages bounds the page count (default 2000).
	MaxPages int
}

// Diagnostic is a non-fatal layout problem (a missing glyph, content that
// overflows).
type Diagnostic struct {
	Stage   string
	Message string
}

// Page is one laid-out page.
type Page struct {
	// Index is the 0-based page number.
	Index int
	// Width and Height are the page size in points.
	Width, Height float64
	// Area is the page area (inside the page margins, borders and
	// padding).
	Area Rect
	// Margin holds the page margins (style.Top…) in points.
	Margin [4]float64
	// Number is the value of the page counter on this page (1-based by
	// default; counter-reset: page can change it).
	Number int
	// Context is the page selector context (first, left, blank, name).
	Context style.PageContext
	// Style is the page style used (nil when none was given).
	Style *style.PageStyle
	// Root is the fragment of the root box on this page (nil on a blank
	// page).
	Root *Fragment
	// Margins holds the page box's own background and border (the first
	// Decorations fragments) and the laid-out page-margin boxes (running
	// headers and footers), painted as pagination artifacts.
	Margins []*Fragment
	// Decorations is how many fragments at the start of Margins paint the
	// page box's background and border: they go under the page's content
	// (css-page-3 §painting), the margin boxes over it.
	Decorations int
	// Footnotes is the footnote area of the page (css-gcpm-3 §2): a
	// fragment styled by @footnote holding the footnote bodies whose
	// calls the page holds, in order; nil when it holds none.
	Footnotes *Fragment
}

// Document is the result of pagination.
type Document struct {
	Pages       []*Page
	Diagnostics []Diagnostic
	// Shaper is the shaper the document was laid out with: the painter
	// shapes the text of SVG images with it.
	Shaper TextShaper
}

type layouter struct {
	ctx context.Context
	// pageImage loads page background images (box.Tree.PageImage).
	pageImage func(url string) *box.Image
	// pageImageFailed holds the page images reported as failed.
	pageImageFailed map[*box.Image]bool
	shaper          TextShaper
	appendShaper    AppendShaper // shaper, when it is one
	mcache          map[metricsKey]LineMetrics
	// mrecent holds the last two metrics looked up, checked before
	// mcache: a line asks for its strut's and its texts' metrics in turn,
	// and comparing two keys is cheaper than hashing one.
	mrecent       [2]metricsEntry
	mnext         int
	lineCache     map[*box.Box]*lineSet
	paraCache     map[*box.Box]*para // shaped while measuring, for layout (shapedPara)
	paraMarker    map[*box.Box]*box.Box
	pendingMarker *box.Box
	diags         []Diagnostic
	seen          map[string]bool
	seq           int
	cbWidth       float64
	keepTopMargin bool
	steps         int
	err           error
	tables        tableCache // table grids and widths (table_widths.go)
	pct           pctState   // the base of percentage heights (pctheight.go)
	namedPages    bool       // some box sets the page property (paged_names.go)
	// noStrings and noPageCounters say no box sets a named string, no
	// element the page counter: the pages need not be searched for them.
	noStrings, noPageCounters bool
	margins                   marginCache
	running                   *runningSet // running elements out of the flow (paged_running.go)
	// subgrids holds what a grid container gives each of its items that
	// is a subgrid, set before laying the item out (grid_subgrid.go).
	subgrids map[*box.Box]*subgridInfo
	// grids keeps the grid containers laid out, placed and sized, for
	// their next pages (grid.go).
	grids map[*box.Box]*gridLayout
	// measuring counts the measurements of intrinsic widths in progress
	// (their paragraphs are laid out next: see para.shape).
	measuring int
	// sizes keeps the intrinsic widths of floats measured in the body:
	// a float is measured to lay it out, and again by every float it is
	// nested in, which made nested floats quadratic (replaced.go).
	// Margin boxes, whose shared box trees change text page by page,
	// neither read nor fill it (noSizes).
	sizes   map[sizeKey][2]float64
	noSizes bool
	// measured counts the intrinsic width computations (tests of sizes).
	measured int
	// pieces is buildLine's scratch slice.
	pieces []piece
	// runBuf is the slice shaping appends its runs to (AppendShaper),
	// reused as soon as they are read.
	runBuf []fonts.Run
	// frags holds fragments allocated ahead, handed out by newFragment.
	frags slab.Slab[Fragment]
	// chunks are where short paragraphs' buffers are carved from.
	chunks paraChunks
	// lineSets holds line sets allocated ahead (newLineSet).
	lineSets slab.Slab[lineSetAlloc]
	// freeParas are paragraphs whose buffers newPara reuses.
	freeParas []*para
	// breakBuf is the buffer para.breaks collects break opportunities
	// in, reused from paragraph to paragraph (see maxKeptBreaks).
	breakBuf []fonts.BreakOpportunity
	// columnDepth counts the multi-column containers whose columns are
	// being laid out (multicol.go).
	columnDepth int
	// multicols are the multicol containers whose columns are being laid
	// out, innermost last: a spanner of the last ends its column set.
	multicols []*box.Box
	// brokenAvoids counts the boxes with break-inside: avoid broken
	// because they start a page or column and do not fit it: balancing
	// takes a column height that breaks one as too low.
	brokenAvoids int
	// relaxLines makes lines that orphans and widows keep off a page
	// break there all the same (break_relax.go).
	relaxLines bool
	// relayout is set while a child is laid out again to move a break
	// (break_relax.go): no further one is tried inside, which keeps the
	// work linear in the depth of the tree.
	relayout bool
	// texts keeps short texts shaped (shared read-only by the paragraphs
	// showing them) and measured (texts.go).
	texts textCache
	// footnotes says the tree has float: footnote elements
	// (paged_footnotes.go).
	footnotes bool
	// fnStop is the footnote call whose line starts the next page: its
	// footnote did not fit below the page's body (layPage).
	fnStop *box.Box
	// fnCarry is what did not fit the last page's footnote area: the
	// rest of a footnote split at its bottom, and any after it, for
	// the top of the next page's (placeFootnotes).
	fnCarry []fnPart
	// leaders says the tree has leader() copies to fill
	// (paged_leaders.go).
	leaders bool
	// dropDone says the box subtrees finished on pages handed on are let
	// go (dropFinished): set in the final pass once the sink has read the
	// tree.
	dropDone bool
	// dropping, if set, is told before dropFinished lets boxes go
	// (DropSink)
	dropping func(below int) error
	// dropped counts, for each box of the break tokens so far, the
	// children dropFinished has replaced
	dropped map[*box.Box]int
	// standIns holds the styles of the stand-ins of dropped boxes, one
	// copy per distinct style value (see placeholder)
	standIns map[style.Style]*style.Style
	// bodyDone says the body ended on an earlier page: the pages left
	// hold the rest of split footnotes.
	bodyDone bool
	// fnLayouts counts the layouts of pages done to fit footnotes
	// (tests of their bound).
	fnLayouts int
	// column is the column being laid out (nil outside columns):
	// absolutely positioned boxes resolved in it continue into the next
	// columns (multicol_abs.go).
	column *columnCtx
	// absStarts holds, for positioned boxes fragmented across columns,
	// where their first fragment's padding box starts (multicol_abs.go).
	absStarts map[*box.Box]absStart
	// legendShifts holds the shift a rendered legend gives each
	// fieldset's border box, for its later fragments (fieldset.go).
	legendShifts map[*box.Box]float64
	// transformedAbs says an absolutely positioned box whose containing
	// block has a transform was laid out in columns since the multicol
	// containers last regrouped them (multicol_transform.go).
	transformedAbs bool
	// inlineStarts holds where the first parts of positioned inline
	// boxes split around blocks start (position_inline.go).
	inlineStarts map[inlineKey]inlineStart
	// colRows holds the last row of columns laid out of each multicol
	// container on the page (multicol_abs.go).
	colRows map[*box.Box]*colRow
	// absSplit is the absolutely positioned box being fragmented across
	// columns: its height splits like an in-flow box's.
	absSplit *box.Box
	// fragTop is the top of the page area or column being laid out: a
	// float that would fit below it moves there rather than being split
	// (float.go).
	fragTop float64
}

func (l *layouter) diag(stage, msg string) {
	if l.seen[msg] || len(l.diags) > 200 {
		return
	}
	l.seen[msg] = true
	l.diags = append(l.diags, Diagnostic{Stage: stage, Message: msg})
}

// check reports a cancelled context (checked every few hundred steps).
func (l *layouter) check() error {
	if l.err != nil {
		return l.err
	}
	l.steps++
	if l.steps&255 == 0 {
		if err := l.ctx.Err(); err != nil {
			l.err = fmt.Errorf("layout cancelled: %w", err)
		}
	}
	return l.err
}

// A4 is the default page size in points.
var a4 = [2]float64{595.2756, 841.8898}

const cm = 72 / 2.54

// Paginate lays the tree out into pages and keeps them all: see
// PaginateEach, which hands each page on as soon as it is complete. As it
// keeps every page anyway, it keeps those of its counting pass whatever
// their number, and lays the document out once.
func Paginate(ctx context.Context, tree *box.Tree, opts Options) (*Document, error) {
	doc := &Document{Shaper: opts.Shaper}
	sum, err := paginateEach(ctx, tree, opts, collect{doc}, math.MaxInt)
	if err != nil {
		return nil, err
	}
	doc.Diagnostics = sum.Diagnostics
	return doc, nil
}

// collect is the Sink of Paginate: it keeps every page.
type collect struct{ doc *Document }

func (c collect) Start(Totals) error { return nil }

func (c collect) Page(p *Page) error {
	c.doc.Pages = append(c.doc.Pages, p)
	return nil
}

func newLayouter(ctx context.Context, opts Options) *layouter {
	as, _ := opts.Shaper.(AppendShaper)
	return &layouter{ctx: ctx, shaper: opts.Shaper, appendShaper: as, mcache: map[metricsKey]LineMetrics{},
		lineCache: map[*box.Box]*lineSet{}, paraMarker: map[*box.Box]*box.Box{}, seen: map[string]bool{}}
}

// DefaultMaxPages is the page limit when Options.MaxPages is zero.
const DefaultMaxPages = 2000

// paginate is one layout pass: the body into pages, without margin
// boxes, kept in a Document.
func (l *layouter) paginate(tree *box.Tree, opts Options) (*Document, error) {
	doc := &Document{Shaper: opts.Shaper}
	if _, err := l.paginateEach(tree, opts, collect{doc}.Page); err != nil {
		return nil, err
	}
	return doc, nil
}

// paginateEach is one layout pass: the body into pages, without margin
// boxes, each page handed to emit once laid out. It returns the number
// of pages.
func (l *layouter) paginateEach(tree *box.Tree, opts Options, emit func(*Page) error) (int, error) {
	ctx := l.ctx
	maxPages := opts.MaxPages
	if maxPages <= 0 {
		maxPages = DefaultMaxPages
	}
	var tok *BreakToken
	prev := style.PageContext{}
	// the first page is a right page, or a left one when the root's
	// direction progresses pages right to left (css-page-3 §4.3.1)
	leftFirst := tree.Root != nil && tree.Root.Style != nil && tree.Root.Style.Direction == style.RTL
	for idx := 0; ; idx++ {
		if err := ctx.Err(); err != nil {
			return idx, fmt.Errorf("layout cancelled after %d pages: %w", idx, err)
		}
		if idx >= maxPages {
			return idx, fmt.Errorf("document needs more than %d pages: %w", maxPages, ErrPageLimit)
		}
		pc := l.pageContext(tree, idx, tok, prev, leftFirst)
		prev = pc
		pg, err := l.newPage(idx, pc, opts)
		if err != nil {
			return idx, err
		}
		if pc.Blank {
			tok.Side = style.BreakAuto
			if err := emit(pg); err != nil {
				return idx, err
			}
			continue
		}
		l.keepTopMargin = idx == 0 || tok != nil && tok.Forced
		r := l.layPage(tree.Root, pg, tok)
		if l.err != nil {
			return idx, l.err
		}
		pg.Root = r.frag
		if err := emit(pg); err != nil {
			return idx, err
		}
		if l.dropDone && r.next != nil {
			if l.dropFinished(r.next); l.err != nil {
				return idx, l.err
			}
		}
		if r.next == nil || r.empty || l.bodyDone {
			if len(l.fnCarry) == 0 {
				return idx + 1, nil
			}
			// the rest of a split footnote goes on the next page
			l.bodyDone = true
			continue
		}
		if sameToken(tok, r.next) {
			// no progress: never loop on a page
			return idx, fmt.Errorf("layout made no progress on page %d", idx+1)
		}
		tok = rootToken(r.next)
	}
}

// pageContext is the context of page idx (0-based), which resumes at
// tok after a page of context prev: first, left or right (the first
// page is a left one when leftFirst), its name and page group, and blank
// when a forced break to a side skips it.
func (l *layouter) pageContext(tree *box.Tree, idx int, tok *BreakToken, prev style.PageContext, leftFirst bool) style.PageContext {
	pc := style.PageContext{First: idx == 0, Left: (idx%2 == 1) != leftFirst, Index: idx + 1, Group: 1}
	if l.namedPages {
		pc.Name = resumePageName(tree.Root, tok)
	}
	if idx > 0 && pc.Name == prev.Name {
		pc.Group = prev.Group + 1 // the page group of a name goes on
	}
	if tok == nil || !tok.Forced || idx == 0 || l.bodyDone {
		return pc
	}
	// a forced break to a page side may need a blank page
	want := tok.Side
	if want == style.BreakRecto || want == style.BreakVerso {
		// recto is the side the first page is on
		if (want == style.BreakRecto) != leftFirst {
			want = style.BreakRight
		} else {
			want = style.BreakLeft
		}
	}
	pc.Blank = want == style.BreakLeft && !pc.Left || want == style.BreakRight && pc.Left
	return pc
}

// rootToken copies the forced flag and side of the innermost token to the
// root so the page loop sees them.
func rootToken(t *BreakToken) *BreakToken {
	in := t
	for in.Inner != nil {
		in = in.Inner
	}
	if in != t {
		t.Forced, t.Side = in.Forced, in.Side
	}
	return t
}

// sameToken reports whether a page that began at token a ended at b
// without placing anything. Placing floats counts (OOFEnd moves on, or
// the lines start being resumed by unit), and so do top edges placed
// alone (Whole, Ended).
func sameToken(a, b *BreakToken) bool {
	for a != nil && b != nil {
		if a.Box != b.Box || a.Child != b.Child || a.Line != b.Line || a.Unit != b.Unit || a.Consumed != b.Consumed || a.HeightOnly != b.HeightOnly || a.Spanner != b.Spanner || len(a.Floats) != len(b.Floats) ||
			a.Whole != b.Whole || a.Ended != b.Ended || a.ByUnit != b.ByUnit || a.OOFEnd != b.OOFEnd {
			return false
		}
		for i := range a.Floats {
			if !sameToken(a.Floats[i], b.Floats[i]) {
				return false
			}
		}
		// a grid row split across pages progresses in its items
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !sameToken(a.Items[i], b.Items[i]) {
				return false
			}
		}
		if len(a.Overflow) != len(b.Overflow) {
			return false
		}
		for i := range a.Overflow {
			if !sameToken(a.Overflow[i], b.Overflow[i]) {
				return false
			}
		}
		a, b = a.Inner, b.Inner
	}
	return a == nil && b == nil
}

func (l *layouter) newPage(idx int, pc style.PageContext, opts Options) (*Page, error) {
	var ps *style.PageStyle
	if opts.Pages != nil {
		ps = opts.Pages.Page(pc)
	}
	size := a4
	var boxStyle *style.Style
	if ps != nil {
		if ps.Size[0] > 0 && ps.Size[1] > 0 {
			size = ps.Size
		}
		boxStyle = ps.Box
	}
	if opts.PageSize[0] > 0 && opts.PageSize[1] > 0 {
		size = opts.PageSize
	}
	if opts.Orientation == "landscape" && size[0] < size[1] || opts.Orientation == "portrait" && size[0] > size[1] {
		size[0], size[1] = size[1], size[0]
	}
	margins, area, note, err := pageGeometry(size, boxStyle)
	if err != nil {
		return nil, fmt.Errorf("layout: %s: %w", pageLabel(idx), err)
	}
	if note != "" {
		l.diag("layout", note)
	}
	return &Page{Index: idx, Width: size[0], Height: size[1], Area: area, Margin: margins, Context: pc, Style: ps}, nil
}
