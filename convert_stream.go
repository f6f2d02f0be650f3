package folio

import (
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/internal/htmlstream"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/render"
	"github.com/seed28491532/folio/style"
)

// A long document's body is parsed, styled and boxed one child at a time,
// as layout asks for more (issue 24): the DOM, styles and boxes of its
// later pages do not exist while its first pages are laid out, and those
// of the pages handed on are let go, so its memory stays near that of a
// few pages whatever its length. The body box gets its children through
// box.Box.SetGrow; each call of streamIn.grow takes the next complete
// child of the body from the parser (internal/htmlstream), computes its
// styles (style.Styles.ComputeChild), builds its boxes (box.Stream),
// reads what the structure shows of it (render.ReadTextsFrom), and lets
// its DOM text and styles go.
//
// A document goes this way when its source is long (streamMin), no audit
// or repair reads its DOM, it is HTML (not XHTML), and its style sheets
// need nothing of the whole document before layout (style.Styles.Streamable:
// running elements, footnotes, target-counter(), named pages and selectors
// looking at later siblings keep the whole-document path). What the body
// itself brings is checked as it comes (box.Stream.Whole, a style sheet
// in the body): such a document is converted again the whole way
// (errWhole), its output started again if part of the file went out.

// streamMin is the smallest decoded source a document is streamed from:
// a shorter one's memory does not matter, and the whole-document path
// keeps its output exactly as before.
const streamMin = packMin

// errWhole says a streamed document turned out to need the whole-document
// path; the conversion starts again without streaming.
var errWhole = errors.New("the document needs the whole-document path")

// streamIn is the streaming state of a document (input.stream).
type streamIn struct {
	ctx       context.Context
	p         *htmlstream.Parser
	closer    io.Closer // of what p reads
	doc, body *html.Node
	styles    *style.Styles
	b         *box.Stream
	tree      *box.Tree
	// limits: DOM depth, text bytes (all the document's), cells of a table
	maxDepth, maxText, maxCells int
	text                        int
	// queue holds the children parsed and not built yet (next); ended
	// says the parser gave the last
	queue []*html.Node
	ended bool
	// finished says the builder finished the body
	finished bool
	// err is the first error (stops the document); whole why it needs
	// the whole-document path
	err   error
	whole string
	// cssSeen counts the CSS diagnostics reported
	cssSeen int
}

// streams reports whether in, decoded, goes the streaming way.
func (c *conversion) streams(in *input) bool {
	o := c.opts
	from := streamMin
	if o.streamFrom != 0 {
		from = o.streamFrom
	}
	return from >= 0 && !c.noStream && !in.xhtml && !o.Audit && !o.Strict && !o.Fix && len(in.src) >= from
}

// sourceReader returns a reader of the document's decoded HTML, and
// what to close once it is read.
func (in *input) sourceReader() (io.Reader, io.Closer, error) {
	switch {
	case in.src == nil && in.packed == nil && in.reopen != nil:
		r, err := in.reopened()
		return r, r, err
	case in.src != nil || in.packed == nil:
		return bytes.NewReader(in.src), io.NopCloser(nil), nil
	}
	return flate.NewReader(bytes.NewReader(in.packed)), io.NopCloser(nil), nil
}

// parseStream parses the document up to its body and styles what is
// before it: the body's children come as layout asks (streamIn.grow).
// When the style sheets need the whole document, it parses and styles it
// whole, as parseSource does.
func (c *conversion) parseStream(ctx context.Context, in *input, pageSize [2]float64) error {
	r, closer, err := in.sourceReader()
	if err != nil {
		return err
	}
	p := htmlstream.New(ctx, r)
	stop := func() {
		p.Close()
		closer.Close()
	}
	doc, body, err := p.Body()
	if errors.Is(err, htmlstream.ErrUnsupported) {
		stop()
		return c.parseSource(ctx, in, pageSize)
	}
	if err != nil {
		stop()
		return parseError(err)
	}
	why := "the document has no body"
	if body != nil {
		styles, err := style.ComputeStream(ctx, doc, body, c.styleOptions(ctx, in, pageSize))
		if err != nil {
			stop()
			return c.fail("computing styles", err)
		}
		meta := render.ReadMetadata(doc)
		why = styles.Streamable()
		if why == "" && meta.Title == "" && c.opts.Title == "" {
			why = "no <title>: the first h1 would name the document"
		}
		if why == "" {
			o := c.opts
			in.doc, in.styles, in.meta, in.textDropped = doc, styles, meta, false
			in.stream = &streamIn{ctx: ctx, p: p, closer: closer, doc: doc, body: body, styles: styles,
				maxDepth: o.MaxDepth, maxText: o.MaxTextBytes, maxCells: o.MaxTableCells}
			return nil
		}
	}
	if l := c.opts.Logger; l != nil {
		l.Debug("folio: document laid out whole", "reason", why)
	}
	err = p.Finish()
	stop()
	if err != nil {
		return parseError(err)
	}
	return c.styleDOM(ctx, in, doc, pageSize)
}

// close stops the parser and closes what it reads.
func (s *streamIn) close() {
	if s != nil && s.p != nil {
		s.p.Close()
		s.closer.Close()
	}
}

// begin builds the root and body boxes; the body's children come through
// grow.
func (s *streamIn) begin(opts box.Options) (*box.Tree, error) {
	b, err := box.NewStream(s.ctx, s.doc, s.body, s.styles, opts)
	if err != nil {
		if s.ctx.Err() != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %w", errWhole, err) // (a body that is not the root's child)
	}
	s.b, s.tree = b, b.Tree()
	if why := b.Whole(); why != "" {
		return nil, fmt.Errorf("%w: %s", errWhole, why)
	}
	render.ReadTextsFrom(s.tree, []*box.Box{s.tree.Root})
	s.tree.LinkTargets = map[string]bool{} // read from each child (grow)
	b.Body().SetGrow(s.grow)
	return s.tree, nil
}

// grow appends the boxes of the body's next children to the body box; it
// reports false at the end of the body, or when the document cannot go
// on streaming (s.err, s.whole).
func (s *streamIn) grow() bool {
	if s.err != nil || s.whole != "" {
		return false
	}
	for {
		n, ok := s.next()
		if !ok {
			return false
		}
		if n == nil {
			if s.finished {
				return false
			}
			s.finished = true
			boxes, err := s.b.Finish()
			if err != nil {
				s.err = err
				return false
			}
			s.styles.Done()
			return s.read() && s.ok() && len(boxes) > 0
		}
		if n.Type == html.ElementNode {
			if err := s.check(n); err != nil {
				s.err = err
				return false
			}
			if hasSheet(n) {
				s.whole = "a style sheet or link in the body"
				return false
			}
			if err := s.styles.ComputeChild(s.ctx, n); err != nil {
				if errors.Is(err, style.ErrWholeDocument) {
					s.whole = err.Error()
				} else {
					s.err = fmt.Errorf("computing styles: %w", err)
				}
				return false
			}
		}
		boxes, err := s.b.Append(n)
		if err != nil {
			s.err = err
			return false
		}
		if !s.read() {
			return false
		}
		if n.Type == html.ElementNode {
			render.ReadLinkTargets(s.tree, n)
			s.styles.Release(n)
			if n.Namespace == "" {
				// the boxes hold their text and styles (an inline SVG is
				// drawn from its DOM, which stays whole)
				unlinkDOM(n)
			}
			if !s.styles.ReadsEarlierSiblings() {
				// no selector looks back at it: it goes once its boxes do
				detachChild(s.body, n)
			}
		} else if n.Parent == s.body {
			// (no selector reads the text between the body's children)
			s.body.RemoveChild(n)
		}
		if !s.ok() {
			return false
		}
		if len(boxes) > 0 {
			return true
		}
	}
}

// next returns the next child of the body to build, nil at the end, or
// false on an error (s.err). An element is built once the element after
// it is parsed, or the body has ended: whether it is the last child
// (:last-child, :only-child) is then known. The nodes parsed and not
// built yet wait in s.queue.
func (s *streamIn) next() (*html.Node, bool) {
	for {
		if len(s.queue) > 0 && (s.ended || s.queue[0].Type != html.ElementNode || elementIn(s.queue[1:])) {
			n := s.queue[0]
			s.queue[0] = nil
			s.queue = s.queue[1:]
			return n, true
		}
		if s.ended {
			return nil, true
		}
		n, err := s.p.Next()
		if err != nil {
			s.err = parseError(err)
			return nil, false
		}
		if n == nil {
			s.ended = true
			continue
		}
		s.queue = append(s.queue, n)
	}
}

// elementIn reports whether ns holds an element.
func elementIn(ns []*html.Node) bool {
	for _, n := range ns {
		if n.Type == html.ElementNode {
			return true
		}
	}
	return false
}

// ok reports whether the document can go on streaming after what was
// appended, recording why not.
func (s *streamIn) ok() bool {
	if why := s.b.Whole(); why != "" {
		s.whole = why
	} else if s.p.Changed() {
		s.whole = "a later <html> or <body> tag set attributes"
	}
	return s.whole == ""
}

// read reads what the structure needs of the boxes just built (appended
// or held by the builder) while their DOM is there, and checks their
// tables.
func (s *streamIn) read() bool {
	built := s.b.Built()
	render.ReadTextsFrom(s.tree, built)
	for _, b := range built {
		if err := box.CheckTables(s.ctx, b, s.maxCells); err != nil {
			s.err = err
			return false
		}
	}
	return true
}

// check applies the DOM limits to n, a child of the body (at depth 3
// below the document), and counts its text (checkDepth for a streamed
// document).
func (s *streamIn) check(n *html.Node) error {
	max := s.maxDepth
	if max <= 0 {
		max = 512
	}
	return walkLimits(n, 3, max, s.maxText, &s.text)
}

// hasSheet reports whether the subtree of n holds a style or link
// element (outside foreign content): its style sheet applies to the whole
// document, the children before it included.
func hasSheet(n *html.Node) bool {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	if n.Data == "style" || n.Data == "link" {
		return true
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if hasSheet(c) {
			return true
		}
	}
	return false
}

// layOutStream is layOut for a streamed document: the body's children
// are parsed, styled and boxed as layout asks for them.
func (c *conversion) layOutStream(ctx context.Context, in *input, bopts box.Options, reg *fonts.Registry, pageSize [2]float64, done int, w *render.Writer, lang string) (int, error) {
	s := in.stream
	tree, err := s.begin(bopts)
	if err == nil {
		sink := &pageSink{ctx: ctx, w: w, tree: tree, lang: lang}
		var sum *layout.Summary
		sum, err = c.paginate(ctx, in, tree, reg, pageSize, done, sink)
		if errors.Is(err, layout.ErrWholeDocument) {
			s.whole = "layout: target-counter() or a named string showing counter(pages)"
		}
		switch {
		case s.err != nil:
			err = c.fail("parsing HTML", s.err)
		case s.whole != "":
			err = fmt.Errorf("%w: %s", errWhole, s.whole)
		case err == nil:
			c.cssDiagnostics(in.styles)
			for _, d := range tree.Diagnostics {
				c.diag(Diagnostic{Stage: d.Stage, Message: d.Message})
			}
			for _, d := range sum.Diagnostics {
				c.diag(Diagnostic{Stage: d.Stage, Message: d.Message})
			}
			if err := w.EndPart(); err != nil {
				return 0, c.fail("writing PDF", err)
			}
			return sum.Pages, nil
		}
	}
	if errors.Is(err, errWhole) {
		// parsed again whole (reparse)
		s.close()
		in.stream, in.doc, in.styles, in.textDropped, in.unstreamed = nil, nil, nil, true, true
		if l := c.opts.Logger; l != nil {
			l.Debug("folio: streamed document converted again whole", "reason", err)
		}
	}
	return 0, err
}

// sentWriter counts the bytes written through it: a streamed document
// that needs the whole-document path once part of its file went out can
// be written again only if the output starts again (Rewinder).
type sentWriter struct {
	w io.Writer
	n int64
}

func (s *sentWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	s.n += int64(n)
	return n, err
}

// parseWhole parses again the documents whose text was let go, after a
// streamed one needed the whole-document path (errWhole): only that one
// (input.unstreamed) says what its parse finds, the others said it.
func (c *conversion) parseWhole(ctx context.Context, docs []*input, pageSize [2]float64) error {
	defer func() { c.mute, c.cur = false, "" }()
	for _, d := range docs {
		if !d.textDropped {
			continue
		}
		c.cur, c.mute = d.name, !d.unstreamed
		if err := c.parseSource(ctx, d, pageSize); err != nil {
			return c.named(err)
		}
	}
	return nil
}

// detachChild takes n out of the children of parent, keeping its parent
// link (painting and tagging look up a box's ancestors).
func detachChild(parent, n *html.Node) {
	switch {
	case n.PrevSibling != nil:
		n.PrevSibling.NextSibling = n.NextSibling
	case parent.FirstChild == n:
		parent.FirstChild = n.NextSibling
	}
	switch {
	case n.NextSibling != nil:
		n.NextSibling.PrevSibling = n.PrevSibling
	case parent.LastChild == n:
		parent.LastChild = n.PrevSibling
	}
	n.PrevSibling, n.NextSibling = nil, nil
}
