package jsonscan

// Scanner reads JSON tokens from Data starting at Pos, checking their
// syntax as encoding/json does. Each method that reads a token leaves Pos
// after it when it succeeds; when it fails, Pos is unspecified and the
// caller gives up (and lets encoding/json report the error).
type Scanner struct {
	Data []byte
	Pos  int
}

// Space skips white space.
func (s *Scanner) Space() {
	for s.Pos < len(s.Data) {
		switch s.Data[s.Pos] {
		case ' ', '\t', '\n', '\r':
			s.Pos++
		default:
			return
		}
	}
}

// Byte consumes c if it is next.
func (s *Scanner) Byte(c byte) bool {
	if s.Pos < len(s.Data) && s.Data[s.Pos] == c {
		s.Pos++
		return true
	}
	return false
}

// Next returns the next byte without consuming it; ok is false at the
// end of the data.
func (s *Scanner) Next() (c byte, ok bool) {
	if s.Pos < len(s.Data) {
		return s.Data[s.Pos], true
	}
	return 0, false
}

// End reports whether only white space is left.
func (s *Scanner) End() bool {
	s.Space()
	return s.Pos == len(s.Data)
}

// Literal consumes word (true, false or null) if it is next.
func (s *Scanner) Literal(word string) bool {
	if len(s.Data)-s.Pos < len(word) || string(s.Data[s.Pos:s.Pos+len(word)]) != word {
		return false
	}
	s.Pos += len(word)
	return true
}

// String consumes a string token, Pos at its opening quote: no control
// characters, only JSON's escapes. escaped says it has any (the caller
// then unquotes it with encoding/json, which treats surrogates as it
// does). Bytes that are not UTF-8 are accepted, as encoding/json accepts
// them (and replaces them when it unquotes).
func (s *Scanner) String() (escaped, ok bool) {
	d := s.Data
	i := s.Pos + 1 // after "
	for i < len(d) {
		c := d[i]
		switch {
		case c == '"':
			s.Pos = i + 1
			return escaped, true
		case c == '\\':
			escaped = true
			i++
			if i >= len(d) {
				return escaped, false
			}
			switch d[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if len(d)-i < 5 {
					return escaped, false
				}
				for _, h := range d[i+1 : i+5] {
					if !isHex(h) {
						return escaped, false
					}
				}
				i += 5
			default:
				return escaped, false
			}
		case c < 0x20:
			return escaped, false
		default:
			i++
		}
	}
	return escaped, false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// Number consumes a number token, Pos at its first byte:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *Scanner) Number() bool {
	d, i := s.Data, s.Pos
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		i = digits(d, i)
	default:
		return false
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return false
		}
		i = digits(d, i)
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return false
		}
		i = digits(d, i)
	}
	s.Pos = i
	return true
}

// digits returns the index after the run of digits starting at i.
func digits(d []byte, i int) int {
	for i < len(d) && d[i] >= '0' && d[i] <= '9' {
		i++
	}
	return i
}
