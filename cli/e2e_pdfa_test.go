package cli

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/templates"
)

// external runs an installed tool; the tools are part of the test set-up.
func external(t *testing.T, name string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is required for this test (apt-get install poppler-utils qpdf): %v", name, err)
	}
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// TestE2EEInvoice renders the invoice sample as a Factur-X PDF/A-3
// invoice and checks it with qpdf, the PDF/UA and PDF/A audits, and
// pdfdetach: the extracted XML's totals are the template data's.
func TestE2EEInvoice(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "invoice.pdf")
	r := runReal(t, "", "render-template", "-t", "invoice", "--sample", "--e-invoice", "-o", out)
	if r.code != 0 {
		t.Fatalf("render-template --e-invoice: exit %d\n%s", r.code, r.stderr)
	}
	if got := external(t, "qpdf", "--check", out); !strings.Contains(got, "No syntax or stream encoding errors found") {
		t.Errorf("qpdf --check:\n%s", got)
	}
	r = runReal(t, "", "validate", "--json", "--profile", "pdfa-3", out)
	if r.code != 0 {
		t.Fatalf("validate --profile pdfa-3: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{`"rule": "pdfa-6.8-3"`, `"rule": "pdfa-6.2.2-2"`, `"rule": "pdfua-`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the merged report lacks %s", want)
		}
	}
	list := external(t, "pdfdetach", "-list", out)
	if !strings.Contains(list, "factur-x.xml") {
		t.Fatalf("pdfdetach -list:\n%s", list)
	}
	xmlPath := filepath.Join(dir, "factur-x.xml")
	external(t, "pdfdetach", "-savefile", "factur-x.xml", "-o", xmlPath, out)
	raw, err := os.ReadFile(xmlPath)
	if err != nil {
		t.Fatal(err)
	}
	var cii struct {
		Sum struct {
			Line  string `xml:"LineTotalAmount"`
			Tax   string `xml:"TaxTotalAmount"`
			Grand string `xml:"GrandTotalAmount"`
		} `xml:"SupplyChainTradeTransaction>ApplicableHeaderTradeSettlement>SpecifiedTradeSettlementHeaderMonetarySummation"`
		Lines []string `xml:"SupplyChainTradeTransaction>IncludedSupplyChainTradeLineItem>SpecifiedTradeProduct>Name"`
	}
	if err := xml.Unmarshal(raw, &cii); err != nil {
		t.Fatalf("factur-x.xml does not parse: %v", err)
	}
	sample, err := templates.Sample("invoice")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		GrossTotal json.Number `json:"gross_total"`
		Items      []struct {
			Description string `json:"description"`
		} `json:"items"`
	}
	if err := json.Unmarshal(sample, &data); err != nil {
		t.Fatal(err)
	}
	if cii.Sum.Grand != string(data.GrossTotal) || len(cii.Lines) != len(data.Items) || cii.Lines[0] != data.Items[0].Description {
		t.Errorf("extracted grand total %s with %d lines, want %s with %d", cii.Sum.Grand, len(cii.Lines), data.GrossTotal, len(data.Items))
	}
	pdf, _ := os.ReadFile(out)
	for _, want := range []string{"<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>", "<pdfaid:part>3</pdfaid:part>", "<pdfaid:conformance>A</pdfaid:conformance>"} {
		if !strings.Contains(string(pdf), want) {
			t.Errorf("XMP lacks %s", want)
		}
	}
}

// TestE2EEInvoiceRefused: data EN 16931 refuses fails naming the field;
// a plain PDF fails the PDF/A profile naming the rules.
func TestE2EEInvoiceRefused(t *testing.T) {
	dir := t.TempDir()
	sample, err := templates.Sample("invoice")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(sample), `"vat_id": "DE123456789",`, "", 1)
	in := write(t, dir, "bad.json", bad)
	r := runReal(t, "", "render-template", "-t", "invoice", "-d", in, "--e-invoice", "-o", filepath.Join(dir, "bad.pdf"))
	if r.code == 0 || !strings.Contains(r.stderr, "data.seller.vat_id") {
		t.Errorf("missing seller VAT id: exit %d, stderr %q", r.code, r.stderr)
	}
	r = runReal(t, "", "render-template", "-t", "invoice", "--sample", "--e-invoice", "--pdf-a", "2b", "-o", filepath.Join(dir, "x.pdf"))
	if r.code != ExitUsage || !strings.Contains(r.stderr, "--e-invoice needs PDF/A-3") {
		t.Errorf("--e-invoice --pdf-a 2b: exit %d, stderr %q", r.code, r.stderr)
	}
	html := write(t, dir, "plain.html", `<!doctype html><html lang="en"><title>Plain</title><h1>Plain</h1></html>`)
	plain := filepath.Join(dir, "plain.pdf")
	if r := runReal(t, "", "convert", "-i", html, "-o", plain); r.code != 0 {
		t.Fatalf("convert: %s", r.stderr)
	}
	r = runReal(t, "", "validate", "--profile", "pdfa-2", plain)
	if r.code != ExitFindings {
		t.Errorf("plain PDF as PDF/A-2: exit %d, want %d", r.code, ExitFindings)
	}
	for _, want := range []string{"pdfa-6.2.2-1", "pdfa-6.6.4-1", "pdfa-6.6.2.3-1"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the report does not name %s:\n%s", want, r.stdout)
		}
	}
	if r := runReal(t, "", "validate", "--profile", "pdfa-4", plain); r.code != ExitUsage {
		t.Errorf("--profile pdfa-4: exit %d", r.code)
	}
	r = runReal(t, "", "convert", "-i", html, "-o", filepath.Join(dir, "a.pdf"), "--pdf-a", "2u")
	if r.code != 0 {
		t.Fatalf("convert --pdf-a 2u: %s", r.stderr)
	}
	if r := runReal(t, "", "validate", "--profile", "pdfa-2", filepath.Join(dir, "a.pdf")); r.code != 0 {
		t.Errorf("PDF/A-2u as PDF/A-2: exit %d\n%s", r.code, r.stdout)
	}
}
