package pdfua

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

func TestXMPPacket(t *testing.T) {
	info := Info{Title: `Q&A <draft> "1"`, Author: "Zoë", Subject: "S", Keywords: "k1, k2", Creator: "C", Producer: "P", Lang: "de-CH"}
	now := time.Date(2025, 6, 7, 8, 9, 10, 0, time.FixedZone("", 2*3600))
	pkt := xmpPacket(info, now, []byte("0123456789abcdef"))
	if !bytes.HasPrefix(pkt, []byte("<?xpacket begin=\"\xEF\xBB\xBF\"")) || !bytes.HasSuffix(pkt, []byte(`<?xpacket end="w"?>`)) {
		t.Errorf("packet wrapper wrong")
	}
	// The packet must be well-formed XML; collect element texts by name.
	dec := xml.NewDecoder(bytes.NewReader(pkt))
	texts := map[string]string{}
	var stack []xml.Name
	for {
		tok, err := dec.Token()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("XMP is not well-formed: %v", err)
			}
			break
		}
		switch v := tok.(type) {
		case xml.StartElement:
			stack = append(stack, v.Name)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if s := strings.TrimSpace(string(v)); s != "" && len(stack) >= 1 {
				// Key by the nearest non-RDF ancestor.
				for i := len(stack) - 1; i >= 0; i-- {
					if stack[i].Space != "http://www.w3.org/1999/02/22-rdf-syntax-ns#" {
						texts[stack[i].Space+" "+stack[i].Local] = s
						break
					}
				}
			}
		}
	}
	for key, want := range map[string]string{
		"http://www.aiim.org/pdfua/ns/id/ part":      "1",
		"http://purl.org/dc/elements/1.1/ title":     `Q&A <draft> "1"`,
		"http://purl.org/dc/elements/1.1/ creator":   "Zoë",
		"http://purl.org/dc/elements/1.1/ language":  "de-CH",
		"http://ns.adobe.com/xap/1.0/ CreateDate":    "2025-06-07T08:09:10+02:00",
		"http://ns.adobe.com/xap/1.0/ CreatorTool":   "C",
		"http://ns.adobe.com/pdf/1.3/ Producer":      "P",
		"http://ns.adobe.com/pdf/1.3/ Keywords":      "k1, k2",
		"http://ns.adobe.com/xap/1.0/mm/ DocumentID": "uuid:30313233-3435-3637-3839-616263646566",
	} {
		if got := texts[key]; got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	if !bytes.Contains(pkt, []byte(`xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"`)) ||
		!bytes.Contains(pkt, []byte(`<rdf:li xml:lang="x-default">`)) {
		t.Error("prefixes or x-default title missing")
	}
	if got := pdfDate(now); got != "D:20250607080910+02'00'" {
		t.Errorf("pdfDate = %s", got)
	}
	if got := pdfDate(now.UTC()); got != "D:20250607060910Z" {
		t.Errorf("pdfDate UTC = %s", got)
	}
}

// TestInfoMatchesXMP checks that /Info carries the same values and
// instants as the XMP packet, and that without Now no dates are written.
func TestInfoMatchesXMP(t *testing.T) {
	d := New(Info{Title: "Ünïcode title", Author: "A", Lang: "en", Now: time.Date(2025, 1, 2, 3, 4, 5, 999, time.UTC)})
	d.AddPage(10, 10)
	f, data := readBack(t, d)
	info := f.Info()
	if got := string(info["Title"].(pdfobj.String)); got != string(pdfobj.TextString("Ünïcode title")) {
		t.Errorf("/Title %q", got)
	}
	if got := string(info["CreationDate"].(pdfobj.String)); got != "D:20250102030405Z" || pdfobj.Format(info["ModDate"]) != pdfobj.Format(info["CreationDate"]) {
		t.Errorf("/CreationDate %q /ModDate %s", got, pdfobj.Format(info["ModDate"]))
	}
	if !bytes.Contains(data, []byte("<xmp:CreateDate>2025-01-02T03:04:05Z</xmp:CreateDate>")) {
		t.Error("XMP date differs from /Info")
	}
	first, second := f.ID()
	if len(first) != 16 || !bytes.Equal(first, second) {
		t.Errorf("trailer /ID %x %x", first, second)
	}

	d = New(Info{Title: "T", Lang: "en"})
	d.AddPage(10, 10)
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("CreationDate")) || bytes.Contains(data, []byte("CreateDate")) {
		t.Error("dates written without Info.Now")
	}
}
