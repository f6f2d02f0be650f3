package pdfinfo

import (
	"bytes"
	"context"
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// mcKey names a marked-content sequence: page number (1-based) and MCID.
type mcKey struct{ page, mcid int }

// maxMCText bounds the text kept per marked-content sequence.
const maxMCText = 200

// markedText extracts the text of every marked-content sequence with an
// MCID on the pages, decoding strings through the fonts' ToUnicode CMaps
// (simple fonts without one are read as Latin-1). Form XObjects are not
// entered. Unreadable content is skipped. It stops with ctx's error.
func markedText(ctx context.Context, f *pdfobj.File, pages []pdfobj.Page) (map[mcKey]string, error) {
	out := map[mcKey]string{}
	cmaps := map[int]*toUnicode{}
	for i, p := range pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		data := pageContent(f, p.Dict)
		if data == nil {
			continue
		}
		ops, _ := pdfobj.ParseContent(data)
		fonts, _ := f.Resolve(p.Resources["Font"]).(pdfobj.Dict)
		props, _ := f.Resolve(p.Resources["Properties"]).(pdfobj.Dict)
		var stack []int // MCIDs of open sequences (-1: none)
		var font *toUnicode
		var bufs = map[int]*strings.Builder{}
		add := func(s string) {
			for j := len(stack) - 1; j >= 0; j-- {
				if id := stack[j]; id >= 0 {
					b := bufs[id]
					if b == nil {
						b = &strings.Builder{}
						bufs[id] = b
					}
					if b.Len() < maxMCText {
						b.WriteString(s)
					}
					return
				}
			}
		}
		for _, op := range ops {
			switch op.Operator {
			case "BDC":
				id := -1
				if len(op.Operands) == 2 {
					d, ok := op.Operands[1].(pdfobj.Dict)
					if name, isName := op.Operands[1].(pdfobj.Name); isName {
						d, ok = f.Resolve(props[name]).(pdfobj.Dict)
					}
					if ok {
						if n, isInt := f.Resolve(d["MCID"]).(pdfobj.Int); isInt {
							id = int(n)
						}
					}
				}
				stack = append(stack, id)
			case "BMC":
				stack = append(stack, -1)
			case "EMC":
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
			case "Tf":
				font = nil
				if len(op.Operands) == 2 {
					if name, ok := op.Operands[0].(pdfobj.Name); ok {
						font = loadFontCMap(f, fonts[name], cmaps)
					}
				}
			case "Tj", "'":
				if len(op.Operands) > 0 {
					add(font.decode(op.Operands[len(op.Operands)-1]))
				}
			case "\"":
				if len(op.Operands) == 3 {
					add(font.decode(op.Operands[2]))
				}
			case "TJ":
				if len(op.Operands) == 1 {
					if arr, ok := op.Operands[0].(pdfobj.Array); ok {
						for _, el := range arr {
							if n, ok := pdfobj.Number(el); ok && n < -250 {
								add(" ")
								continue
							}
							add(font.decode(el))
						}
					}
				}
			}
		}
		for id, b := range bufs {
			out[mcKey{i + 1, id}] = b.String()
		}
	}
	return out, nil
}

// pageContent returns a page's decoded content streams, concatenated.
func pageContent(f *pdfobj.File, page pdfobj.Dict) []byte {
	var streams []pdfobj.Object
	switch c := f.Resolve(page["Contents"]).(type) {
	case *pdfobj.Stream:
		streams = []pdfobj.Object{c}
	case pdfobj.Array:
		streams = c
	}
	var buf bytes.Buffer
	for _, s := range streams {
		st, ok := f.Resolve(s).(*pdfobj.Stream)
		if !ok {
			continue
		}
		data, err := f.DecodeStream(st)
		if err != nil {
			continue
		}
		buf.Write(data)
		buf.WriteByte('\n')
	}
	if buf.Len() == 0 {
		return nil
	}
	return buf.Bytes()
}

// toUnicode maps character codes of one font to text.
type toUnicode struct {
	codeLen int               // bytes per code: 1 or 2
	m       *pdfobj.ToUnicode // nil when the font has no ToUnicode CMap
}

// loadFontCMap reads a font's ToUnicode CMap (cached by object number).
func loadFontCMap(f *pdfobj.File, ref pdfobj.Object, cache map[int]*toUnicode) *toUnicode {
	r, isRef := ref.(pdfobj.Ref)
	if isRef {
		if c, ok := cache[r.Num]; ok {
			return c
		}
	}
	font, _ := f.Resolve(ref).(pdfobj.Dict)
	t := &toUnicode{codeLen: 1}
	if st, _ := f.Resolve(font["Subtype"]).(pdfobj.Name); st == "Type0" {
		t.codeLen = 2
	}
	if s, ok := f.Resolve(font["ToUnicode"]).(*pdfobj.Stream); ok {
		if data, err := f.DecodeStream(s); err == nil {
			t.m = pdfobj.ParseToUnicode(data)
		}
	}
	if isRef {
		cache[r.Num] = t
	}
	return t
}

// decode turns a string operand into text.
func (t *toUnicode) decode(o pdfobj.Object) string {
	var b []byte
	switch s := o.(type) {
	case pdfobj.String:
		b = s
	case pdfobj.HexString:
		b = s
	default:
		return ""
	}
	if t == nil {
		return latin1(b)
	}
	if t.m == nil {
		if t.codeLen == 1 {
			return latin1(b)
		}
		return ""
	}
	var sb strings.Builder
	for i := 0; i+t.codeLen <= len(b); i += t.codeLen {
		var code uint32
		for k := 0; k < t.codeLen; k++ {
			code = code<<8 | uint32(b[i+k])
		}
		u, _ := t.m.Lookup(code)
		sb.WriteString(u)
	}
	return sb.String()
}

func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}
