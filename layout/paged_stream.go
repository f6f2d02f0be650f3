package layout

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/style"
)

// Totals is what is known of the whole document before its first page is
// handed on (Sink.Start).
type Totals struct {
	// Pages is the page count when a counting pass was needed (a margin
	// box shows counter(pages), or the canvas has a background image),
	// else 0 (and 0 when a LateSink gets the margin boxes showing the
	// count after the last page).
	Pages int
	// RootHeight is the height of the root element's fragments summed
	// over the pages when the canvas has a background image (it spans
	// the root's whole box, sliced across the pages), else 0.
	RootHeight float64
}

// Sink receives the pages of PaginateEach.
type Sink interface {
	// Start is called once, before the first page, when the box tree
	// is as layout leaves it (running elements and footnotes taken out
	// of the flow, target-counter() texts filled in).
	Start(Totals) error
	// Page receives each page, in order, complete: numbered, with its
	// margin boxes and leaders. Nothing in layout refers to it again: a
	// sink that drops it lets its fragments go.
	Page(*Page) error
}

// LateSink is a Sink that takes margin boxes after their pages. Given
// one, PaginateEach lays a document longer than 100 pages whose margin
// boxes show counter(pages) out once: it hands each page on with its
// other margin boxes, and the margin boxes of each page whose page
// context shows the count after the last page, through Margins. (With a
// plain Sink, such a document is counted by a layout pass first.)
type LateSink interface {
	Sink
	// Margins receives, after the last page, a page handed on before
	// whose margin boxes show the page count: it has no body (Root and
	// Footnotes are nil) and its Margins hold those margin boxes only
	// (Decorations is 0); Index and Number are the page's.
	Margins(*Page) error
}

// DropSink is a Sink told which boxes layout is about to let go: a sink
// reading the box tree as pages come (the structure of a tagged PDF)
// reads them in Dropping, before their slots hold childless stand-ins
// (see PaginateEach).
type DropSink interface {
	Sink
	// Dropping is called before layout lets go of boxes, all numbered
	// below below (box.Box.Index); an error stops layout.
	Dropping(below int) error
}

// Summary is what PaginateEach tells once every page was handed on.
type Summary struct {
	Pages       int
	Diagnostics []Diagnostic
	// Shaper is the shaper the document was laid out with: the painter
	// shapes the text of SVG images with it.
	Shaper TextShaper
}

// PaginateEach lays the tree out into pages and hands each to sink as
// soon as it is complete, so that a caller painting and writing pages
// one by one holds one page's fragments at a time, not the document's.
//
// What a page needs from later pages is found by counting passes: one
// counts the pages when counter(pages) is shown in a margin box (or the
// canvas background image needs the root's total height), and when the
// body uses target-counter(…, page) passes lay the tree out until the
// target page numbers settle (at most maxTargetPasses). A document of at
// most keepPages pages is handed on from the last counting pass, its
// margin boxes laid out once its body is; a longer one keeps none of its
// pages and is laid out once more, with what the passes found, handing
// each page on as soon as it is laid out (layout is deterministic, so
// its pages are those the last pass counted). A document that needs no
// count is laid out once, streaming.
//
// The body may get its children as layout asks for them (box.Box.
// SetGrow): layout then asks for each child as it reaches it (keeping
// the next two present), and the tree's scans before the first page
// (running elements, footnotes, leaders, named pages) see the children
// present only — a caller streaming the body keeps documents with
// those features whole. A tree needing counting passes (a plain sink
// and counter(pages) in a margin box, or a canvas background image)
// is grown whole first; one whose children present show
// target-counter() or a named string with counter(pages) gets
// ErrWholeDocument.
func PaginateEach(ctx context.Context, tree *box.Tree, opts Options, sink Sink) (*Summary, error) {
	return paginateEach(ctx, tree, opts, sink, keepPages)
}

// paginateEach is PaginateEach keeping at most keep pages of a counting
// pass.
func paginateEach(ctx context.Context, tree *box.Tree, opts Options, sink Sink, keep int) (*Summary, error) {
	if opts.Shaper == nil {
		return nil, errors.New("layout: no text shaper")
	}
	pending := tree.Root != nil && pendingIn(tree.Root, pendingDepth)
	if _, late := sink.(LateSink); pending && (keep == math.MaxInt || !late && needsPageCount(tree, opts) || canvasImage(tree)) {
		growAll(tree.Root, pendingDepth) // laid out more than once, or kept whole
		pending = false
	}
	running := extractRunning(tree)
	footnotes := extractFootnotes(tree)
	targets := findTargets(tree)
	leaders := hasLeaders(tree)
	pass := func() *layouter {
		l := newLayouter(ctx, opts)
		l.namedPages = tree.Root != nil && hasNamedPages(tree.Root)
		l.noStrings = tree.Scanned && !tree.StringSets
		l.noPageCounters = tree.Scanned && !tree.PageCounters
		l.running = running
		l.footnotes = footnotes
		l.leaders = leaders
		l.pageImage = tree.PageImage
		if ds, ok := sink.(DropSink); ok {
			l.dropping = ds.Dropping
		}
		return l
	}
	stringPages := stringsShowPageCount(tree)
	if pending && (targets.any() || stringPages) {
		return nil, ErrWholeDocument
	}
	if pending {
		primePending(tree.Root, pendingDepth)
	}
	if ls, ok := sink.(LateSink); ok && keep < math.MaxInt && !targets.any() && !canvasImage(tree) && !stringPages && needsPageCount(tree, opts) {
		return paginateLate(pass(), tree, opts, ls, keep)
	}
	var known map[string]int
	var tot Totals
	unsettled := 0
	// kept are the pages of the last counting pass while they are at
	// most keepPages: a short document is then handed on from them, laid
	// out once (its margin boxes after its body, as Paginate always did)
	var l *layouter
	var kept []*Page
	if targets.any() || stringPages || needsPageCount(tree, opts) || canvasImage(tree) {
		for n := 1; ; n++ {
			targets.fill(known)
			l = pass()
			var found map[string]int
			if targets.any() {
				found = make(map[string]int, len(targets.ids))
			}
			var nums pageNums
			tot = Totals{}
			kept = kept[:0]
			keeping := true
			_, err := l.paginateEach(tree, opts, func(p *Page) error {
				p.Number = nums.next(l, p)
				targets.page(p, found)
				tot.Pages++
				if p.Root != nil {
					tot.RootHeight += p.Root.H
				}
				if keeping = keeping && len(kept) < keep; keeping {
					kept = append(kept, p)
				} else {
					clear(kept)
					kept = kept[:0]
				}
				l.release(p)
				return nil
			})
			if err != nil {
				return nil, err
			}
			if !keeping {
				kept = nil
			}
			if !targets.any() || targets.settled(known, found) {
				break
			}
			if n == maxTargetPasses {
				unsettled = n
				break
			}
			known = found
		}
	}
	if err := sink.Start(tot); err != nil {
		return nil, err
	}
	var n int
	var err error
	if kept != nil {
		n, err = l.handOn(kept, tot, targets, sink)
	} else {
		targets.fill(known)
		l = pass()
		n, err = l.layOutAndHandOn(tree, opts, tot, targets, sink)
	}
	if err != nil {
		return nil, err
	}
	if unsettled > 0 {
		l.diag("layout", fmt.Sprintf("page numbers of target-counter() did not settle after %d layout passes; some may be off", unsettled))
	}
	return &Summary{Pages: n, Diagnostics: l.diags, Shaper: opts.Shaper}, nil
}

// ErrWholeDocument is returned by PaginateEach for a tree whose body gets
// its children as layout asks (box.Box.SetGrow) when the part present
// holds target-counter(…, page) or a named string showing
// counter(pages): their page numbers are found by laying the whole
// document out more than once, which a caller builds whole.
var ErrWholeDocument = errors.New("layout: the document needs its whole box tree before its first page (target-counter() or a named string showing counter(pages)), and its body's children come as layout asks")

// keepPages is the most pages of a counting pass PaginateEach keeps to
// hand on, rather than laying the document out again: a document that
// long is laid out once, and holds at most that many pages at a time.
const keepPages = 100

// handOn numbers the pages of a counting pass, lays out their margin
// boxes and leaders and hands them to sink, letting go of each.
func (l *layouter) handOn(pages []*Page, tot Totals, targets *targetSet, sink Sink) (int, error) {
	mr := l.newMarginRun(tot.Pages)
	posts := leaderPosts(targets)
	for i, p := range pages {
		pages[i] = nil
		if err := l.check(); err != nil {
			return i, err
		}
		if err := l.emit(mr, posts, p, sink); err != nil {
			return i, err
		}
	}
	return len(pages), nil
}

// layOutAndHandOn lays the tree out, handing each page to sink with its
// margin boxes and leaders as soon as it is laid out.
func (l *layouter) layOutAndHandOn(tree *box.Tree, opts Options, tot Totals, targets *targetSet, sink Sink) (int, error) {
	mr := l.newMarginRun(tot.Pages)
	posts := leaderPosts(targets)
	l.dropDone = true // the sink has read the tree (Start)
	return l.paginateEach(tree, opts, func(p *Page) error {
		return l.emit(mr, posts, p, sink)
	})
}

// emit completes p (number, margin boxes, leaders), hands it to sink and
// lets go of what the layouter keeps of it.
func (l *layouter) emit(mr *marginRun, posts map[*box.Box]*targetBox, p *Page, sink Sink) error {
	l.marginPage(mr, p)
	l.leaderPage(posts, p)
	if err := sink.Page(p); err != nil {
		return err
	}
	l.release(p)
	l.margins.trim()
	return nil
}

// paginateLate lays the tree out once for a LateSink when only margin
// boxes need the page count: a document of at most keep pages is handed
// on as its pages are kept (margin boxes after the body); past keep
// pages, every page is handed on as soon as it is laid out, and the
// margin boxes showing the count after the last.
func paginateLate(l *layouter, tree *box.Tree, opts Options, sink LateSink, keep int) (*Summary, error) {
	mr := l.newMarginRun(0)
	var kept []*Page
	var later lateRecords
	streaming := false
	n, err := l.paginateEach(tree, opts, func(p *Page) error {
		if !streaming {
			if len(kept) < keep {
				kept = append(kept, p)
				l.release(p)
				return nil
			}
			streaming = true
			if err := sink.Start(Totals{}); err != nil {
				return err
			}
			l.dropDone = true
			for i, k := range kept {
				kept[i] = nil
				if err := l.emitLate(mr, k, sink, &later); err != nil {
					return err
				}
			}
			kept = nil
		}
		return l.emitLate(mr, p, sink, &later)
	})
	if err != nil {
		return nil, err
	}
	if !streaming {
		tot := Totals{Pages: n}
		if err := sink.Start(tot); err != nil {
			return nil, err
		}
		if _, err := l.handOn(kept, tot, nil, sink); err != nil {
			return nil, err
		}
		return &Summary{Pages: n, Diagnostics: l.diags, Shaper: opts.Shaper}, nil
	}
	mr.total = n
	err = later.each(func(p *Page, vals pageStrings) error {
		if err := l.check(); err != nil {
			return err
		}
		l.pageMarginBoxes(mr, p, vals)
		if err := sink.Margins(p); err != nil {
			return err
		}
		l.margins.trim()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &Summary{Pages: n, Diagnostics: l.diags, Shaper: opts.Shaper}, nil
}

// emitLate hands p on like emit, but when its page context shows the
// page count, with its decorations only: its margin boxes are laid out
// after the last page, from what later records of it (lateRecords).
func (l *layouter) emitLate(mr *marginRun, p *Page, sink Sink, later *lateRecords) error {
	if p.Style == nil || !showsPageCount(p.Style) {
		return l.emit(mr, nil, p, sink)
	}
	vals := l.pageStart(mr, p)
	later.add(p, vals, &mr.strs)
	if err := sink.Page(p); err != nil {
		return err
	}
	l.release(p)
	return nil
}

// needsPageCount reports whether a margin box of a page context the
// document can have shows counter(pages) or counters(pages).
func needsPageCount(tree *box.Tree, opts Options) bool {
	if opts.Pages == nil {
		return false
	}
	names := []string{""}
	if tree.Root != nil {
		seen := map[string]bool{"": true}
		tree.Root.Walk(func(b *box.Box) bool {
			if b.Style != nil && b.Style.Page != "auto" && !seen[b.Style.Page] {
				seen[b.Style.Page] = true
				names = append(names, b.Style.Page)
			}
			return true
		})
	}
	for _, name := range names {
		for ctx := range 8 {
			pc := style.PageContext{Name: name, First: ctx&1 != 0, Left: ctx&2 != 0, Blank: ctx&4 != 0, Index: -1, Group: -1}
			if ps := opts.Pages.Page(pc); ps != nil && showsPageCount(ps) {
				return true
			}
		}
	}
	return false
}

// showsPageCount reports whether a margin box of ps shows the page
// count.
func showsPageCount(ps *style.PageStyle) bool {
	for _, ms := range ps.Margins {
		if ms == nil || ms.ContentMode != style.ContentList {
			continue
		}
		for _, it := range ms.Content {
			if (it.Kind == style.ContentCounter || it.Kind == style.ContentCounters) && it.Name == "pages" {
				return true
			}
		}
	}
	return false
}

// canvasImage reports whether the root element, or the body, has
// background images: the canvas paints them over the root's whole box
// (layout/display), whose height is known once every page is laid out.
func canvasImage(tree *box.Tree) bool {
	if tree.Root == nil {
		return false
	}
	if st := tree.Root.Style; st != nil && st.BackgroundImages != nil {
		return true
	}
	for _, c := range tree.Root.Children {
		if c.IsElement() && c.Tag() == "body" && c.Style != nil && c.Style.BackgroundImages != nil {
			return true
		}
	}
	return false
}

// release drops what the layouter keeps of the boxes that end on p, a
// page handed on: their line sets (with the glyphs their fragments
// show), table and grid states. Nothing lays them out again but copies
// (a fixed box repeated on every page), which are laid out afresh, the
// same; so a long document's layout holds the boxes in progress, not
// every box laid out so far.
func (l *layouter) release(p *Page) {
	if p.Root != nil {
		l.releaseFrag(p.Root, 0)
	}
	if p.Footnotes != nil {
		l.releaseFrag(p.Footnotes, 0)
	}
	// the blocks of values holding pointers: what is left of each is
	// for the next page's
	l.frags.Drop()
	l.lineSets.Drop()
	t := &l.tables
	t.oneRow.Drop()
	t.kids.Drop()
	t.paints.Drop()
	t.grid.Drop()
	t.gridPtrs.Drop()
}

// maxReleaseDepth bounds release's walk (fragments nest as deep as the
// box tree, which box.Build bounds far below it).
const maxReleaseDepth = 4096

func (l *layouter) releaseFrag(f *Fragment, depth int) {
	if depth > maxReleaseDepth {
		return
	}
	if f.Last && !f.Repeated && f.Box != nil {
		delete(l.lineCache, f.Box)
		delete(l.tables.states, f.Box)
		delete(l.grids, f.Box)
		delete(l.legendShifts, f.Box)
	}
	for _, ln := range f.Lines {
		for _, a := range ln.Atomics {
			l.releaseFrag(a, depth+1)
		}
	}
	for _, c := range f.Children {
		l.releaseFrag(c, depth+1)
	}
}

// maxMarginEntries bounds the margin boxes the layouter remembers
// measured and laid out (marginCache): running titles change from
// chapter to chapter, and an entry for each would keep every chapter's
// title — and the glyph blocks its text was carved from — for the whole
// document. Past the bound they are forgotten and laid out again when
// met, the same.
const maxMarginEntries = 64

// trim forgets the margin boxes remembered past maxMarginEntries.
func (c *marginCache) trim() {
	if len(c.placed) > maxMarginEntries {
		clear(c.placed)
	}
	if len(c.measured) > maxMarginEntries {
		clear(c.measured)
	}
}
