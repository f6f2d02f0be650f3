package pdfua

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSRGBProfile(t *testing.T) {
	icc := SRGBProfile()
	if got := binary.BigEndian.Uint32(icc); int(got) != len(icc) {
		t.Fatalf("header size %d, profile has %d bytes", got, len(icc))
	}
	if string(icc[12:24]) != "mntrRGB XYZ " || string(icc[36:40]) != "acsp" || icc[8] != 2 {
		t.Fatalf("header class/space/signature/version wrong: % x", icc[:40])
	}
	tags := map[string][]byte{}
	n := int(binary.BigEndian.Uint32(icc[128:]))
	for i := range n {
		e := icc[132+12*i:]
		off, size := binary.BigEndian.Uint32(e[4:]), binary.BigEndian.Uint32(e[8:])
		if off%4 != 0 || int(off+size) > len(icc) {
			t.Fatalf("tag %s at %d+%d outside the profile or unaligned", e[:4], off, size)
		}
		tags[string(e[:4])] = icc[off : off+size]
	}
	for _, sig := range []string{"desc", "cprt", "wtpt", "rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"} {
		if tags[sig] == nil {
			t.Errorf("required tag %s missing", sig)
		}
	}
	xyz := func(sig string) [3]float64 {
		var v [3]float64
		for i := range v {
			v[i] = float64(int32(binary.BigEndian.Uint32(tags[sig][8+4*i:]))) / 65536
		}
		return v
	}
	// The Bradford D50-adapted sRGB colorants to 4 places (blue Z is 0.7139
	// with the ICC D50 white Z 0.8249, 0.7142 with CIE D50 Z 0.8252).
	want := map[string][3]float64{
		"rXYZ": {0.4361, 0.2225, 0.0139}, "gXYZ": {0.3851, 0.7169, 0.0971}, "bXYZ": {0.1431, 0.0606, 0.7139},
	}
	var sum [3]float64
	for sig, w := range want {
		got := xyz(sig)
		for i := range w {
			sum[i] += got[i]
			if math.Abs(got[i]-w[i]) > 0.0002 {
				t.Errorf("%s = %.4f, want %.4f", sig, got, w)
				break
			}
		}
	}
	for i, w := range d50 {
		if math.Abs(sum[i]-w) > 0.0005 {
			t.Errorf("colorants sum to %.4f, want the D50 white %.4f", sum, d50)
		}
	}
	// The curve's middle sample: sRGB 0.5 is 21.4% linear.
	trc := tags["rTRC"]
	mid := float64(binary.BigEndian.Uint16(trc[12+2*512:])) / 65535
	if math.Abs(mid-0.2145) > 0.001 {
		t.Errorf("TRC at 512/1023 = %.4f, want about 0.2145", mid)
	}
}

func TestParsePDFA(t *testing.T) {
	for in, want := range map[string]PDFA{"": "", "3a": PDFA3A, "2B": PDFA2B, "PDF/A-3u": PDFA3U, "pdfa-2a": PDFA2A} {
		got, err := ParsePDFA(in)
		if err != nil || got != want {
			t.Errorf("ParsePDFA(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"1b", "4", "3x", "a"} {
		if _, err := ParsePDFA(in); err == nil || !strings.Contains(err.Error(), "2a 2b 2u 3a 3b 3u") {
			t.Errorf("ParsePDFA(%q) error = %v, want one listing the conformances", in, err)
		}
	}
}

// buildPDFA builds a one-page document with text and a link in the
// given conformance, with the attachments given.
func buildPDFA(t *testing.T, p PDFA, uri string, atts ...Attachment) ([]byte, error) {
	t.Helper()
	s := newShaper()
	d := New(Info{Title: "PDF/A test", Author: "Folio", Lang: "en", PDFA: p,
		Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), DocumentID: []byte("0123456789abcdef")})
	pg := d.AddPage(300, 300)
	para := d.Root().Add("P")
	pg.BeginTagged(para)
	s.line(pg, "Archived text", sans, 12, 20, 250)
	pg.End()
	link := para.Add("Link")
	pg.BeginTagged(link)
	s.line(pg, "a link", sans, 12, 20, 200)
	pg.End()
	pg.AddLink(Link{Elem: link, Rects: []Rect{{20, 195, 60, 15}}, URI: uri})
	for _, a := range atts {
		d.Attach(a)
	}
	return d.Bytes()
}

func TestPDFAFile(t *testing.T) {
	xml := Attachment{Name: "data.xml", Description: "The data", MIME: "text/xml", Relationship: "data",
		Data: []byte("<a>1</a>")}
	for _, tc := range []struct {
		p    PDFA
		atts []Attachment
	}{{PDFA2A, nil}, {PDFA2B, nil}, {PDFA2U, nil}, {PDFA3A, []Attachment{xml}}, {PDFA3B, nil}, {PDFA3U, []Attachment{xml}}} {
		t.Run(string(tc.p), func(t *testing.T) {
			data, err := buildPDFA(t, tc.p, "https://example.org/", tc.atts...)
			if err != nil {
				t.Fatal(err)
			}
			path := writeTemp(t, data)
			if out := tool(t, "qpdf", "--check", path); !strings.Contains(out, "No syntax or stream encoding errors found") {
				t.Errorf("qpdf --check:\n%s", out)
			}
			qdf := qdfText(t, path)
			for _, want := range []string{
				"<pdfaid:part>" + string(tc.p[:1]) + "</pdfaid:part>",
				"<pdfaid:conformance>" + tc.p.Level() + "</pdfaid:conformance>",
				"<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>",
				"/OutputIntents [", "/S /GTS_PDFA1", "/OutputConditionIdentifier (sRGB IEC61966-2.1)",
			} {
				if !bytes.Contains(qdf, []byte(want)) {
					t.Errorf("file lacks %q", want)
				}
			}
			if len(tc.atts) > 0 {
				for _, want := range []string{"/AF [", "/AFRelationship /Data", "/Desc (The data)", "/Subtype /text#2fxml", "/EmbeddedFiles"} {
					if !bytes.Contains(qdf, []byte(want)) {
						t.Errorf("file lacks %q", want)
					}
				}
				list := tool(t, "pdfdetach", "-list", path)
				if !strings.Contains(list, "1: data.xml") {
					t.Errorf("pdfdetach -list:\n%s", list)
				}
				out := filepath.Join(t.TempDir(), "out.xml")
				tool(t, "pdfdetach", "-save", "1", "-o", out, path)
				if got, _ := os.ReadFile(out); string(got) != "<a>1</a>" {
					t.Errorf("extracted %q, want the attached bytes", got)
				}
			}
		})
	}
}

func TestPDFARefusals(t *testing.T) {
	att := Attachment{Name: "a.txt", Description: "notes", Data: []byte("x")}
	for _, tc := range []struct {
		name string
		p    PDFA
		uri  string
		atts []Attachment
		want string
	}{
		{"part 2 attachment", PDFA2B, "https://example.org/", []Attachment{att}, "PDF/A-2 (ISO 19005-2 6.8) embeds only PDF/A files"},
		{"javascript link", PDFA3A, "javascript:alert(1)", nil, "PDF/A does not allow JavaScript"},
		{"unknown level", "4a", "https://example.org/", nil, `unknown PDF/A conformance "4a"`},
		{"no description", "", "https://example.org/", []Attachment{{Name: "a.txt", Data: []byte("x")}}, "has no description"},
		{"twice", "", "https://example.org/", []Attachment{att, att}, `attachment "a.txt" added twice`},
		{"relationship", "", "https://example.org/", []Attachment{{Name: "b", Description: "b", Relationship: "Parent"}}, `unknown relationship "Parent"`},
		{"media type", "", "https://example.org/", []Attachment{{Name: "b", Description: "b", MIME: "text xml"}}, "is not a media type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := buildPDFA(t, tc.p, tc.uri, tc.atts...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
	d := New(Info{Title: "x", Lang: "en", PDFA: PDFA3B})
	d.AddPage(100, 100)
	d.Attach(Attachment{Name: "a.txt", Description: "a", Data: []byte("a")})
	if _, err := d.Bytes(); err == nil || !strings.Contains(err.Error(), "wants its modification date") {
		t.Errorf("undated attachment in PDF/A-3: error = %v", err)
	}
	d = New(Info{Title: "x", Lang: "en", PDFA: PDFA2B, FacturX: &FacturX{FileName: "factur-x.xml", Level: "EN 16931"}})
	d.AddPage(100, 100)
	if _, err := d.Bytes(); err == nil || !strings.Contains(err.Error(), "needs PDF/A-3") {
		t.Errorf("Factur-X in PDF/A-2: error = %v, want one saying it needs PDF/A-3", err)
	}
	d = New(Info{Title: "x", Lang: "en", PDFA: PDFA3B, FacturX: &FacturX{FileName: "factur-x.xml", Level: "EN 16931"}})
	d.AddPage(100, 100)
	if _, err := d.Bytes(); err == nil || !strings.Contains(err.Error(), `names the invoice "factur-x.xml", which is not attached`) {
		t.Errorf("Factur-X without the file: error = %v", err)
	}
}
