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
// values in one pass, checking the syntax of every value, and keeps in
// f.raw the members f keeps (see jsonFields.keep): the kept members are
// what json.Unmarshal into map[string]json.RawMessage gives for them,
// without encoding/json's validation pass, its second scan of each value
// and its copies, and without a map entry for members nobody reads. A
// render-template body is mostly template data that the templates package
// parses itself, so scanning it once here is enough.
//
// It reports false for anything it does not handle, and the caller then
// uses encoding/json, whose errors (with offsets) the client sees:
// malformed JSON, a body that is not an object and nesting past
// maxSplitDepth. f is then partly filled. The values alias body.
func splitObject(body []byte, f *jsonFields) bool {
	s := jsonScanner{jsonscan.Scanner{Data: body}}
	s.Space()
	if !s.Byte('{') {
		return false
	}
	s.Space()
	if s.Byte('}') {
		return s.End()
	}
	for {
		s.Space()
		key, ok := s.key()
		if !ok {
			return false
		}
		s.Space()
		if !s.Byte(':') {
			return false
		}
		s.Space()
		start := s.Pos
		if !s.value(0) {
			return false
		}
		if f.keep(key) {
			f.raw[string(key)] = body[start:s.Pos:s.Pos] // a repeated name keeps its last value, as in encoding/json
		}
		s.Space()
		switch {
		case s.Byte(','):
		case s.Byte('}'):
			return s.End()
		default:
			return false
		}
	}
}

// jsonScanner skips JSON values, checking their syntax as encoding/json
// does.
type jsonScanner struct {
	jsonscan.Scanner
}

// key reads a member name and returns it as encoding/json decodes it:
// in place when it has no escapes and is valid UTF-8, else unquoted by
// encoding/json (which also replaces bytes that are not UTF-8).
func (s *jsonScanner) key() ([]byte, bool) {
	if c, _ := s.Next(); c != '"' {
		return nil, false
	}
	start := s.Pos
	escaped, ok := s.String()
	if !ok {
		return nil, false
	}
	name := s.Data[start+1 : s.Pos-1]
	if !escaped && utf8.Valid(name) {
		return name, true
	}
	var u string
	if json.Unmarshal(s.Data[start:s.Pos], &u) != nil {
		return nil, false
	}
	return []byte(u), true
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
	b, ok := plainBytes(v)
	return string(b), ok
}

// plainBytes is plainString returning the text in place, sharing v.
func plainBytes(v []byte) ([]byte, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return nil, false
	}
	text := v[1 : len(v)-1]
	for _, c := range text {
		if c == '\\' || c == '"' || c < 0x20 {
			return nil, false
		}
	}
	if !utf8.Valid(text) {
		return nil, false
	}
	return text, true
}
