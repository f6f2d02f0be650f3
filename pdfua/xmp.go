package pdfua

import (
	"encoding/hex"
	"time"
	"unicode/utf8"
)

// appendXMLEscaped appends s escaped for XML element content and
// attribute values; control characters XML 1.0 forbids are dropped.
func appendXMLEscaped(buf []byte, s string) []byte {
	for _, r := range s {
		switch r {
		case '&':
			buf = append(buf, "&amp;"...)
		case '<':
			buf = append(buf, "&lt;"...)
		case '>':
			buf = append(buf, "&gt;"...)
		case '"':
			buf = append(buf, "&quot;"...)
		default:
			if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
				continue
			}
			buf = utf8.AppendRune(buf, r)
		}
	}
	return buf
}

// xmpDate formats t as an XMP date (ISO 8601 with zone).
func xmpDate(t time.Time) string {
	return t.Format("2006-01-02T15:04:05Z07:00")
}

// pdfDate formats t as a PDF date string, D:YYYYMMDDHHmmSS+HH'mm'.
func pdfDate(t time.Time) string {
	s := t.Format("D:20060102150405")
	_, off := t.Zone()
	if off == 0 {
		return s + "Z"
	}
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	return s + string(sign) + twoDigits(off/3600) + "'" + twoDigits(off%3600/60) + "'"
}

func twoDigits(n int) string {
	return string([]byte{byte('0' + n/10%10), byte('0' + n%10)})
}

// uuidFrom formats the first 16 bytes of id as a UUID URN.
func uuidFrom(id []byte) string {
	var b [16]byte
	copy(b[:], id)
	h := hex.EncodeToString(b[:])
	return "uuid:" + h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// xmpPacket builds the XMP metadata: PDF/UA identification, Dublin Core
// title, creator, description and language, XMP dates and tool, PDF
// producer and keywords, and the document and instance ids. Every value
// equals the corresponding /Info entry. The packet is appended to one
// buffer sized for it.
func xmpPacket(info Info, now time.Time, docID []byte) []byte {
	b := make([]byte, 0, 3400+len(info.Title)+len(info.Author)+len(info.Subject)+len(info.Lang)+
		len(info.Creator)+len(info.Producer)+len(info.Keywords))
	b = append(b, "<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"...)
	b = append(b, `<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about=""
        xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"
        xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
        xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"`...)
	if info.PDFA != "" {
		b = append(b, "\n        xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\""...)
	}
	b = append(b, `>
      <pdfuaid:part>1</pdfuaid:part>
      <dc:format>application/pdf</dc:format>
`...)
	b = xmpPDFA(b, info.PDFA)
	element := func(open, value, close string) {
		b = append(b, open...)
		b = appendXMLEscaped(b, value)
		b = append(b, close...)
	}
	element("      <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">", info.Title, "</rdf:li></rdf:Alt></dc:title>\n")
	if info.Author != "" {
		element("      <dc:creator><rdf:Seq><rdf:li>", info.Author, "</rdf:li></rdf:Seq></dc:creator>\n")
	}
	if info.Subject != "" {
		element("      <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">", info.Subject, "</rdf:li></rdf:Alt></dc:description>\n")
	}
	element("      <dc:language><rdf:Bag><rdf:li>", info.Lang, "</rdf:li></rdf:Bag></dc:language>\n")
	if !now.IsZero() {
		date := xmpDate(now)
		element("      <xmp:CreateDate>", date, "</xmp:CreateDate>\n")
		element("      <xmp:ModifyDate>", date, "</xmp:ModifyDate>\n")
		element("      <xmp:MetadataDate>", date, "</xmp:MetadataDate>\n")
	}
	if info.Creator != "" {
		element("      <xmp:CreatorTool>", info.Creator, "</xmp:CreatorTool>\n")
	}
	if info.Producer != "" {
		element("      <pdf:Producer>", info.Producer, "</pdf:Producer>\n")
	}
	if info.Keywords != "" {
		element("      <pdf:Keywords>", info.Keywords, "</pdf:Keywords>\n")
	}
	id := uuidFrom(docID)
	element("      <xmpMM:DocumentID>", id, "</xmpMM:DocumentID>\n")
	element("      <xmpMM:InstanceID>", id, "</xmpMM:InstanceID>\n")
	b = append(b, "    </rdf:Description>\n"...)
	b = xmpFacturXProps(b, info.FacturX)
	b = xmpExtensions(b, info.PDFA, info.FacturX)
	b = append(b, "  </rdf:RDF>\n</x:xmpmeta>\n"...)
	// Padding lets editors update the packet in place: 20 lines of 99
	// spaces.
	n := len(b)
	b = append(b, make([]byte, 20*100)...)
	pad := b[n:]
	for i := range pad {
		pad[i] = ' '
	}
	for i := 99; i < len(pad); i += 100 {
		pad[i] = '\n'
	}
	return append(b, "<?xpacket end=\"w\"?>"...)
}
