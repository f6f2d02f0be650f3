package folio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/resource"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/render"
	"github.com/seed28491532/folio/style"
)

// collectFrom is the length of a streamed source from which the facade
// collects it as soon as it is packed.
const collectFrom = 1 << 20

// input is one document of a conversion as it goes through the stages:
// parsed and styled (parse), then boxed, paginated and painted (layOut).
type input struct {
	name string
	// src is the decoded HTML, kept for the audit and for parsing again;
	// packed is it compressed, when no audit reads it (packSource)
	src, packed []byte
	// xhtml says src is parsed as XHTML
	xhtml bool
	doc   *html.Node
	// textDropped records that doc's text was let go once the document's
	// structure was read (dropText): laying it out again parses src again
	textDropped bool
	fixes       []string
	loader      *resource.Policy
	// baseURL resolves the document's relative URLs
	baseURL string
	styles  *style.Styles
	// faceReg is the registry with the document's @font-face fonts
	// loaded while its styles were computed (for ch and ex), nil when it
	// declares none.
	faceReg *fonts.Registry
	meta    render.Metadata
	// stream, when set, gives the body's children as layout asks for
	// them (convert_stream.go): doc holds what is parsed so far
	stream *streamIn
	// reopen reads the source again (Source.Reopen): with it, src is not
	// kept once parsed (packSource); size is its length
	reopen func() (io.ReadCloser, error)
	size   int
	// unstreamed says the document was streamed until it turned out to
	// need the whole-document path (errWhole)
	unstreamed bool
}

// sourceName is how a merged document is named in messages: its Name, or
// "document N" (nothing for a single document).
func sourceName(src Source, i, n int) string {
	if src.Name != "" {
		return src.Name
	}
	if n == 1 {
		return ""
	}
	return "document " + strconv.Itoa(i+1)
}

// named starts an error of a merged conversion with the document it is
// about.
func (c *conversion) named(err error) error {
	if !c.many || c.cur == "" {
		return err
	}
	return fmt.Errorf("%s: %w", c.cur, err)
}

// pageSizeOf checks the page size and orientation options and returns the
// forced page size (zero: the document's @page rules decide).
func pageSizeOf(opts Options) ([2]float64, error) {
	var pageSize [2]float64
	if opts.Size != "" {
		sz, ok := PageSize(opts.Size)
		if !ok {
			return pageSize, fmt.Errorf("folio: unknown page size %q (known: A3 A4 A5 A6 B4 B5 letter legal ledger tabloid executive)", opts.Size)
		}
		pageSize = sz
	}
	switch opts.Orientation {
	case "", Portrait, Landscape:
	default:
		return pageSize, fmt.Errorf("folio: unknown orientation %q (portrait or landscape)", opts.Orientation)
	}
	if pageSize[0] > 0 && opts.Orientation == Landscape {
		pageSize[0], pageSize[1] = pageSize[1], pageSize[0]
	}
	return pageSize, nil
}

// parse reads, parses, checks, repairs (Options.Fix) and styles one
// document.
func (c *conversion) parse(ctx context.Context, source Source, pageSize [2]float64) (*input, error) {
	opts := c.opts
	in := &input{name: c.cur}
	raw, err := readAll(source.HTML)
	if err != nil {
		return nil, fmt.Errorf("folio: reading HTML: %w", err)
	}
	charset := opts.Charset
	if source.Charset != "" {
		charset = source.Charset
	}
	decoded, err := decodeInput(raw, charset)
	if err != nil {
		return nil, err
	}
	for _, n := range decoded.notes {
		c.diag(Diagnostic{Stage: "encoding", Message: n})
	}
	// the HTML audit locates findings in the source, and a document laid
	// out again (the tagging fallback) after its text was let go is
	// parsed again from it (the DOM has its own copy)
	in.src = decoded.src
	if source.Reopen != nil && decoded.encoding == "utf-8" && len(decoded.src) == len(raw) {
		in.reopen = source.Reopen // its bytes are the decoded source
	}
	in.xhtml = source.XHTML || isXHTML(source.Name, in.src)
	baseDir, baseURL := opts.BaseDir, opts.BaseURL
	if source.BaseDir != "" {
		baseDir = source.BaseDir
	}
	if source.BaseURL != "" {
		baseURL = source.BaseURL
	}
	in.loader = &resource.Policy{BaseDir: baseDir, Assets: opts.Assets, AllowHosts: opts.AllowHosts}
	in.baseURL = baseURL
	if c.streams(in) {
		size := len(in.src)
		if err := in.packSource(); err != nil {
			return nil, err
		}
		if size >= collectFrom {
			// the source, megabytes, is garbage now: collected before
			// layout, so that the heap's next goal is set by what layout
			// keeps, not by twice the source
			runtime.GC()
		}
		if err := c.parseStream(ctx, in, pageSize); err != nil {
			return nil, err
		}
		return in, nil
	}
	if err := c.parseSource(ctx, in, pageSize); err != nil {
		return nil, err
	}
	if !opts.Audit && !opts.Strict {
		if err := in.packSource(); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// parseSource parses the source (in.source) into in.doc, checks, repairs (Options.Fix)
// and styles it.
func (c *conversion) parseSource(ctx context.Context, in *input, pageSize [2]float64) error {
	opts := c.opts
	src, err := in.source()
	if err != nil {
		return err
	}
	var doc *html.Node
	if in.xhtml {
		if doc, err = parseXHTML(src, opts.MaxDepth); err != nil {
			return err
		}
	} else if doc, err = html.Parse(bytes.NewReader(src)); err != nil {
		return parseError(err)
	}
	return c.styleDOM(ctx, in, doc, pageSize)
}

// parseError wraps an error of x/net/html's parser.
func parseError(err error) error {
	if strings.Contains(err.Error(), "exceeds") {
		return fmt.Errorf("folio: parsing HTML: nesting depth: %w (%w)", err, ErrLimit)
	}
	return fmt.Errorf("folio: parsing HTML: %w", err)
}

// styleDOM checks, repairs (Options.Fix) and styles doc, the whole DOM of
// in.
func (c *conversion) styleDOM(ctx context.Context, in *input, doc *html.Node, pageSize [2]float64) error {
	opts := c.opts
	if err := checkDepth(doc, opts.MaxDepth, opts.MaxTextBytes); err != nil {
		return err
	}
	in.doc, in.textDropped = doc, false
	in.fixes = applyFixes(doc, opts)
	var err error
	in.styles, err = style.Compute(ctx, doc, c.styleOptions(ctx, in, pageSize))
	if err != nil {
		return c.fail("computing styles", err)
	}
	c.cssDiagnostics(in.styles)
	in.meta = render.ReadMetadata(doc)
	return nil
}

// styleOptions are the options in's styles are computed with.
func (c *conversion) styleOptions(ctx context.Context, in *input, pageSize [2]float64) style.Options {
	opts := c.opts
	var sheets *style.SheetCache
	var unitFonts *fonts.Registry
	if opts.Fonts != nil {
		sheets, unitFonts = opts.Fonts.sheets, opts.Fonts.registry
	} else {
		unitFonts = fonts.NewRegistry(fonts.Options{})
	}
	return style.Options{Loader: in.loader, PageSize: pageSize, Sheets: sheets, BaseURL: in.baseURL, UserCSS: opts.UserCSS,
		SkipSVGContent: !opts.Audit && !opts.Strict, // unaudited: inline drawings style their content themselves
		FontUnits:      fontUnits(unitFonts), FaceUnits: func(faces []style.FontFace) style.FontUnits {
			if in.faceReg != nil { // parsed again (reparse): same faces
				return fontUnits(in.faceReg)
			}
			reg := fonts.NewRegistry(fonts.Options{SystemFonts: opts.SystemFonts, FontDirs: opts.FontDirs})
			c.fontFaces(ctx, reg, faces, in.loader, true)
			in.faceReg = reg
			return fontUnits(reg)
		}}
}

// cssDiagnostics reports the problems found in the document's CSS.
func (c *conversion) cssDiagnostics(st *style.Styles) {
	for _, d := range st.Diagnostics() {
		msg := d.Message
		if d.Source != "" {
			msg = d.Source + ": " + msg
		}
		c.diag(Diagnostic{Stage: "css", Message: msg, Line: d.Line, Column: d.Column})
	}
}

// release lets go of the document's DOM and styles once it is written
// and no audit will read them: the file is assembled without them, and
// laying the document out again (the tagging fallback) parses it again
// from src, as after dropText.
func (in *input) release() {
	in.stream.close()
	in.doc, in.styles, in.textDropped, in.stream = nil, nil, true, nil
}

// letTextGo lets go of what laying out and writing tree, the boxes of
// the document, do not read: the DOM's text, once the texts the
// structure shows are read (render.ReadTexts), as the boxes hold the
// text to lay out, and the styles by element, as the boxes hold the
// styles they use (layout reads page styles only).
func (in *input) letTextGo(tree *box.Tree) {
	render.ReadTexts(tree)
	dropText(in.doc)
	in.styles.ReleaseElements()
	in.textDropped = true
}

// letGo lets go of what laying out and writing tree, the boxes of the
// document, do not read once the writer has read its structure. They
// read no node below a box's element, only its attributes and
// ancestors: the DOM is unlinked (parent links kept), so that each
// element is held by its boxes and goes when layout lets them go. A
// clipPath a box refers to is looked up in the whole DOM: it then keeps
// its elements (letTextGo took its text). Laying the document out again
// (the tagging fallback) parses it again from src.
func (in *input) letGo(tree *box.Tree) {
	if !tree.ClipURLs {
		unlinkDOM(in.doc)
		in.doc = nil
	}
	tree.Texts, tree.FigureAlts, tree.THIDs = nil, nil, nil // the writer's
	in.textDropped = true
}

// reparse parses again the documents whose text was let go (dropText),
// to lay them out again.
func (c *conversion) reparse(ctx context.Context, docs []*input, pageSize [2]float64) error {
	for _, d := range docs {
		if !d.textDropped {
			continue
		}
		c.cur = d.name
		if err := c.parseSource(ctx, d, pageSize); err != nil {
			return c.named(err)
		}
	}
	c.cur = ""
	return nil
}

// registry returns the fonts for the documents: the shared bundled fonts
// (Options.Fonts) when none declares @font-face and no installed fonts
// are asked for, else a registry of its own with the faces of every
// document.
func (c *conversion) registry(ctx context.Context, docs []*input) (*fonts.Registry, *pdfua.FontCache) {
	faces := false
	for _, d := range docs {
		faces = faces || len(d.styles.FontFaces()) > 0
	}
	installed := c.opts.SystemFonts || len(c.opts.FontDirs) > 0
	if c.opts.Fonts != nil && !faces && !installed {
		return c.opts.Fonts.registry, c.opts.Fonts.embedded
	}
	if len(docs) == 1 && docs[0].faceReg != nil {
		return docs[0].faceReg, nil // its faces loaded with its styles
	}
	reg := fonts.NewRegistry(fonts.Options{SystemFonts: c.opts.SystemFonts, FontDirs: c.opts.FontDirs})
	for _, d := range docs {
		c.cur = d.name
		// (a failed face was reported when d's styles were computed)
		c.fontFaces(ctx, reg, d.styles.FontFaces(), d.loader, d.faceReg == nil)
	}
	c.cur = ""
	return reg, nil
}

// write lays out, paints and writes the documents one page at a time:
// a page's fragments and display list are let go once it is written.
// Errors are wrapped with their stage (fail).
func (c *conversion) write(ctx context.Context, docs []*input, langs []string, reg *fonts.Registry, pageSize [2]float64, ro render.Options) (*render.Result, error) {
	w, err := render.NewWriter(ctx, ro, len(docs))
	if err != nil {
		return nil, c.fail("writing PDF", err)
	}
	var sent *sentWriter
	if out := c.opts.Output; out != nil && !c.opts.Audit && !c.opts.Strict {
		// past 100 pages the file goes out as pages are written
		sent = &sentWriter{w: out}
		if err := w.StreamTo(sent); err != nil {
			return nil, c.fail("writing PDF", err)
		}
	}
	pages := 0
	for i, d := range docs {
		c.cur = d.name
		n, err := c.layOut(ctx, d, reg, pageSize, pages, w, langs[i])
		if err != nil {
			if errors.Is(err, errWhole) && sent != nil && sent.n > 0 {
				err = fmt.Errorf("%w, past the first pages: %w", err, render.ErrPartial)
			}
			return nil, c.named(err)
		}
		pages += n
		if !c.opts.Audit && !c.opts.Strict {
			d.release()
		}
	}
	c.cur = ""
	var res *render.Result
	if sent != nil {
		res, err = w.CloseTo(sent)
	} else {
		res, err = w.Close()
	}
	if err != nil {
		return nil, c.fail("writing PDF", err)
	}
	return res, nil
}

// layOut builds the boxes of a styled document, paginates them (with what
// is left of the page limit after done pages), and paints and writes
// each page into w as soon as it is laid out, as the part of language
// lang. It returns the document's page count.
func (c *conversion) layOut(ctx context.Context, in *input, reg *fonts.Registry, pageSize [2]float64, done int, w *render.Writer, lang string) (int, error) {
	opts := c.opts
	bopts := box.Options{Loader: in.loader, BaseURL: opts.BaseURL, MaxImageBytes: opts.MaxImageMemory}
	if in.stream != nil {
		return c.layOutStream(ctx, in, bopts, reg, pageSize, done, w, lang)
	}
	tree, err := box.Build(ctx, in.doc, in.styles, bopts)
	if err != nil {
		return 0, c.fail("building boxes", err)
	}
	for _, d := range tree.Diagnostics {
		c.diag(Diagnostic{Stage: d.Stage, Message: d.Message})
	}
	if err := box.CheckTables(ctx, tree.Root, opts.MaxTableCells); err != nil {
		return 0, c.fail("checking tables", err)
	}
	if !opts.Audit && !opts.Strict {
		in.letTextGo(tree) // (the audit would read the DOM)
	}
	sink := &pageSink{ctx: ctx, w: w, tree: tree, lang: lang}
	if !opts.Audit && !opts.Strict {
		sink.read = func() { in.letGo(tree) }
	}
	sum, err := c.paginate(ctx, in, tree, reg, pageSize, done, sink)
	if err != nil {
		return 0, err
	}
	for _, d := range sum.Diagnostics {
		c.diag(Diagnostic{Stage: d.Stage, Message: d.Message})
	}
	if err := w.EndPart(); err != nil {
		return 0, c.fail("writing PDF", err)
	}
	return sum.Pages, nil
}

// paginate lays tree out with what is left of the page limit after done
// pages, handing each page to sink, which paints and writes it.
func (c *conversion) paginate(ctx context.Context, in *input, tree *box.Tree, reg *fonts.Registry, pageSize [2]float64, done int, sink *pageSink) (*layout.Summary, error) {
	opts := c.opts
	maxPages := opts.MaxPages
	if maxPages <= 0 {
		maxPages = layout.DefaultMaxPages
	}
	if done > 0 {
		if maxPages -= done; maxPages < 1 {
			return nil, c.fail("layout", fmt.Errorf("the documents before this one have %d pages, the page limit: %w", done, layout.ErrPageLimit))
		}
	}
	shaper := layout.FontShaper{Registry: reg}
	sink.shaper = shaper
	sum, err := layout.PaginateEach(ctx, tree, layout.Options{Shaper: shaper, Pages: in.styles,
		PageSize: pageSize, Orientation: string(opts.Orientation), MaxPages: maxPages}, sink)
	if err == nil && sink.err == nil {
		// pages held for a split box layout did not finish (its error
		// is kept in sink.err)
		_ = sink.flush()
	}
	if sink.err != nil {
		return nil, c.fail(sink.stage, sink.err)
	}
	if err != nil {
		return nil, c.fail("layout", err)
	}
	return sum, nil
}

// pageSink paints each page layout hands on and writes it.
type pageSink struct {
	ctx     context.Context
	w       *render.Writer
	tree    *box.Tree
	lang    string
	shaper  layout.TextShaper
	painter *display.Painter
	// read, if set, runs once the writer has begun the part: the
	// structure it makes as layout goes reads the DOM's elements and
	// their parents only, and what ReadTexts recorded
	read func()
	// err is the first error of painting or writing, stage where it
	// happened
	err   error
	stage string
}

func (s *pageSink) Start(t layout.Totals) error {
	if err := s.w.BeginPart(s.tree, s.lang); err != nil {
		return s.failed("writing PDF", err)
	}
	if s.read != nil {
		s.read()
	}
	s.painter = display.NewPainter(s.ctx, s.shaper, t.RootHeight)
	return nil
}

func (s *pageSink) Page(p *layout.Page) error {
	ls, err := s.painter.Page(p)
	if err != nil {
		return s.failed("painting", err)
	}
	return s.write(ls)
}

// Dropping makes the structure of the boxes layout is about to let go
// (layout.DropSink).
func (s *pageSink) Dropping(below int) error {
	if err := s.w.Reach(below); err != nil {
		return s.failed("writing PDF", err)
	}
	return nil
}

// write writes the pages of display lists ls.
func (s *pageSink) write(ls []*display.List) error {
	for _, l := range ls {
		if err := s.w.Page(l); err != nil {
			return s.failed("writing PDF", err)
		}
	}
	return nil
}

// flush paints and writes the pages the painter holds (waiting for the
// end of a split box that layout did not finish).
func (s *pageSink) flush() error {
	if s.painter == nil {
		return nil
	}
	ls, err := s.painter.Flush()
	if err != nil {
		return s.failed("painting", err)
	}
	return s.write(ls)
}

// Margins paints and writes the margin boxes of a page written before,
// laid out once the page count they show is known.
func (s *pageSink) Margins(p *layout.Page) error {
	// the pages come first: a margin page holds no split box
	if err := s.flush(); err != nil {
		return err
	}
	ls, err := s.painter.Page(p)
	if err != nil {
		return s.failed("painting", err)
	}
	for _, l := range ls {
		if err := s.w.Margins(l); err != nil {
			return s.failed("writing PDF", err)
		}
	}
	return nil
}

// dropText unlinks the text and comment nodes of the tree rooted at n,
// keeping its elements: a long document's text nodes are a large part of
// its DOM, and once the box tree is built and the structure read from
// the DOM, nothing reads them (text boxes keep the text, not its node).
// Foreign content (inline SVG, MathML) keeps its text: an inline SVG is
// drawn from its DOM. The DOM's depth is bounded by Options.MaxDepth
// (checkDepth).
func dropText(n *html.Node) {
	var last *html.Node
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		c.PrevSibling, c.NextSibling = nil, nil
		if c.Type == html.TextNode || c.Type == html.CommentNode {
			c.Parent = nil
		} else {
			if last == nil {
				n.FirstChild = c
			} else {
				last.NextSibling, c.PrevSibling = c, last
			}
			last = c
			if c.Namespace == "" {
				dropText(c)
			}
		}
		c = next
	}
	if last == nil {
		n.FirstChild = nil
	}
	n.LastChild = last
}

// unlinkDOM cuts the links from each node of the tree rooted at n to
// its children and siblings, and the text, comment and doctype nodes
// from their parents: an element keeps its attributes and its parent
// link (painting looks up a block's link ancestor, a table cell's table,
// a transformed box's perspective parent), so it stays alive only as
// long as a box of it or of a descendant. Foreign content (inline SVG,
// MathML), drawn from its DOM, stays whole below its root. The DOM's
// depth is bounded by Options.MaxDepth (checkDepth).
func unlinkDOM(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		c.PrevSibling, c.NextSibling = nil, nil
		switch {
		case c.Type != html.ElementNode:
			c.Parent = nil
		case c.Namespace == "":
			unlinkDOM(c)
		}
		c = next
	}
	n.FirstChild, n.LastChild = nil, nil
}

func (s *pageSink) failed(stage string, err error) error {
	s.err, s.stage = err, stage
	return err
}

// audit audits a finished conversion: the HTML rules on each document,
// the PDF/UA-1 rules on pdf. Findings of a merged conversion's HTML carry
// the document's number.
func (c *conversion) audit(ctx context.Context, docs []*input, pdf []byte) (*audit.Report, error) {
	if !c.many {
		d := docs[0]
		return auditConversion(ctx, d.doc, d.src, d.styles, pdf, c.opts, d.fixes, c.diags)
	}
	reps := make([]audit.Report, 0, len(docs))
	var fixes []string
	for i, d := range docs {
		rep, err := auditHTMLOf(ctx, d.doc, d.src, d.styles, c.opts)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name, err)
		}
		rep.ForDocument(i + 1)
		reps = append(reps, rep)
		for _, f := range d.fixes {
			fixes = append(fixes, d.name+": "+f)
		}
	}
	return finishAudit(ctx, reps, pdf, c.opts, fixes, c.diags)
}
