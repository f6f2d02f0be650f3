package jsonscan

import (
	"encoding/json"
	"testing"
)

// scanOne reports whether text is one JSON string, number or literal,
// with white space around it, as the Scanner reads it.
func scanOne(text string) bool {
	s := Scanner{Data: []byte(text)}
	s.Space()
	c, ok := s.Next()
	if !ok {
		return false
	}
	switch {
	case c == '"':
		_, ok = s.String()
	case c == '-' || c >= '0' && c <= '9':
		ok = s.Number()
	case c == 't':
		ok = s.Literal("true")
	case c == 'f':
		ok = s.Literal("false")
	case c == 'n':
		ok = s.Literal("null")
	default:
		return false
	}
	return ok && s.End()
}

// scalar reports whether text, white space aside, starts like a string,
// number or literal (not an object or array, which Scanner leaves to its
// callers).
func scalar(text string) bool {
	s := Scanner{Data: []byte(text)}
	s.Space()
	c, ok := s.Next()
	return ok && c != '{' && c != '[' && c != ']' && c != '}' && c != ',' && c != ':'
}

var tokens = []string{
	`""`, `"a b"`, `"\u00e9"`, `"\u00E9x"`, `"\u00g9"`, `"\u12"`, `"\x"`, "\"\x01\"", "\"\x7f\"", `"\/\b\f\n\r\t\"\\"`,
	`"unterminated`, `"ends with \"`, "\"\xff\xfe\"", `  "spaced"  `, `0`, `-0`, `01`, `1.`, `1.5e+3`, `-`, `1e`, `1e-`,
	`.5`, `-.5`, `12.34E10`, `0.0`, `-12`, `1 2`, `true`, `tru`, `null`, `nulls`, `false `, `nul`, `t`, `"a""b"`,
}

// TestTokensAgreeWithEncodingJSON checks the scanner accepts exactly the
// single tokens encoding/json accepts.
func TestTokensAgreeWithEncodingJSON(t *testing.T) {
	for _, tok := range tokens {
		if got, want := scanOne(tok), json.Valid([]byte(tok)); got != want {
			t.Errorf("%q: scanner says %v, encoding/json %v", tok, got, want)
		}
	}
}

// TestStringEscaped checks String says whether a string has escapes and
// leaves Pos after its closing quote.
func TestStringEscaped(t *testing.T) {
	for _, c := range []struct {
		text    string
		escaped bool
		end     int
	}{{`"plain",`, false, 7}, {`"a\nb" `, true, 6}, {`"\u0041"x`, true, 8}} {
		s := Scanner{Data: []byte(c.text)}
		escaped, ok := s.String()
		if !ok || escaped != c.escaped || s.Pos != c.end {
			t.Errorf("%q: escaped %v ok %v pos %d, want %v true %d", c.text, escaped, ok, s.Pos, c.escaped, c.end)
		}
	}
}

// FuzzTokens compares the scanner with encoding/json on arbitrary text
// that starts like a string, number or literal.
func FuzzTokens(f *testing.F) {
	for _, tok := range tokens {
		f.Add(tok)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !scalar(text) {
			return
		}
		if got, want := scanOne(text), json.Valid([]byte(text)); got != want {
			t.Errorf("%q: scanner says %v, encoding/json %v", text, got, want)
		}
	})
}
