// Package testimg builds image files for tests: hostile or malformed
// ones that image encoders will not write.
package testimg

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// PNGHeaders returns a PNG file of chunks with sound CRCs: an IHDR saying
// w×h at the bit depth, colour type and interlace method given, one IDAT
// holding idat (not necessarily image data), and IEND. A decoder that
// trusts the header allocates the whole image before finding out.
func PNGHeaders(w, h int, depth, colorType, interlace byte, idat []byte) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, body []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(body)))
		b.Write(n[:])
		start := b.Len()
		b.WriteString(typ)
		b.Write(body)
		binary.BigEndian.PutUint32(n[:], crc32.ChecksumIEEE(b.Bytes()[start:]))
		b.Write(n[:])
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9], ihdr[12] = depth, colorType, interlace
	chunk("IHDR", ihdr)
	chunk("IDAT", idat)
	chunk("IEND", nil)
	return b.Bytes()
}
