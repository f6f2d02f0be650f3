package ua

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

const (
	nsPDFUAID = "http://www.aiim.org/pdfua/ns/id/"
	nsDC      = "http://purl.org/dc/elements/1.1/"
	nsRDF     = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	nsXML     = "http://www.w3.org/XML/1998/namespace"
)

// xmpInfo is what the PDF/UA rules read from the XMP packet.
type xmpInfo struct {
	hasPDFUAID bool
	part       string // raw text of pdfuaid:part
	partPrefix string
	amdPrefix  string
	corrPrefix string
	title      *string // dc:title as a language alternative
	langAlts   [][]string
}

type xmpItem struct{ lang, text string }

type xmpFrame struct {
	ns     map[string]string // bindings declared on this element
	uri    string
	local  string
	prefix string
	text   strings.Builder
	items  []xmpItem // rdf:li children of an rdf:Alt, or the Alt's items passed up
	lang   string
}

// Limits on the XMP packet, so that a hostile packet costs bounded time
// and memory (real packets are a few kilobytes, with thumbnails a few
// hundred). encoding/xml builds all the attributes of a start tag before
// returning it, so attributes are counted by a scan of the bytes first.
const (
	maxXMPBytes      = 4 << 20 // decoded packet
	maxXMPTokens     = 1 << 20 // XML tokens
	maxXMPDepth      = 256     // nested elements
	maxXMPAttrs      = 1024    // attributes of one element
	maxXMPTotalAttrs = 1 << 16 // attributes in the packet
)

// xmpLimitError reports an XMP packet beyond one of the limits above.
type xmpLimitError struct {
	what  string // e.g. "attributes on one element"
	limit int
}

func (e *xmpLimitError) Error() string {
	return fmt.Sprintf("the XMP metadata has more than %d %s (the audit's limit)", e.limit, e.what)
}

// parseXMP reads the properties the rules need. Malformed XML stops the
// parse; what was read until then is kept and the XML error returned. A
// packet beyond the limits gives an *xmpLimitError and nothing read; a
// done context, its error.
func parseXMP(ctx context.Context, data []byte) (xmpInfo, error) {
	var info xmpInfo
	if len(data) > maxXMPBytes {
		return info, &xmpLimitError{"decoded bytes", maxXMPBytes}
	}
	if err := scanXMPAttrs(data); err != nil {
		return info, err
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	var stack []*xmpFrame
	resolve := func(prefix string) string {
		switch prefix {
		case "xml":
			return nsXML
		case "xmlns":
			return ""
		}
		for i := len(stack) - 1; i >= 0; i-- {
			if u, ok := stack[i].ns[prefix]; ok {
				return u
			}
		}
		return ""
	}
	record := func(uri, local, prefix, value string) {
		if uri != nsPDFUAID {
			return
		}
		info.hasPDFUAID = true
		switch local {
		case "part":
			info.part = strings.TrimSpace(value)
			info.partPrefix = prefix
		case "amd":
			info.amdPrefix = prefix
		case "corr":
			info.corrPrefix = prefix
		}
	}
	for tokens := 0; ; tokens++ {
		if tokens >= maxXMPTokens {
			return xmpInfo{}, &xmpLimitError{"XML tokens", maxXMPTokens}
		}
		if tokens%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return xmpInfo{}, err
			}
		}
		tok, err := dec.RawToken()
		if err == io.EOF {
			return info, nil
		}
		if err != nil {
			return info, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxXMPDepth {
				return xmpInfo{}, &xmpLimitError{"levels of nested elements", maxXMPDepth}
			}
			fr := &xmpFrame{}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" {
					if fr.ns == nil {
						fr.ns = map[string]string{}
					}
					fr.ns[a.Name.Local] = a.Value
				} else if a.Name.Space == "" && a.Name.Local == "xmlns" {
					if fr.ns == nil {
						fr.ns = map[string]string{}
					}
					fr.ns[""] = a.Value
				}
			}
			stack = append(stack, fr)
			fr.prefix = t.Name.Space
			fr.uri = resolve(t.Name.Space)
			fr.local = t.Name.Local
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns") {
					continue
				}
				uri := resolve(a.Name.Space)
				if uri == nsXML && a.Name.Local == "lang" {
					fr.lang = a.Value
					continue
				}
				if fr.uri == nsRDF && fr.local == "Description" {
					record(uri, a.Name.Local, a.Name.Space, a.Value)
				}
			}
		case xml.CharData:
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				if top.text.Len() < 1<<16 {
					top.text.Write(t)
				}
			}
		case xml.EndElement:
			if len(stack) == 0 {
				continue
			}
			fr := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			var parent *xmpFrame
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			switch {
			case fr.uri == nsRDF && fr.local == "li":
				if parent != nil && parent.uri == nsRDF && parent.local == "Alt" {
					parent.items = append(parent.items, xmpItem{lang: fr.lang, text: fr.text.String()})
				}
			case fr.uri == nsRDF && fr.local == "Alt":
				langs := make([]string, 0, len(fr.items))
				isLangAlt := false
				for _, it := range fr.items {
					langs = append(langs, it.lang)
					if it.lang != "" {
						isLangAlt = true
					}
				}
				if isLangAlt {
					info.langAlts = append(info.langAlts, langs)
				}
				if parent != nil {
					parent.items = append(parent.items, fr.items...)
				}
			default:
				record(fr.uri, fr.local, fr.prefix, fr.text.String())
				if fr.uri == nsDC && fr.local == "title" && fr.prefix == "dc" {
					var val *string
					for _, it := range fr.items {
						if it.lang == "x-default" {
							v := it.text
							val = &v
							break
						}
					}
					if val == nil {
						for _, it := range fr.items {
							if it.lang != "" {
								v := it.text
								val = &v
								break
							}
						}
					}
					if val != nil {
						info.title = val
					}
				}
			}
		}
	}
}

// checkMetadata runs 7.1-8, 5-x, 7.1-9 and 7.2-33 on the catalog XMP.
func (c *checker) checkMetadata() {
	f := c.f
	ref := c.catalog["Metadata"]
	s, ok := f.Resolve(ref).(*pdfobj.Stream)
	okType := ok && s.Dict["Type"] == pdfobj.Name("Metadata") && s.Dict["Subtype"] == pdfobj.Name("XML")
	l := loc{obj: objNum(ref)}
	var info xmpInfo
	if ok {
		data, err := c.decodeMax(s, maxXMPBytes)
		if errors.Is(err, pdfobj.ErrTooLarge) {
			err = &xmpLimitError{"decoded bytes", maxXMPBytes}
		} else if err == nil {
			info, err = parseXMP(c.ctx, data)
		}
		if c.stopped() {
			return
		}
		var limit *xmpLimitError
		if errors.As(err, &limit) {
			// The identification and title rules cannot be evaluated.
			c.fail("pdfua-7.1-8", l, "%v; it was not checked", limit)
			return
		}
	}
	c.check("pdfua-7.1-8", okType, l, "the catalog has no XMP metadata stream with /Type /Metadata /Subtype /XML")
	if !ok {
		// No packet: the identification and title are missing too.
		c.fail("pdfua-5-1", l, "the document has no XMP metadata, so no PDF/UA identification (pdfuaid:part)")
		c.fail("pdfua-7.1-9", l, "the document has no XMP metadata, so no dc:title")
		return
	}
	if c.check("pdfua-5-1", info.hasPDFUAID, l, "the XMP metadata has no PDF/UA identification schema (pdfuaid:part)") {
		part, err := strconv.Atoi(info.part)
		c.check("pdfua-5-2", err == nil && part == 1, l, "pdfuaid:part is %q instead of 1", info.part)
		if err == nil {
			c.info.PDFUAPart = part
		}
		c.check("pdfua-5-3", info.partPrefix == "" || info.partPrefix == "pdfuaid", l, "the PDF/UA part property uses the prefix %q instead of pdfuaid", info.partPrefix)
		if info.amdPrefix != "" {
			c.check("pdfua-5-4", info.amdPrefix == "pdfuaid", l, "the PDF/UA amd property uses the prefix %q instead of pdfuaid", info.amdPrefix)
		}
		if info.corrPrefix != "" {
			c.check("pdfua-5-5", info.corrPrefix == "pdfuaid", l, "the PDF/UA corr property uses the prefix %q instead of pdfuaid", info.corrPrefix)
		}
	}
	if c.check("pdfua-7.1-9", info.title != nil, l, "the XMP metadata has no dc:title language alternative (rdf:Alt with xml:lang)") {
		c.info.Title = *info.title
	}
	for _, alt := range info.langAlts {
		onlyDefault := len(alt) == 1 && alt[0] == "x-default"
		c.check("pdfua-7.2-33", !onlyDefault || c.catalogLang, l, "an XMP language alternative has only an x-default item and the catalog has no /Lang")
	}
}

// scanXMPAttrs counts the attributes of each start tag in an XML packet
// without building them, failing beyond maxXMPAttrs on one element or
// maxXMPTotalAttrs in all. It follows encoding/xml's lenient syntax
// (attributes without values, unquoted values) closely enough to count
// what the decoder would build; comments, CDATA sections, processing
// instructions and declarations hold no attributes.
func scanXMPAttrs(data []byte) error {
	total := 0
	for i := 0; i < len(data); {
		lt := bytes.IndexByte(data[i:], '<')
		if lt < 0 {
			return nil
		}
		i += lt + 1
		rest := data[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("!--")):
			i = skipPast(data, i, "-->")
			continue
		case bytes.HasPrefix(rest, []byte("![CDATA[")):
			i = skipPast(data, i, "]]>")
			continue
		case bytes.HasPrefix(rest, []byte("?")):
			i = skipPast(data, i, "?>")
			continue
		case bytes.HasPrefix(rest, []byte("!")), bytes.HasPrefix(rest, []byte("/")):
			i = skipPast(data, i, ">")
			continue
		}
		n, end := countTagAttrs(data, i)
		if n > maxXMPAttrs {
			return &xmpLimitError{"attributes on one element", maxXMPAttrs}
		}
		if total += n; total > maxXMPTotalAttrs {
			return &xmpLimitError{"attributes in all", maxXMPTotalAttrs}
		}
		i = end
	}
	return nil
}

// skipPast returns the index just past the first end after i, or
// len(data).
func skipPast(data []byte, i int, end string) int {
	k := bytes.Index(data[i:], []byte(end))
	if k < 0 {
		return len(data)
	}
	return i + k + len(end)
}

// countTagAttrs counts the attribute names of the start tag whose name
// begins at i and returns the index after the tag.
func countTagAttrs(data []byte, i int) (n, end int) {
	for i < len(data) && !isXMLSpace(data[i]) && data[i] != '>' && data[i] != '/' {
		i++ // the element name
	}
	afterEq := false
	for i < len(data) {
		switch b := data[i]; {
		case b == '>':
			return n, i + 1
		case isXMLSpace(b), b == '/':
			i++
		case b == '=':
			afterEq = true
			i++
		case b == '"' || b == '\'':
			i = skipPast(data, i+1, string(b))
			afterEq = false
		default: // a name, or an unquoted value after '='
			if !afterEq {
				n++
			}
			afterEq = false
			for i < len(data) && !isXMLSpace(data[i]) && data[i] != '=' && data[i] != '>' && data[i] != '/' {
				i++
			}
		}
	}
	return n, i
}

func isXMLSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }
