package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"strings"
	"time"
	"weak"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/layout"
	"github.com/seed28491532/folio/layout/box"
	"github.com/seed28491532/folio/layout/display"
	"github.com/seed28491532/folio/pdfua"
	"github.com/seed28491532/folio/style"
)

// Options configure Render. Title and Lang are required by PDF/UA; the
// facade resolves them from the request and the document.
type Options struct {
	Title    string
	Author   string
	Subject  string
	Keywords string
	Lang     string
	Creator  string
	Producer string
	// Now and DocumentID make output reproducible (see pdfua.Info).
	Now        time.Time
	DocumentID []byte
	// FontCache, when set, is shared across documents (see pdfua.FontCache).
	FontCache *pdfua.FontCache
	// PDFA, Attachments and FacturX are passed to the writer (see
	// pdfua.Info.PDFA, pdfua.Document.Attach, pdfua.Info.FacturX).
	PDFA        pdfua.PDFA
	Attachments []pdfua.Attachment
	FacturX     *pdfua.FacturX

	// Limits; zero means the default. MaxTableCells bounds the cells of a
	// table's grid, rows × columns after spans (box.DefaultMaxTableCells);
	// MaxPageItems the display items of one page (DefaultMaxPageItems);
	// MaxOutputBytes the size of the PDF file (DefaultMaxOutputBytes).
	MaxTableCells  int
	MaxPageItems   int
	MaxOutputBytes int

	// FlatTags tags tables and lists as plain Div, P and Span elements:
	// what RenderParts falls back to when their HTML shape breaks
	// PDF/UA's nesting rules (ErrWrite).
	FlatTags bool
}

// Default limits of Options.
const (
	// DefaultMaxPageItems is far above what a page of text or a dense
	// table paints (a few thousand items).
	DefaultMaxPageItems = 200_000
	// DefaultMaxOutputBytes bounds the PDF file at 256 MiB.
	DefaultMaxOutputBytes = 256 << 20
)

// ErrLimit is wrapped by the errors of Render that report an exceeded
// limit (display items per page, output bytes).
var ErrLimit = errors.New("limit exceeded")

// minElemBytes is the fewest bytes a structure element takes in the file
// (its object, at least "n 0 obj <</S/TD/P m 0 R>> endobj", and its
// cross-reference entry): with it Render refuses a document whose tag
// tree alone exceeds the output limit before writing any of it.
const minElemBytes = 40

// limitError is an exceeded limit; it wraps ErrLimit without repeating
// its text.
type limitError struct{ msg string }

func (e *limitError) Error() string { return e.msg }
func (e *limitError) Unwrap() error { return ErrLimit }

func limitErr(format string, args ...any) error {
	return &limitError{fmt.Sprintf(format, args...)}
}

// checkPageItems fails when a page has more display items than max
// (0: DefaultMaxPageItems).
func checkPageItems(lists []*display.List, max int) error {
	max = limitOr(max, DefaultMaxPageItems)
	for i, l := range lists {
		if len(l.Items) > max {
			return limitErr("page %d has %d display items, more than the limit of %d (MaxPageItems)", i+1, len(l.Items), max)
		}
	}
	return nil
}

// checkElems fails when n structure elements alone would make the file
// larger than maxOut bytes, before any of it is written.
func checkElems(n, maxOut int) error {
	if n > maxOut/minElemBytes {
		return limitErr("PDF would take at least %d bytes for its %d structure elements, more than the output limit of %d bytes (MaxOutputBytes)",
			n*minElemBytes, n, maxOut)
	}
	return nil
}

func limitOr(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// Diagnostic is a non-fatal problem met while rendering (a normalised
// heading level, an image that could not be embedded, a link to an
// unknown target).
type Diagnostic struct {
	Stage   string
	Message string
}

// Result is a rendered PDF.
type Result struct {
	// PDF is the file (nil when Writer.CloseTo wrote it), Size its
	// length in bytes.
	PDF         []byte
	Size        int64
	Pages       int
	Diagnostics []Diagnostic
}

// Part is one laid-out document of a file that merges several: its box
// tree, its pages and their display lists.
type Part struct {
	Tree  *box.Tree
	Doc   *layout.Document
	Lists []*display.List
	// Lang is the part's language, written on its Part element when it
	// differs from the file's (Options.Lang).
	Lang string
}

// Render writes the pages of doc, painted from lists (one per page) and
// tagged from tree, as a PDF/UA-1 file.
//
// When the document's tables or lists cannot be tagged validly (HTML
// shapes PDF/UA's table and list rules do not allow), the document is
// tagged again with those parts as plain Div/P/Span elements, and a
// diagnostic says so: a conforming PDF with less structure beats none.
func Render(ctx context.Context, tree *box.Tree, doc *layout.Document, lists []*display.List, opts Options) (*Result, error) {
	return RenderParts(ctx, []Part{{Tree: tree, Doc: doc, Lists: lists}}, opts)
}

// RenderParts writes several laid-out documents, one after the other, as
// one PDF/UA-1 file. With more than one part each is tagged as a Part
// element under the Document, its pages follow the previous part's, and
// the names it defines (link destinations, table header and note IDs)
// get a prefix of the part's number from the second part on, so links
// stay inside their own document and IDs stay unique. One part renders
// exactly as Render.
func RenderParts(ctx context.Context, parts []Part, opts Options) (*Result, error) {
	if opts.Title == "" || opts.Lang == "" {
		return nil, fmt.Errorf("render: title and language are required (title %q, lang %q)", opts.Title, opts.Lang)
	}
	if len(parts) == 0 {
		return nil, errors.New("render: no document to render")
	}
	for _, part := range parts {
		if err := checkPageItems(part.Lists, opts.MaxPageItems); err != nil {
			return nil, err
		}
	}
	res, err := render(ctx, parts, opts)
	if err == nil || ctx.Err() != nil || !errors.Is(err, errWrite) || opts.FlatTags {
		return res, err
	}
	opts.FlatTags = true
	flat, ferr := render(ctx, parts, opts)
	if ferr != nil {
		return nil, err
	}
	flat.Diagnostics = append(flat.Diagnostics, FlatNote(err))
	return flat, nil
}

// errWrite marks failures of the PDF writer's document checks.
var errWrite = errors.New("writing PDF")

// flattenNode retypes a table or list element, whose nesting PDF/UA
// constrains, to a type it does not (Options.FlatTags).
func flattenNode(n *snode) {
	if n == nil {
		return // let go (sealed)
	}
	switch n.typ {
	case "Table", "THead", "TBody", "TFoot", "TR", "TH", "TD", "L", "LI", "LBody", "TOC", "TOCI":
		n.typ = "Div"
	case "Caption":
		n.typ = "P"
	case "Lbl":
		n.typ = "Span"
	}
}

// render writes parts through a Writer.
func render(ctx context.Context, parts []Part, opts Options) (*Result, error) {
	w, err := NewWriter(ctx, opts, len(parts))
	if err != nil {
		return nil, err
	}
	for _, part := range parts {
		if err := w.BeginPart(part.Tree, part.Lang); err != nil {
			return nil, err
		}
		for _, l := range part.Lists {
			if err := w.Page(l); err != nil {
				return nil, err
			}
		}
		if err := w.EndPart(); err != nil {
			return nil, err
		}
	}
	return w.Close()
}

type renderer struct {
	pdf *pdfua.Document
	s   *structure
	// images are the images embedded and failed those that could not
	// be, by a weak reference: a long document's images (their encoded
	// bytes) go with their boxes once painted, the PDF keeping what it
	// embeds (an image freed is never looked up again).
	images map[weak.Pointer[box.Image]]*pdfua.Image
	failed map[weak.Pointer[box.Image]]bool
	diags  []Diagnostic
	// open marked content on the current page
	open     *pdfua.StructElem
	artifact bool
	artKind  display.ArtifactKind
	artSub   string
	h        float64
	// path is reused for every shape (see newPath)
	path pdfua.Path
	// pagesDone counts the pages added, over all parts
	pagesDone int
	// minPos is the least DOM position of the tagged content painted on
	// the current page (see structure.sealDone).
	minPos int
	// pdfa: the file is PDF/A, which allows no javascript: links
	pdfa bool
	// svgGroups are the SVG groups open (see svgGroup)
	svgGroups svgGroups
	// copies counts the perspective strips being painted again
	// (effects.go): their items are artifacts, their text not read.
	copies int
	// backHidden holds, for each group open, whether its own items are
	// hidden (a box turned away with backface-visibility: hidden).
	backHidden []bool
	// masks are the soft masks of the masked groups open.
	masks []pdfua.Mask
	// cands are the places of the ids no link was known to target when
	// their page was written (lazy_grow.go)
	cands map[string]destCand
	// blurs are the embedded images of blurred shadows.
	blurs map[*image.NRGBA]*pdfua.Image
}

func (r *renderer) diag(stage, format string, args ...any) {
	r.diags = append(r.diags, Diagnostic{Stage: stage, Message: fmt.Sprintf(format, args...)})
}

func (r *renderer) close(p *pdfua.Page) {
	if r.open != nil || r.artifact {
		p.End()
	}
	r.open, r.artifact = nil, false
}

func artifactOf(o display.Origin) pdfua.Artifact {
	switch o.Artifact {
	case display.Background:
		return pdfua.Artifact{Type: pdfua.ArtifactBackground}
	case display.Pagination:
		return pdfua.Artifact{Type: pdfua.ArtifactPagination, Subtype: pdfua.ArtifactSubtype(o.Subtype)}
	}
	return pdfua.Artifact{Type: pdfua.ArtifactLayout}
}

// page paints one display list.
func (r *renderer) page(p *pdfua.Page, l *display.List) {
	r.h = l.Page.Height
	r.open, r.artifact = nil, false
	p.Grow(contentSize(l))
	r.items(p, l.Items)
	r.close(p)
}

// items paints display items in order; the items of a group cut into
// perspective strips are painted once per strip (effects.go).
func (r *renderer) items(p *pdfua.Page, items []display.Item) {
	for i := 0; i < len(items); i++ {
		it := &items[i]
		if it.Op == display.OpGroupBegin && it.Group.Strips != nil {
			i = r.strips(p, items, i) // effects.go
			continue
		}
		if it.Op == display.OpGroupBegin || it.Op == display.OpGroupEnd {
			r.group(p, it) // effects.go
			continue
		}
		r.item(p, it)
	}
}

// item paints one display item in its marked content: tagged content in
// the structure element of its box, artifacts in an artifact sequence.
func (r *renderer) item(p *pdfua.Page, it *display.Item) {
	if r.copies > 0 || it.Origin.Artifact != display.NotArtifact || it.Origin.Box == nil {
		o := it.Origin
		if r.copies > 0 {
			o = display.Origin{Artifact: display.Layout}
		}
		if !r.artifact || r.artKind != o.Artifact || r.artSub != o.Subtype {
			r.close(p)
			p.BeginArtifact(artifactOf(o))
			r.artifact, r.artKind, r.artSub = true, o.Artifact, o.Subtype
		}
		r.paint(p, it)
		return
	}
	n := r.s.ownerOf(it.Origin.Box)
	if n == r.s.root {
		n = r.s.fallbackP()
	}
	e := r.s.ensureAt(n, it.Origin.Box.Index)
	r.minPos = min(r.minPos, it.Origin.Box.Index)
	if !n.placed {
		y := r.h - itemTop(it)
		n.place(p, y)
		for x := n.parent; x != nil && !x.placed && x.box != nil; x = x.parent {
			x.place(p, y)
		}
	}
	if it.Op == display.OpText && it.Text != nil && it.Text.RTL && r.svgGroups.depth == 0 && !textClip(it) {
		// A right-to-left run is drawn in visual order; a Span with
		// the run's text in logical order as /ActualText makes
		// extraction and assistive technology read it right.
		r.close(p)
		sp := e.Add("Span")
		sp.Attrs().ActualText = it.Text.Text
		p.BeginTagged(sp)
		r.open = sp
		r.paint(p, it)
		r.close(p)
		return
	}
	if r.open != e {
		r.close(p)
		p.BeginTagged(e)
		r.open = e
	}
	r.paint(p, it)
}

// contentSize estimates the bytes of content l paints: about 40 for a
// filled or stroked shape (its colours and paint operator), and for a
// text run 80 (marked content, text object and position) and two a
// glyph. An SVG path adds its segments (svgPathSize). Close estimates
// matter for charts: a content stream that outgrows its estimate is
// copied as it grows, and a 200 KB stream then allocates twice that.
func contentSize(l *display.List) int {
	n := 0
	for i := range l.Items {
		n += 40
		if t := l.Items[i].Text; t != nil {
			n += 40 + 2*len(t.Glyphs)
		}
		if v := l.Items[i].Vector; v != nil && v.Path != nil {
			n += svgPathSize(v.Path)
		}
	}
	return n
}

func itemTop(it *display.Item) float64 {
	if it.Text != nil && it.Vector == nil {
		return it.Text.Baseline - it.Text.Ascent
	}
	return it.Rect.Y
}

// fallbackP is a paragraph for content no element claims (it never owns
// content in a well-formed tree, but PDF/UA forbids content on the root).
// It follows every other node, as when the structure was made whole
// before the first page: the walk is finished first (an error stays in
// s.err, which the Writer reports).
func (s *structure) fallbackP() *snode {
	if s.fallback == nil {
		_ = s.reach(math.MaxInt)
		s.fallback = s.add(s.root, "P", nil)
		if s.flat {
			flattenNode(s.fallback)
		}
	}
	return s.fallback
}

// newPath returns the renderer's one path, emptied: pdfua copies a path
// when it paints it, so every rectangle can reuse the same memory.
func (r *renderer) newPath() *pdfua.Path {
	r.path.Reset()
	return &r.path
}

func color(c style.Color) pdfua.Color { return pdfua.RGB8(c.R, c.G, c.B) }

// rect converts a layout rectangle to PDF user space.
func (r *renderer) rect(x layout.Rect) pdfua.Rect {
	return pdfua.Rect{X: x.X, Y: r.h - x.Y - x.H, W: x.W, H: x.H}
}

func (r *renderer) paint(p *pdfua.Page, it *display.Item) {
	if n := len(r.backHidden); n > 0 && r.backHidden[n-1] {
		// hidden: painted through an empty clip, which keeps the
		// content (and its tags) while showing none of it
		p.Save()
		p.Clip(r.newPath().Rect(pdfua.Rect{}), false)
		defer p.Restore()
	}
	if textClip(it) {
		r.svgTextClip(p, it) // svggroup.go
		return
	}
	switch it.Op {
	case display.OpPath:
		r.vector(p, it)
		return
	case display.OpShadow:
		r.shadow(p, it)
		return
	}
	alpha := it.Opacity
	if it.Op != display.OpImage && it.Op != display.OpGradient && it.Color.A < 255 {
		alpha *= float64(it.Color.A) / 255
	}
	if it.Shadow != nil && alpha > 0 {
		alpha = 1 // a text-shadow copy sets its opacity band by band
	}
	if alpha <= 0 {
		return
	}
	if alpha < 1 {
		p.Save()
		p.SetAlpha(alpha, alpha)
		defer p.Restore()
	}
	if it.Clip != nil && !imageInside(it) {
		p.Save()
		switch {
		case it.ClipRadii != nil:
			// inside an overflow: hidden box with rounded corners
			p.Clip(r.newPath().RoundedRect(r.rect(*it.Clip), *it.ClipRadii), false)
		case it.Radii != nil && (it.Op == display.OpImage || it.Op == display.OpGradient):
			// a background layer or an image clipped to a rounded box
			p.Clip(r.newPath().RoundedRect(r.rect(*it.Clip), *it.Radii), false)
		default:
			p.Clip(r.newPath().Rect(r.rect(*it.Clip)), false)
		}
		defer p.Restore()
	}
	switch it.Op {
	case display.OpFill:
		pa := r.newPath()
		if it.Radii != nil {
			pa.RoundedRect(r.rect(it.Rect), *it.Radii)
		} else if rect, ok := cutToClip(it, it.Rect); ok {
			pa.Rect(r.rect(rect))
		} else {
			return
		}
		p.DrawPath(pa, pdfua.PathStyle{Fill: true, FillColor: color(it.Color)})
	case display.OpBorder:
		r.border(p, it)
	case display.OpRule:
		r.rule(p, it)
	case display.OpText:
		t := it.Text
		if t.Face == nil || len(t.Glyphs) == 0 {
			return
		}
		if it.Vector != nil {
			r.vectorText(p, it)
			return
		}
		if it.Shadow != nil {
			// a text-shadow copy, drawn in visual order and not read
			r.textShadow(p, it, pdfua.TextRun{Font: t.Face, Size: t.Size, Color: color(t.Color), X: t.X, Y: r.h - t.Baseline, Text: t.Text, Glyphs: t.Glyphs})
			return
		}
		if r.copies > 0 {
			p.ShowTextUnread(pdfua.TextRun{Font: t.Face, Size: t.Size, Color: color(t.Color), X: t.X, Y: r.h - t.Baseline, Text: t.Text, Glyphs: t.Glyphs})
			return
		}
		if t.RTL {
			showLogical(p, pdfua.TextRun{Font: t.Face, Size: t.Size, Color: color(t.Color), X: t.X, Y: r.h - t.Baseline, Text: t.Text, Glyphs: t.Glyphs})
			return
		}
		p.ShowText(pdfua.TextRun{Font: t.Face, Size: t.Size, Color: color(t.Color), X: t.X, Y: r.h - t.Baseline, Text: t.Text, Glyphs: t.Glyphs})
	case display.OpImage:
		if it.Vector != nil {
			r.vectorImage(p, it)
			return
		}
		r.image(p, it)
	case display.OpShape:
		r.shape(p, it)
	case display.OpGradient:
		r.gradient(p, it)
	}
}

func (r *renderer) border(p *pdfua.Page, it *display.Item) {
	c := color(it.Color)
	if it.Side < 0 {
		// uniform rounded border: stroke along the middle of the border
		w := it.Width
		rr := r.rect(it.Rect)
		rr = pdfua.Rect{X: rr.X + w/2, Y: rr.Y + w/2, W: rr.W - w, H: rr.H - w}
		var radii [4][2]float64
		if it.Radii != nil {
			for i, c := range it.Radii {
				radii[i] = [2]float64{math.Max(c[0]-w/2, 0), math.Max(c[1]-w/2, 0)}
			}
		}
		st := &pdfua.Stroke{Color: c, Width: w}
		switch it.Style {
		case style.BorderDashed:
			st.Dash = []float64{3 * w, 3 * w}
		case style.BorderDotted:
			st.Dash, st.Cap = []float64{0, 2 * w}, pdfua.CapRound
		}
		p.DrawPath(r.newPath().RoundedRect(rr, radii), pdfua.PathStyle{Stroke: st})
		return
	}
	switch it.Style {
	case style.BorderDashed, style.BorderDotted:
		w := it.Width
		rr := r.rect(it.Rect)
		horizontal := it.Side == style.Top || it.Side == style.Bottom
		length := rr.H
		if horizontal {
			length = rr.W
		}
		dash := sideDash(length, w)
		cp := pdfua.CapButt
		if it.Style == style.BorderDotted {
			dash = []float64{0, 2 * w}
			cp = pdfua.CapRound
		}
		pa := r.newPath()
		if horizontal {
			pa.MoveTo(rr.X, rr.Y+rr.H/2).LineTo(rr.X+rr.W, rr.Y+rr.H/2)
		} else {
			pa.MoveTo(rr.X+rr.W/2, rr.Y).LineTo(rr.X+rr.W/2, rr.Y+rr.H)
		}
		p.DrawPath(pa, pdfua.PathStyle{Stroke: &pdfua.Stroke{Color: c, Width: w, Dash: dash, Cap: cp}})
	case style.BorderDouble:
		rr := r.rect(it.Rect)
		pa := r.newPath()
		if it.Side == style.Top || it.Side == style.Bottom {
			t := rr.H / 3
			pa.Rect(pdfua.Rect{X: rr.X, Y: rr.Y, W: rr.W, H: t}).Rect(pdfua.Rect{X: rr.X, Y: rr.Y + 2*t, W: rr.W, H: t})
		} else {
			t := rr.W / 3
			pa.Rect(pdfua.Rect{X: rr.X, Y: rr.Y, W: t, H: rr.H}).Rect(pdfua.Rect{X: rr.X + 2*t, Y: rr.Y, W: t, H: rr.H})
		}
		p.DrawPath(pa, pdfua.PathStyle{Fill: true, FillColor: c})
	default:
		if rect, ok := cutToClip(it, it.Rect); ok {
			p.DrawPath(r.newPath().Rect(r.rect(rect)), pdfua.PathStyle{Fill: true, FillColor: c})
		}
	}
}

func (r *renderer) rule(p *pdfua.Page, it *display.Item) {
	rr := r.rect(it.Rect)
	c := color(it.Color)
	y := rr.Y + rr.H/2
	switch it.Style {
	case style.BorderDashed, style.BorderDotted:
		dash := []float64{3 * it.Width, 2 * it.Width}
		if it.Style == style.BorderDotted {
			dash = []float64{it.Width, it.Width}
		}
		p.DrawPath(r.newPath().MoveTo(rr.X, y).LineTo(rr.X+rr.W, y), pdfua.PathStyle{Stroke: &pdfua.Stroke{Color: c, Width: it.Width, Dash: dash}})
	case style.BorderDouble:
		pa := r.newPath().Rect(pdfua.Rect{X: rr.X, Y: y - it.Width*1.5, W: rr.W, H: it.Width}).Rect(pdfua.Rect{X: rr.X, Y: y + it.Width*0.5, W: rr.W, H: it.Width})
		p.DrawPath(pa, pdfua.PathStyle{Fill: true, FillColor: c})
	default:
		p.DrawPath(r.newPath().Rect(rr), pdfua.PathStyle{Fill: true, FillColor: c})
	}
}

func (r *renderer) shape(p *pdfua.Page, it *display.Item) {
	rr := r.rect(it.Rect)
	c := color(it.Color)
	if it.Shape == box.ShapeSquare {
		p.DrawPath(r.newPath().Rect(rr), pdfua.PathStyle{Fill: true, FillColor: c})
		return
	}
	cx, cy, rad := rr.X+rr.W/2, rr.Y+rr.H/2, rr.W/2
	k := 0.5523 * rad
	pa := r.newPath().MoveTo(cx+rad, cy).
		CurveTo(cx+rad, cy+k, cx+k, cy+rad, cx, cy+rad).
		CurveTo(cx-k, cy+rad, cx-rad, cy+k, cx-rad, cy).
		CurveTo(cx-rad, cy-k, cx-k, cy-rad, cx, cy-rad).
		CurveTo(cx+k, cy-rad, cx+rad, cy-k, cx+rad, cy).Close()
	if it.Shape == box.ShapeCircle {
		p.DrawPath(pa, pdfua.PathStyle{Stroke: &pdfua.Stroke{Color: c, Width: math.Max(rad/4, 0.4)}})
		return
	}
	p.DrawPath(pa, pdfua.PathStyle{Fill: true, FillColor: c})
}

func (r *renderer) image(p *pdfua.Page, it *display.Item) {
	img := it.Image
	rr := r.rect(it.Rect)
	if rr.W <= 0 || rr.H <= 0 {
		return
	}
	pim := r.embed(img)
	if pim == nil {
		// placeholder frame (the element keeps its alternative text)
		if !r.artifact {
			r.close(p)
			p.BeginArtifact(pdfua.Artifact{Type: pdfua.ArtifactLayout})
			p.DrawPath(r.newPath().Rect(rr), pdfua.PathStyle{Stroke: &pdfua.Stroke{Color: pdfua.RGB8(160, 160, 160), Width: 0.75}})
			p.End()
			if r.open != nil {
				p.BeginTagged(r.open)
			}
			return
		}
		p.DrawPath(r.newPath().Rect(rr), pdfua.PathStyle{Stroke: &pdfua.Stroke{Color: pdfua.RGB8(160, 160, 160), Width: 0.75}})
		return
	}
	if it.Tiled != nil && it.Clip != nil {
		p.FillTiled(pdfua.Tiling{W: rr.W, H: rr.H, XStep: it.Tiled.StepX, YStep: it.Tiled.StepY, X: rr.X, Y: rr.Y, Image: pim}, r.rect(*it.Clip))
		return
	}
	p.DrawImageRect(pim, rr)
}

// embed adds img to the PDF once; nil when it cannot be embedded.
func (r *renderer) embed(img *box.Image) *pdfua.Image {
	if img == nil || img.Err != nil || len(img.Data) == 0 {
		return nil
	}
	key := weak.Make(img)
	if pim, ok := r.images[key]; ok {
		return pim
	}
	if r.failed == nil {
		r.failed = map[weak.Pointer[box.Image]]bool{}
	}
	if r.failed[key] {
		return nil
	}
	name := img.Src
	if strings.HasPrefix(name, "data:") {
		name = clip(name)
	}
	var pim *pdfua.Image
	var err error
	switch img.Format {
	case "jpeg":
		// the writer checks that the bytes decode and dedupes them
		pim, err = r.pdf.AddJPEG(name, img.Data)
	case "png":
		pim, err = r.pdf.AddPNG(name, img.Data)
	default:
		var dec image.Image
		dec, _, err = image.Decode(bytes.NewReader(img.Data))
		if err != nil {
			r.failed[key] = true
			r.diag("resource", "image %q could not be decoded: %v; a placeholder is drawn", clip(img.Src), err)
			return nil
		}
		pim, err = r.pdf.AddImage(name, dec)
	}
	if err != nil {
		r.failed[key] = true
		r.diag("resource", "image %q could not be embedded: %v; a placeholder is drawn", clip(img.Src), err)
		return nil
	}
	r.images[key] = pim
	return pim
}

// destinations adds named destinations for link targets first seen on
// this page.
func (r *renderer) destinations(p *pdfua.Page, lp *layout.Page, targets, done map[string]bool) {
	if lp.Root == nil {
		return
	}
	var walk func(f *layout.Fragment)
	mark := func(b *box.Box, x, y float64) {
		if b == nil || b.Node == nil || b.Node.Type != html.ElementNode {
			return
		}
		id := attr(b.Node, "id")
		switch {
		case id == "" || done[id]:
		case targets[id]:
			done[id] = true
			r.pdf.AddDestination(r.s.idPrefix+id, p, x, lp.Height-y)
		case r.cands != nil:
			r.keepPlace(id, p, x, lp.Height-y)
		}
	}
	walk = func(f *layout.Fragment) {
		mark(f.Box, f.X, f.Y)
		for _, ln := range f.Lines {
			for _, in := range ln.Inlines {
				mark(in.Box, in.Rect.X, in.Rect.Y)
			}
		}
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(lp.Root)
}

// links adds the link annotations of a page of height h.
func (r *renderer) links(p *pdfua.Page, h float64, links []display.Link, dests map[string]bool) {
	r.h = h
	for _, lk := range links {
		if lk.SVG != nil {
			r.svgLink(p, lk, dests)
			continue
		}
		n := r.s.ownerOf(lk.Box)
		if n == nil || n.typ != "Link" || len(lk.Rects) == 0 {
			continue
		}
		e := r.s.ensure(n)
		more := n.m()
		link := pdfua.Link{Elem: e, Contents: more.title}
		for i, rc := range lk.Rects {
			if rc.W > 0 && rc.H > 0 {
				link.Rects = append(link.Rects, r.rect(rc))
				if i < len(lk.Quads) {
					link.Quads = append(link.Quads, r.quad(lk.Quads[i]))
				}
			}
		}
		if len(link.Rects) == 0 {
			continue
		}
		if r.linkTarget(&link, more.href, dests) {
			p.AddLink(link)
		}
	}
}

// linkTarget sets the destination or URI of link to href, or reports
// why it cannot and returns false.
func (r *renderer) linkTarget(link *pdfua.Link, href string, dests map[string]bool) bool {
	if strings.HasPrefix(href, "#") {
		if !r.destKnown(href[1:], dests) {
			r.diag("tags", "link to %q: no element has that id; the link is not clickable", clip(href))
			return false
		}
		link.Dest = r.s.idPrefix + href[1:]
		return true
	}
	if r.pdfa && strings.HasPrefix(strings.ToLower(strings.TrimSpace(href)), "javascript:") {
		r.diag("tags", "link to %q is not clickable: PDF/A allows no JavaScript", clip(href))
		return false
	}
	link.URI = href
	return true
}
