package templates

import (
	"encoding/json"
	"unicode/utf8"
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
	p := treeParser{data: data}
	v, ok = p.value(0)
	if !ok {
		return nil, false
	}
	p.space()
	return v, p.pos == len(data)
}

// treeParser is the state of parseTree.
type treeParser struct {
	data []byte
	pos  int
}

func (p *treeParser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *treeParser) value(depth int) (any, bool) {
	p.space()
	if p.pos >= len(p.data) {
		return nil, false
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth + 1)
	case c == '[':
		return p.array(depth + 1)
	case c == '"':
		s, ok := p.str()
		return s, ok
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	}
	return nil, false
}

func (p *treeParser) literal(word string) bool {
	if len(p.data)-p.pos < len(word) || string(p.data[p.pos:p.pos+len(word)]) != word {
		return false
	}
	p.pos += len(word)
	return true
}

func (p *treeParser) object(depth int) (any, bool) {
	if depth > maxTreeDepth {
		return nil, false
	}
	p.pos++ // {
	m := map[string]any{}
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return m, true
	}
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, false
		}
		k, ok := p.str()
		if !ok {
			return nil, false
		}
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, false
		}
		p.pos++
		v, ok := p.value(depth)
		if !ok {
			return nil, false
		}
		m[k] = v // a repeated name keeps its last value, as in encoding/json
		p.space()
		if p.pos >= len(p.data) {
			return nil, false
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
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
	p.pos++ // [
	a := []any{}
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return a, true
	}
	for {
		v, ok := p.value(depth)
		if !ok {
			return nil, false
		}
		a = append(a, v)
		p.space()
		if p.pos >= len(p.data) {
			return nil, false
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
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
	start := p.pos
	p.pos++ // "
	escaped := false
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			if !escaped {
				return string(p.data[start+1 : p.pos-1]), true
			}
			var s string
			if json.Unmarshal(p.data[start:p.pos], &s) != nil {
				return "", false
			}
			return s, true
		case c == '\\':
			escaped = true
			p.pos += 2 // the escaped byte is never the closing quote
		case c < 0x20:
			return "", false // control characters must be escaped
		case c < utf8.RuneSelf:
			p.pos++
		default:
			_, size := utf8.DecodeRune(p.data[p.pos:])
			p.pos += size
		}
	}
	return "", false
}

// number reads a number token as a json.Number after checking its syntax:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *treeParser) number() (any, bool) {
	d, start := p.data, p.pos
	i := p.pos
	if d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		return nil, false
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return nil, false
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			return nil, false
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	p.pos = i
	return json.Number(d[start:i]), true
}
