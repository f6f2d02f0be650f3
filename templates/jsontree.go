package templates

import (
	"encoding/json"

	"github.com/seed28491532/folio/internal/jsonscan"
)

// maxTreeDepth matches encoding/json's nesting limit: deeper input is left
// to encoding/json, which reports it.
const maxTreeDepth = 10000

// parseTree decodes well-formed JSON into the values encoding/json with
// UseNumber produces (map[string]any, []any, json.Number, string, bool,
// nil) in one pass without reflection. It reports ok false for anything it
// does not accept — malformed input, trailing data, nesting past
// encoding/json's limit — and the caller then runs encoding/json, whose
// error messages are the ones users see. data must be valid UTF-8.
func parseTree(data []byte) (v any, ok bool) {
	p := treeParser{jsonscan.Scanner{Data: data}}
	v, ok = p.value(0)
	if !ok {
		return nil, false
	}
	return v, p.End()
}

// treeParser is the state of parseTree.
type treeParser struct {
	jsonscan.Scanner
}

func (p *treeParser) value(depth int) (any, bool) {
	p.Space()
	c, ok := p.Next()
	switch {
	case !ok:
		return nil, false
	case c == '{':
		return p.object(depth + 1)
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		s, ok := p.str()
		return s, ok
	case c == '-' || c >= '0' && c <= '9':
		start := p.Pos
		if !p.Number() {
			return nil, false
		}
		return json.Number(p.Data[start:p.Pos]), true
	case c == 't':
		return true, p.Literal("true")
	case c == 'f':
		return false, p.Literal("false")
	case c == 'n':
		return nil, p.Literal("null")
	}
	return nil, false
}

func (p *treeParser) object(depth int) (any, bool) {
	if depth > maxTreeDepth {
		return nil, false
	}
	p.Pos++ // {
	m := map[string]any{}
	p.Space()
	if p.Byte('}') {
		return m, true
	}
	for {
		p.Space()
		if c, _ := p.Next(); c != '"' {
			return nil, false
		}
		k, ok := p.str()
		if !ok {
			return nil, false
		}
		p.Space()
		if !p.Byte(':') {
			return nil, false
		}
		v, ok := p.value(depth)
		if !ok {
			return nil, false
		}
		m[k] = v // a repeated name keeps its last value, as in encoding/json
		p.Space()
		switch {
		case p.Byte(','):
		case p.Byte('}'):
			return m, true
		default:
			return nil, false
		}
	}
}

func (p *treeParser) array(depth int) (any, bool) {
	if depth > maxTreeDepth {
		return nil, false
	}
	p.Pos++ // [
	a := []any{}
	p.Space()
	if p.Byte(']') {
		return a, true
	}
	for {
		v, ok := p.value(depth)
		if !ok {
			return nil, false
		}
		a = append(a, v)
		p.Space()
		switch {
		case p.Byte(','):
		case p.Byte(']'):
			return a, true
		default:
			return nil, false
		}
	}
}

// str reads a string token. Strings without escapes are sliced directly;
// the few with escapes are unquoted by encoding/json so that every escape
// (surrogate pairs, invalid ones becoming U+FFFD) means the same.
func (p *treeParser) str() (string, bool) {
	start := p.Pos
	escaped, ok := p.String()
	switch {
	case !ok:
		return "", false
	case !escaped:
		return string(p.Data[start+1 : p.Pos-1]), true
	}
	var s string
	if json.Unmarshal(p.Data[start:p.Pos], &s) != nil {
		return "", false
	}
	return s, true
}
