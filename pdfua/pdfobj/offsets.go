package pdfobj

import "math"

// offsetTable holds the file offset of every object a streaming writer
// allocated (0 until it is written), in blocks of offsetsPer objects. A
// block keeps its offsets as 4-byte distances from the first offset
// written in it, as the file only grows: a long document's table (about
// a hundred objects a page) then takes half the memory of 8-byte
// offsets, and grows without copying. A block whose offsets span more
// than 4 GiB of file switches to 8-byte offsets.
type offsetTable struct {
	blocks []offsetBlock
	n      int // objects allocated
}

// offsetBlock is the offsets of offsetsPer consecutive objects: rel[i]
// is 1 + the offset of object i less base (0: not written), unless wide
// holds them.
type offsetBlock struct {
	base int64
	rel  []uint32
	wide []int64
}

// offsetsPer is the number of objects of a block.
const offsetsPer = 1024

// alloc adds an object, not written yet.
func (t *offsetTable) alloc() {
	if t.n == len(t.blocks)*offsetsPer {
		t.blocks = append(t.blocks, offsetBlock{base: -1, rel: make([]uint32, offsetsPer)})
	}
	t.n++
}

// len returns the number of objects allocated.
func (t *offsetTable) len() int { return t.n }

// get returns the offset of object index i (0-based), 0 when not written.
func (t *offsetTable) get(i int) int64 {
	b := &t.blocks[i/offsetsPer]
	if b.wide != nil {
		return b.wide[i%offsetsPer]
	}
	v := b.rel[i%offsetsPer]
	if v == 0 {
		return 0
	}
	return b.base + int64(v) - 1
}

// set records off (> 0) as the offset of object index i.
func (t *offsetTable) set(i int, off int64) {
	b := &t.blocks[i/offsetsPer]
	if b.wide == nil && b.base < 0 {
		b.base = off
	}
	if b.wide == nil {
		if d := off - b.base + 1; d > 0 && d <= math.MaxUint32 {
			b.rel[i%offsetsPer] = uint32(d)
			return
		}
		b.widen()
	}
	b.wide[i%offsetsPer] = off
}

// widen moves b's offsets to 8-byte values.
func (b *offsetBlock) widen() {
	b.wide = make([]int64, offsetsPer)
	for j, v := range b.rel {
		if v != 0 {
			b.wide[j] = b.base + int64(v) - 1
		}
	}
	b.rel = nil
}
