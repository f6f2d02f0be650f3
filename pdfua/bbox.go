package pdfua

// box is an axis-aligned bounding box in page space; the zero value is
// empty.
type box struct {
	x0, y0, x1, y1 float64
	ok             bool
}

func (b *box) add(x, y float64) {
	if !b.ok {
		*b = box{x, y, x, y, true}
		return
	}
	// The built-in min and max treat NaN and signed zeros as math.Min
	// and math.Max do, and compile to a few instructions.
	b.x0, b.y0 = min(b.x0, x), min(b.y0, y)
	b.x1, b.y1 = max(b.x1, x), max(b.y1, y)
}

func (b *box) union(o box) {
	if o.ok {
		b.add(o.x0, o.y0)
		b.add(o.x1, o.y1)
	}
}

// rect returns the box as a Rect.
func (b box) rect() Rect { return Rect{b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0} }

// apply maps (x, y) through m.
func (m Matrix) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

// then returns the transform that applies m first, then n (PDF's cm:
// CTM' = m × CTM is m.then(CTM)).
func (m Matrix) then(n Matrix) Matrix {
	return Matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// painted records that the rectangle (x0, y0)–(x1, y1) in user space was
// painted: its page-space bounds join the open tagged sequence's box,
// from which Figure, Formula and Table elements without a BBox get one.
// Nothing is recorded unless SetAutoBBox is on.
func (p *Page) painted(x0, y0, x1, y1 float64) {
	if p.mark != markTagged || !p.doc.autoBBox {
		return
	}
	if p.ctm[1] == 0 && p.ctm[2] == 0 {
		// Without rotation or skew, two opposite corners span the box.
		x, y := p.ctm.apply(x0, y0)
		p.markBox.add(x, y)
		x, y = p.ctm.apply(x1, y1)
		p.markBox.add(x, y)
		return
	}
	for _, c := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		x, y := p.ctm.apply(c[0], c[1])
		p.markBox.add(x, y)
	}
}

// autoBBox returns the union of the boxes of e's content (its own and its
// descendants' marked content) on the page of its first content.
func (e *StructElem) autoBBox() (Rect, bool) {
	var b box
	var page *Page
	var walk func(x *StructElem, depth int)
	walk = func(x *StructElem, depth int) {
		if depth > 1000 {
			return
		}
		for _, k := range x.kids {
			switch {
			case k.elem > 0:
				walk(e.doc.child(k), depth+1)
			case k.elem < 0, k.isAnnot(): // a written subtree, a link
			default:
				kp := e.doc.pages[k.page]
				if page == nil {
					page = kp
				}
				boxes := page.mcidBoxes()
				if k.form > 0 {
					boxes = e.doc.forms[k.form-1].boxes
				}
				if kp == page && int(k.mcid) < len(boxes) {
					b.union(boxes[k.mcid])
				}
			}
		}
	}
	walk(e, 0)
	return b.rect(), b.ok
}
