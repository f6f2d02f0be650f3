package templates

import (
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// ciiDoc is the part of a CII invoice the tests read back.
type ciiDoc struct {
	ID    string `xml:"ExchangedDocument>ID"`
	Lines []struct {
		Qty struct {
			Unit  string `xml:"unitCode,attr"`
			Value string `xml:",chardata"`
		} `xml:"SpecifiedLineTradeDelivery>BilledQuantity"`
		Net string `xml:"SpecifiedLineTradeSettlement>SpecifiedTradeSettlementLineMonetarySummation>LineTotalAmount"`
	} `xml:"SupplyChainTradeTransaction>IncludedSupplyChainTradeLineItem"`
	Settlement struct {
		TaxXML []struct {
			Calculated string `xml:"CalculatedAmount"`
			Basis      string `xml:"BasisAmount"`
			Category   string `xml:"CategoryCode"`
			Rate       string `xml:"RateApplicablePercent"`
		} `xml:"ApplicableTradeTax"`
		SumXML struct {
			Line  string `xml:"LineTotalAmount"`
			Basis string `xml:"TaxBasisTotalAmount"`
			Tax   string `xml:"TaxTotalAmount"`
			Grand string `xml:"GrandTotalAmount"`
			Due   string `xml:"DuePayableAmount"`
		} `xml:"SpecifiedTradeSettlementHeaderMonetarySummation"`
	} `xml:"SupplyChainTradeTransaction>ApplicableHeaderTradeSettlement"`
	SellerVAT     string `xml:"SupplyChainTradeTransaction>ApplicableHeaderTradeAgreement>SellerTradeParty>SpecifiedTaxRegistration>ID"`
	SellerCountry string `xml:"SupplyChainTradeTransaction>ApplicableHeaderTradeAgreement>SellerTradeParty>PostalTradeAddress>CountryID"`
}

func TestEInvoiceSample(t *testing.T) {
	data, err := os.ReadFile("samples/invoice.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := EInvoice("invoice", data)
	if err != nil {
		t.Fatal(err)
	}
	var doc ciiDoc
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("the XML does not parse: %v\n%s", err, out)
	}
	if doc.ID != "INV-2026-0042" || doc.SellerVAT != "DE123456789" || doc.SellerCountry != "DE" || len(doc.Lines) != 5 {
		t.Errorf("header %+v", doc)
	}
	if l := doc.Lines[1]; l.Qty.Value != "18.5" || l.Qty.Unit != "HUR" || l.Net != "1757.50" {
		t.Errorf("line 2 = %+v, want 18.5 HUR, net 1757.50", l)
	}
	if u := doc.Lines[3].Qty.Unit; u != "C62" {
		t.Errorf("unit of \"sessions\" = %s, want C62", u)
	}
	s := doc.Settlement
	if len(s.TaxXML) != 2 || s.TaxXML[0].Rate != "19" || s.TaxXML[0].Basis != "6747.50" || s.TaxXML[0].Calculated != "1282.03" ||
		s.TaxXML[1].Rate != "7" || s.TaxXML[1].Calculated != "21.70" || s.TaxXML[0].Category != "S" {
		t.Errorf("VAT breakdown %+v", s.TaxXML)
	}
	// The rendered invoice's gross_total is 8361.23.
	if m := s.SumXML; m.Line != "7057.50" || m.Basis != "7057.50" || m.Tax != "1303.73" || m.Grand != "8361.23" || m.Due != "8361.23" {
		t.Errorf("totals %+v", m)
	}
}

func TestEInvoiceRefusals(t *testing.T) {
	sample, err := os.ReadFile("samples/invoice.json")
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) []byte {
		if !strings.Contains(string(sample), from) {
			t.Fatalf("sample lacks %q", from)
		}
		return []byte(strings.Replace(string(sample), from, to, 1))
	}
	edit2 := func(from, to, from2, to2 string) []byte {
		return []byte(strings.Replace(string(edit(from, to)), from2, to2, 1))
	}
	for _, tc := range []struct {
		name       string
		data       []byte
		path, want string
	}{
		{"missing seller id", edit(`"vat_id": "DE123456789",`, ""), "data.seller.vat_id", "BR-CO-26"},
		{"seller id without country", edit(`"vat_id": "DE123456789",`, `"vat_id": "123456789",`), "data.seller.vat_id", "country prefix"},
		{"missing buyer country", edit(`"country": "IE"`, `"phone": "1"`), "data.buyer.country", "BR-11"},
		{"VAT sum mismatch", edit(`"gross_total": 8361.23,`, `"gross_total": 8361.23, "tax_total": 1300.00,`), "data.tax_total", "expected EUR 1,303.73"},
		{"net sum mismatch", edit(`"gross_total": 8361.23,`, `"gross_total": 8361.23, "net_total": 7000,`), "data.net_total", "expected EUR 7,057.50"},
		{"gross mismatch", edit(`"gross_total": 8361.23,`, `"gross_total": 8361.24,`), "data.gross_total", "expected EUR 8,361.23"},
		{"negative price", edit2(`"unit_price": 12.4,`, `"unit_price": -12.4,`, `"gross_total": 8361.23,`, `"gross_total": 7697.83,`), "data.items[4].unit_price", "BR-27"},
		{"three-digit currency", edit2(`"currency": "EUR",`, `"currency": "BHD",`, `"gross_total": 8361.23,`, `"gross_total": 8361.225,`), "data.currency", "at most 2 decimals"},
		{"due before issue", edit(`"due_date": "2026-12-02",`, `"due_date": "2026-10-02",`), "data.due_date", "on or after"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := EInvoice("invoice", tc.data)
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("error = %v, want a *ValidationError", err)
			}
			for _, p := range ve.Problems {
				if p.Path == tc.path && strings.Contains(p.Message, tc.want) {
					return
				}
			}
			t.Errorf("problems %v, want %s naming %q", ve.Problems, tc.path, tc.want)
		})
	}
}

// TestEInvoiceLineVATRounding: line VAT rounded per line that sums to
// other than the rate applied to the basis (BR-CO-17) is refused.
func TestEInvoiceLineVATRounding(t *testing.T) {
	data := []byte(`{"invoice_number":"R-1","issue_date":"2026-01-01","due_date":"2026-01-31","currency":"EUR","gross_total":0.04,
"seller":{"name":"S","address":["a"],"vat_id":"DE1","country":"DE"},"buyer":{"name":"B","address":["b"],"country":"FR"},
"items":[{"description":"x","quantity":1,"unit_price":0.01,"tax_rate":50},{"description":"y","quantity":1,"unit_price":0.01,"tax_rate":50}]}`)
	if _, err := Render(t.Context(), "invoice", data); err != nil {
		t.Fatalf("the template itself accepts the data: %v", err)
	}
	_, err := EInvoice("invoice", data)
	if err == nil || !strings.Contains(err.Error(), "data.items: the VAT at 50% sums to EUR 0.02 over the lines, but EN 16931 BR-CO-17 computes EUR 0.01") {
		t.Errorf("error = %v", err)
	}
	if _, err := EInvoice("scientific_paper", []byte(`{}`)); !errors.Is(err, ErrNoEInvoice) {
		t.Errorf("scientific_paper: error = %v, want ErrNoEInvoice", err)
	}
}

// TestEInvoiceTaxCategories: reverse charge and exempt lines get their
// own breakdown entries with the exemption reason; their rules name the
// fields.
func TestEInvoiceTaxCategories(t *testing.T) {
	base := `{"invoice_number":"R-2","issue_date":"2026-01-01","due_date":"2026-01-31","currency":"EUR",
"seller":{"name":"S","address":["a"],"vat_id":"DE1","country":"DE"},"buyer":{"name":"B","address":["b"],%s"country":"FR"},
"items":[{"description":"x","quantity":1,"unit_price":100,"tax_rate":19},
{"description":"y","quantity":1,"unit_price":50,"tax_rate":0,"tax_category":"AE"},
{"description":"z","quantity":1,"unit_price":20,"tax_rate":%s,"tax_category":"E"}],%s"gross_total":189}`
	out, err := EInvoice("invoice", []byte(fmt.Sprintf(base, `"vat_id":"FR1",`, "0", `"tax_exemption_reason":"Article 132 VAT Directive",`)))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<ram:ExemptionReason>Article 132 VAT Directive</ram:ExemptionReason>\n        <ram:BasisAmount>20.00</ram:BasisAmount>\n        <ram:CategoryCode>E</ram:CategoryCode>",
		"<ram:CategoryCode>AE</ram:CategoryCode>\n        <ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>",
		"<ram:CalculatedAmount>19.00</ram:CalculatedAmount>",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("XML lacks %q", want)
		}
	}
	for _, tc := range []struct {
		data       string
		path, want string
	}{
		{fmt.Sprintf(base, "", "0", `"tax_exemption_reason":"x",`), "data.buyer.vat_id", "BR-AE-2"},
		{fmt.Sprintf(base, `"vat_id":"FR1",`, "0", ""), "data.tax_exemption_reason", "BR-E-10"},
		{strings.Replace(fmt.Sprintf(base, `"vat_id":"FR1",`, "0", `"tax_exemption_reason":"x",`), `"tax_rate":19}`, `"tax_rate":19,"tax_category":"Z"}`, 1),
			"data.items[0].tax_rate", "expected 0 for tax_category Z"},
	} {
		_, err := EInvoice("invoice", []byte(tc.data))
		if err == nil || !strings.Contains(err.Error(), tc.path+": ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error = %v, want %s naming %q", err, tc.path, tc.want)
		}
	}
}
