package pdfua

import (
	"encoding/hex"
	"strings"
	"time"
)

// xmlEscape escapes text for XML element content and attribute values.
func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		default:
			// XML 1.0 forbids most control characters.
			if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
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
// equals the corresponding /Info entry.
func xmpPacket(info Info, now time.Time, docID []byte) []byte {
	var b strings.Builder
	b.WriteString("<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n")
	b.WriteString(`<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about=""
        xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"
        xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
        xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
      <pdfuaid:part>1</pdfuaid:part>
      <dc:format>application/pdf</dc:format>
`)
	b.WriteString("      <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xmlEscape(info.Title) + "</rdf:li></rdf:Alt></dc:title>\n")
	if info.Author != "" {
		b.WriteString("      <dc:creator><rdf:Seq><rdf:li>" + xmlEscape(info.Author) + "</rdf:li></rdf:Seq></dc:creator>\n")
	}
	if info.Subject != "" {
		b.WriteString("      <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xmlEscape(info.Subject) + "</rdf:li></rdf:Alt></dc:description>\n")
	}
	b.WriteString("      <dc:language><rdf:Bag><rdf:li>" + xmlEscape(info.Lang) + "</rdf:li></rdf:Bag></dc:language>\n")
	if !now.IsZero() {
		date := xmpDate(now)
		b.WriteString("      <xmp:CreateDate>" + date + "</xmp:CreateDate>\n")
		b.WriteString("      <xmp:ModifyDate>" + date + "</xmp:ModifyDate>\n")
		b.WriteString("      <xmp:MetadataDate>" + date + "</xmp:MetadataDate>\n")
	}
	if info.Creator != "" {
		b.WriteString("      <xmp:CreatorTool>" + xmlEscape(info.Creator) + "</xmp:CreatorTool>\n")
	}
	if info.Producer != "" {
		b.WriteString("      <pdf:Producer>" + xmlEscape(info.Producer) + "</pdf:Producer>\n")
	}
	if info.Keywords != "" {
		b.WriteString("      <pdf:Keywords>" + xmlEscape(info.Keywords) + "</pdf:Keywords>\n")
	}
	id := uuidFrom(docID)
	b.WriteString("      <xmpMM:DocumentID>" + id + "</xmpMM:DocumentID>\n")
	b.WriteString("      <xmpMM:InstanceID>" + id + "</xmpMM:InstanceID>\n")
	b.WriteString("    </rdf:Description>\n  </rdf:RDF>\n</x:xmpmeta>\n")
	// Padding lets editors update the packet in place.
	b.WriteString(strings.Repeat(strings.Repeat(" ", 99)+"\n", 20))
	b.WriteString("<?xpacket end=\"w\"?>")
	return []byte(b.String())
}
