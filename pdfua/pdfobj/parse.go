package pdfobj

import (
	"fmt"
)

// DefaultMaxDepth is the default limit on nested arrays and dictionaries.
const DefaultMaxDepth = 64

// parser reads PDF objects from a lexer.
type parser struct {
	lex       lexer
	maxDepth  int
	allowRefs bool // "n g R" is a reference (not in content streams)
}

func newParser(data []byte, pos int, maxDepth int) *parser {
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	return &parser{lex: lexer{data: data, pos: pos}, maxDepth: maxDepth, allowRefs: true}
}

// object reads one object.
func (p *parser) object() (Object, error) {
	t, err := p.lex.next()
	if err != nil {
		return nil, err
	}
	return p.fromToken(t, 0)
}

// fromToken builds the object starting with token t.
func (p *parser) fromToken(t token, depth int) (Object, error) {
	if depth > p.maxDepth {
		return nil, fmt.Errorf("%w: nesting deeper than %d at offset %d", errSyntax, p.maxDepth, p.lex.pos)
	}
	switch t.kind {
	case tokEOF:
		return nil, fmt.Errorf("%w: unexpected end of data at offset %d", errSyntax, p.lex.pos)
	case tokInt:
		if p.allowRefs && t.num >= 0 {
			save := p.lex.pos
			t2, err := p.lex.next()
			if err == nil && t2.kind == tokInt && t2.num >= 0 && t2.num <= 65535 {
				t3, err := p.lex.next()
				if err == nil && t3.kind == tokKeyword && string(t3.val) == "R" && t.num <= maxObjectNumber {
					return Ref{Num: int(t.num), Gen: int(t2.num)}, nil
				}
			}
			p.lex.pos = save
		}
		return Int(t.num), nil
	case tokReal:
		return Real(t.real), nil
	case tokName:
		return internName(t.val), nil
	case tokString:
		return String(t.val), nil
	case tokHex:
		return HexString(t.val), nil
	case tokArrayOpen:
		arr := Array{}
		open := p.lex.pos - 1 // the '['
		for {
			e, err := p.lex.next()
			if err != nil {
				return nil, err
			}
			if e.kind == tokArrayClose {
				return arr, nil
			}
			if e.kind == tokEOF {
				return nil, fmt.Errorf("%w: array opened at offset %d is not closed", errSyntax, open)
			}
			o, err := p.fromToken(e, depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, o)
		}
	case tokDictOpen:
		d := Dict{}
		for {
			k, err := p.lex.next()
			if err != nil {
				return nil, err
			}
			if k.kind == tokDictClose {
				return d, nil
			}
			if k.kind != tokName {
				return nil, fmt.Errorf("%w: dictionary key is not a name at offset %d", errSyntax, p.lex.pos)
			}
			v, err := p.lex.next()
			if err != nil {
				return nil, err
			}
			if v.kind == tokDictClose {
				// A key without value: tolerated, read as null.
				return d, nil
			}
			o, err := p.fromToken(v, depth+1)
			if err != nil {
				return nil, err
			}
			if _, isNull := o.(Null); !isNull {
				d[internName(k.val)] = o
			}
		}
	case tokKeyword:
		switch string(t.val) {
		case "true":
			return Bool(true), nil
		case "false":
			return Bool(false), nil
		case "null":
			return Null{}, nil
		}
		return nil, fmt.Errorf("%w: unexpected keyword %q at offset %d", errSyntax, clip(t.val), p.lex.pos)
	}
	return nil, fmt.Errorf("%w: unexpected token at offset %d", errSyntax, p.lex.pos)
}

// clip shortens b for error messages.
func clip(b []byte) string {
	if len(b) > 32 {
		return string(b[:32]) + "…"
	}
	return string(b)
}

// maxObjectNumber bounds object numbers; larger ones are treated as errors.
const maxObjectNumber = 1<<23 - 1

// ParseObject parses a single PDF object from data (references allowed).
func ParseObject(data []byte) (Object, error) {
	p := newParser(data, 0, DefaultMaxDepth)
	return p.object()
}

// internName returns the name for b, without allocating for the keys and
// values that fill most dictionaries of a tagged PDF.
func internName(b []byte) Name {
	switch string(b) {
	case "Type":
		return "Type"
	case "Subtype":
		return "Subtype"
	case "S":
		return "S"
	case "P":
		return "P"
	case "K":
		return "K"
	case "Pg":
		return "Pg"
	case "MCID":
		return "MCID"
	case "StructElem":
		return "StructElem"
	case "MCR":
		return "MCR"
	case "OBJR":
		return "OBJR"
	case "Obj":
		return "Obj"
	case "A":
		return "A"
	case "O":
		return "O"
	case "Alt":
		return "Alt"
	case "ActualText":
		return "ActualText"
	case "Lang":
		return "Lang"
	case "Length":
		return "Length"
	case "Filter":
		return "Filter"
	case "FlateDecode":
		return "FlateDecode"
	case "Page":
		return "Page"
	case "Parent":
		return "Parent"
	case "Contents":
		return "Contents"
	case "Resources":
		return "Resources"
	case "Font":
		return "Font"
	case "Artifact":
		return "Artifact"
	case "Span":
		return "Span"
	case "Table":
		return "Table"
	case "Scope":
		return "Scope"
	case "Column":
		return "Column"
	case "Row":
		return "Row"
	case "Annot":
		return "Annot"
	case "Link":
		return "Link"
	case "Rect":
		return "Rect"
	case "StructParent":
		return "StructParent"
	case "StructParents":
		return "StructParents"
	case "H1":
		return "H1"
	case "H2":
		return "H2"
	case "Document":
		return "Document"
	case "Figure":
		return "Figure"
	case "TR":
		return "TR"
	case "TD":
		return "TD"
	case "TH":
		return "TH"
	case "LI":
		return "LI"
	case "LBody":
		return "LBody"
	case "Lbl":
		return "Lbl"
	case "L":
		return "L"
	case "ID":
		return "ID"
	case "F1":
		return "F1"
	}
	return Name(b)
}
