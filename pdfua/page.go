package pdfua

import (
	"fmt"
	"slices"

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
	doc    *Document
	index  int
	width  float64
	height float64

	content []byte
	// packed is content[:packedLen] compressed, by compressEarly or the
	// last Write; it is used while the content has not grown.
	packed    []byte
	packedLen int

	mark     markKind
	markElem *StructElem
	mcids    []*StructElem // element owning MCID i

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

	fonts    []*fontState
	images   []*Image
	gstates  []int // indexes into doc.gstates
	shadings []int // indexes into doc.shadings
	patterns []int // indexes into doc.patterns

	annots []*annotation

	// groups are the transparency groups open (group.go), forms the
	// indexes of the forms drawn (into doc.forms).
	groups []groupFrame
	forms  []int
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
	if n > cap(p.content)-len(p.content) {
		p.setContent(slices.Grow(p.content, n))
	}
}

// Index returns the 0-based page number.
func (p *Page) Index() int { return p.index }

// Size returns the page width and height in points.
func (p *Page) Size() (width, height float64) { return p.width, p.height }

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
	if p.mark == markNone {
		p.doc.failf("page %d: %s painted outside marked content; open it with BeginTagged or BeginArtifact", p.index+1, what)
		return false
	}
	return true
}

// finished reports an error when the page was left in an open state.
func (p *Page) finished() error {
	if p.mark != markNone {
		return fmt.Errorf("pdfua: page %d: marked-content sequence left open (missing End)", p.index+1)
	}
	if len(p.groups) != 0 {
		return fmt.Errorf("pdfua: page %d: %d transparency groups left open (missing EndGroup)", p.index+1, len(p.groups))
	}
	if p.depth != 0 {
		return fmt.Errorf("pdfua: page %d: %d Save without Restore", p.index+1, p.depth)
	}
	return nil
}

// Save pushes the graphics state (q). Pair it with Restore.
func (p *Page) Save() {
	if p.doc.err != nil {
		return
	}
	p.depth++
	p.ctmStack = append(p.ctmStack, p.ctm)
	p.tsStack = append(p.tsStack, p.ts)
	p.op("q")
}

// Restore pops the graphics state saved by Save (Q).
func (p *Page) Restore() {
	if p.doc.err != nil {
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
	if p.doc.err != nil {
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
	p.num(clamp01(c.R))
	p.num(clamp01(c.G))
	p.num(clamp01(c.B))
	p.op(op)
}
