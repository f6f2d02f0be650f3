package render

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"weak"

	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
)

// Writer writes laid-out documents into one PDF/UA-1 file page by page:
// each page is painted, its content compressed and its display list let
// go before the next, so a long document holds its structure tree and
// compressed pages rather than every page's fragments and display list
// (see layout.PaginateEach). RenderParts is a Writer fed with every list.
//
// Call BeginPart for each of the parts NewWriter was told of, in order,
// after layout has taken the part's running elements and footnotes out
// of its tree; then Page for each of its display lists, EndPart, and
// after the last part Close. The first error ends the file: later calls
// return it.
type Writer struct {
	ctx    context.Context
	opts   Options
	pdf    *pdfua.Document
	r      *renderer
	nparts int
	// parts are the Part elements of a file of several parts, made ahead
	// in order (their objects come before any content's).
	parts  []*pdfua.StructElem
	begun  int
	elems  int
	maxOut int
	diags  []Diagnostic
	cur    *partState
	err    error
	// lw is where the file goes once it streams (past streamAfter
	// pages): the output given to StreamTo (user), else mem, which
	// Close returns; streaming says the file started going out.
	lw        *limitWriter
	user      bool
	mem       *chunkBuffer
	streaming bool
}

// partState is what the part being written keeps until its end: the
// link targets, the destinations placed, its pages (the margin boxes
// laid out last are added to them) and the links of those that have
// links left to annotate, in page order.
type partState struct {
	targets, dests map[string]bool
	pages          []*pdfua.Page
	links          []pageLinks
}

// pageLinks are the links of the written page numbered page (in the
// part), annotated at the end of the part, when every destination of
// the part is known, or once their target is (linksNow).
type pageLinks struct {
	page  int
	links []display.Link
}

// addLinks adds links to those of page i of the part.
func (ps *partState) addLinks(i int, links []display.Link) {
	if len(links) == 0 {
		return
	}
	k, ok := slices.BinarySearchFunc(ps.links, i, func(pl pageLinks, i int) int { return pl.page - i })
	if ok {
		ps.links[k].links = slices.Concat(ps.links[k].links, links)
		return
	}
	ps.links = slices.Insert(ps.links, k, pageLinks{page: i, links: links})
}

// pageLinksNow annotates the links kept of the pages written so far
// whose target is known (linksNow), and lets go of the pages' entries
// left without links.
func (w *Writer) pageLinksNow() {
	for i := range w.cur.links {
		pl := &w.cur.links[i]
		p := w.cur.pages[pl.page]
		_, h := p.Size()
		pl.links = w.r.linksNow(p, h, pl.links, w.cur.dests)
	}
	w.cur.links = slices.DeleteFunc(w.cur.links, func(pl pageLinks) bool { return len(pl.links) == 0 })
}

// ErrWrite marks failures of the PDF writer's checks of the document
// (Close): tables or lists whose HTML shape PDF/UA's nesting rules do
// not allow. Writing again with Options.FlatTags gives a conforming file
// with less structure (RenderParts does so by itself; see FlatNote).
var ErrWrite = errWrite

// ErrPartial marks an ErrWrite that came once part of the file went out
// to the StreamTo output (past the first 100 pages): writing again, flat,
// needs an output that can start again (see folio.Rewinder).
var ErrPartial = errors.New("the file was written in part")

// FlatNote is the diagnostic of a file written with Options.FlatTags
// after err, an ErrWrite.
func FlatNote(err error) Diagnostic {
	return Diagnostic{Stage: "tags",
		Message: fmt.Sprintf("tables and lists are tagged as plain Div/P/Span because their HTML structure breaks the PDF/UA rules: %v", err)}
}

// NewWriter starts a file of parts documents (Part elements under the
// Document when more than one).
func NewWriter(ctx context.Context, opts Options, parts int) (*Writer, error) {
	if opts.Title == "" || opts.Lang == "" {
		return nil, fmt.Errorf("render: title and language are required (title %q, lang %q)", opts.Title, opts.Lang)
	}
	if parts <= 0 {
		return nil, errors.New("render: no document to render")
	}
	pdf := pdfua.New(pdfua.Info{Title: opts.Title, Author: opts.Author, Subject: opts.Subject, Keywords: opts.Keywords,
		Lang: opts.Lang, Creator: opts.Creator, Producer: opts.Producer, Now: opts.Now, DocumentID: opts.DocumentID,
		PDFA: opts.PDFA, FacturX: opts.FacturX})
	pdf.SetFontCache(opts.FontCache)
	for _, a := range opts.Attachments {
		pdf.Attach(a)
	}
	w := &Writer{ctx: ctx, opts: opts, pdf: pdf, nparts: parts, maxOut: limitOr(opts.MaxOutputBytes, DefaultMaxOutputBytes),
		r: &renderer{pdf: pdf, images: map[weak.Pointer[box.Image]]*pdfua.Image{}, pdfa: opts.PDFA != ""}}
	if parts > 1 {
		w.parts = make([]*pdfua.StructElem, parts)
		for i := range w.parts {
			w.parts[i] = pdf.Root().Add("Part")
		}
	}
	return w, nil
}

// BeginPart starts the next part: tree is its box tree, lang its
// language when it differs from the file's (empty: the file's). The
// part's structure is made from tree as its pages are written: a caller
// laying tree out with layout.PaginateEach, which lets go of finished
// boxes, calls Reach from its layout.DropSink before it does. Once the
// part began, the structure reads the DOM's elements (their attributes
// and parents) and what render.ReadTexts recorded in tree only: the DOM
// below the elements may be unlinked.
func (w *Writer) BeginPart(tree *box.Tree, lang string) error {
	if w.err != nil {
		return w.err
	}
	if w.cur != nil || w.begun == w.nparts {
		return w.fail(fmt.Errorf("render: part %d begun, of %d, with part %d open", w.begun+1, w.nparts, w.begun))
	}
	i := w.begun
	w.begun++
	docLang := w.opts.Lang
	if w.nparts > 1 && lang != "" {
		docLang = lang // decided before the walk: what differs from it gets a Lang
	}
	s := beginStructure(w.ctx, tree, docLang, w.opts.MaxTableCells)
	s.flat = w.opts.FlatTags
	if w.nparts == 1 {
		s.root.elem = w.pdf.Root()
	} else {
		s.asPart(w.parts[i], i, w.opts.Lang)
	}
	w.elems++
	s.counted = 1
	if err := checkElems(w.elems, w.maxOut); err != nil {
		return w.fail(err)
	}
	w.r.s = s
	w.cur = &partState{targets: linkTargets(tree), dests: map[string]bool{}}
	w.linksAsTheyCome()
	return nil
}

// Page paints the next page of the part from its display list; the list
// is not kept (but its links until EndPart).
func (w *Writer) Page(l *display.List) error {
	if w.err != nil {
		return w.err
	}
	if w.cur == nil {
		return w.fail(errors.New("render: a page outside any part"))
	}
	if max := limitOr(w.opts.MaxPageItems, DefaultMaxPageItems); len(l.Items) > max {
		return w.fail(limitErr("page %d has %d display items, more than the limit of %d (MaxPageItems)", l.Page.Index+1, len(l.Items), max))
	}
	r := w.r
	if err := w.ctx.Err(); err != nil {
		return w.fail(fmt.Errorf("rendering page %d: %w", r.pagesDone+1, err))
	}
	if err := w.reach(reachOf(l)); err != nil {
		return err
	}
	if !w.streaming && r.pagesDone >= streamAfter {
		if w.lw == nil { // Close: the file is assembled in memory
			w.mem = new(chunkBuffer)
			w.lw = &limitWriter{w: w.mem, max: int64(w.maxOut)}
		}
		w.streaming = true
		if err := w.pdf.StreamTo(w.lw); err != nil {
			return w.fail(w.outErr(w.lw, err))
		}
		// from now on links are annotated as soon as their target is
		// known, so the subtrees holding them can go
		w.pageLinksNow()
	}
	r.pagesDone++
	p := w.pdf.AddPage(l.Page.Width, l.Page.Height)
	r.minPos = math.MaxInt
	r.page(p, l)
	r.destinations(p, l.Page, w.cur.targets, w.cur.dests)
	links := l.Links
	if w.streaming {
		links = r.linksNow(p, l.Page.Height, links, w.cur.dests)
	}
	p.Finish()
	w.cur.pages = append(w.cur.pages, p)
	w.cur.addLinks(len(w.cur.pages)-1, links)
	if r.minPos < math.MaxInt {
		r.s.sealDone(r.minPos, w.streaming)
	}
	if w.streaming {
		if err := w.pdf.Err(); err != nil { // the output failed: stop now
			return w.fail(w.outErr(w.lw, err))
		}
	}
	return nil
}

// Reach makes the structure of the current part's boxes numbered below
// index (box.Box.Index), which layout is about to let go: the structure
// is built as layout reaches the boxes (see beginStructure), and no node
// must be made from the stand-in layout leaves in a finished box's slot.
func (w *Writer) Reach(index int) error {
	if w.err != nil {
		return w.err
	}
	if w.cur == nil {
		return w.fail(errors.New("render: Reach outside any part"))
	}
	return w.reach(index)
}

// reach makes the structure nodes of the boxes numbered below index,
// checking the number of elements against the limit.
func (w *Writer) reach(index int) error {
	s := w.r.s
	if err := s.reach(index); err != nil {
		return w.fail(err)
	}
	w.elems += s.made() - s.counted
	s.counted = s.made()
	if err := checkElems(w.elems, w.maxOut); err != nil {
		return w.fail(err)
	}
	return nil
}

// reachOf returns the number after the highest box number painted or
// linked on page l: the structure nodes of those boxes must be made
// before the page is.
func reachOf(l *display.List) int {
	hi := 0
	for i := range l.Items {
		if b := l.Items[i].Origin.Box; b != nil {
			hi = max(hi, b.Index+1)
		}
	}
	for _, lk := range l.Links {
		if lk.Box != nil {
			hi = max(hi, lk.Box.Index+1)
		}
	}
	return hi
}

// Margins paints late parts of a page of the part already written: its
// margin boxes laid out after the last page (layout.LateSink), from the
// display list of a page holding them only. They go into a further
// content stream of the page, painted over the rest as they would have
// been as the end of its list.
func (w *Writer) Margins(l *display.List) error {
	if w.err != nil {
		return w.err
	}
	if w.cur == nil {
		return w.fail(errors.New("render: margin boxes outside any part"))
	}
	i := l.Page.Index
	if i < 0 || i >= len(w.cur.pages) {
		return w.fail(fmt.Errorf("render: margin boxes of page %d, of %d written", i+1, len(w.cur.pages)))
	}
	if max := limitOr(w.opts.MaxPageItems, DefaultMaxPageItems); len(l.Items) > max {
		return w.fail(limitErr("page %d has %d display items in its margin boxes, more than the limit of %d (MaxPageItems)", i+1, len(l.Items), max))
	}
	if err := w.ctx.Err(); err != nil {
		return w.fail(fmt.Errorf("rendering the margin boxes of page %d: %w", i+1, err))
	}
	p := w.cur.pages[i]
	p.NewStream()
	w.r.page(p, l)
	p.Finish()
	w.cur.addLinks(i, l.Links)
	return nil
}

// EndPart adds the part's links and outline entries, and lets go of
// what the Writer kept of the part's box tree.
func (w *Writer) EndPart() error {
	if w.err != nil {
		return w.err
	}
	if w.cur == nil {
		return w.fail(errors.New("render: EndPart without BeginPart"))
	}
	if err := w.reach(math.MaxInt); err != nil {
		return err
	}
	r, s := w.r, w.r.s
	for _, pl := range w.cur.links {
		p := w.cur.pages[pl.page]
		_, h := p.Size()
		r.links(p, h, pl.links, w.cur.dests)
	}
	s.finish()
	s.addOutline(r.pdf)
	w.diags = append(w.diags, s.diags...)
	// the part's structure nodes refer to its boxes: let them go, so the
	// box tree is not held while the file is written (pdfua keeps the
	// elements made from them)
	w.cur, r.s, r.open, r.cands = nil, nil, nil, nil
	return nil
}

// Close writes the file. An error wrapping ErrWrite says the document's
// structure breaks PDF/UA's rules (see FlatNote).
func (w *Writer) Close() (*Result, error) {
	if err := w.closing(); err != nil {
		return nil, err
	}
	if w.user {
		return nil, w.fail(errors.New("render: Close of a Writer streaming to an output (StreamTo): use CloseTo"))
	}
	var out []byte
	var err error
	if w.mem != nil { // streamed past streamAfter pages (see Page)
		if err = w.pdf.WriteContext(w.ctx, w.lw); err != nil {
			return nil, w.fail(w.outErr(w.lw, err))
		}
		out, w.mem = w.mem.bytes(), nil
	} else if out, err = w.pdf.Bytes(); err != nil {
		return nil, w.fail(fmt.Errorf("%w: %w", errWrite, err))
	}
	if len(out) > w.maxOut {
		return nil, w.fail(limitErr("PDF has %d bytes, more than the output limit of %d bytes (MaxOutputBytes)", len(out), w.maxOut))
	}
	return &Result{PDF: out, Size: int64(len(out)), Pages: w.r.pagesDone, Diagnostics: append(w.diags, w.r.diags...)}, nil
}

// CloseTo is Close writing the file to out as it is assembled, rather
// than returning it (Result.PDF is nil, Result.Size its length): a long
// document's file is never held whole. out must be the output given to
// StreamTo, if it was called; past 100 pages the file went out while
// the pages were written. Until the first byte goes out the
// document's checks all run first, so an error wrapping ErrWrite leaves
// out untouched; a failing out, the context ending, the output limit
// (MaxOutputBytes) or, once bytes went out, a rule of the document
// stops the file part way, out holding what was written.
func (w *Writer) CloseTo(out io.Writer) (*Result, error) {
	if err := w.closing(); err != nil {
		return nil, err
	}
	if w.mem != nil { // streamed to memory: StreamTo came too late
		res, err := w.Close()
		if err != nil {
			return nil, err
		}
		if _, err := out.Write(res.PDF); err != nil {
			return nil, w.fail(err)
		}
		res.PDF = nil
		return res, nil
	}
	cw := w.lw
	if cw == nil {
		cw = &limitWriter{w: out, max: int64(w.maxOut)}
	} else if cw.w != out {
		return nil, w.fail(errors.New("render: CloseTo to another output than StreamTo's"))
	}
	if err := w.pdf.WriteContext(w.ctx, cw); err != nil {
		return nil, w.fail(w.outErr(cw, err))
	}
	return &Result{Size: cw.n, Pages: w.r.pagesDone, Diagnostics: append(w.diags, w.r.diags...)}, nil
}

// outErr explains err, from writing the file to the output (lw): the
// output limit, the output's error, or a rule of the document, which is
// an ErrWrite while nothing went out (the document may be written again
// flat).
func (w *Writer) outErr(cw *limitWriter, err error) error {
	switch {
	case cw.over:
		return limitErr("PDF has more than the output limit of %d bytes (MaxOutputBytes)", w.maxOut)
	case cw.err != nil:
		return err
	case w.streaming && w.user:
		return fmt.Errorf("%w: %w, past the first %d pages: %w", errWrite, ErrPartial, streamAfter, err)
	}
	return fmt.Errorf("%w: %w", errWrite, err) // before the first byte, as Close
}

// closing checks that every part was written before the file is.
func (w *Writer) closing() error {
	if w.err != nil {
		return w.err
	}
	if w.cur != nil || w.begun != w.nparts {
		return w.fail(fmt.Errorf("render: %d of %d parts written", w.begun, w.nparts))
	}
	return nil
}

// limitWriter passes writes on to w until more than max bytes would
// have been written in all, then fails (over). n counts the bytes w
// took, err is w's error.
type limitWriter struct {
	w    io.Writer
	max  int64
	n    int64
	over bool
	err  error
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if l.n+int64(len(p)) > l.max {
		l.over = true
		return 0, fmt.Errorf("more than %d bytes", l.max)
	}
	k, err := l.w.Write(p)
	l.n += int64(k)
	if err != nil {
		l.err = err
	}
	return k, err
}

func (w *Writer) fail(err error) error {
	if w.err == nil {
		w.err = err
	}
	return w.err
}
