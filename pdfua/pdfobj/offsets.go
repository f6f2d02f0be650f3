package pdfobj

import (
	"encoding/binary"
	"math"
	"slices"
)

// offsetTable holds the file offset of every object a streaming writer
// allocated (0 until it is written), in blocks of offsetsPer objects. A
// long document has about a hundred objects a page, so the table is
// kept small:
//
//   - The blocks objects are still being allocated in, and those with
//     many objects not written yet, hold 4-byte distances from the first
//     offset written in the block (the file only grows, so no offset of
//     the block is smaller): half the memory of 8-byte offsets. A block
//     whose offsets span more than 4 GiB of file holds 8-byte offsets.
//   - A block two blocks behind the last one, with at most one object in
//     holeFraction not written yet, is packed: the differences between
//     the offsets of consecutive objects (about an object's length: one
//     byte for most structure elements, two for most others) as
//     varints, and the objects not written yet (pages, annotations,
//     elements written at the end) as holes, each with its offset once
//     written.
type offsetTable struct {
	blocks []offsetBlock
	n      int   // objects allocated
	open   []int // blocks not packed, behind the last two
}

// offsetBlock is the offsets of offsetsPer consecutive objects: rel[i]
// is 1 + the offset of object i less base (0: not written), unless wide
// holds them or the block is packed (deltas, holes).
type offsetBlock struct {
	base    int64
	rel     []uint32
	wide    []int64
	written int // objects written
	// A packed block: for each object, a varint: 0 for a hole, else
	// the difference d from the offset of the object written before it
	// in the block (base for the first) as d+2 when d >= 0, or 1
	// followed by -d.
	deltas []byte
	holes  []hole
}

// hole is an object of a packed block not written when it was packed:
// its index in the block and its offset, 0 until written.
type hole struct {
	i   uint16
	off int64
}

const (
	// offsetsPer is the number of objects of a block.
	offsetsPer = 1024
	// holeFraction: a block is packed when no more than one object in
	// holeFraction is not written.
	holeFraction = 16
)

// alloc adds an object, not written yet.
func (t *offsetTable) alloc() {
	if t.n == len(t.blocks)*offsetsPer {
		t.blocks = append(t.blocks, offsetBlock{base: -1, rel: make([]uint32, offsetsPer)})
		if k := len(t.blocks) - 3; k >= 0 {
			t.open = append(t.open, k)
		}
		t.pack()
	}
	t.n++
}

// pack packs the blocks behind the last two that have few enough
// objects not written.
func (t *offsetTable) pack() {
	t.open = slices.DeleteFunc(t.open, func(k int) bool {
		b := &t.blocks[k]
		if offsetsPer-b.written > offsetsPer/holeFraction {
			return false
		}
		b.pack()
		return true
	})
}

// len returns the number of objects allocated.
func (t *offsetTable) len() int { return t.n }

// isWritten reports whether object index i (0-based) was written.
func (t *offsetTable) isWritten(i int) bool {
	b := &t.blocks[i/offsetsPer]
	if b.deltas != nil {
		h, ok := b.hole(i % offsetsPer)
		return !ok || h.off != 0
	}
	return b.at(i%offsetsPer) != 0
}

// set records off (> 0) as the offset of object index i, not written
// before.
func (t *offsetTable) set(i int, off int64) {
	b := &t.blocks[i/offsetsPer]
	b.written++
	j := i % offsetsPer
	if b.deltas != nil {
		if h, ok := b.hole(j); ok {
			h.off = off
		}
		return
	}
	if b.wide == nil && b.base < 0 {
		b.base = off
	}
	if b.wide == nil {
		if d := off - b.base + 1; d > 0 && d <= math.MaxUint32 {
			b.rel[j] = uint32(d)
			return
		}
		b.widen()
	}
	b.wide[j] = off
}

// each calls fn with the offset of every object in number order, 0 for
// one not written.
func (t *offsetTable) each(fn func(off int64)) {
	for k := range t.blocks {
		b := &t.blocks[k]
		n := min(offsetsPer, t.n-k*offsetsPer)
		if b.deltas == nil {
			for j := range n {
				fn(b.at(j))
			}
			continue
		}
		data, prev, h := b.deltas, b.base, 0
		for range n {
			v, m := binary.Uvarint(data)
			data = data[m:]
			switch v {
			case 0:
				fn(b.holes[h].off)
				h++
				continue
			case 1:
				v, m = binary.Uvarint(data)
				data = data[m:]
				prev -= int64(v)
			default:
				prev += int64(v - 2)
			}
			fn(prev)
		}
	}
}

// at returns the offset of object j of an unpacked block, 0 when not
// written.
func (b *offsetBlock) at(j int) int64 {
	if b.wide != nil {
		return b.wide[j]
	}
	v := b.rel[j]
	if v == 0 {
		return 0
	}
	return b.base + int64(v) - 1
}

// hole returns object j's hole in a packed block, if it is one.
func (b *offsetBlock) hole(j int) (*hole, bool) {
	k, ok := slices.BinarySearchFunc(b.holes, uint16(j), func(h hole, j uint16) int { return int(h.i) - int(j) })
	if !ok {
		return nil, false
	}
	return &b.holes[k], true
}

// pack replaces b's offsets by their differences, its objects not
// written by holes.
func (b *offsetBlock) pack() {
	var data []byte
	var holes []hole
	prev := b.base
	for j := range offsetsPer {
		off := b.at(j)
		if off == 0 {
			data = append(data, 0)
			holes = append(holes, hole{i: uint16(j)})
			continue
		}
		if d := off - prev; d >= 0 {
			data = binary.AppendUvarint(data, uint64(d)+2)
		} else {
			data = binary.AppendUvarint(append(data, 1), uint64(-d))
		}
		prev = off
	}
	if b.base < 0 {
		b.base = 0 // nothing written: every object is a hole
	}
	b.deltas, b.holes = slices.Clip(data), slices.Clip(holes)
	b.rel, b.wide = nil, nil
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
