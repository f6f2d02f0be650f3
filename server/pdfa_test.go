package server

import (
	"bytes"
	"strings"
	"testing"

	"github.com/seed28491532/folio/templates"
)

// TestRenderPDFAAttachments renders a multipart request with pdf_a and an
// attachment part, and checks the refusals of bad combinations.
func TestRenderPDFAAttachments(t *testing.T) {
	h := New(Config{})
	html := []byte(`<!doctype html><html lang="en"><head><title>Archive</title></head><body><h1>Archive</h1></body></html>`)
	body, ct := multipartBody(t, part{"file", "index.html", html}, part{"attachment", "figures.csv", []byte("a,b\n")},
		part{"pdf_a", "", []byte("3B")})
	rec := do(t, h, "POST", "/api/v1/render", ct, body)
	if rec.Code != 200 {
		t.Fatalf("status %d: %.300s", rec.Code, rec.Body)
	}
	pdf := rec.Body.Bytes()
	for _, want := range []string{"<pdfaid:part>3</pdfaid:part>", "<pdfaid:conformance>B</pdfaid:conformance>", "/EmbeddedFiles", "(figures.csv)"} {
		if !bytes.Contains(pdf, []byte(want)) {
			t.Errorf("PDF lacks %q", want)
		}
	}
	for _, tc := range []struct {
		name  string
		parts []part
		want  string
	}{
		{"part 2", []part{{"attachment", "a.csv", []byte("x")}, {"pdf_a", "", []byte("2b")}}, `"field":"pdf_a"`},
		{"unknown level", []part{{"pdf_a", "", []byte("1b")}}, `pdf_a \"1b\" is not one of 2a, 2b, 2u, 3a, 3b, 3u`},
		{"same name", []part{{"attachment", "a.csv", []byte("x")}, {"attachment", "a.csv", []byte("y")}}, `two attachment parts are named \"a.csv\"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, ct := multipartBody(t, append([]part{{"file", "index.html", html}}, tc.parts...)...)
			rec := do(t, h, "POST", "/api/v1/render", ct, body)
			if rec.Code != 422 && rec.Code != 400 || !strings.Contains(rec.Body.String(), tc.want) {
				t.Errorf("status %d, body %.400s; want a field error containing %s", rec.Code, rec.Body, tc.want)
			}
		})
	}
	// JSON takes pdf_a too.
	rec = do(t, h, "POST", "/api/v1/render", "application/json", []byte(`{"html":"<html lang=en><title>x</title><p>x","pdf_a":"2u"}`))
	if rec.Code != 200 || !bytes.Contains(rec.Body.Bytes(), []byte("<pdfaid:conformance>U</pdfaid:conformance>")) {
		t.Errorf("JSON pdf_a 2u: status %d, PDF/A-2u not claimed", rec.Code)
	}
}

// TestRenderTemplateEInvoice renders the invoice sample with e_invoice
// and checks the refusals: data breaking EN 16931, a template without an
// e-invoice form, PDF/A-2.
func TestRenderTemplateEInvoice(t *testing.T) {
	h := New(Config{})
	sample, err := templates.Sample("invoice")
	if err != nil {
		t.Fatal(err)
	}
	body := func(id, data, extra string) []byte {
		return []byte(`{"template_id":"` + id + `","data":` + data + extra + `}`)
	}
	rec := do(t, h, "POST", "/api/v1/render-template", "application/json", body("invoice", string(sample), `,"e_invoice":true`))
	if rec.Code != 200 {
		t.Fatalf("status %d: %.400s", rec.Code, rec.Body)
	}
	for _, want := range []string{"(factur-x.xml)", "/AFRelationship /Data", "<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>", "<pdfaid:part>3</pdfaid:part>"} {
		if !bytes.Contains(rec.Body.Bytes(), []byte(want)) {
			t.Errorf("PDF lacks %q", want)
		}
	}
	noVAT := strings.Replace(string(sample), `"vat_id": "DE123456789",`, "", 1)
	for _, tc := range []struct {
		name, body, want string
	}{
		{"missing seller id", string(body("invoice", noVAT, `,"e_invoice":true`)), `"field":"data.seller.vat_id"`},
		{"pdf_a 2", string(body("invoice", string(sample), `,"e_invoice":true,"pdf_a":"2a"`)), `"field":"pdf_a"`},
		{"not an invoice", `{"template_id":"official_certificate","data":{},"e_invoice":true}`, `"field":"e_invoice"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, h, "POST", "/api/v1/render-template", "application/json", []byte(tc.body))
			if rec.Code != 422 && rec.Code != 400 || !strings.Contains(rec.Body.String(), tc.want) {
				t.Errorf("status %d, body %.500s; want a field error %s", rec.Code, rec.Body, tc.want)
			}
		})
	}
}

// TestValidateProfile checks ?profile=pdfa-2 on /api/v1/validate: the
// PDF/A rules join the PDF/UA-1 report; a plain PDF fails them by name.
func TestValidateProfile(t *testing.T) {
	h := New(Config{})
	render := func(pdfA string) []byte {
		t.Helper()
		body := `{"html":"<html lang=en><title>x</title><h1>x</h1>"` + pdfA + `}`
		rec := do(t, h, "POST", "/api/v1/render", "application/json", []byte(body))
		if rec.Code != 200 {
			t.Fatalf("render: %d %.300s", rec.Code, rec.Body)
		}
		return rec.Body.Bytes()
	}
	archive, plain := render(`,"pdf_a":"2u"`), render("")
	rec := do(t, h, "POST", "/api/v1/validate?profile=pdfa-2", "application/pdf", archive)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"rule":"pdfa-6.2.2-1"`) || !strings.Contains(rec.Body.String(), `"passed":true`) {
		t.Errorf("PDF/A-2u: status %d, %.600s", rec.Code, rec.Body)
	}
	rec = do(t, h, "POST", "/api/v1/validate?profile=pdfa-2", "application/pdf", plain)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"passed":false`) || !strings.Contains(rec.Body.String(), "the catalog has no PDF/A output intent") {
		t.Errorf("plain PDF: status %d, %.600s", rec.Code, rec.Body)
	}
	for _, tc := range []struct{ url, ct, body, want string }{
		{"/api/v1/validate?profile=pdfa-4", "application/pdf", string(archive), `profile \"pdfa-4\" is not one of pdfa-2, pdfa-3`},
		{"/api/v1/validate?profile=pdfa-3", "text/html", "<html lang=en><title>x</title></html>", "checks PDFs; this is HTML"},
	} {
		rec := do(t, h, "POST", tc.url, tc.ct, []byte(tc.body))
		if rec.Code != 400 && rec.Code != 422 || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s: status %d, %.400s", tc.url, rec.Code, rec.Body)
		}
	}
}

// TestRenderJSONAttachments: the JSON attachments member embeds files;
// malformed entries are refused naming the entry's field.
func TestRenderJSONAttachments(t *testing.T) {
	h := New(Config{})
	const html = `"html":"<html lang=en><title>x</title><h1>x</h1>"`
	rec := do(t, h, "POST", "/api/v1/render", "application/json",
		[]byte(`{`+html+`,"pdf_a":"3u","attachments":[{"name":"dir/data.csv","description":"The data","relationship":"source","data":"YSxiCg=="}]}`))
	if rec.Code != 200 {
		t.Fatalf("status %d: %.400s", rec.Code, rec.Body)
	}
	for _, want := range []string{"(data.csv)", "(The data)", "/AFRelationship /Source", "/Subtype /text#2Fcsv"} {
		if !bytes.Contains(rec.Body.Bytes(), []byte(want)) {
			t.Errorf("PDF lacks %q", want)
		}
	}
	for _, tc := range []struct{ attachments, want string }{
		{`[{"data":"YQ=="}]`, `attachments[0].name is required`},
		{`[{"name":"a","data":"%%%"}]`, `attachments[0].data is not valid base64`},
		{`[{"name":"a","data":"YQ==","relationship":"Parent"}]`, `attachments[0].relationship \"Parent\" is not one of`},
		{`[{"name":"a","data":"YQ==","media_type":"text csv"}]`, `is not a media type`},
		{`[{"name":"a","data":"YQ==","size":1}]`, `attachments must be an array`},
		{`{"name":"a"}`, `attachments must be an array`},
	} {
		rec := do(t, h, "POST", "/api/v1/render", "application/json", []byte(`{`+html+`,"attachments":`+tc.attachments+`}`))
		if rec.Code != 400 && rec.Code != 422 || !strings.Contains(rec.Body.String(), tc.want) {
			t.Errorf("%s: status %d, %.400s; want %s", tc.attachments, rec.Code, rec.Body, tc.want)
		}
	}
}
