package fonts

import "sync"

// Sizes of the blocks Shape carves its glyph arrays from: a block holds
// glyphBlockLen glyphs (40 KB); texts longer than maxCarved bytes get an
// array of their own. A block's tail too short for the next text is given
// up, so at most 1/16 of a block is wasted.
const (
	glyphBlockLen = 1024
	maxCarved     = glyphBlockLen / 16
)

// glyphBlocks hands out the glyph arrays Shape returns, carved from larger
// blocks so that a call for a short text does not cost an allocation of
// its own. Each Shape call takes a block from the pool (so no two calls
// carve one block at once), carves its array from the block's free tail
// and puts the block back. A carved array is never handed out twice: it
// belongs to the caller, and the block's memory is freed once no array
// carved from it is reachable.
type glyphBlocks struct{ pool sync.Pool }

// glyphBlock is a block's unused tail and the capacity of the array last
// carved from it.
type glyphBlock struct {
	free   []Glyph
	carved int
}

// alloc returns an empty glyph array with capacity n and the block it was
// carved from (nil if it was allocated on its own); pass both to release.
func (p *glyphBlocks) alloc(n int) ([]Glyph, *glyphBlock) {
	if n > maxCarved {
		return make([]Glyph, 0, n), nil
	}
	b, _ := p.pool.Get().(*glyphBlock)
	if b == nil || len(b.free) < n {
		b = &glyphBlock{free: make([]Glyph, glyphBlockLen)}
	}
	b.carved = n
	return b.free[:0:n], b
}

// release takes the part of the block that glyphs (the array alloc
// returned, as filled) uses off the block's free tail and returns the block
// to the pool. If appending outgrew the array (more glyphs than expected)
// the whole carved capacity is given up.
func (p *glyphBlocks) release(glyphs []Glyph, b *glyphBlock) {
	if b == nil {
		return
	}
	switch {
	case len(glyphs) == 0:
	case &glyphs[0] == &b.free[0]:
		b.free = b.free[len(glyphs):]
	default: // reallocated by append: skip the whole carved capacity
		b.free = b.free[b.carved:]
	}
	p.pool.Put(b)
}
