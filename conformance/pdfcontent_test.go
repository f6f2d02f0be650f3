package conformance

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// contentText returns every string the PDF's pages show, in content
// order, decoded through the fonts' ToUnicode CMaps, wherever it is
// painted: unlike pdftotext and pdfinfo, which drop characters outside
// the page, it keeps text that overflows the page edge, so a check that
// every DOM word is in the PDF fails only for text that was not drawn.
// Artifacts are left out; a marked-content sequence with /ActualText
// contributes that text instead of its glyphs'. Fonts without a ToUnicode CMap contribute
// nothing (folio gives every font one).
func contentText(pdf []byte) (string, error) {
	f, err := pdfobj.Open(pdf)
	if err != nil {
		return "", err
	}
	pages, err := f.Pages()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i, p := range pages {
		data, err := streamsOf(f, p.Dict["Contents"])
		if err != nil {
			return "", fmt.Errorf("page %d: %w", i+1, err)
		}
		ops, err := pdfobj.ParseContent(data)
		if err != nil {
			return "", fmt.Errorf("page %d: %w", i+1, err)
		}
		fonts, _ := f.Resolve(p.Resources["Font"]).(pdfobj.Dict)
		pageText(f, ops, fonts, &b)
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// pageText appends the text one content stream shows to b, leaving out
// artifacts (margin boxes, repeated table headers and other pagination
// content, which the DOM does not have).
func pageText(f *pdfobj.File, ops []pdfobj.Op, fonts pdfobj.Dict, b *strings.Builder) {
	var cmap *pdfobj.ToUnicode
	// skip counts the open marked-content sequences from the outermost
	// one whose glyphs are not read (an artifact, or a span with
	// /ActualText, which is read instead); 0: none is open.
	skip := 0
	show := func(o pdfobj.Object) {
		s, ok := pdfobj.StringBytes(o)
		if !ok || cmap == nil || skip > 0 {
			return
		}
		for i := 0; i+1 < len(s); i += 2 {
			if u, ok := cmap.Lookup(uint32(s[i])<<8 | uint32(s[i+1])); ok {
				b.WriteString(u)
			}
		}
	}
	for _, op := range ops {
		switch op.Operator {
		case "BDC", "BMC":
			switch {
			case skip > 0:
				skip++
			case len(op.Operands) > 0 && op.Operands[0] == pdfobj.Name("Artifact"):
				skip = 1
			case op.Operator == "BDC" && len(op.Operands) == 2:
				if d, ok := f.Resolve(op.Operands[1]).(pdfobj.Dict); ok && d["ActualText"] != nil {
					b.WriteString(pdfobj.Text(f.Resolve(d["ActualText"])))
					skip = 1
				}
			}
		case "EMC":
			if skip > 0 {
				skip--
			}
		case "Tf":
			cmap = nil
			if len(op.Operands) == 2 {
				if name, ok := op.Operands[0].(pdfobj.Name); ok {
					cmap = fontCMap(f, fonts[name])
				}
			}
		case "Tj", "'":
			if len(op.Operands) > 0 {
				show(op.Operands[len(op.Operands)-1])
			}
		case "TJ":
			if len(op.Operands) != 1 {
				break
			}
			if arr, ok := op.Operands[0].(pdfobj.Array); ok {
				for _, el := range arr {
					show(el)
				}
			}
		}
	}
}

// fontCMap returns the ToUnicode CMap of a font (folio's fonts are Type0
// with two-byte codes), or nil.
func fontCMap(f *pdfobj.File, ref pdfobj.Object) *pdfobj.ToUnicode {
	font, _ := f.Resolve(ref).(pdfobj.Dict)
	s, ok := f.Resolve(font["ToUnicode"]).(*pdfobj.Stream)
	if !ok {
		return nil
	}
	data, err := f.DecodeStream(s)
	if err != nil {
		return nil
	}
	return pdfobj.ParseToUnicode(data)
}

// streamsOf returns the decoded content streams of a page, concatenated.
func streamsOf(f *pdfobj.File, contents pdfobj.Object) ([]byte, error) {
	var streams []pdfobj.Object
	switch c := f.Resolve(contents).(type) {
	case *pdfobj.Stream:
		streams = []pdfobj.Object{c}
	case pdfobj.Array:
		streams = c
	}
	var buf bytes.Buffer
	for _, s := range streams {
		st, ok := f.Resolve(s).(*pdfobj.Stream)
		if !ok {
			return nil, fmt.Errorf("content stream %v is not a stream", s)
		}
		data, err := f.DecodeStream(st)
		if err != nil {
			return nil, err
		}
		buf.Write(data)
		buf.WriteByte('\n')
	}
	return buf.Bytes(), nil
}
