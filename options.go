package folio

import (
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/style"
)

// Version is the folio version reported by the CLI, the health endpoint
// and the PDFs' Producer. It is a variable so that a release build can set
// it: go build -ldflags "-X github.com/seed28491532/folio.Version=1.2.3".
// Nothing else writes it.
var Version = "0.1.0"

// Orientation of the page.
type Orientation string

// Orientations.
const (
	Portrait  Orientation = "portrait"
	Landscape Orientation = "landscape"
)

// Options configure a conversion. The zero value converts with the
// document's own settings and the default limits.
type Options struct {
	// Title, Author and Lang override the document's <title>, author meta
	// and lang attribute when non-empty.
	Title  string
	Author string
	Lang   string
	// Size is a page-size name (A3, A4, A5, A6, B4, B5, letter, legal,
	// ledger, tabloid, executive; case-insensitive) overriding the
	// document's @page size when non-empty.
	Size string
	// Orientation applies to Size (or the document's size) when non-empty.
	Orientation Orientation

	// BaseDir is the root of the files the document may read: files
	// outside it are refused. Relative URLs resolve in it unless BaseURL
	// is set. Empty: no file is read.
	BaseDir string
	// BaseURL, when set, is the URL relative URLs in the document resolve
	// against, usually the document's own location ("file:///site/docs/a/"
	// for a document in that folder): "../style.css" then loads from
	// /site/docs/style.css if that is inside BaseDir.
	BaseURL string
	// UserCSS is extra author-level CSS applied after the document's own
	// style sheets (a user stylesheet, as WeasyPrint's --stylesheet).
	UserCSS string
	// Assets are in-memory resources addressed by relative name (used by
	// the server for multipart parts). They take precedence over BaseDir.
	Assets map[string][]byte
	// AllowHosts enables http(s) fetching for these host names; loopback,
	// private, link-local and metadata addresses are refused regardless.
	AllowHosts []string

	// Charset is the character encoding the transport declared for the
	// HTML: the charset parameter of an HTTP Content-Type, or the
	// Content-Type value itself ("text/html; charset=iso-8859-1"), or a
	// bare label ("shift_jis"). It overrides <meta charset> but not a byte
	// order mark; an unknown label is ignored with a diagnostic. Empty:
	// the document's own declaration, else UTF-8 when the bytes are valid
	// UTF-8, else windows-1252.
	Charset string

	// Audit runs the HTML audit and the PDF/UA audit of the result (and
	// the PDF/A audit, package audit/pdfa, when the result is PDF/A).
	Audit bool
	// Strict fails the conversion with ErrAuditFailed when the audit has
	// errors (implies Audit).
	Strict bool
	// Fix applies the safe automatic repairs before converting.
	Fix bool

	// Limits; zero means the default.
	MaxPages int           // default 2000
	Deadline time.Duration // default 30s; the context may be shorter
	MaxDepth int           // DOM depth, default 512
	// MaxTextBytes bounds the text of the document (the bytes of its
	// text nodes, <style> and <script> included); 0: no bound. Layout
	// holds about 130 bytes a character, so a service that must keep a
	// request's memory bounded sets it (folio serve: 2 MiB).
	MaxTextBytes int
	// MaxTableCells bounds the cells of one table's grid, rows × columns
	// after spans (default 100,000); MaxPageItems the display items
	// painted on one page (default 200,000); MaxOutputBytes the size of
	// the PDF (default 256 MiB).
	MaxTableCells  int
	MaxPageItems   int
	MaxOutputBytes int
	// MaxImageMemory bounds the memory decoding and embedding all of the
	// document's images takes, estimated from their headers (default
	// 128 MiB); an image past it is drawn as a placeholder, with a
	// diagnostic.
	MaxImageMemory int64

	// Output, when set, receives the PDF as it is assembled, and
	// Result.PDF is nil (Result.Size is its length): a long document's
	// file is never held whole (see ConvertTo). Nothing is written when
	// the conversion fails before the file is assembled; a failing
	// Output, the deadline or MaxOutputBytes can stop it part way, with
	// part of the file written. With Audit or Strict the file is built
	// in memory for the PDF audit and written afterwards (not at all
	// when a strict audit fails). A document whose tables or lists
	// PDF/UA cannot tag as nested is written again with flat tags; when
	// that is found after part of a long document's file went out, the
	// Output must be a Rewinder (a file is) or the conversion fails.
	Output io.Writer

	// Now is the document's creation date (Info and XMP). Zero: the time
	// the environment variable SOURCE_DATE_EPOCH names in seconds (the
	// reproducible-builds convention), else the current time.
	// DocumentID is the file identifier; empty: one derived from the
	// content. With both fixed, identical input gives identical bytes.
	Now        time.Time
	DocumentID []byte

	// PDFA makes the PDF a PDF/A file as well as PDF/UA-1: "2a", "2b",
	// "2u", "3a", "3b" or "3u" (ISO 19005 part and level; "PDF/A-3a"
	// is accepted too). Empty: PDF/UA-1 only. PDF/A-2 allows no
	// attachments (it embeds PDF/A files only); use part 3 with them.
	PDFA string
	// Attachments are files embedded in the PDF (with the document's
	// <link rel="attachment"> files after them).
	Attachments []Attachment
	// EInvoice is a Factur-X / ZUGFeRD e-invoice, the UN/CEFACT CII XML
	// of the EN 16931 profile (see templates.EInvoice), embedded as
	// factur-x.xml with relationship Data and declared in the XMP packet.
	// It needs PDF/A-3: PDFA defaults to "3a" and must be a part 3.
	EInvoice []byte

	// Logger receives diagnostics; nil discards them.
	Logger *slog.Logger

	// streamFrom, in tests, replaces streamMin, the source length from
	// which a document is streamed; negative: never.
	streamFrom int

	// SystemFonts lets the document use the installed system fonts (the
	// fontconfig directories): by font-family name, and for characters
	// the bundled fonts lack (CJK, Arabic, Indic, emoji… from whichever
	// installed font covers them). FontDirs are directories of font files
	// used the same way, before the system's. Both off: only the bundled
	// fonts, and the same output on every machine. A conversion using
	// either gets a private font registry (Fonts is not shared).
	SystemFonts bool
	FontDirs    []string

	// Fonts, when set, is a font registry shared by many conversions (see
	// NewFonts), so shaped words cached for one document serve the next.
	// A document with @font-face rules still gets a private registry, so
	// one document's fonts never leak into another's.
	Fonts *Fonts
}

// pageSizes are the named page sizes in points (portrait).
var pageSizes = map[string][2]float64{
	"a3":        {841.89, 1190.55},
	"a4":        {595.28, 841.89},
	"a5":        {419.53, 595.28},
	"a6":        {297.64, 419.53},
	"b4":        {708.66, 1000.63},
	"b5":        {498.9, 708.66},
	"letter":    {612, 792},
	"legal":     {612, 1008},
	"ledger":    {1224, 792},
	"tabloid":   {792, 1224},
	"executive": {522, 756},
}

// PageSize returns the width and height in points of a named page size
// (case-insensitive), and whether the name is known.
func PageSize(name string) ([2]float64, bool) {
	s, ok := pageSizes[strings.ToLower(strings.TrimSpace(name))]
	return s, ok
}

// Fonts holds the bundled fonts and the caches conversions can share: shaped
// words, embedded font programs (subset and compressed) and parsed
// stylesheets. None of them changes the output. It is safe for concurrent
// use; a long-running process (the server, a batch job) makes one with
// NewFonts and passes it in Options.
type Fonts struct {
	registry *fonts.Registry
	embedded *pdfua.FontCache
	// sheets keeps parsed stylesheets by their text: a server renders the
	// same template's CSS again and again.
	sheets *style.SheetCache
}

// NewFonts returns a shareable registry of the bundled fonts.
func NewFonts() *Fonts {
	return &Fonts{registry: fonts.NewRegistry(fonts.Options{}), embedded: pdfua.NewFontCache(0),
		sheets: style.NewSheetCache(0, 0)}
}

// Trim lets go of the words the registry keeps shaped for the next
// conversions (a bounded cache, which a server rendering varying text
// fills): a long-running process calls it once idle so that the memory
// can be given back, and the next conversions shape their words afresh.
// The fonts themselves, their embedded subsets and the parsed style
// sheets stay. It is safe to call while conversions run.
func (f *Fonts) Trim() {
	f.registry.DropShapeCache()
}

// Rewinder is an Options.Output that can discard what was written to it
// and take the file again from its start, as a file truncated and
// sought to its start can.
type Rewinder interface {
	io.Writer
	Rewind() error
}
