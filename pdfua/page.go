package pdfua

import (
	"fmt"
	"slices"
	"sync"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Page is one page of a Document. Coordinates are PDF user space: points,
// origin at the bottom-left corner, y growing upwards.
//
// Every painting call (text, filled or stroked paths, images) must sit
// inside a marked-content sequence opened with BeginTagged or
// BeginArtifact; painting outside one is recorded as an error because
// PDF/UA requires every painted item to be real content or an artifact.
// State changes (Save, Restore, Transform, Clip, SetAlpha) may appear
// anywhere.
type Page struct {
	doc   *Document
	index int32
	dims  int32 // its size: index into doc.sizes

	// sealed says Finish dropped content for packed (being compressed in
	// the background until Document.early is done).
	sealed bool
	// In a streaming document (StreamTo), Finish writes the page's
	// ParentTree array, object ptree, and counts its MCIDs in mcidBase,
	// so the page holds no element; ref is the page's object number,
	// written the numbers of its content streams written early, flushed
	// says packed went to the file. A long document keeps every page to
	// the end: numbers of 32 bits, like its elements'.
	flushed  bool
	ptree    int32
	mcidBase int32
	ref      int32
	written  []int32

	annots []*annotation

	// The resources the content uses (shared by the finished pages of a
	// streaming document that use the same, see keepLess) and the
	// content and drawing state (let go once a streaming document wrote
	// the content): what a long document keeps of each page is the
	// fields above.
	*pageRes
	*pageDraw
}

// pageRes are the resources a page's content uses, by index into the
// document's tables (forms: the groups and soft masks ended on it).
type pageRes struct {
	fonts    []*fontState
	images   []*Image
	gstates  []int // indexes into doc.gstates
	shadings []int // indexes into doc.shadings
	patterns []int // indexes into doc.patterns
	forms    []int
}

// pageDraw is a page's content and what drawing it keeps.
type pageDraw struct {
	content []byte
	// packed is content[:packedLen] compressed, by compressEarly or the
	// last Write; it is used while the content has not grown.
	packed    []byte
	packedLen int
	// streams are the compressed content streams before the current
	// one (NewStream): the page's /Contents is then an array.
	streams [][]byte

	mark     markKind
	markElem *StructElem
	mcids    []*StructElem // element owning MCID mcidBase+i

	depth int // q/Q nesting

	// Geometry, for the layout BBox of Figures: the current transform, the
	// saved ones, the box of the open tagged sequence and of each MCID.
	ctm      Matrix
	ctmStack []Matrix

	// Text state and fill color last written, to skip repeating Tf and rg;
	// saved and restored with the graphics state.
	ts      textState
	tsStack []textState
	markBox box
	boxes   []box

	// groups are the open groups (group.go).
	groups []groupFrame
}

type markKind uint8

const (
	markNone markKind = iota
	markTagged
	markArtifact
)

// Grow makes room for n more bytes of content, for a caller that knows
// about how much it will draw: the content buffer then need not grow
// step by step (a page's first buffer is sized like the previous page's
// content, or 4 KiB).
func (p *Page) Grow(n int) {
	if !p.open("Grow") {
		return
	}
	if n > cap(p.content)-len(p.content) {
		p.setContent(slices.Grow(p.content, n))
	}
}

// Finish ends the drawing on p and frees its content: it is compressed
// (in the background, one page at a time, overlapping the drawing of the
// next page) and only the compressed stream is kept, so a long document
// holds each page's content once, compressed. Links may still be added;
// drawing on a finished page is recorded as an error. The file is the
// same as without Finish.
func (p *Page) Finish() {
	d := p.doc
	if p.sealed || d.err != nil {
		return
	}
	if err := p.finished(); err != nil {
		d.fail(err)
		return
	}
	p.sealed = true
	if int(p.index) == len(d.pages)-1 {
		d.lastLen = len(p.content)
	}
	content := p.content
	p.content = nil
	forms := p.unpackedForms()
	if d.st != nil && len(p.written) > 0 && len(p.streams) == 0 {
		p.writeLate(content, forms)
		return
	}
	d.earlySlot <- struct{}{} // waits for the page before
	if d.st != nil {
		p.writeParentTree()
		d.flushPages(int(p.index))
	}
	d.early.Add(1)
	go func() {
		defer d.early.Done()
		defer func() { <-d.earlySlot }()
		p.packed, p.packedLen = deflateContent(content), len(content)
		for _, f := range forms {
			f.packed, f.content = deflateContent(f.content), nil
		}
	}()
}

// NewStream reopens a finished page for drawing into a further content
// stream of its own, compressed on the next Finish: the page's /Contents
// becomes an array of its streams, which a reader paints as one, so the
// drawing resumes in the graphics state the previous stream left (a
// document writes late parts of a page so, such as margin boxes showing
// the page count of a long document). It does nothing on a page not
// finished.
func (p *Page) NewStream() {
	d := p.doc
	if !p.sealed || d.err != nil {
		return
	}
	d.early.Wait() // the compression Finish started
	if p.flushed {
		p.flushed = false // the stream went out (StreamTo)
	} else {
		p.streams = append(p.streams, p.packed)
	}
	if p.pageDraw == nil { // let go of once written (keepLess)
		p.pageDraw = &pageDraw{ctm: Identity}
	}
	p.pageRes = p.pageRes.clone() // perhaps shared (keepLess)
	p.packed, p.packedLen, p.sealed = nil, 0, false
	p.content = make([]byte, 0, 1024)
}

// Index returns the 0-based page number.
func (p *Page) Index() int { return int(p.index) }

// Size returns the page width and height in points.
func (p *Page) Size() (width, height float64) {
	s := p.doc.sizes[p.dims]
	return s[0], s[1]
}

// setContent makes c, which the caller appended to p.content, the page's
// content. When the appends stayed in p.content's array (the common case:
// it grows by doubling), only the length is stored: a slice re-sliced in
// place stores no pointer, so no write barrier runs while the collector
// marks, and writing content is a hot path.
func (p *Page) setContent(c []byte) {
	if cap(c) > 0 && cap(p.content) > 0 && &c[:1][0] == &p.content[:1][0] {
		p.content = p.content[:len(c)]
		return
	}
	p.content = c
}

// num appends a number in PDF content syntax followed by a space.
func (p *Page) num(f float64) {
	p.setContent(pdfobj.AppendReal(p.content, f))
	p.setContent(append(p.content, ' '))
}

func (p *Page) op(s string) {
	p.setContent(append(p.content, s...))
	p.setContent(append(p.content, '\n'))
}

// painting checks that painting is allowed here and names what is painted
// in the error otherwise.
func (p *Page) painting(what string) bool {
	if p.doc.err != nil {
		return false
	}
	if p.sealed {
		p.doc.failf("page %d: %s painted after Finish", p.index+1, what)
		return false
	}
	if p.mark == markNone {
		p.doc.failf("page %d: %s painted outside marked content; open it with BeginTagged or BeginArtifact", p.index+1, what)
		return false
	}
	return true
}

// finished reports an error when the page was left in an open state.
func (p *Page) finished() error {
	if p.pageDraw == nil {
		return nil // finished, and its content written (keepLess)
	}
	if len(p.groups) != 0 {
		return fmt.Errorf("pdfua: page %d: %d groups left open (missing EndGroup or EndMask)", p.index+1, len(p.groups))
	}
	if p.mark != markNone {
		return fmt.Errorf("pdfua: page %d: marked-content sequence left open (missing End)", p.index+1)
	}
	if p.depth != 0 {
		return fmt.Errorf("pdfua: page %d: %d Save without Restore", p.index+1, p.depth)
	}
	return nil
}

// Save pushes the graphics state (q). Pair it with Restore.
func (p *Page) Save() {
	if p.doc.err != nil || !p.open("Save") {
		return
	}
	p.depth++
	p.ctmStack = append(p.ctmStack, p.ctm)
	p.tsStack = append(p.tsStack, p.ts)
	p.op("q")
}

// Restore pops the graphics state saved by Save (Q).
func (p *Page) Restore() {
	if p.doc.err != nil || !p.open("Restore") {
		return
	}
	if p.depth == 0 {
		p.doc.failf("page %d: Restore without Save", p.index+1)
		return
	}
	p.depth--
	p.ctm = p.ctmStack[len(p.ctmStack)-1]
	p.ctmStack = p.ctmStack[:len(p.ctmStack)-1]
	p.ts = p.tsStack[len(p.tsStack)-1]
	p.tsStack = p.tsStack[:len(p.tsStack)-1]
	p.op("Q")
}

// Matrix is an affine transform [a b c d e f] as in PDF's cm operator:
// x' = a·x + c·y + e, y' = b·x + d·y + f.
type Matrix [6]float64

// Identity is the identity transform.
var Identity = Matrix{1, 0, 0, 1, 0, 0}

// Transform concatenates m to the current transformation matrix (cm).
// Wrap it in Save/Restore to limit its effect.
func (p *Page) Transform(m Matrix) {
	if p.doc.err != nil || !p.open("Transform") {
		return
	}
	for _, v := range m {
		p.num(v)
	}
	p.op("cm")
	p.ctm = m.then(p.ctm)
}

// Rect is an axis-aligned rectangle in points: lower-left corner (X, Y),
// width W and height H.
type Rect struct{ X, Y, W, H float64 }

func (r Rect) array() pdfobj.Array {
	return pdfobj.Array{pdfobj.Real(r.X), pdfobj.Real(r.Y), pdfobj.Real(r.X + r.W), pdfobj.Real(r.Y + r.H)}
}

// appendArray appends r as array() writes it, without building the array.
func (r Rect) appendArray(buf []byte) []byte {
	buf = append(buf, '[')
	buf = pdfobj.AppendReal(buf, r.X)
	buf = append(buf, ' ')
	buf = pdfobj.AppendReal(buf, r.Y)
	buf = append(buf, ' ')
	buf = pdfobj.AppendReal(buf, r.X+r.W)
	buf = append(buf, ' ')
	buf = pdfobj.AppendReal(buf, r.Y+r.H)
	return append(buf, ']')
}

// Color is an RGB color with components from 0 to 1.
type Color struct{ R, G, B float64 }

// RGB8 returns the Color of 8-bit components.
func RGB8(r, g, b uint8) Color {
	return Color{float64(r) / 255, float64(g) / 255, float64(b) / 255}
}

func clamp01(f float64) float64 {
	switch {
	case f > 1:
		return 1
	case f >= 0:
		return f
	}
	return 0 // negative and NaN
}

// textState is the part of the graphics state ShowText sets: font, size
// and fill color. The zero value means unknown, so the first run writes
// everything.
type textState struct {
	font      *fontState
	size      float64
	fill      Color
	fillKnown bool
	// stroke is the stroke state DrawPath wrote last (when
	// strokeKnown): a chart's many strokes alike write it once.
	stroke      strokeState
	strokeKnown bool
}

// strokeState is the stroke colour and line style of the graphics state;
// solid says the dash pattern is none (any other is not remembered).
type strokeState struct {
	color Color
	width float64
	cap   LineCap
	join  LineJoin
	miter float64
	solid bool
}

// setFill writes the fill color unless it is already current.
func (p *Page) setFill(c Color) {
	c = Color{clamp01(c.R), clamp01(c.G), clamp01(c.B)}
	if p.ts.fillKnown && p.ts.fill == c {
		return
	}
	p.ts.fill, p.ts.fillKnown = c, true
	p.color(c, "rg")
}

func (p *Page) color(c Color, op string) {
	b := appendComponent(p.content, clamp01(c.R))
	b = appendComponent(b, clamp01(c.G))
	b = appendComponent(b, clamp01(c.B))
	p.setContent(append(append(b, op...), '\n'))
}

// appendComponent writes colour component v and a space, as num does. A
// component of an 8-bit colour (RGB8: k/255) is copied from a table of
// the 256 texts: a chart sets a colour for nearly every shape.
func appendComponent(buf []byte, v float64) []byte {
	if k := int(v*255 + 0.5); k >= 0 && k <= 255 && float64(k)/255 == v {
		return append(buf, rgb8Texts()[k]...)
	}
	return append(pdfobj.AppendReal(buf, v), ' ')
}

// rgb8Texts holds k/255 for k from 0 to 255 as num writes them, computed
// once.
var rgb8Texts = sync.OnceValue(func() *[256]string {
	var t [256]string
	for k := range t {
		t[k] = string(pdfobj.AppendReal(nil, float64(k)/255)) + " "
	}
	return &t
})
