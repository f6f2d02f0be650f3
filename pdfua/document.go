package pdfua

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sync"
	"time"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Info is the document metadata. It is written both to the /Info
// dictionary and to the XMP packet so that the two always agree.
type Info struct {
	// Title is required: PDF/UA wants a title the viewer shows.
	Title string
	// Author, Subject, Keywords, Creator (the authoring tool) and Producer
	// (the converter) are optional.
	Author   string
	Subject  string
	Keywords string
	Creator  string
	Producer string
	// Lang is the document's natural language as a BCP 47 tag such as
	// "en-US". It is required and must match [a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*
	// (use "-", never "_").
	Lang string
	// Now is written as creation, modification and metadata date. When it is
	// zero no dates are written, which keeps output reproducible for callers
	// that do not care about dates.
	Now time.Time
	// DocumentID is the file identifier (trailer /ID and xmpMM:DocumentID).
	// When empty, one is derived from the metadata, so identical input still
	// gives identical bytes.
	DocumentID []byte
	// PDFA, when set, makes the file PDF/A of that part and level as well
	// as PDF/UA-1 (see PDFA); a CMYK JPEG is then converted to RGB as it
	// is added.
	PDFA PDFA
	// FacturX, when set, declares the attachment it names as the
	// document's Factur-X invoice in the XMP packet; it needs PDF/A-3.
	FacturX *FacturX
}

// Document is a tagged PDF under construction. Build it with AddPage, the
// Page content methods, the structure tree under Root, links, destinations
// and outlines, then call Write or Bytes.
//
// Building methods do not return errors one by one: the first misuse (for
// example tagged content opened inside an artifact, a drawing outside any
// marked content, an image that does not decode) is recorded and returned
// by Err and by Write, and later calls are ignored. A Document is not safe
// for concurrent use.
type Document struct {
	info  Info
	pages []*Page
	root  *StructElem
	elems elemTable // every element in creation order (see Seal)

	roleMap map[string]string

	fonts   []*fontState
	fontIdx map[Font]*fontState
	// lastFont is the fontState font returned last: text runs mostly
	// come in long stretches of one face, so it saves the map lookup.
	lastFont *fontState

	images []*Image
	// imageBySum finds an image already added from the same encoded
	// bytes (see AddPNG and AddJPEG), so a picture repeated in a document
	// is decoded, compressed and embedded once.
	imageBySum map[imageSum]*Image

	gstates []alphaKey
	gsIdx   map[alphaKey]int

	// shadings are the shading dictionaries drawn (DrawShading),
	// shadingIdx finds one by its bytes.
	shadings   []pdfobj.Dict
	shadingIdx map[string]int
	// shadingMask maps a shading painted through a soft mask to the
	// index of its alpha shading.
	shadingMask map[int]int
	// patterns are the tiling patterns filled with (FillTiled),
	// patternIdx finds one by its fields.
	patterns   []pattern
	patternIdx map[string]int
	// forms are the transparency groups drawn (group.go).
	forms []*form

	dests    map[string]destination
	outlines outlineList

	// sizes are the page sizes, each once (most documents have one):
	// a page keeps its index (Page.dims); lastLen is the length of the
	// last page's content when it was finished, to size the next's.
	sizes     []pageSize
	sizeIndex map[pageSize]int32
	lastLen   int

	attachments []Attachment // see Attach

	err error

	autoBBox  bool       // see SetAutoBBox
	fontCache *FontCache // see SetFontCache

	// early tracks the background compression of finished pages, at
	// most one at a time (earlySlot); see compressEarly.
	early     sync.WaitGroup
	earlySlot chan struct{}

	slab    []StructElem // preallocated elements for StructElem.Add
	kidSlab []kid        // preallocated first kids, see StructElem.addKid
	ends    []int        // scratch for ShowText
	parts   []string     // scratch for ShowText
	// kidScratch is scratch for checkNesting.
	kidScratch []string

	// st is the state of a document written as it is built (StreamTo),
	// nil until then; sealQueue holds the elements sealed before.
	st        *streamState
	sealQueue []*StructElem
}

// New returns an empty document with the given metadata. The metadata is
// validated by Write.
func New(info Info) *Document {
	d := &Document{
		info:    info,
		roleMap: map[string]string{},
		fontIdx: map[Font]*fontState{},
		gsIdx:   map[alphaKey]int{},
		dests:   map[string]destination{},

		earlySlot: make(chan struct{}, 1),
	}
	d.root = &StructElem{doc: d, typ: "Document"}
	d.elems.add(d.root)
	return d
}

// Err returns the first error recorded while building the document.
func (d *Document) Err() error { return d.err }

// fail records err if it is the first error.
func (d *Document) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

func (d *Document) failf(format string, args ...any) {
	d.fail(fmt.Errorf("pdfua: "+format, args...))
}

// SetAutoBBox makes Write give Figure, Formula and Table elements that
// have no BBox a layout BBox (/A << /O /Layout /BBox […] >>) computed from
// the bounds of their painted content on the page where it starts, through
// Transform, Save and Restore. PDF/UA-1 does not require it; PAC and
// WCAG tools use it. Off by default.
//
// Bounds are recorded only while it is on, so that documents without it
// do not pay for them: turn it on before drawing the content whose
// bounds it should give (turning it off before Write drops the BBoxes).
func (d *Document) SetAutoBBox(on bool) { d.autoBBox = on }

// Root returns the Document structure element, the single child of the
// structure tree root. Every other element descends from it.
func (d *Document) Root() *StructElem { return d.root }

// AddPage appends a page of the given size in points (1/72 inch).
func (d *Document) AddPage(width, height float64) *Page {
	// Size the content buffer and the per-MCID slices like the previous
	// page's, which saves most of the regrowth in long documents.
	hint, marks := 4096, 0
	if n := len(d.pages); n > 0 {
		prev := d.pages[n-1]
		d.compressEarly(prev)
		if prev.sealed { // its content went (Finish)
			hint = max(hint, d.lastLen*5/4)
		} else {
			hint = max(hint, len(prev.content)*5/4)
		}
		n := int(prev.mcidBase)
		if prev.pageDraw != nil {
			n += len(prev.mcids)
		}
		marks = n + n/4
	}
	p := &Page{doc: d, index: int32(len(d.pages)), dims: d.sizeOf(width, height),
		pageRes: new(pageRes), pageDraw: &pageDraw{content: make([]byte, 0, hint), ctm: Identity}}
	if d.st != nil {
		p.ref = int32(d.st.w.Alloc().Num)
	}
	if marks > 0 {
		p.mcids = make([]*StructElem, 0, marks)
		if d.autoBBox {
			p.boxes = make([]box, 0, marks)
		}
	}
	if !(width > 0 && height > 0 && width <= 14400 && height <= 14400) {
		d.failf("page %d: size %gx%g pt is outside 0 < size <= 14400", p.index+1, width, height)
	}
	d.pages = append(d.pages, p)
	return p
}

// Pages returns the number of pages added so far.
func (d *Document) Pages() int { return len(d.pages) }

var langPattern = regexp.MustCompile(`^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$`)

// validLang reports whether tag is a syntactically valid language tag as
// PDF/UA checks it (rule 7.2-29).
func validLang(tag string) bool { return langPattern.MatchString(tag) }

func (d *Document) validateInfo() error {
	if d.info.Title == "" {
		return errors.New("pdfua: document title is empty; PDF/UA requires a title (Info.Title)")
	}
	if d.info.Lang == "" {
		return errors.New("pdfua: document language is empty; set Info.Lang to a BCP 47 tag such as \"en\"")
	}
	if !validLang(d.info.Lang) {
		return fmt.Errorf("pdfua: document language %q is not a valid language tag", d.info.Lang)
	}
	if len(d.pages) == 0 {
		return errors.New("pdfua: document has no pages")
	}
	return d.checkPDFA()
}

// Bytes returns the PDF file. See Write.
func (d *Document) Bytes() ([]byte, error) {
	return d.appendFile(context.Background(), nil)
}

// Write validates the document and writes it as a PDF/UA-1 file. It
// returns the first error recorded while building, or the first rule the
// document would break (missing title or language, a Figure without
// alternate text, an unmapped custom structure type, an unknown link
// destination, …). Nothing is written when it fails. Write may be called
// more than once; identical documents give identical bytes.
func (d *Document) Write(w io.Writer) error {
	return d.WriteContext(context.Background(), w)
}

// WriteContext is Write with a context, checked between pages and fonts
// while the file is assembled. The file is streamed to w (see
// pdfobj.Writer.WriteTo), not built whole first: every check runs before
// the first byte is written, so a document that breaks a rule writes
// nothing, but when w fails it holds part of the file.
func (d *Document) WriteContext(ctx context.Context, w io.Writer) error {
	pw, err := d.prepare(ctx)
	if err != nil {
		return err
	}
	if _, err := pw.w.WriteTo(w, pdfobj.Trailer{Root: pw.catalog, Info: pw.info, ID: d.documentID()}); err != nil {
		return fmt.Errorf("pdfua: writing file: %w", err)
	}
	return nil
}

// parallelCheck is the number of structure elements from which Write
// checks the structure while it builds the file.
const parallelCheck = 2000

// appendFile validates the document and appends the PDF file to buf.
func (d *Document) appendFile(ctx context.Context, buf []byte) ([]byte, error) {
	if d.st != nil {
		return nil, errors.New("pdfua: Bytes of a streaming document; finish it with Write to the StreamTo writer")
	}
	pw, err := d.prepare(ctx)
	if err != nil {
		return nil, err
	}
	file, err := pw.w.AppendFile(buf, pdfobj.Trailer{Root: pw.catalog, Info: pw.info, ID: d.documentID()})
	if err != nil {
		return nil, fmt.Errorf("pdfua: writing file: %w", err)
	}
	return file, nil
}

// prepare validates the document and builds its objects.
func (d *Document) prepare(ctx context.Context) (*builder, error) {
	if d.err != nil {
		return nil, d.err
	}
	if err := d.validateInfo(); err != nil {
		return nil, err
	}
	for _, p := range d.pages {
		if err := p.finished(); err != nil {
			return nil, err
		}
	}
	// The structure checks only read the document, and so does build
	// (which tolerates what they refuse): a long document checks its
	// structure on another goroutine while the objects are built. A
	// structure error still wins over a build error.
	var verr error
	if d.elems.len() < parallelCheck {
		if verr = d.validateStructure(); verr != nil {
			return nil, verr
		}
	}
	checked := make(chan struct{})
	if d.elems.len() >= parallelCheck {
		go func() {
			defer close(checked)
			verr = d.validateStructure()
		}()
	} else {
		close(checked)
	}
	pw, err := d.build(ctx)
	<-checked
	if verr != nil {
		return nil, verr
	}
	if err != nil {
		return nil, err
	}
	return pw, nil
}

// pageSize is the width and height of a page.
type pageSize [2]float64

// sizeOf returns the index of the size width x height in d.sizes,
// adding it the first time.
func (d *Document) sizeOf(width, height float64) int32 {
	s := pageSize{width, height}
	if n := len(d.sizes); n > 0 && d.sizes[n-1] == s {
		return int32(n - 1)
	}
	if i, ok := d.sizeIndex[s]; ok {
		return i
	}
	if d.sizeIndex == nil {
		d.sizeIndex = map[pageSize]int32{}
	}
	i := int32(len(d.sizes))
	d.sizes = append(d.sizes, s)
	d.sizeIndex[s] = i
	return i
}
