package pdfa

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

const (
	nsRDF    = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	nsDC     = "http://purl.org/dc/elements/1.1/"
	nsXMP    = "http://ns.adobe.com/xap/1.0/"
	nsPDF    = "http://ns.adobe.com/pdf/1.3/"
	nsPDFAID = "http://www.aiim.org/pdfa/ns/id/"
	nsSchema = "http://www.aiim.org/pdfa/ns/schema#"
)

// predefined are the XMP schemas PDF/A-2 and -3 allow without an
// extension schema (ISO 19005-2 6.6.2.3.1: those of XMP 2005, and the
// PDF/A ones).
var predefined = map[string]bool{
	nsDC: true, nsXMP: true, nsPDF: true, nsPDFAID: true,
	"http://ns.adobe.com/xap/1.0/rights/":            true,
	"http://ns.adobe.com/xap/1.0/mm/":                true,
	"http://ns.adobe.com/xap/1.0/bj/":                true,
	"http://ns.adobe.com/xap/1.0/t/pg/":              true,
	"http://ns.adobe.com/xmp/1.0/DynamicMedia/":      true,
	"http://ns.adobe.com/photoshop/1.0/":             true,
	"http://ns.adobe.com/camera-raw-settings/1.0/":   true,
	"http://ns.adobe.com/tiff/1.0/":                  true,
	"http://ns.adobe.com/exif/1.0/":                  true,
	"http://ns.adobe.com/exif/1.0/aux/":              true,
	"http://www.aiim.org/pdfa/ns/extension/":         true,
	"http://www.aiim.org/pdfa/ns/schema#":            true,
	"http://www.aiim.org/pdfa/ns/property#":          true,
	"http://www.aiim.org/pdfa/ns/type#":              true,
	"http://www.aiim.org/pdfa/ns/field#":             true,
	"http://ns.adobe.com/xap/1.0/sType/ResourceRef#": true,
}

// xmpData is what the checker reads from the XMP packet: the first value
// of each top-level property (by namespace and local name), the
// namespaces of the properties used and the namespaces extension schemas
// declare.
type xmpData struct {
	props    map[string]string
	used     map[string]bool
	declared map[string]bool
}

func key(ns, local string) string { return ns + "|" + local }

// parseXMP reads the packet; it returns an error when it is not XML.
func parseXMP(data []byte) (*xmpData, error) {
	x := &xmpData{props: map[string]string{}, used: map[string]bool{}, declared: map[string]bool{}}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []xml.Name
	var prop string // the top-level property being read
	var text strings.Builder
	inSchemaNS := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return x, nil
		}
		if err != nil {
			return nil, err
		}
		if len(stack) > 256 {
			return nil, errNesting
		}
		switch t := tok.(type) {
		case xml.StartElement:
			parent := xml.Name{}
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			grand := xml.Name{}
			if len(stack) > 1 {
				grand = stack[len(stack)-2]
			}
			if t.Name.Space == nsRDF && t.Name.Local == "Description" && parent == (xml.Name{Space: nsRDF, Local: "RDF"}) {
				for _, a := range t.Attr {
					if a.Name.Space == "" || a.Name.Space == nsRDF || a.Name.Space == "xmlns" || a.Name.Space == "http://www.w3.org/XML/1998/namespace" {
						continue
					}
					x.used[a.Name.Space] = true
					if _, ok := x.props[key(a.Name.Space, a.Name.Local)]; !ok {
						x.props[key(a.Name.Space, a.Name.Local)] = a.Value
					}
				}
			}
			if parent == (xml.Name{Space: nsRDF, Local: "Description"}) && grand == (xml.Name{Space: nsRDF, Local: "RDF"}) {
				x.used[t.Name.Space] = true
				prop = key(t.Name.Space, t.Name.Local)
				text.Reset()
			}
			inSchemaNS = t.Name.Space == nsSchema && t.Name.Local == "namespaceURI"
			stack = append(stack, t.Name)
		case xml.CharData:
			if prop != "" {
				text.Write(t)
			}
			if inSchemaNS {
				x.declared[strings.TrimSpace(string(t))] = true
			}
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			inSchemaNS = false
			isLi := t.Name.Space == nsRDF && t.Name.Local == "li"
			if prop != "" && (isLi || key(t.Name.Space, t.Name.Local) == prop) {
				if _, ok := x.props[prop]; !ok {
					x.props[prop] = strings.TrimSpace(text.String())
				}
				if !isLi {
					prop = ""
				}
				text.Reset()
			}
		}
	}
}

var errNesting = xmlError("XMP nested deeper than 256 elements")

type xmlError string

func (e xmlError) Error() string { return string(e) }

// metadata checks the XMP packet and its agreement with Info, sets the
// claimed level and returns the claimed part (0 if none).
func (c *checker) metadata() int {
	root := c.f.Root()
	s, ok := c.f.Resolve(root["Metadata"]).(*pdfobj.Stream)
	obj := refNum(root["Metadata"])
	if !ok {
		c.fail("pdfa-6.6.2.1-1", 0, "the catalog has no XMP /Metadata stream")
		return 0
	}
	if s.Dict["Filter"] != nil {
		c.fail("pdfa-6.6.2.1-1", obj, "the XMP metadata stream is filtered (/Filter %s); PDF/A wants it readable as is", pdfobj.Text(s.Dict["Filter"]))
	} else {
		c.pass("pdfa-6.6.2.1-1")
	}
	data, err := c.f.DecodeStream(s)
	if err != nil {
		c.fail("pdfa-6.6.2.3-2", obj, "the XMP metadata stream does not decode: %v", err)
		return 0
	}
	if i := bytes.Index(data, []byte("<?xpacket begin=")); i >= 0 {
		end := bytes.Index(data[i:], []byte("?>"))
		pi := data[i:]
		if end >= 0 {
			pi = data[i : i+end]
		}
		c.check("pdfa-6.6.2.1-2", !bytes.Contains(pi, []byte("bytes=")) && !bytes.Contains(pi, []byte("encoding=")), obj,
			"the xpacket header has a bytes or encoding attribute")
	}
	x, err := parseXMP(data)
	if err != nil {
		c.fail("pdfa-6.6.2.3-2", obj, "the XMP metadata is not well-formed XML: %v", err)
		return 0
	}
	c.pass("pdfa-6.6.2.3-2")
	for ns := range x.used {
		c.check("pdfa-6.6.2.3-1", predefined[ns] || x.declared[ns], obj,
			"the XMP uses the schema %s, which PDF/A does not predefine and no pdfaExtension:schemas entry declares", ns)
	}
	part, _ := strconv.Atoi(x.props[key(nsPDFAID, "part")])
	c.level = x.props[key(nsPDFAID, "conformance")]
	okLevel := c.level == "A" || c.level == "B" || c.level == "U"
	c.check("pdfa-6.6.4-1", (part == 2 || part == 3) && okLevel, obj,
		"the XMP identifies no PDF/A-2 or -3 conformance (pdfaid:part %q, pdfaid:conformance %q)", x.props[key(nsPDFAID, "part")], c.level)
	c.infoAgrees(x)
	return part
}

// identification checks that the claimed part is the one checked.
func (c *checker) identification(claimed int) {
	if claimed != 0 {
		c.check("pdfa-6.6.4-2", claimed == c.part, 0, "the file claims PDF/A-%d but is checked as PDF/A-%d", claimed, c.part)
	}
}

// infoAgrees checks that every Info entry has an equal XMP equivalent
// (ISO 19005-2 6.6.3).
func (c *checker) infoAgrees(x *xmpData) {
	info := c.f.Info()
	if info == nil {
		return
	}
	pairs := []struct{ info, ns, local string }{
		{"Title", nsDC, "title"}, {"Author", nsDC, "creator"}, {"Subject", nsDC, "description"},
		{"Keywords", nsPDF, "Keywords"}, {"Creator", nsXMP, "CreatorTool"}, {"Producer", nsPDF, "Producer"},
	}
	obj := refNum(c.f.Trailer()["Info"])
	for _, p := range pairs {
		v, ok := info[pdfobj.Name(p.info)]
		if !ok {
			continue
		}
		got, has := x.props[key(p.ns, p.local)]
		want := pdfobj.Text(c.f.Resolve(v))
		c.check("pdfa-6.6.3-1", has && got == want, obj, "Info /%s is %q but the XMP %s is %q", p.info, want, p.local, got)
	}
	for _, p := range []struct{ info, local string }{{"CreationDate", "CreateDate"}, {"ModDate", "ModifyDate"}} {
		v, ok := info[pdfobj.Name(p.info)]
		if !ok {
			continue
		}
		want, werr := pdfDate(pdfobj.Text(c.f.Resolve(v)))
		got, gerr := xmpDate(x.props[key(nsXMP, p.local)])
		c.check("pdfa-6.6.3-1", werr == nil && gerr == nil && want.Equal(got), obj,
			"Info /%s (%s) and the XMP xmp:%s (%q) differ", p.info, pdfobj.Text(c.f.Resolve(v)), p.local, x.props[key(nsXMP, p.local)])
	}
}

// pdfDate parses D:YYYYMMDDHHmmSSOHH'mm' (trailing parts optional).
func pdfDate(s string) (time.Time, error) {
	s = strings.TrimPrefix(s, "D:")
	s = strings.ReplaceAll(s, "'", "")
	digits := len(s)
	for i, r := range s {
		if r < '0' || r > '9' {
			digits = i
			break
		}
	}
	layout := "20060102150405"[:min(digits, 14)]
	if digits < 4 || len(layout) != digits {
		return time.Time{}, xmlError("bad PDF date " + s)
	}
	t, err := time.Parse(layout, s[:digits])
	if err != nil {
		return t, err
	}
	zone := s[digits:]
	switch {
	case zone == "" || zone == "Z" || strings.HasPrefix(zone, "Z"):
		return t, nil
	case len(zone) >= 3 && (zone[0] == '+' || zone[0] == '-'):
		h, _ := strconv.Atoi(zone[1:3])
		m := 0
		if len(zone) >= 5 {
			m, _ = strconv.Atoi(zone[3:5])
		}
		off := (h*60 + m) * 60
		if zone[0] == '+' {
			off = -off
		}
		return t.Add(time.Duration(off) * time.Second), nil
	}
	return time.Time{}, xmlError("bad PDF date zone " + zone)
}

// xmpDate parses an XMP (ISO 8601) date.
func xmpDate(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05", "2006-01-02", "2006-01", "2006"} {
		if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
			return t, nil
		}
	}
	return time.Time{}, xmlError("bad XMP date " + s)
}

// refNum is the object number of a reference, 0 for a direct object.
func refNum(o pdfobj.Object) int {
	if r, ok := o.(pdfobj.Ref); ok {
		return r.Num
	}
	return 0
}
