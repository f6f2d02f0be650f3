package folio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/render"
	"github.com/seed28491532/folio/style"
)

// ErrAuditFailed is returned (wrapped) by Convert in strict mode when the
// audit finds errors; the Result is still returned with the report.
var ErrAuditFailed = errors.New("folio: accessibility audit failed")

// ErrLimit is wrapped by errors that report an exceeded limit (pages,
// depth, image size, table cells, display items per page, output bytes,
// deadline).
var ErrLimit = errors.New("folio: limit exceeded")

// Diagnostic is a non-fatal problem met during conversion: dropped CSS, a
// refused resource, a normalised heading level, a missing glyph.
type Diagnostic struct {
	// Stage is "encoding", "html", "css", "resource", "layout", "font" or
	// "tags".
	Stage   string `json:"stage"`
	Message string `json:"message"`
	// Line and Column locate the problem in the input where known.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
}

// Result is the outcome of a conversion.
type Result struct {
	// PDF is the file, nil when it was written to Options.Output; Size
	// is its length in bytes.
	PDF         []byte
	Size        int64
	Pages       int
	Report      *audit.Report // nil unless Options.Audit or Strict
	Diagnostics []Diagnostic
}

// Convert reads HTML from r and converts it to a tagged PDF (PDF/UA-1).
//
// The input may be in any encoding the WHATWG Encoding Standard names: it
// is decoded as the HTML Standard's encoding sniffing says (a byte order
// mark, then Options.Charset, then <meta charset>, then UTF-8 if valid,
// else windows-1252; see decodeInput). Input that is not text (a PDF, an
// image, binary data) fails with an error wrapping ErrNotHTML. A document
// that starts with an XML declaration and declares the XHTML namespace is
// parsed as XML (see Source.XHTML); ill-formed XML fails with ErrXML.
//
// The pipeline is parse (golang.org/x/net/html, HTML5 error recovery) →
// cascade (package style) → box tree → pagination → display lists → PDF.
// Problems that do not stop the conversion (bad CSS, refused or broken
// images, missing glyphs, normalised heading levels) are returned as
// diagnostics. Exceeding a limit (DOM depth, pages, the deadline) fails
// with an error wrapping ErrLimit.
func Convert(ctx context.Context, r io.Reader, opts Options) (*Result, error) {
	return ConvertAll(ctx, []Source{{HTML: r}}, opts)
}

// ConvertTo is Convert writing the PDF to w as it is assembled
// (Options.Output) rather than returning it: the file of a long document
// is never held whole. Result.PDF is nil and Result.Size the number of
// bytes written. When an error is returned, w may hold part of a file.
func ConvertTo(ctx context.Context, w io.Writer, r io.Reader, opts Options) (*Result, error) {
	if w == nil {
		return nil, errors.New("folio: ConvertTo without a writer")
	}
	opts.Output = w
	return ConvertAll(ctx, []Source{{HTML: r}}, opts)
}

// Source is one HTML document of a merged conversion (ConvertAll).
type Source struct {
	// HTML is read to its end. A *bytes.Buffer's bytes are used as they
	// are, not copied (a long document is not held twice): do not write
	// to the buffer until the conversion returns.
	HTML io.Reader
	// Reopen, when set, opens the document again from its start (a file
	// the caller read HTML from): a long document is then read again
	// when it must be, not kept in memory (compressed) while it is laid
	// out. It must give the same bytes as HTML; a document that turns
	// out different fails.
	Reopen func() (io.ReadCloser, error)
	// Name names the document in errors, diagnostics and audit findings
	// ("chapter2.html"); empty names it by its number.
	Name string
	// BaseDir and BaseURL, when set, replace Options.BaseDir and
	// Options.BaseURL for this document: each file of a book can sit in a
	// directory of its own.
	BaseDir string
	BaseURL string
	// Charset, when set, replaces Options.Charset for this document.
	Charset string
	// XHTML parses the document as XML (XHTML). Without it a document is
	// XHTML when Name ends in .xhtml or .xht, or it starts with an XML
	// declaration and declares the XHTML namespace.
	XHTML bool
}

// MaxSources bounds the documents of one ConvertAll call.
const MaxSources = 500

// ConvertAll converts several HTML documents into one tagged PDF: each
// is styled and paginated on its own (its @page rules, counters and page
// numbers start afresh, as when separate PDFs are joined), and its pages
// follow those of the documents before it. With more than one document
// the structure tree has a Part element per document, in order, and the
// PDF's title, author and language come from the options or else from
// the first document. The audit report covers every document's HTML
// (findings carry the document's number) and the PDF as a whole.
// Options.MaxPages and the deadline bound the whole conversion.
func ConvertAll(ctx context.Context, sources []Source, opts Options) (*Result, error) {
	if len(sources) == 0 {
		return nil, errors.New("folio: no document to convert")
	}
	if len(sources) > MaxSources {
		return nil, fmt.Errorf("folio: %d documents to merge, more than the limit of %d: %w", len(sources), MaxSources, ErrLimit)
	}
	deadline := opts.Deadline
	if deadline <= 0 {
		deadline = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	c := &conversion{opts: opts, many: len(sources) > 1}
	pageSize, err := pageSizeOf(opts)
	if err != nil {
		return nil, err
	}
	docs := make([]*input, len(sources))
	defer func() {
		for _, d := range docs {
			if d != nil {
				d.stream.close() // (a streamed document's parser waits)
			}
		}
	}()
	for i, src := range sources {
		c.cur = sourceName(src, i, len(sources))
		if docs[i], err = c.parse(ctx, src, pageSize); err != nil {
			return nil, c.named(err)
		}
	}
	var links []pdfua.Attachment
	for _, d := range docs {
		c.cur = d.name
		links = append(links, c.linkAttachments(ctx, d.doc, d.loader, d.baseURL)...)
	}
	c.cur = ""
	var arch renderArchive
	if err := c.archive(opts, links, &arch); err != nil {
		return nil, err
	}
	reg, fontCache := c.registry(ctx, docs)
	// The render options' diagnostics (title, language) follow the
	// layout's, as when every document was laid out before rendering.
	laid := c.diags
	c.diags = nil
	ro := c.renderOptions(docs[0].meta, fontCache, arch)
	langs := make([]string, len(docs))
	for i, d := range docs {
		if c.many && d.meta.Lang != "" {
			c.cur = d.name
			langs[i] = c.lang(d.meta.Lang)
		}
	}
	c.cur = ""
	roDiags := c.diags
	c.diags = laid
	res, err := c.write(ctx, docs, langs, reg, pageSize, ro)
	if err != nil && errors.Is(err, errWhole) && ctx.Err() == nil && c.rewind(&err, "to convert the document again whole") {
		// a streamed document needs the whole-document path after all:
		// converted again that way, saying nothing twice
		c.noStream, c.diags = true, laid
		if err = c.parseWhole(ctx, docs, pageSize); err == nil {
			res, err = c.write(ctx, docs, langs, reg, pageSize, ro)
		}
	}
	if err != nil && errors.Is(err, render.ErrWrite) && ctx.Err() == nil && c.rewind(&err, "to write the file with flat tags") {
		// tables or lists PDF/UA cannot nest as the HTML does: laid out
		// again (no page was kept) and tagged flat
		c.mute = true
		ro.FlatTags = true
		var flat *render.Result
		ferr := c.reparse(ctx, docs, pageSize)
		if ferr == nil {
			flat, ferr = c.write(ctx, docs, langs, reg, pageSize, ro)
		}
		c.mute = false
		if ferr == nil {
			flat.Diagnostics = append(flat.Diagnostics, render.FlatNote(errors.Unwrap(err)))
			res, err = flat, nil
		}
	}
	c.diags = append(c.diags, roDiags...)
	if err != nil {
		return nil, err
	}
	for _, d := range res.Diagnostics {
		c.diag(Diagnostic{Stage: d.Stage, Message: d.Message})
	}
	result := &Result{PDF: res.PDF, Size: res.Size, Pages: res.Pages, Diagnostics: c.diags}
	if opts.Audit || opts.Strict {
		result.Report, err = c.audit(ctx, docs, res.PDF)
		if err != nil {
			return result, err
		}
		if opts.Output != nil {
			// written after the audit, which reads the whole file
			if _, err := opts.Output.Write(res.PDF); err != nil {
				return nil, fmt.Errorf("folio: writing the PDF: %w", err)
			}
			result.PDF = nil
		}
	}
	return result, nil
}

// renderOptions resolves the PDF's metadata from the options and meta, the
// first document's: title from <title>, else its first h1, else a
// placeholder; language from <html lang>, else "en".
func (c *conversion) renderOptions(meta render.Metadata, fontCache *pdfua.FontCache, arch renderArchive) render.Options {
	opts := c.opts
	now := c.now(os.Getenv)
	ro := render.Options{PDFA: arch.pdfa, Attachments: arch.attachments, FacturX: arch.facturX, Title: opts.Title, Author: opts.Author, Lang: opts.Lang, Subject: meta.Subject,
		Keywords: meta.Keywords, Creator: "folio", Producer: "folio " + Version, Now: now, DocumentID: opts.DocumentID,
		FontCache: fontCache, MaxTableCells: opts.MaxTableCells, MaxPageItems: opts.MaxPageItems, MaxOutputBytes: opts.MaxOutputBytes}
	if ro.Title == "" {
		ro.Title = meta.Title
	}
	if ro.Title == "" {
		ro.Title = meta.FirstHeading
		if ro.Title != "" {
			c.diag(Diagnostic{Stage: "html", Message: "document has no <title>; the first h1 is used as the PDF title"})
		}
	}
	if ro.Title == "" {
		ro.Title = "Untitled document"
		c.diag(Diagnostic{Stage: "html", Message: "document has no <title> and no h1; the PDF title is \"Untitled document\""})
	}
	if ro.Author == "" {
		ro.Author = meta.Author
	}
	if ro.Lang == "" {
		ro.Lang = meta.Lang
	}
	ro.Lang = c.lang(ro.Lang)
	return ro
}

type conversion struct {
	opts  Options
	diags []Diagnostic
	// many is set when several documents are merged; cur then names the
	// one being converted, and its diagnostics and errors start with it.
	many bool
	cur  string
	// mute drops diagnostics: a document laid out again says nothing new.
	mute bool
	// noStream keeps every document on the whole-document path (a
	// streamed one needed it: errWhole)
	noStream bool
}

func (c *conversion) diag(d Diagnostic) {
	if c.mute {
		return
	}
	if c.many && c.cur != "" {
		d.Message = c.cur + ": " + d.Message
	}
	c.diags = append(c.diags, d)
	if c.opts.Logger != nil {
		c.opts.Logger.Debug("folio diagnostic", "stage", d.Stage, "message", d.Message, "line", d.Line)
	}
}

// fail wraps err, marking exceeded limits and deadlines with ErrLimit.
func (c *conversion) fail(stage string, err error) error {
	if errors.Is(err, layout.ErrPageLimit) || errors.Is(err, display.ErrDepth) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, box.ErrTableCells) || errors.Is(err, render.ErrLimit) {
		return fmt.Errorf("folio: %s: %w (%w)", stage, err, ErrLimit)
	}
	return fmt.Errorf("folio: %s: %w", stage, err)
}

var langTag = regexp.MustCompile(`^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$`)

// lang returns a valid BCP 47 tag for the document language.
func (c *conversion) lang(l string) string {
	l = strings.TrimSpace(l)
	if l == "" {
		c.diag(Diagnostic{Stage: "html", Message: "document has no language (<html lang>); \"en\" is assumed"})
		return "en"
	}
	if fixed := strings.ReplaceAll(l, "_", "-"); fixed != l && langTag.MatchString(fixed) {
		c.diag(Diagnostic{Stage: "html", Message: fmt.Sprintf("language %q is not a BCP 47 tag; %q is used", l, fixed)})
		return fixed
	}
	if !langTag.MatchString(l) {
		c.diag(Diagnostic{Stage: "html", Message: fmt.Sprintf("language %q is not a BCP 47 tag; \"en\" is used", l)})
		return "en"
	}
	return l
}

// fontFaces registers a document's @font-face fonts, with a diagnostic
// for each that fails to load when report is set.
func (c *conversion) fontFaces(ctx context.Context, reg *fonts.Registry, faces []style.FontFace, loader style.Loader, report bool) {
	for _, ff := range faces {
		loaded := false
		var lastErr error
		for _, src := range ff.Sources {
			if src.URL == "" {
				continue
			}
			data, _, err := loader.Load(ctx, src.URL, ff.Base)
			if err == nil {
				err = reg.AddFaceDescriptors(ff.Family, fonts.FaceDescriptors{Weight: ff.Weight, Stretch: ff.Stretch,
					Style: fonts.Style(ff.Style), AutoStyle: ff.AutoStyle}, data)
			}
			if err == nil {
				loaded = true
				break
			}
			lastErr = err
		}
		if report && !loaded && lastErr != nil {
			c.diag(Diagnostic{Stage: "font", Message: fmt.Sprintf("@font-face %q not loaded: %v", ff.Family, lastErr)})
		}
	}
}

// checkDepth fails when the DOM is nested deeper than max (default 512)
// or, when maxText > 0, holds more than maxText bytes of text. It walks
// the tree through its links, without a stack: an element with
// thousands of children (a chart's <svg>) costs no allocation.
func checkDepth(doc *html.Node, max, maxText int) error {
	if max <= 0 {
		max = 512
	}
	text := 0
	for c := doc.FirstChild; c != nil; c = c.NextSibling {
		if err := walkLimits(c, 1, max, maxText, &text); err != nil {
			return err
		}
	}
	return nil
}

// walkLimits applies checkDepth's limits to root, at depth d0 below the
// document, and its descendants, adding their text to *text.
func walkLimits(root *html.Node, d0, max, maxText int, text *int) error {
	d := d0
	for n := root; ; {
		switch n.Type {
		case html.ElementNode:
			if d > max {
				return fmt.Errorf("folio: HTML nesting depth exceeds %d at <%s>: %w", max, n.Data, ErrLimit)
			}
		case html.TextNode:
			*text += len(n.Data)
			if maxText > 0 && *text > maxText {
				return fmt.Errorf("folio: the document has more than %d bytes of text (MaxTextBytes): laying out text takes about 130 bytes of memory a character: %w", maxText, ErrLimit)
			}
		}
		if c := n.FirstChild; c != nil {
			n, d = c, d+1
			continue
		}
		for n != root && n.NextSibling == nil {
			n, d = n.Parent, d-1
		}
		if n == root {
			return nil
		}
		n = n.NextSibling
	}
}

// readAll reads r to the end. A bytes.Buffer gives its bytes without a
// copy; a reader that knows its length (bytes.Reader, strings.Reader) or
// its file's size is read into one buffer of that size rather than one
// grown by doubling from 512 bytes.
func readAll(r io.Reader) ([]byte, error) {
	size := -1
	switch l := r.(type) {
	case *bytes.Buffer:
		// its bytes as they are (Source.HTML), and the buffer emptied
		// so that it does not hold them for the whole conversion
		b := l.Next(l.Len())
		*l = bytes.Buffer{}
		return b, nil
	case interface{ Len() int }:
		size = l.Len()
	case interface{ Stat() (fs.FileInfo, error) }:
		// a file (folio convert's input) is read into one buffer of its
		// size: a long document's source is not grown by doubling, each
		// step a copy
		if st, err := l.Stat(); err == nil && st.Mode().IsRegular() && st.Size() < 1<<31 {
			size = int(st.Size())
		}
	}
	if size < 0 {
		return io.ReadAll(r)
	}
	var buf bytes.Buffer
	buf.Grow(size + bytes.MinRead)
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}
