package server

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/seed28491532/folio/internal/jsonscan"
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
	s := jsonScanner{jsonscan.Scanner{Data: body}}
	s.Space()
	if !s.Byte('{') {
		return nil, false
	}
	m := make(map[string]json.RawMessage, 8)
	s.Space()
	if s.Byte('}') {
		return m, s.End()
	}
	for {
		s.Space()
		key, ok := s.plainKey()
		if !ok {
			return nil, false
		}
		s.Space()
		if !s.Byte(':') {
			return nil, false
		}
		s.Space()
		start := s.Pos
		if !s.value(0) {
			return nil, false
		}
		m[key] = body[start:s.Pos:s.Pos] // a repeated name keeps its last value, as in encoding/json
		s.Space()
		switch {
		case s.Byte(','):
		case s.Byte('}'):
			return m, s.End()
		default:
			return nil, false
		}
	}
}

// jsonScanner skips JSON values, checking their syntax as encoding/json
// does.
type jsonScanner struct {
	jsonscan.Scanner
}

// plainKey reads a member name made of printable ASCII without escapes.
func (s *jsonScanner) plainKey() (string, bool) {
	if !s.Byte('"') {
		return "", false
	}
	start := s.Pos
	for s.Pos < len(s.Data) {
		c := s.Data[s.Pos]
		switch {
		case c == '"':
			s.Pos++
			return string(s.Data[start : s.Pos-1]), true
		case c == '\\' || c < 0x20 || c >= utf8.RuneSelf:
			return "", false
		}
		s.Pos++
	}
	return "", false
}

// value skips one value, checking its syntax.
func (s *jsonScanner) value(depth int) bool {
	c, ok := s.Next()
	switch {
	case !ok:
		return false
	case c == '{':
		return s.object(depth + 1)
	case c == '[':
		return s.array(depth + 1)
	case c == '"':
		_, ok := s.String()
		return ok
	case c == '-' || c >= '0' && c <= '9':
		return s.Number()
	case c == 't':
		return s.Literal("true")
	case c == 'f':
		return s.Literal("false")
	case c == 'n':
		return s.Literal("null")
	}
	return false
}

func (s *jsonScanner) object(depth int) bool {
	if depth > maxSplitDepth {
		return false
	}
	s.Pos++ // {
	s.Space()
	if s.Byte('}') {
		return true
	}
	for {
		s.Space()
		if c, _ := s.Next(); c != '"' {
			return false
		}
		if _, ok := s.String(); !ok {
			return false
		}
		s.Space()
		if !s.Byte(':') {
			return false
		}
		s.Space()
		if !s.value(depth) {
			return false
		}
		s.Space()
		switch {
		case s.Byte(','):
		case s.Byte('}'):
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
	s.Pos++ // [
	s.Space()
	if s.Byte(']') {
		return true
	}
	for {
		s.Space()
		if !s.value(depth) {
			return false
		}
		s.Space()
		switch {
		case s.Byte(','):
		case s.Byte(']'):
			return true
		default:
			return false
		}
	}
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
