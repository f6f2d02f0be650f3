package pdfua

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// PDFA is a PDF/A conformance a document also claims besides PDF/UA-1:
// "2a", "2b", "2u", "3a", "3b" or "3u" (ISO 19005-2 and -3, part and
// level). The zero value claims none.
//
// A PDF/A document gets an sRGB output intent (an ICC profile generated
// here, see SRGBProfile), the pdfaid identification in its XMP packet
// with the PDF/A extension schema that declares pdfuaid, and the file
// identifier it always has. Everything folio writes is otherwise already
// within PDF/A: fonts are embedded, nothing is encrypted, no JavaScript,
// no external streams, link annotations are printable. What the writer
// cannot keep within the part, it refuses when writing (a non-PDF
// attachment in part 2, a javascript: link) or converts when adding (a
// CMYK JPEG is decoded and embedded as RGB, since DeviceCMYK needs a CMYK
// output intent).
type PDFA string

// The PDF/A conformances.
const (
	PDFA2A PDFA = "2a"
	PDFA2B PDFA = "2b"
	PDFA2U PDFA = "2u"
	PDFA3A PDFA = "3a"
	PDFA3B PDFA = "3b"
	PDFA3U PDFA = "3u"
)

// ParsePDFA parses a conformance such as "3a" (case-insensitive, "PDF/A-"
// prefix allowed). The empty string parses as no conformance.
func ParsePDFA(s string) (PDFA, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.TrimPrefix(strings.TrimPrefix(t, "pdf/a-"), "pdfa-")
	switch p := PDFA(strings.ReplaceAll(t, "-", "")); p {
	case "", PDFA2A, PDFA2B, PDFA2U, PDFA3A, PDFA3B, PDFA3U:
		return p, nil
	}
	return "", fmt.Errorf("pdfua: unknown PDF/A conformance %q (one of 2a 2b 2u 3a 3b 3u)", s)
}

// Part returns 2 or 3, or 0 for the zero value.
func (p PDFA) Part() int {
	if len(p) != 2 {
		return 0
	}
	return int(p[0] - '0')
}

// Level returns the conformance level as XMP writes it: "A", "B" or "U".
func (p PDFA) Level() string {
	if len(p) != 2 {
		return ""
	}
	return strings.ToUpper(string(p[1:]))
}

// FacturX describes the Factur-X (ZUGFeRD 2) invoice a PDF/A-3 document
// carries as an attachment: the XMP packet then declares it with the
// Factur-X extension schema.
type FacturX struct {
	// FileName is the attachment's name, "factur-x.xml".
	FileName string
	// Level is the Factur-X profile, e.g. "EN 16931".
	Level string
}

// srgbCondition identifies the output condition of the sRGB profile.
const srgbCondition = "sRGB IEC61966-2.1"

// srgbCompressed is the sRGB profile compressed, once per process (it
// costs more than a small page's content): documents share the bytes,
// which the writer only reads.
var srgbCompressed = sync.OnceValue(func() []byte { return deflateFast(srgbProfile()) })

// outputIntent writes the sRGB ICC profile and the PDF/A output intent
// and returns the intent's reference.
func (b *builder) outputIntent() pdfobj.Ref {
	profile := b.w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"N": pdfobj.Int(3), "Filter": pdfobj.Name("FlateDecode")},
		Data: srgbCompressed()})
	return b.w.Add(pdfobj.Dict{
		"Type":                      pdfobj.Name("OutputIntent"),
		"S":                         pdfobj.Name("GTS_PDFA1"),
		"OutputConditionIdentifier": pdfobj.TextString(srgbCondition),
		"Info":                      pdfobj.TextString(srgbCondition),
		"RegistryName":              pdfobj.TextString("http://www.color.org"),
		"DestOutputProfile":         profile,
	})
}

// checkPDFA refuses what the document's PDF/A part does not allow. It
// runs when writing, after the building checks.
func (d *Document) checkPDFA() error {
	p := d.info.PDFA
	if p == "" {
		if d.info.FacturX != nil {
			return fmt.Errorf("pdfua: a Factur-X invoice needs a PDF/A-3 document (Info.PDFA)")
		}
		return nil
	}
	if _, err := ParsePDFA(string(p)); err != nil {
		return err
	}
	if fx := d.info.FacturX; fx != nil {
		if p.Part() != 3 {
			return fmt.Errorf("pdfua: a Factur-X invoice needs PDF/A-3, not PDF/A-%s", p)
		}
		if !slices.ContainsFunc(d.attachments, func(a Attachment) bool { return a.Name == fx.FileName }) {
			return fmt.Errorf("pdfua: Info.FacturX names the invoice %q, which is not attached", fx.FileName)
		}
	}
	if p.Part() == 2 && len(d.attachments) > 0 {
		return fmt.Errorf("pdfua: PDF/A-2 (ISO 19005-2 6.8) embeds only PDF/A files; attachment %q is not one: use PDF/A-3",
			d.attachments[0].Name)
	}
	for _, a := range d.attachments {
		if a.ModTime.IsZero() && d.info.Now.IsZero() {
			return fmt.Errorf("pdfua: attachment %q: PDF/A-3 (ISO 19005-3 6.8) wants its modification date; set Attachment.ModTime or Info.Now", a.Name)
		}
	}
	for _, pg := range d.pages {
		for _, a := range pg.annots {
			if strings.HasPrefix(strings.ToLower(strings.TrimSpace(a.uri)), "javascript:") {
				return fmt.Errorf("pdfua: page %d: link to %q: PDF/A does not allow JavaScript (ISO 19005-2 6.6.1)", pg.index+1, a.uri)
			}
		}
	}
	return nil
}

// xmpPDFA appends the pdfaid properties to the main description of the
// XMP packet.
func xmpPDFA(b []byte, p PDFA) []byte {
	if p == "" {
		return b
	}
	b = append(b, "      <pdfaid:part>"...)
	b = append(b, byte('0'+p.Part()))
	b = append(b, "</pdfaid:part>\n      <pdfaid:conformance>"...)
	b = append(b, p.Level()...)
	return append(b, "</pdfaid:conformance>\n"...)
}

// xmpFacturXProps appends the Factur-X properties, in their own
// description.
func xmpFacturXProps(b []byte, fx *FacturX) []byte {
	if fx == nil {
		return b
	}
	b = append(b, `    <rdf:Description rdf:about=""
        xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>`...)
	b = appendXMLEscaped(b, fx.FileName)
	b = append(b, "</fx:DocumentFileName>\n      <fx:Version>1.0</fx:Version>\n      <fx:ConformanceLevel>"...)
	b = appendXMLEscaped(b, fx.Level)
	return append(b, "</fx:ConformanceLevel>\n    </rdf:Description>\n"...)
}

// xmpExtensions appends the PDF/A extension schema description that
// declares the schemas PDF/A does not predefine: pdfuaid (ISO 14289-1
// 5) and, for an e-invoice, Factur-X's fx.
func xmpExtensions(b []byte, p PDFA, fx *FacturX) []byte {
	if p == "" {
		return b
	}
	b = append(b, `    <rdf:Description rdf:about=""
        xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
        xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
        xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
`...)
	b = appendSchema(b, "PDF/UA Universal Accessibility Schema", "http://www.aiim.org/pdfua/ns/id/", "pdfuaid",
		[][4]string{{"part", "Integer", "internal", "Indicates, which part of ISO 14289 standard is followed"}})
	if fx != nil {
		b = appendSchema(b, "Factur-X PDFA Extension Schema", "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#", "fx",
			[][4]string{
				{"DocumentFileName", "Text", "external", "The name of the embedded XML document"},
				{"DocumentType", "Text", "external", "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"},
				{"Version", "Text", "external", "The actual version of the standard applying to the embedded XML document"},
				{"ConformanceLevel", "Text", "external", "The conformance level of the embedded XML document"},
			})
	}
	return append(b, "        </rdf:Bag>\n      </pdfaExtension:schemas>\n    </rdf:Description>\n"...)
}

// appendSchema appends one pdfaSchema entry; each property is name,
// value type, category and description.
func appendSchema(b []byte, name, ns, prefix string, props [][4]string) []byte {
	b = append(b, "          <rdf:li rdf:parseType=\"Resource\">\n            <pdfaSchema:schema>"...)
	b = appendXMLEscaped(b, name)
	b = append(b, "</pdfaSchema:schema>\n            <pdfaSchema:namespaceURI>"...)
	b = appendXMLEscaped(b, ns)
	b = append(b, "</pdfaSchema:namespaceURI>\n            <pdfaSchema:prefix>"...)
	b = append(b, prefix...)
	b = append(b, "</pdfaSchema:prefix>\n            <pdfaSchema:property>\n              <rdf:Seq>\n"...)
	for _, p := range props {
		b = append(b, "                <rdf:li rdf:parseType=\"Resource\">\n                  <pdfaProperty:name>"...)
		b = append(b, p[0]...)
		b = append(b, "</pdfaProperty:name>\n                  <pdfaProperty:valueType>"...)
		b = append(b, p[1]...)
		b = append(b, "</pdfaProperty:valueType>\n                  <pdfaProperty:category>"...)
		b = append(b, p[2]...)
		b = append(b, "</pdfaProperty:category>\n                  <pdfaProperty:description>"...)
		b = appendXMLEscaped(b, p[3])
		b = append(b, "</pdfaProperty:description>\n                </rdf:li>\n"...)
	}
	return append(b, "              </rdf:Seq>\n            </pdfaSchema:property>\n          </rdf:li>\n"...)
}
