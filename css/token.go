package css

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tdewolff/parse/v2"
	tcss "github.com/tdewolff/parse/v2/css"
)

// Kind is the kind of a component-value token.
type Kind uint8

// Token kinds. Function and Block tokens carry their contents in Args.
const (
	Ident Kind = iota
	Function
	AtKeyword
	Hash
	String
	URL
	Delim
	Number
	Percentage
	Dimension
	UnicodeRange
	Whitespace
	Colon
	Semicolon
	Comma
	Block // Text is "(", "[" or "{"
	BadString
	BadURL
	CDO
	CDC
	Match  // ~= |= ^= $= *= and || (Text holds the operator)
	Closer // an unmatched ) ] or }
)

// Pos is a position in a stylesheet: 1-based line and column.
type Pos struct {
	Line, Col int
}

// Token is one component value.
type Token struct {
	Kind Kind
	// Text is the unescaped name of an ident, function (without "("),
	// at-keyword (without "@") or hash (without "#"); the contents of a
	// string or url; the character of a delim; the opener of a block; the
	// number as written for numeric tokens.
	Text string
	// Raw is the token's source text as written ("" for tokens built by
	// the cascade); functions and blocks hold only their opening part.
	Raw string
	// Num is the numeric value of Number, Percentage and Dimension.
	Num float64
	// Unit is the lower-cased unit of a Dimension.
	Unit string
	// Args holds the contents of a Function or Block.
	Args []Token
	Pos  Pos
}

// Is reports whether t is the identifier name (ASCII case-insensitive).
func (t Token) Is(name string) bool {
	return t.Kind == Ident && strings.EqualFold(t.Text, name)
}

// IsDelim reports whether t is the delim c.
func (t Token) IsDelim(c string) bool { return t.Kind == Delim && t.Text == c }

// MaxNesting is the deepest nesting of blocks and functions kept; deeper
// contents are dropped with a diagnostic.
const MaxNesting = 128

// tokenizer turns source text into a tree of component values, one
// top-level component at a time.
type tokenizer struct {
	src   string
	off   int
	line  int
	col   int
	diags *[]Diagnostic
	lx    *tcss.Lexer

	stack    []frame
	buf      []Token // contents of the open blocks, innermost last
	closers  []byte  // expected closers of every open block, kept or not
	ready    []Token
	args     []Token // the chunk carve cuts block contents from
	reported bool
	eof      bool
	// transientTop makes the contents of a top-level {} block a view of
	// buf, valid until the next call of next: Parse consumes each
	// statement before reading on and keeps no token of a top-level
	// block (declaration values are compacted, nested blocks carved), so
	// the bulk of a stylesheet's tokens is never copied out of buf.
	transientTop bool
}

type frame struct {
	tok   Token
	start int // index in buf of the block's first child
}

func newTokenizer(src string, diags *[]Diagnostic) *tokenizer {
	// css-syntax-3 §3.3 preprocessing: NUL becomes U+FFFD
	if strings.IndexByte(src, 0) >= 0 {
		src = strings.ReplaceAll(src, "\x00", "\uFFFD")
	}
	return &tokenizer{src: src, line: 1, col: 1, diags: diags, lx: tcss.NewLexer(parse.NewInputString(src))}
}

// Tokenize parses src into component values (css-syntax-3 "parse a list of
// component values"). Comments are dropped. Blocks deeper than MaxNesting
// lose their contents, and that is reported through diags.
func Tokenize(src string, diags *[]Diagnostic) []Token {
	t := newTokenizer(src, diags)
	var out []Token
	for {
		tok, ok := t.next()
		if !ok {
			return out
		}
		out = append(out, tok)
	}
}

func (t *tokenizer) advance(n int) {
	t.line, t.col = advancePos(t.src[t.off:t.off+n], t.line, t.col)
	t.off += n
}

func (t *tokenizer) emit(tok Token) {
	if len(t.closers) > len(t.stack) {
		return // inside a dropped block
	}
	if len(t.stack) == 0 {
		t.ready = append(t.ready, tok)
	} else {
		t.buf = append(t.buf, tok)
	}
}

// closeFrame pops the innermost open block, giving it its contents as an
// exactly sized slice, and emits it.
func (t *tokenizer) closeFrame() {
	f := t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	if t.transientTop && len(t.stack) == 0 && f.tok.Kind == Block && f.tok.Text == "{" {
		// f.start is 0: the block's contents are all of buf
		if len(t.buf) > 0 {
			f.tok.Args = t.buf[:len(t.buf):len(t.buf)]
		}
		t.buf = t.buf[:0]
		t.emit(f.tok)
		return
	}
	if n := len(t.buf) - f.start; n > 0 {
		f.tok.Args = t.carve(n)
		copy(f.tok.Args, t.buf[f.start:])
	}
	clear(t.buf[f.start:])
	t.buf = t.buf[:f.start]
	t.emit(f.tok)
}

// argsChunk is the most tokens the tokenizer allocates at a time for the
// contents of blocks; chunks start at 32 tokens and double (a small
// stylesheet allocates little).
const argsChunk = 1024

// carve returns room for n tokens of a block's contents, cut from a chunk
// shared with other blocks (one allocation for many small blocks); the
// slice's capacity ends with it, so appending to it never overwrites a
// neighbour.
func (t *tokenizer) carve(n int) []Token {
	if n > argsChunk/4 {
		return make([]Token, n)
	}
	if cap(t.args)-len(t.args) < n {
		size := min(max(2*cap(t.args), 32), argsChunk)
		for size < n {
			size *= 2
		}
		t.args = make([]Token, 0, size)
	}
	t.args = t.args[:len(t.args)+n]
	return t.args[len(t.args)-n : len(t.args) : len(t.args)]
}

// next returns the next top-level component value.
func (t *tokenizer) next() (Token, bool) {
	for len(t.ready) == 0 {
		if t.eof {
			return Token{}, false
		}
		t.step()
	}
	tok := t.ready[0]
	if len(t.ready) == 1 {
		t.ready = t.ready[:0]
	} else {
		t.ready = t.ready[1:]
	}
	return tok, true
}

// step consumes one lexer token.
func (t *tokenizer) step() {
	tt, data := t.lx.Next()
	if tt == tcss.ErrorToken || len(data) == 0 {
		// EOF closes every open block.
		t.eof = true
		for len(t.stack) > 0 {
			t.closers = t.closers[:len(t.stack)-1]
			t.closeFrame()
		}
		return
	}
	n := len(data)
	raw := t.src[t.off : t.off+n]
	pos := Pos{t.line, t.col}
	t.advance(n)
	tok := Token{Raw: raw, Pos: pos}
	switch tt {
	case tcss.CommentToken:
		return
	case tcss.IdentToken, tcss.CustomPropertyNameToken:
		tok.Kind, tok.Text = Ident, unescape(raw)
	case tcss.FunctionToken:
		tok.Kind, tok.Text = Function, unescape(raw[:len(raw)-1])
	case tcss.AtKeywordToken:
		tok.Kind, tok.Text = AtKeyword, unescape(raw[1:])
	case tcss.HashToken:
		tok.Kind, tok.Text = Hash, unescape(raw[1:])
	case tcss.StringToken:
		tok.Kind, tok.Text = String, unquote(raw)
	case tcss.BadStringToken:
		tok.Kind = BadString
	case tcss.URLToken:
		tok.Kind, tok.Text = URL, urlContents(raw)
	case tcss.BadURLToken:
		tok.Kind = BadURL
	case tcss.NumberToken:
		tok.Kind, tok.Text = Number, raw
		tok.Num, _ = strconv.ParseFloat(raw, 64)
	case tcss.PercentageToken:
		tok.Kind, tok.Text = Percentage, raw[:len(raw)-1]
		tok.Num, _ = strconv.ParseFloat(tok.Text, 64)
	case tcss.DimensionToken:
		i := numberPrefix(raw)
		tok.Kind, tok.Text = Dimension, raw[:i]
		tok.Num, _ = strconv.ParseFloat(raw[:i], 64)
		tok.Unit = strings.ToLower(unescape(raw[i:]))
	case tcss.UnicodeRangeToken:
		tok.Kind, tok.Text = UnicodeRange, raw
	case tcss.WhitespaceToken:
		tok.Kind, tok.Text, tok.Raw = Whitespace, " ", " "
	case tcss.ColonToken:
		tok.Kind, tok.Text = Colon, ":"
	case tcss.SemicolonToken:
		tok.Kind, tok.Text = Semicolon, ";"
	case tcss.CommaToken:
		tok.Kind, tok.Text = Comma, ","
	case tcss.CDOToken:
		tok.Kind = CDO
	case tcss.CDCToken:
		tok.Kind = CDC
	case tcss.IncludeMatchToken, tcss.DashMatchToken, tcss.PrefixMatchToken,
		tcss.SuffixMatchToken, tcss.SubstringMatchToken, tcss.ColumnToken:
		tok.Kind, tok.Text = Match, raw
	case tcss.LeftBracketToken, tcss.LeftParenthesisToken, tcss.LeftBraceToken:
		tok.Kind, tok.Text = Block, raw
	case tcss.RightBracketToken, tcss.RightParenthesisToken, tcss.RightBraceToken:
		if len(t.closers) > 0 && t.closers[len(t.closers)-1] == raw[0] {
			t.closers = t.closers[:len(t.closers)-1]
			if len(t.stack) > len(t.closers) {
				t.closeFrame()
			}
			return
		}
		tok.Kind, tok.Text = Closer, raw
	default:
		tok.Kind, tok.Text = Delim, raw
	}
	if tok.Kind == Function || tok.Kind == Block {
		var c byte = ')'
		if tok.Kind == Block {
			switch raw[0] {
			case '[':
				c = ']'
			case '{':
				c = '}'
			}
		}
		if len(t.closers) == len(t.stack) && len(t.stack) < MaxNesting {
			t.stack = append(t.stack, frame{tok: tok, start: len(t.buf)})
		} else if !t.reported && len(t.closers) == len(t.stack) {
			t.reported = true
			if t.diags != nil {
				*t.diags = append(*t.diags, Diagnostic{Pos: pos, Message: "blocks nested deeper than " + strconv.Itoa(MaxNesting) + " levels dropped"})
			}
		}
		t.closers = append(t.closers, c)
		return
	}
	t.emit(tok)
}

// numberPrefix returns the length of the numeric part of a dimension.
func numberPrefix(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && s[j] >= '0' && s[j] <= '9' {
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			i = j
		}
	}
	return i
}

// unescape resolves CSS escapes in an identifier-like text.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 && strings.IndexByte(s, 0) < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0 {
			b.WriteRune(utf8.RuneError)
			i++
			continue
		}
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		if i >= len(s) {
			b.WriteRune(utf8.RuneError)
			break
		}
		if isHex(s[i]) {
			j := i
			for j < len(s) && j-i < 6 && isHex(s[j]) {
				j++
			}
			v, _ := strconv.ParseUint(s[i:j], 16, 32)
			r := rune(v)
			if r == 0 || r > utf8.MaxRune || (r >= 0xD800 && r <= 0xDFFF) {
				r = utf8.RuneError
			}
			b.WriteRune(r)
			i = j
			if i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\f') {
				i++
			} else if i < len(s) && s[i] == '\r' {
				i++
				if i < len(s) && s[i] == '\n' {
					i++
				}
			}
			continue
		}
		if s[i] == '\n' || s[i] == '\f' || s[i] == '\r' {
			// escaped newline: a line continuation inside strings
			if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+size])
		i += size
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// unquote returns the contents of a string token.
func unquote(raw string) string {
	if len(raw) == 0 {
		return ""
	}
	q := raw[0]
	s := raw[1:]
	if len(s) > 0 && s[len(s)-1] == q {
		s = s[:len(s)-1]
	}
	return unescape(s)
}

// urlContents returns the URL inside url(…).
func urlContents(raw string) string {
	i := strings.IndexByte(raw, '(')
	s := raw[i+1:]
	s = strings.TrimSuffix(s, ")")
	s = strings.Trim(s, " \t\n\r\f")
	if len(s) > 0 && (s[0] == '"' || s[0] == '\'') {
		return unquote(s)
	}
	return unescape(s)
}

// Serialize writes tokens back as CSS text (comments are gone; escapes are
// kept as written for tokens that came from source).
func Serialize(toks []Token) string {
	if len(toks) == 1 && toks[0].Kind != Function && toks[0].Kind != Block && toks[0].Raw != "" {
		return toks[0].Raw
	}
	var b strings.Builder
	b.Grow(rawLen(toks))
	serialize(&b, toks)
	return b.String()
}

// rawLen estimates the length of toks serialized: the length of their
// source text, plus closers.
func rawLen(toks []Token) int {
	n := 0
	for i := range toks {
		n += len(toks[i].Raw)
		if toks[i].Kind == Function || toks[i].Kind == Block {
			n += 1 + rawLen(toks[i].Args)
		}
	}
	return n
}

func serialize(b *strings.Builder, toks []Token) {
	for _, t := range toks {
		switch t.Kind {
		case Function:
			if t.Raw != "" {
				b.WriteString(t.Raw)
			} else {
				b.WriteString(escapeIdent(t.Text))
				b.WriteByte('(')
			}
			serialize(b, t.Args)
			b.WriteByte(')')
		case Block:
			b.WriteString(t.Text)
			serialize(b, t.Args)
			switch t.Text {
			case "(":
				b.WriteByte(')')
			case "[":
				b.WriteByte(']')
			case "{":
				b.WriteByte('}')
			}
		default:
			if t.Raw != "" {
				b.WriteString(t.Raw)
				continue
			}
			switch t.Kind {
			case Ident:
				b.WriteString(escapeIdent(t.Text))
			case String:
				b.WriteString(strconv.Quote(t.Text))
			case URL:
				b.WriteString("url(" + strconv.Quote(t.Text) + ")")
			case Hash:
				b.WriteString("#" + escapeIdent(t.Text))
			case AtKeyword:
				b.WriteString("@" + escapeIdent(t.Text))
			case Percentage:
				b.WriteString(t.Text + "%")
			case Dimension:
				b.WriteString(t.Text + t.Unit)
			default:
				b.WriteString(t.Text)
			}
		}
	}
}

func escapeIdent(s string) string {
	ok := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '-' || c == '_' || c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || (i > 0 && c >= '0' && c <= '9')) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == '-' || r == '_' || r >= 0x80 || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || (i > 0 && r >= '0' && r <= '9'):
			b.WriteRune(r)
		default:
			b.WriteString("\\" + strconv.FormatInt(int64(r), 16) + " ")
		}
	}
	return b.String()
}

// TrimSpace removes leading and trailing whitespace tokens.
func TrimSpace(toks []Token) []Token {
	for len(toks) > 0 && toks[0].Kind == Whitespace {
		toks = toks[1:]
	}
	for len(toks) > 0 && toks[len(toks)-1].Kind == Whitespace {
		toks = toks[:len(toks)-1]
	}
	return toks
}

// SplitCommas splits toks at top-level commas.
func SplitCommas(toks []Token) [][]Token {
	n := 1
	for _, t := range toks {
		if t.Kind == Comma {
			n++
		}
	}
	out := make([][]Token, 0, n)
	start := 0
	for i, t := range toks {
		if t.Kind == Comma {
			out = append(out, toks[start:i])
			start = i + 1
		}
	}
	return append(out, toks[start:])
}

// Fields returns the non-whitespace tokens of toks.
func Fields(toks []Token) []Token {
	n := 0
	for _, t := range toks {
		if t.Kind != Whitespace {
			n++
		}
	}
	if n == len(toks) {
		return toks
	}
	out := make([]Token, 0, n)
	for _, t := range toks {
		if t.Kind != Whitespace {
			out = append(out, t)
		}
	}
	return out
}
