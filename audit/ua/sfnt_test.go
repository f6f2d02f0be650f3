package ua

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/go-fonts/liberation/liberationsansregular"
)

// linearCmapLookup is the segment-by-segment scan that cmapLookup's
// binary searches replace, for formats 4 and 12 of well-formed tables.
func linearCmapLookup(sub []byte, c uint32) int {
	u16 := func(i int) int { return int(binary.BigEndian.Uint16(sub[i:])) }
	switch u16(0) {
	case 4:
		segX2 := u16(6)
		for s := 0; s < segX2; s += 2 {
			end, start, delta, ro := u16(14+s), u16(16+segX2+s), u16(16+2*segX2+s), u16(16+3*segX2+s)
			if int(c) > end {
				continue
			}
			if int(c) < start {
				return 0
			}
			if ro == 0 {
				return (int(c) + delta) & 0xFFFF
			}
			g := u16(16 + 3*segX2 + s + ro + 2*(int(c)-start))
			if g == 0 {
				return 0
			}
			return (g + delta) & 0xFFFF
		}
	case 12:
		n := int(binary.BigEndian.Uint32(sub[12:]))
		for i := 0; i < n; i++ {
			g := sub[16+12*i:]
			lo, hi := binary.BigEndian.Uint32(g), binary.BigEndian.Uint32(g[4:])
			if c >= lo && c <= hi {
				return int(binary.BigEndian.Uint32(g[8:]) + c - lo)
			}
		}
	}
	return 0
}

// format12 builds a format 12 subtable of n groups of 3 codes, 5 apart.
func format12(n int) []byte {
	sub := make([]byte, 16+12*n)
	binary.BigEndian.PutUint16(sub, 12)
	binary.BigEndian.PutUint32(sub[12:], uint32(n))
	for i := 0; i < n; i++ {
		g := sub[16+12*i:]
		binary.BigEndian.PutUint32(g, uint32(5*i))
		binary.BigEndian.PutUint32(g[4:], uint32(5*i+2))
		binary.BigEndian.PutUint32(g[8:], uint32(7*i+1))
	}
	return sub
}

// TestCmapLookupMatchesScan: the binary searches of formats 4 and 12 give
// the scan's glyph for every code of the Liberation Sans cmap and of a
// synthetic format 12 table of 3,000 groups.
func TestCmapLookupMatchesScan(t *testing.T) {
	prog, err := parseSFNT(liberationsansregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	subs := map[string][]byte{"format 12": format12(3000)}
	for _, pe := range prog.cmaps {
		if sub := prog.cmapTable(pe[0], pe[1]); sub != nil {
			if f := binary.BigEndian.Uint16(sub); f == 4 || f == 12 {
				subs[fmt.Sprintf("Liberation Sans (%d,%d) format %d", pe[0], pe[1], f)] = sub
			}
		}
	}
	if len(subs) < 2 {
		t.Fatal("Liberation Sans has no format 4 cmap")
	}
	for name, sub := range subs {
		last := uint32(0xFFFF)
		if name == "format 12" {
			last = 5*3000 + 8 // past the last group
		}
		for c := uint32(0); c <= last; c++ {
			got, ok := cmapLookup(sub, c)
			if want := linearCmapLookup(sub, c); !ok || got != want {
				t.Fatalf("%s: code %#x = %d %v, want %d", name, c, got, ok, want)
			}
		}
	}
	// A truncated format 4 table is not read.
	for _, sub := range subs {
		if binary.BigEndian.Uint16(sub) == 4 {
			if _, ok := cmapLookup(sub[:20], 'A'); ok {
				t.Error("truncated format 4 table read")
			}
		}
	}
}
