package pdfua

import "encoding/binary"

// adlerMod is the modulus of Adler-32 (RFC 1950 §9).
const adlerMod = 65521

// adlerChunk is how many bytes adler32Sum sums before reducing: the sums
// are 64-bit, so they cannot overflow within it.
const adlerChunk = 1 << 20

// adler32Sum returns the Adler-32 checksum of data, as
// hash/adler32.Checksum does, eight bytes at a time: the bytes' sum and
// their sum weighted 8…1 come from two multiplications of 16-bit lanes
// each (no lane overflows: at most 255·20 in one), about three times
// faster than a byte at a time on a chart's content stream.
func adler32Sum(data []byte) uint32 {
	s1, s2 := uint64(1), uint64(0)
	for len(data) > 0 {
		chunk := data[:min(len(data), adlerChunk)]
		data = data[len(chunk):]
		for len(chunk) >= 8 {
			w := binary.LittleEndian.Uint64(chunk)
			even := w & 0x00ff00ff00ff00ff       // bytes 0, 2, 4, 6
			odd := (w >> 8) & 0x00ff00ff00ff00ff // bytes 1, 3, 5, 7
			sum := (even + odd) * 0x0001000100010001 >> 48
			weighted := even*(8<<48|6<<32|4<<16|2)>>48 + odd*(7<<48|5<<32|3<<16|1)>>48
			s2 += 8*s1 + weighted
			s1 += sum
			chunk = chunk[8:]
		}
		for _, b := range chunk {
			s1 += uint64(b)
			s2 += s1
		}
		s1 %= adlerMod
		s2 %= adlerMod
	}
	return uint32(s2<<16 | s1)
}

// zlibHeader returns the two bytes that open a zlib stream compressed at
// level (RFC 1950 §2.2: deflate, a 32 KB window, the level's FLEVEL, the
// check bits), as zlib.Writer writes them.
func zlibHeader(level int) []byte {
	flevel := byte(2) // the default level (-1, 6)
	switch {
	case level == -2 || level == 0 || level == 1:
		flevel = 0
	case level >= 2 && level <= 5:
		flevel = 1
	case level >= 7:
		flevel = 3
	}
	h := [2]byte{0x78, flevel << 6}
	h[1] += byte(31 - (uint16(h[0])<<8|uint16(h[1]))%31)
	return h[:]
}
