package server

import (
	"encoding/json"
	"unicode/utf8"
)

// maxSplitDepth bounds the nesting splitObject follows; deeper bodies are
// left to encoding/json (whose own limit is 10,000).
const maxSplitDepth = 1000

// splitObject splits a well-formed JSON object into its members' raw
// values in one pass, checking the syntax of every value: the result is
// what json.Unmarshal into map[string]json.RawMessage gives, without
// encoding/json's validation pass, its second scan of each value and its
// copies. A render-template body is mostly template data that the
// templates package parses itself, so scanning it once here is enough.
//
// It reports ok false for anything it does not handle, and the caller
// then uses encoding/json, whose errors (with offsets) the client sees:
// malformed JSON, a body that is not an object, nesting past
// maxSplitDepth, and member names with escapes or non-ASCII bytes (which
// encoding/json unescapes and repairs). The values alias body.
func splitObject(body []byte) (map[string]json.RawMessage, bool) {
	s := jsonScanner{data: body}
	s.space()
	if !s.byte('{') {
		return nil, false
	}
	m := make(map[string]json.RawMessage, 8)
	s.space()
	if s.byte('}') {
		return m, s.end()
	}
	for {
		s.space()
		key, ok := s.plainKey()
		if !ok {
			return nil, false
		}
		s.space()
		if !s.byte(':') {
			return nil, false
		}
		s.space()
		start := s.pos
		if !s.value(0) {
			return nil, false
		}
		m[key] = body[start:s.pos:s.pos] // a repeated name keeps its last value, as in encoding/json
		s.space()
		switch {
		case s.byte(','):
		case s.byte('}'):
			return m, s.end()
		default:
			return nil, false
		}
	}
}

// jsonScanner checks JSON syntax as encoding/json does.
type jsonScanner struct {
	data []byte
	pos  int
}

// end reports whether only white space follows.
func (s *jsonScanner) end() bool {
	s.space()
	return s.pos == len(s.data)
}

func (s *jsonScanner) space() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// byte consumes c if it is next.
func (s *jsonScanner) byte(c byte) bool {
	if s.pos < len(s.data) && s.data[s.pos] == c {
		s.pos++
		return true
	}
	return false
}

// plainKey reads a member name made of printable ASCII without escapes.
func (s *jsonScanner) plainKey() (string, bool) {
	if !s.byte('"') {
		return "", false
	}
	start := s.pos
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			s.pos++
			return string(s.data[start : s.pos-1]), true
		case c == '\\' || c < 0x20 || c >= utf8.RuneSelf:
			return "", false
		}
		s.pos++
	}
	return "", false
}

// value skips one value, checking its syntax.
func (s *jsonScanner) value(depth int) bool {
	if s.pos >= len(s.data) {
		return false
	}
	switch c := s.data[s.pos]; {
	case c == '{':
		return s.object(depth + 1)
	case c == '[':
		return s.array(depth + 1)
	case c == '"':
		return s.str()
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return false
}

func (s *jsonScanner) literal(word string) bool {
	if len(s.data)-s.pos < len(word) || string(s.data[s.pos:s.pos+len(word)]) != word {
		return false
	}
	s.pos += len(word)
	return true
}

func (s *jsonScanner) object(depth int) bool {
	if depth > maxSplitDepth {
		return false
	}
	s.pos++ // {
	s.space()
	if s.byte('}') {
		return true
	}
	for {
		s.space()
		if s.pos >= len(s.data) || s.data[s.pos] != '"' || !s.str() {
			return false
		}
		s.space()
		if !s.byte(':') {
			return false
		}
		s.space()
		if !s.value(depth) {
			return false
		}
		s.space()
		switch {
		case s.byte(','):
		case s.byte('}'):
			return true
		default:
			return false
		}
	}
}

func (s *jsonScanner) array(depth int) bool {
	if depth > maxSplitDepth {
		return false
	}
	s.pos++ // [
	s.space()
	if s.byte(']') {
		return true
	}
	for {
		s.space()
		if !s.value(depth) {
			return false
		}
		s.space()
		switch {
		case s.byte(','):
		case s.byte(']'):
			return true
		default:
			return false
		}
	}
}

// str skips a string: no control characters, only JSON's escapes. Bytes
// that are not UTF-8 are accepted, as encoding/json accepts them (and
// replaces them when it unquotes).
func (s *jsonScanner) str() bool {
	s.pos++ // "
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			s.pos++
			return true
		case c == '\\':
			s.pos++
			if s.pos >= len(s.data) {
				return false
			}
			switch s.data[s.pos] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.pos++
			case 'u':
				if len(s.data)-s.pos < 5 {
					return false
				}
				for _, h := range s.data[s.pos+1 : s.pos+5] {
					if !isHex(h) {
						return false
					}
				}
				s.pos += 5
			default:
				return false
			}
		case c < 0x20:
			return false
		default:
			s.pos++
		}
	}
	return false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// number skips -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *jsonScanner) number() bool {
	d, i := s.data, s.pos
	if d[i] == '-' {
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
	s.pos = i
	return true
}

// digits returns the index after the run of digits starting at i.
func digits(d []byte, i int) int {
	for i < len(d) && d[i] >= '0' && d[i] <= '9' {
		i++
	}
	return i
}

// plainString returns the text of a JSON string value without escapes,
// in valid UTF-8, which is the string itself; ok is false for anything
// else (the caller unquotes with encoding/json).
func plainString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	text := v[1 : len(v)-1]
	for _, c := range text {
		if c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	if !utf8.Valid(text) {
		return "", false
	}
	return string(text), true
}
