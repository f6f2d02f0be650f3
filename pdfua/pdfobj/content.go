package pdfobj

import (
	"bytes"
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

// operatorName returns the operator as a string, without allocating for
// the standard content-stream and CMap operators.
func operatorName(b []byte) string {
	switch string(b) {
	case "b":
		return "b"
	case "B":
		return "B"
	case "b*":
		return "b*"
	case "B*":
		return "B*"
	case "BDC":
		return "BDC"
	case "BI":
		return "BI"
	case "BMC":
		return "BMC"
	case "BT":
		return "BT"
	case "BX":
		return "BX"
	case "c":
		return "c"
	case "cm":
		return "cm"
	case "CS":
		return "CS"
	case "cs":
		return "cs"
	case "d":
		return "d"
	case "d0":
		return "d0"
	case "d1":
		return "d1"
	case "Do":
		return "Do"
	case "DP":
		return "DP"
	case "EI":
		return "EI"
	case "EMC":
		return "EMC"
	case "ET":
		return "ET"
	case "EX":
		return "EX"
	case "f":
		return "f"
	case "F":
		return "F"
	case "f*":
		return "f*"
	case "G":
		return "G"
	case "g":
		return "g"
	case "gs":
		return "gs"
	case "h":
		return "h"
	case "i":
		return "i"
	case "ID":
		return "ID"
	case "j":
		return "j"
	case "J":
		return "J"
	case "K":
		return "K"
	case "k":
		return "k"
	case "l":
		return "l"
	case "m":
		return "m"
	case "M":
		return "M"
	case "MP":
		return "MP"
	case "n":
		return "n"
	case "q":
		return "q"
	case "Q":
		return "Q"
	case "re":
		return "re"
	case "RG":
		return "RG"
	case "rg":
		return "rg"
	case "ri":
		return "ri"
	case "s":
		return "s"
	case "S":
		return "S"
	case "SC":
		return "SC"
	case "sc":
		return "sc"
	case "SCN":
		return "SCN"
	case "scn":
		return "scn"
	case "sh":
		return "sh"
	case "T*":
		return "T*"
	case "Tc":
		return "Tc"
	case "Td":
		return "Td"
	case "TD":
		return "TD"
	case "Tf":
		return "Tf"
	case "TJ":
		return "TJ"
	case "Tj":
		return "Tj"
	case "TL":
		return "TL"
	case "Tm":
		return "Tm"
	case "Tr":
		return "Tr"
	case "Ts":
		return "Ts"
	case "Tw":
		return "Tw"
	case "Tz":
		return "Tz"
	case "v":
		return "v"
	case "w":
		return "w"
	case "W":
		return "W"
	case "W*":
		return "W*"
	case "y":
		return "y"
	case "'":
		return "'"
	case "\"":
		return "\""
	case "begincodespacerange":
		return "begincodespacerange"
	case "endcodespacerange":
		return "endcodespacerange"
	case "beginbfchar":
		return "beginbfchar"
	case "endbfchar":
		return "endbfchar"
	case "beginbfrange":
		return "beginbfrange"
	case "endbfrange":
		return "endbfrange"
	case "def":
		return "def"
	case "begin":
		return "begin"
	case "end":
		return "end"
	}
	return string(b)
}

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
				return Op{Operator: operatorName(t.val), Operands: c.ops}, nil
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
	return Op{}, fmt.Errorf("%w: inline image data at offset %d has no EI", errSyntax, start)
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
