package folio

import (
	"bytes"
	"errors"
	"fmt"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
)

// ErrNotHTML is wrapped by the error Convert and AuditHTML return for input
// that is not text at all: a PDF, an image, an archive or other binary
// data. The message names what was detected.
var ErrNotHTML = errors.New("folio: the input is not HTML")

// decodedInput is the document as UTF-8 and how it was decoded.
type decodedInput struct {
	src []byte
	// encoding is the WHATWG name of the encoding used ("utf-8",
	// "windows-1252", "shift_jis"…) and source what decided it.
	encoding, source string
	// notes are problems worth a diagnostic (an unknown label, an
	// undeclared legacy encoding, bytes the encoding cannot decode).
	notes []string
}

// decodeInput finds the character encoding of an HTML document following
// the HTML Standard's encoding sniffing algorithm (§13.2.3.2) and returns
// the document in UTF-8: a byte order mark wins, then the charset the
// transport declared (transport is a Content-Type value or a bare charset
// label, "" for none), then a <meta charset> or <meta http-equiv=
// "Content-Type"> in the first 1024 bytes, then UTF-8 when the whole
// document is valid UTF-8, else windows-1252 (the web's legacy default).
// Input that is binary rather than text fails with ErrNotHTML.
func decodeInput(src []byte, transport string) (decodedInput, error) {
	if enc, name, n := sniffBOM(src); enc != nil {
		return transcode(src[n:], enc, name, "byte order mark", nil)
	}
	var notes []string
	var declared encoding.Encoding
	var declaredName string
	if label := charsetParam(transport); label != "" {
		var ok bool
		if declared, declaredName, ok = lookupEncoding(label, true); !ok {
			notes = append(notes, fmt.Sprintf("the declared charset %q is not a known encoding; ignored", label))
		}
	}
	// UTF-16 without a byte order mark is half NUL bytes: only a declared
	// UTF-16 document is spared the binary check.
	if !strings.HasPrefix(declaredName, "utf-16") {
		if what := sniffBinary(src); what != "" {
			return decodedInput{}, fmt.Errorf("%w: it looks like %s", ErrNotHTML, what)
		}
	}
	if declared != nil {
		return transcode(src, declared, declaredName, "Content-Type charset", notes)
	}
	if label := prescanMeta(src); label != "" {
		if enc, name, ok := lookupEncoding(label, false); ok {
			return transcode(src, enc, name, "<meta> charset", notes)
		}
		notes = append(notes, fmt.Sprintf("<meta> declares the unknown encoding %q; ignored", label))
	}
	if utf8.Valid(src) {
		return decodedInput{src: src, encoding: "utf-8", source: "default", notes: notes}, nil
	}
	enc, name, _ := lookupEncoding("windows-1252", false)
	notes = append(notes, "the document declares no character encoding and is not valid UTF-8: "+
		"it was read as windows-1252; declare its encoding with <meta charset>")
	return transcode(src, enc, name, "default", notes)
}

// sniffBOM returns the encoding a byte order mark at the start of src
// names, with the mark's length.
func sniffBOM(src []byte) (encoding.Encoding, string, int) {
	switch {
	case bytes.HasPrefix(src, []byte{0xEF, 0xBB, 0xBF}):
		return encoding.Nop, "utf-8", 3
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), "utf-16be", 2
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), "utf-16le", 2
	}
	return nil, "", 0
}

// charsetParam returns the charset of a Content-Type value, or the value
// itself when it is a bare label.
func charsetParam(v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	if !strings.ContainsAny(v, "/;=") {
		return v
	}
	if _, params, err := mime.ParseMediaType(v); err == nil {
		return strings.TrimSpace(params["charset"])
	}
	return ""
}

// lookupEncoding resolves a WHATWG encoding label. From a <meta> (transport
// false) UTF-16 means UTF-8 and x-user-defined windows-1252, as the HTML
// Standard says: a document that could read its own <meta> as ASCII is not
// UTF-16. The "replacement" encoding (labels of encodings browsers refuse,
// such as ISO-2022-KR) is not accepted.
func lookupEncoding(label string, transport bool) (encoding.Encoding, string, bool) {
	enc, err := htmlindex.Get(label)
	if err != nil || enc == encoding.Replacement {
		return nil, "", false
	}
	name, err := htmlindex.Name(enc)
	if err != nil {
		return nil, "", false
	}
	if !transport {
		switch name {
		case "utf-16be", "utf-16le":
			return encoding.Nop, "utf-8", true
		case "x-user-defined":
			return lookupEncoding("windows-1252", false)
		}
	}
	if name == "utf-8" {
		return encoding.Nop, name, true
	}
	return enc, name, true
}

// transcode decodes src from enc to UTF-8 and notes bytes it cannot decode.
func transcode(src []byte, enc encoding.Encoding, name, source string, notes []string) (decodedInput, error) {
	d := decodedInput{src: src, encoding: name, source: source, notes: notes}
	// valid UTF-8 decodes to itself: a long document is not copied
	if enc != encoding.Nop && !(name == "utf-8" && utf8.Valid(src)) {
		out, err := enc.NewDecoder().Bytes(src)
		if err != nil {
			return decodedInput{}, fmt.Errorf("folio: decoding the document as %s: %w", name, err)
		}
		d.src = out
	}
	switch {
	case name == "utf-8" && !utf8.Valid(d.src):
		d.notes = append(d.notes, fmt.Sprintf("the document is not valid UTF-8 although its %s says it is: "+
			"undecodable bytes show as U+FFFD; declare its real encoding with <meta charset>", source))
	case name != "utf-8" && source != "default":
		if n := bytes.Count(d.src, []byte("\uFFFD")); n > 0 {
			d.notes = append(d.notes, fmt.Sprintf("%d characters could not be decoded as %s (from the %s) and show as U+FFFD", n, name, source))
		}
	}
	return d, nil
}

// prescanMeta returns the encoding label a <meta charset> or
// <meta http-equiv="Content-Type" content="…charset=…"> in the first 1024
// bytes of src declares, or "".
func prescanMeta(src []byte) string {
	if len(src) > 1024 {
		src = src[:1024]
	}
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			if string(name) != "meta" {
				continue
			}
			var charset, content string
			pragma := false
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "charset":
					if charset == "" {
						charset = strings.TrimSpace(string(v))
					}
				case "http-equiv":
					pragma = pragma || strings.EqualFold(string(v), "content-type")
				case "content":
					if content == "" {
						content = string(v)
					}
				}
			}
			if charset != "" {
				return charset
			}
			if pragma {
				if label := charsetFromContent(content); label != "" {
					return label
				}
			}
		}
	}
}

// charsetFromContent extracts the charset of a meta content attribute
// ("text/html; charset=iso-8859-1"), following the HTML Standard's
// algorithm for extracting a character encoding from a meta element.
func charsetFromContent(s string) string {
	for {
		i := strings.Index(strings.ToLower(s), "charset")
		if i < 0 {
			return ""
		}
		s = strings.TrimLeft(s[i+len("charset"):], " \t\n\f\r")
		if !strings.HasPrefix(s, "=") {
			continue
		}
		s = strings.TrimLeft(s[1:], " \t\n\f\r")
		if s == "" {
			return ""
		}
		if q := s[0]; q == '"' || q == '\'' {
			end := strings.IndexByte(s[1:], q)
			if end < 0 {
				return ""
			}
			return s[1 : 1+end]
		}
		end := strings.IndexAny(s, " \t\n\f\r;")
		if end < 0 {
			return s
		}
		return s[:end]
	}
}

// binarySignatures are the file signatures of formats sometimes passed as
// HTML by mistake.
var binarySignatures = []struct {
	prefix, what string
}{
	{"%PDF-", "a PDF document"},
	{"\x89PNG\r\n\x1a\n", "a PNG image"},
	{"\xFF\xD8\xFF", "a JPEG image"},
	{"GIF87a", "a GIF image"},
	{"GIF89a", "a GIF image"},
	{"II*\x00", "a TIFF image"},
	{"MM\x00*", "a TIFF image"},
	{"PK\x03\x04", "a ZIP archive (or a DOCX, XLSX, EPUB or ODT file)"},
	{"\x1F\x8B", "gzip-compressed data"},
	{"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", "a legacy Microsoft Office document"},
	{"\x7FELF", "an executable (ELF)"},
	{"wOFF", "a WOFF font"},
	{"wOF2", "a WOFF2 font"},
}

// binarySample is how much of the input sniffBinary looks at.
const binarySample = 4096

// sniffBinary names what src is when it is not text: a known file
// signature, a WebP image, or data of which at least 1 % of the first
// 4096 bytes are control bytes that text never holds (the WHATWG MIME
// Sniffing Standard's binary data bytes, NUL first among them). It
// returns "" for text.
func sniffBinary(src []byte) string {
	for _, s := range binarySignatures {
		if bytes.HasPrefix(src, []byte(s.prefix)) {
			return s.what
		}
	}
	if len(src) >= 12 && string(src[:4]) == "RIFF" && string(src[8:12]) == "WEBP" {
		return "a WebP image"
	}
	sample := src[:min(len(src), binarySample)]
	nul, ctl := 0, 0
	for _, c := range sample {
		switch {
		case c == 0:
			nul++
			ctl++
		case c <= 0x08, c == 0x0B, c >= 0x0E && c <= 0x1A, c >= 0x1C && c <= 0x1F:
			ctl++
		}
	}
	if ctl == 0 || ctl*100 < len(sample) {
		return ""
	}
	return fmt.Sprintf("binary data (%d control bytes, %d of them NUL, in the first %d bytes)", ctl, nul, len(sample))
}
