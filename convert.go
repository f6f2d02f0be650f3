package folio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

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
	PDF         []byte
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
// image, binary data) fails with an error wrapping ErrNotHTML.
//
// The pipeline is parse (golang.org/x/net/html, HTML5 error recovery) →
// cascade (package style) → box tree → pagination → display lists → PDF.
// Problems that do not stop the conversion (bad CSS, refused or broken
// images, missing glyphs, normalised heading levels) are returned as
// diagnostics. Exceeding a limit (DOM depth, pages, the deadline) fails
// with an error wrapping ErrLimit.
func Convert(ctx context.Context, r io.Reader, opts Options) (*Result, error) {
	deadline := opts.Deadline
	if deadline <= 0 {
		deadline = 30 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	raw, err := readAll(r)
	if err != nil {
		return nil, fmt.Errorf("folio: reading HTML: %w", err)
	}
	in, err := decodeInput(raw, opts.Charset)
	if err != nil {
		return nil, err
	}
	src := in.src
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		if strings.Contains(err.Error(), "exceeds") {
			return nil, fmt.Errorf("folio: parsing HTML: nesting depth: %w (%w)", err, ErrLimit)
		}
		return nil, fmt.Errorf("folio: parsing HTML: %w", err)
	}
	if err := checkDepth(doc, opts.MaxDepth, opts.MaxTextBytes); err != nil {
		return nil, err
	}
	fixes := applyFixes(doc, opts)
	c := &conversion{opts: opts}
	for _, n := range in.notes {
		c.diag(Diagnostic{Stage: "encoding", Message: n})
	}
	loader := &resource.Policy{BaseDir: opts.BaseDir, Assets: opts.Assets, AllowHosts: opts.AllowHosts}
	var pageSize [2]float64
	if opts.Size != "" {
		sz, ok := PageSize(opts.Size)
		if !ok {
			return nil, fmt.Errorf("folio: unknown page size %q (known: A3 A4 A5 A6 B4 B5 letter legal ledger tabloid executive)", opts.Size)
		}
		pageSize = sz
	}
	switch opts.Orientation {
	case "", Portrait, Landscape:
	default:
		return nil, fmt.Errorf("folio: unknown orientation %q (portrait or landscape)", opts.Orientation)
	}
	if pageSize[0] > 0 && opts.Orientation == Landscape {
		pageSize[0], pageSize[1] = pageSize[1], pageSize[0]
	}
	var sheets *style.SheetCache
	if opts.Fonts != nil {
		sheets = opts.Fonts.sheets
	}
	styles, err := style.Compute(ctx, doc, style.Options{Loader: loader, PageSize: pageSize, Sheets: sheets, BaseURL: opts.BaseURL, UserCSS: opts.UserCSS})
	if err != nil {
		return nil, c.fail("computing styles", err)
	}
	for _, d := range styles.Diagnostics() {
		msg := d.Message
		if d.Source != "" {
			msg = d.Source + ": " + msg
		}
		c.diag(Diagnostic{Stage: "css", Message: msg, Line: d.Line, Column: d.Column})
	}
	var reg *fonts.Registry
	var fontCache *pdfua.FontCache
	installed := opts.SystemFonts || len(opts.FontDirs) > 0
	if opts.Fonts != nil && len(styles.FontFaces()) == 0 && !installed {
		reg = opts.Fonts.registry
		fontCache = opts.Fonts.embedded
	} else {
		reg = fonts.NewRegistry(fonts.Options{SystemFonts: opts.SystemFonts, FontDirs: opts.FontDirs})
		c.fontFaces(ctx, reg, styles, loader)
	}
	tree, err := box.Build(ctx, doc, styles, box.Options{Loader: loader, BaseURL: opts.BaseURL, MaxImageBytes: opts.MaxImageMemory})
	if err != nil {
		return nil, c.fail("building boxes", err)
	}
	for _, d := range tree.Diagnostics {
		c.diag(Diagnostic{Stage: d.Stage, Message: d.Message})
	}
	if err := box.CheckTables(ctx, tree.Root, opts.MaxTableCells); err != nil {
		return nil, c.fail("checking tables", err)
	}
	ldoc, err := layout.Paginate(ctx, tree, layout.Options{Shaper: layout.FontShaper{Registry: reg}, Pages: styles,
		PageSize: pageSize, Orientation: string(opts.Orientation), MaxPages: opts.MaxPages})
	if err != nil {
		return nil, c.fail("layout", err)
	}
	for _, d := range ldoc.Diagnostics {
		c.diag(Diagnostic{Stage: d.Stage, Message: d.Message})
	}
	lists, err := display.Build(ctx, ldoc)
	if err != nil {
		return nil, c.fail("painting", err)
	}
	meta := render.ReadMetadata(doc)
	now := c.now(os.Getenv)
	ro := render.Options{Title: opts.Title, Author: opts.Author, Lang: opts.Lang, Subject: meta.Subject,
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
	res, err := render.Render(ctx, tree, ldoc, lists, ro)
	if err != nil {
		return nil, c.fail("writing PDF", err)
	}
	for _, d := range res.Diagnostics {
		c.diag(Diagnostic{Stage: d.Stage, Message: d.Message})
	}
	result := &Result{PDF: res.PDF, Pages: res.Pages, Diagnostics: c.diags}
	if opts.Audit || opts.Strict {
		result.Report, err = auditConversion(ctx, doc, src, styles, res.PDF, opts, fixes, c.diags)
		if err != nil {
			return result, err
		}
	}
	return result, nil
}

type conversion struct {
	opts  Options
	diags []Diagnostic
}

func (c *conversion) diag(d Diagnostic) {
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

// fontFaces registers the document's @font-face fonts.
func (c *conversion) fontFaces(ctx context.Context, reg *fonts.Registry, styles *style.Styles, loader style.Loader) {
	for _, ff := range styles.FontFaces() {
		loaded := false
		var lastErr error
		for _, src := range ff.Sources {
			if src.URL == "" {
				continue
			}
			data, _, err := loader.Load(ctx, src.URL, ff.Base)
			if err == nil {
				err = reg.AddFaceWeights(ff.Family, ff.Weight[0], ff.Weight[1], fonts.Style(ff.Style), data)
			}
			if err == nil {
				loaded = true
				break
			}
			lastErr = err
		}
		if !loaded && lastErr != nil {
			c.diag(Diagnostic{Stage: "font", Message: fmt.Sprintf("@font-face %q not loaded: %v", ff.Family, lastErr)})
		}
	}
}

// checkDepth fails when the DOM is nested deeper than max (default 512)
// or, when maxText > 0, holds more than maxText bytes of text.
func checkDepth(doc *html.Node, max, maxText int) error {
	if max <= 0 {
		max = 512
	}
	type frame struct {
		n *html.Node
		d int
	}
	stack := []frame{{doc, 0}}
	text := 0
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if f.d > max {
			return fmt.Errorf("folio: HTML nesting depth exceeds %d at <%s>: %w", max, f.n.Data, ErrLimit)
		}
		for ch := f.n.FirstChild; ch != nil; ch = ch.NextSibling {
			switch ch.Type {
			case html.ElementNode:
				stack = append(stack, frame{ch, f.d + 1})
			case html.TextNode:
				text += len(ch.Data)
			}
		}
		if maxText > 0 && text > maxText {
			return fmt.Errorf("folio: the document has more than %d bytes of text (MaxTextBytes): laying out text takes about 130 bytes of memory a character: %w", maxText, ErrLimit)
		}
	}
	return nil
}

// readAll reads r to the end. A reader that knows its length (bytes.Reader,
// strings.Reader, bytes.Buffer) is read into one buffer of that size rather
// than one grown by doubling from 512 bytes.
func readAll(r io.Reader) ([]byte, error) {
	l, ok := r.(interface{ Len() int })
	if !ok {
		return io.ReadAll(r)
	}
	var buf bytes.Buffer
	buf.Grow(l.Len() + bytes.MinRead)
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}
