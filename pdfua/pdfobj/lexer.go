package pdfobj

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
)

// tokenKind classifies a lexical token of PDF syntax.
type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokInt
	tokReal
	tokName
	tokString
	tokHex
	tokArrayOpen
	tokArrayClose
	tokDictOpen
	tokDictClose
	tokKeyword // true, false, null, R, obj, stream, operators…
)

// token is one lexical token. For strings and names val holds the decoded
// bytes; for numbers and keywords the raw text.
type token struct {
	kind tokenKind
	val  []byte
	num  int64
	real float64
}

// lexer splits PDF syntax into tokens. It never panics on malformed input:
// unterminated strings end at the end of data.
type lexer struct {
	data []byte
	pos  int
}

func isWhite(c byte) bool {
	switch c {
	case 0, '\t', '\n', '\f', '\r', ' ':
		return true
	}
	return false
}

func isRegular(c byte) bool { return !isWhite(c) && !isDelimiter(c) }

// skipSpace skips white space and comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.data) {
		c := l.data[l.pos]
		if isWhite(c) {
			l.pos++
			continue
		}
		if c == '%' {
			for l.pos < len(l.data) && l.data[l.pos] != '\n' && l.data[l.pos] != '\r' {
				l.pos++
			}
			continue
		}
		return
	}
}

var errSyntax = errors.New("pdfobj: syntax error")

// next returns the next token.
func (l *lexer) next() (token, error) {
	l.skipSpace()
	if l.pos >= len(l.data) {
		return token{kind: tokEOF}, nil
	}
	c := l.data[l.pos]
	switch c {
	case '[':
		l.pos++
		return token{kind: tokArrayOpen}, nil
	case ']':
		l.pos++
		return token{kind: tokArrayClose}, nil
	case '{', '}':
		l.pos++
		return token{kind: tokKeyword, val: l.data[l.pos-1 : l.pos]}, nil
	case '<':
		if l.pos+1 < len(l.data) && l.data[l.pos+1] == '<' {
			l.pos += 2
			return token{kind: tokDictOpen}, nil
		}
		return l.hexString(), nil
	case '>':
		if l.pos+1 < len(l.data) && l.data[l.pos+1] == '>' {
			l.pos += 2
			return token{kind: tokDictClose}, nil
		}
		l.pos++
		return token{}, fmt.Errorf("%w: stray '>' at offset %d", errSyntax, l.pos-1)
	case '(':
		return l.literalString(), nil
	case '/':
		return l.name(), nil
	case ')':
		l.pos++
		return token{}, fmt.Errorf("%w: stray ')' at offset %d", errSyntax, l.pos-1)
	}
	start := l.pos
	for l.pos < len(l.data) && isRegular(l.data[l.pos]) {
		l.pos++
	}
	word := l.data[start:l.pos]
	if t, ok := parseNumber(word); ok {
		return t, nil
	}
	return token{kind: tokKeyword, val: word}, nil
}

// parseNumber recognises PDF integers and reals (no exponents).
func parseNumber(w []byte) (token, bool) {
	if len(w) == 0 {
		return token{}, false
	}
	i := 0
	if w[0] == '+' || w[0] == '-' {
		i++
	}
	digits, dots := 0, 0
	for ; i < len(w); i++ {
		switch {
		case w[i] >= '0' && w[i] <= '9':
			digits++
		case w[i] == '.':
			dots++
		default:
			return token{}, false
		}
	}
	if digits == 0 || dots > 1 {
		return token{}, false
	}
	if dots == 0 {
		if len(w) <= 18 {
			// Fast path without allocation: at most 18 digits fit int64.
			neg := w[0] == '-'
			var n int64
			for _, c := range w {
				if c >= '0' && c <= '9' {
					n = n*10 + int64(c-'0')
				}
			}
			if neg {
				n = -n
			}
			return token{kind: tokInt, num: n}, true
		}
		n, err := strconv.ParseInt(string(w), 10, 64)
		if err != nil {
			// Out of range integers are read as reals, as viewers do.
			f, _ := strconv.ParseFloat(string(w), 64)
			return token{kind: tokReal, real: f}, true
		}
		return token{kind: tokInt, num: n}, true
	}
	f, err := strconv.ParseFloat(string(w), 64)
	if err != nil {
		return token{}, false
	}
	return token{kind: tokReal, real: f}, true
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func (l *lexer) name() token {
	l.pos++ // '/'
	start := l.pos
	for l.pos < len(l.data) && isRegular(l.data[l.pos]) {
		l.pos++
	}
	raw := l.data[start:l.pos]
	if bytes.IndexByte(raw, '#') < 0 {
		return token{kind: tokName, val: raw}
	}
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		if raw[i] == '#' && i+2 < len(raw) {
			h, ok1 := unhex(raw[i+1])
			lo, ok2 := unhex(raw[i+2])
			if ok1 && ok2 {
				out = append(out, h<<4|lo)
				i += 2
				continue
			}
		}
		out = append(out, raw[i])
	}
	return token{kind: tokName, val: out}
}

func (l *lexer) hexString() token {
	l.pos++ // '<'
	out := make([]byte, 0, 16)
	var hi byte
	half := false
	for l.pos < len(l.data) {
		c := l.data[l.pos]
		l.pos++
		if c == '>' {
			break
		}
		v, ok := unhex(c)
		if !ok {
			continue
		}
		if half {
			out = append(out, hi<<4|v)
			half = false
		} else {
			hi, half = v, true
		}
	}
	if half {
		out = append(out, hi<<4)
	}
	return token{kind: tokHex, val: out}
}

func (l *lexer) literalString() token {
	l.pos++ // '('
	// Fast path: no escapes, nesting or carriage returns before ')'.
	for i := l.pos; i < len(l.data); i++ {
		c := l.data[i]
		if c == ')' {
			out := append([]byte(nil), l.data[l.pos:i]...)
			l.pos = i + 1
			return token{kind: tokString, val: out}
		}
		if c == '\\' || c == '(' || c == '\r' {
			break
		}
	}
	out := make([]byte, 0, 16)
	depth := 1
	for l.pos < len(l.data) {
		c := l.data[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return token{kind: tokString, val: out}
			}
		case '\r':
			// End-of-line in a string is read as a single \n.
			if l.pos < len(l.data) && l.data[l.pos] == '\n' {
				l.pos++
			}
			c = '\n'
		case '\\':
			if l.pos >= len(l.data) {
				continue
			}
			e := l.data[l.pos]
			l.pos++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if l.pos < len(l.data) && l.data[l.pos] == '\n' {
					l.pos++
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.pos < len(l.data) && l.data[l.pos] >= '0' && l.data[l.pos] <= '7'; k++ {
						v = v*8 + int(l.data[l.pos]-'0')
						l.pos++
					}
					c = byte(v)
				} else {
					c = e
				}
			}
		}
		out = append(out, c)
	}
	return token{kind: tokString, val: out}
}
