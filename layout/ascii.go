package layout

// asciiPrefix returns the length of the longest prefix of s that is
// ASCII. Paragraph text is mostly ASCII: the scans for right-to-left
// characters (hasRTL) and for characters with line-breaking rules of
// their own (needsWordBreaks) skip that prefix eight bytes at a time
// instead of decoding it rune by rune.
func asciiPrefix(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8] // one bounds check: the loads below combine into one
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if w&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			break
		}
	}
	return i
}
