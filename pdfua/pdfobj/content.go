package pdfobj

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Op is one content-stream operation: an operator with its operands.
// An inline image (BI … ID … EI) is one Op with Operator "EI", its
// parameter dictionary as the only operand and its raw data in Data.
type Op struct {
	Operator string
	Operands []Object
	Data     []byte
}

// maxOperands bounds the operand stack of one operation.
const maxOperands = 1 << 16

// ContentParser reads operations from a content stream. Comments are
// skipped; operands may be any direct object (arrays and dictionaries
// included, nesting limited). Malformed input yields an error, never a
// panic.
type ContentParser struct {
	p   parser
	ops []Object
}

// NewContentParser returns a parser over decoded content-stream data.
func NewContentParser(data []byte) *ContentParser {
	return &ContentParser{p: parser{lex: lexer{data: data}, maxDepth: DefaultMaxDepth}}
}

// Offset is the byte offset of the parser in the data.
func (c *ContentParser) Offset() int { return c.p.lex.pos }

// Next returns the next operation, or io.EOF at the end of the data.
// Operands left without an operator at the end are dropped.
func (c *ContentParser) Next() (Op, error) {
	op, err := c.Scan()
	if err == nil && len(op.Operands) > 0 {
		op.Operands = append([]Object(nil), op.Operands...)
	}
	return op, err
}

// operators interns the names of the standard content-stream operators so
// that parsing does not allocate a string per operation.
var operators = func() map[string]string {
	m := map[string]string{}
	for _, op := range []string{"b", "B", "b*", "B*", "BDC", "BI", "BMC", "BT", "BX", "c", "cm", "CS", "cs", "d", "d0", "d1", "Do", "DP",
		"EI", "EMC", "ET", "EX", "f", "F", "f*", "G", "g", "gs", "h", "i", "ID", "j", "J", "K", "k", "l", "m", "M", "MP", "n", "q", "Q",
		"re", "RG", "rg", "ri", "s", "S", "SC", "sc", "SCN", "scn", "sh", "T*", "Tc", "Td", "TD", "Tf", "TJ", "Tj", "TL", "Tm", "Tr",
		"Ts", "Tw", "Tz", "v", "w", "W", "W*", "y", "'", "\"",
		"begincodespacerange", "endcodespacerange", "beginbfchar", "endbfchar", "beginbfrange", "endbfrange", "def", "begin", "end"} {
		m[op] = op
	}
	return m
}()

// Scan is Next without copying: the returned Operands slice is only valid
// until the next call to Scan or Next. Use it to interpret a stream once.
func (c *ContentParser) Scan() (Op, error) {
	c.ops = c.ops[:0]
	for {
		t, err := c.p.lex.next()
		if err != nil {
			return Op{}, err
		}
		switch t.kind {
		case tokEOF:
			return Op{}, io.EOF
		case tokKeyword:
			switch string(t.val) {
			case "true", "false", "null":
				o, _ := c.p.fromToken(t, 0)
				c.ops = append(c.ops, o)
			case "BI":
				return c.inlineImage()
			default:
				name, ok := operators[string(t.val)]
				if !ok {
					name = string(t.val)
				}
				return Op{Operator: name, Operands: c.ops}, nil
			}
		default:
			o, err := c.p.fromToken(t, 0)
			if err != nil {
				return Op{}, err
			}
			if len(c.ops) >= maxOperands {
				return Op{}, fmt.Errorf("%w: more than %d operands at offset %d", errSyntax, maxOperands, c.p.lex.pos)
			}
			c.ops = append(c.ops, o)
		}
	}
}

// inlineImage reads "key value … ID data EI" after BI.
func (c *ContentParser) inlineImage() (Op, error) {
	d := Dict{}
	for {
		t, err := c.p.lex.next()
		if err != nil {
			return Op{}, err
		}
		if t.kind == tokKeyword && string(t.val) == "ID" {
			break
		}
		if t.kind != tokName {
			return Op{}, fmt.Errorf("%w: inline image key is not a name at offset %d", errSyntax, c.p.lex.pos)
		}
		v, err := c.p.lex.next()
		if err != nil {
			return Op{}, err
		}
		o, err := c.p.fromToken(v, 1)
		if err != nil {
			return Op{}, fmt.Errorf("inline image: %w", err)
		}
		d[Name(t.val)] = o
		if len(d) > 256 {
			return Op{}, fmt.Errorf("%w: inline image dictionary too large", errSyntax)
		}
	}
	data := c.p.lex.data
	start := c.p.lex.pos
	if start < len(data) && isWhite(data[start]) {
		start++
	}
	// The data ends at "EI" preceded by white space and followed by white
	// space or the end of data.
	for i := start; i+2 <= len(data); {
		k := bytes.Index(data[i:], []byte("EI"))
		if k < 0 {
			break
		}
		at := i + k
		after := at + 2
		if (at == start || isWhite(data[at-1])) && (after == len(data) || isWhite(data[after]) || isDelimiter(data[after])) {
			end := at
			if end > start && isWhite(data[end-1]) {
				end--
			}
			c.p.lex.pos = after
			return Op{Operator: "EI", Operands: []Object{d}, Data: data[start:end:end]}, nil
		}
		i = at + 1
	}
	c.p.lex.pos = len(data)
	return Op{}, errors.New("pdfobj: inline image without EI")
}

// ParseContent parses a whole content stream into operations.
func ParseContent(data []byte) ([]Op, error) {
	var ops []Op
	cp := NewContentParser(data)
	for {
		op, err := cp.Next()
		if err == io.EOF {
			return ops, nil
		}
		if err != nil {
			return ops, err
		}
		ops = append(ops, op)
	}
}
