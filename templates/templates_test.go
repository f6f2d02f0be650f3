package templates

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

var allIDs = []string{"accessible_report", "invoice", "official_certificate", "product_catalog", "scientific_paper"}

func TestListAndGet(t *testing.T) {
	list := List()
	var ids []string
	for _, info := range list {
		ids = append(ids, info.ID)
		if info.Title == "" || info.Description == "" || len(info.Required) == 0 {
			t.Errorf("%s: incomplete info %+v", info.ID, info)
		}
		got, ok := Get(info.ID)
		if !ok || got.ID != info.ID || !slices.Equal(got.Required, info.Required) {
			t.Errorf("Get(%q) = %+v, %v", info.ID, got, ok)
		}
	}
	if !slices.Equal(ids, allIDs) {
		t.Errorf("List ids = %v, want %v", ids, allIDs)
	}
	if !slices.Equal(IDs(), allIDs) {
		t.Errorf("IDs() = %v", IDs())
	}
	inv, _ := Get("invoice")
	for _, f := range []string{"invoice_number", "gross_total", "seller", "buyer", "items", "currency"} {
		if !slices.Contains(inv.Required, f) {
			t.Errorf("invoice Required %v lacks %s", inv.Required, f)
		}
	}
	if _, ok := Get("nope"); ok {
		t.Error("Get(nope) found a template")
	}
	// Info is a copy: changing it does not change the registry.
	inv.Required[0] = "changed"
	if again, _ := Get("invoice"); again.Required[0] == "changed" {
		t.Error("Get returns shared Required slice")
	}
}

func TestSchemasAreDraft202012(t *testing.T) {
	for _, id := range allIDs {
		doc, err := Schema(id)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Schema string `json:"$schema"`
			Type   string `json:"type"`
		}
		if err := json.Unmarshal(doc, &s); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if s.Schema != "https://json-schema.org/draft/2020-12/schema" || s.Type != "object" {
			t.Errorf("%s: $schema %q type %q", id, s.Schema, s.Type)
		}
	}
}

func TestSamplesValidateAndRenderAccessibleHTML(t *testing.T) {
	for _, id := range allIDs {
		t.Run(id, func(t *testing.T) {
			sample, err := Sample(id)
			if err != nil {
				t.Fatal(err)
			}
			if err := Validate(id, sample); err != nil {
				t.Fatalf("sample does not validate: %v", err)
			}
			out, err := Render(context.Background(), id, sample)
			if err != nil {
				t.Fatal(err)
			}
			checkAccessibleHTML(t, out)
		})
	}
}

// TestSampleValuesAppear checks that the data shows up in the document as
// a reader sees it: numbers formatted, totals computed, dates written out.
func TestSampleValuesAppear(t *testing.T) {
	want := map[string][]string{
		"invoice": {
			"Invoice INV-2026-0042", "Northwind Design Studio GmbH", "Contoso Publishing Ltd", "VAT ID: IE6388047V",
			"2 November 2026", "2 December 2026", "Invoice items (amounts in EUR)",
			"1,757.50", "333.93", "2,091.43", // line 2: 18.5 h × 95.00, 19%
			"EUR 7,057.50", "Tax 19% on EUR 6,747.50 EUR 1,282.03", "Tax 7% on EUR 310.00 EUR 21.70", "Total due EUR 8,361.23",
			"DE89 3704 0044 0532 0130 00", "COBADEFFXXX",
		},
		"accessible_report": {
			"Digital Accessibility Annual Report 2026", "Dr Amelia Hart, Jonas Weber, Priya Nair", "16 November 2026",
			"Contents", "1 Introduction", "4 Priorities for 2027", "Table 1. Documents conforming to WCAG 2.1 AA by quarter",
			"Figure 1. Conformance rate by quarter", "Q4 2026 343 322 94%",
		},
		"scientific_paper": {
			"Structure-First Pagination", "Lena Okafor 1", "Marco Bellini 1,2", "1 Department of Computer Science, University of Lund",
			"2.1 Break cost", "C(i) = (1 − f(i))² + Σ p(i) (1)", "(2)", "Table 1. Conformance", "Figure 1. Cumulative",
			"follow [ 1 ]", "support for tagging [ 3 , 4 ]", "[5] D. E. Knuth", "doi:10.1002/spe.4380111102", "Keywords: tagged PDF; PDF/UA",
		},
		"official_certificate": {
			"Certificate of Completion", "This is to certify that", "Maria Elena Rodríguez", "Professional Certificate in Accessible Document Design",
			"Issued at Westbrook on 30 June 2026", "Prof. Helen Carter", "Programme Director", "WIT-CE-2026-004817",
		},
		"product_catalog": {
			"Studio Collection", "Spring 2027", "Furniture & Lighting (3 products)", "Arne Desk Chair", "SKU NL-CH-101",
			"EUR 389.00", "EUR 149.50", "EUR 18.90", "Specifications of Transit Backpack", "Laptop up to 15 inch",
		},
	}
	for id, texts := range want {
		t.Run(id, func(t *testing.T) {
			sample, _ := Sample(id)
			out, err := Render(context.Background(), id, sample)
			if err != nil {
				t.Fatal(err)
			}
			text := docText(checkAccessibleHTML(t, out))
			for _, w := range texts {
				if !strings.Contains(text, w) {
					t.Errorf("document text lacks %q", w)
				}
			}
		})
	}
}

func TestLangAndTitle(t *testing.T) {
	tests := []struct {
		id, lang, wantLang, wantTitle string
	}{
		{"invoice", "", "en", "<title>Invoice INV-2026-0042 from Northwind Design Studio GmbH</title>"},
		{"invoice", "de-DE", "de-DE", "<title>Rechnung INV-2026-0042 von Northwind Design Studio GmbH</title>"},
		{"accessible_report", "en-US", "en-US", "November 16, 2026"},
		{"official_certificate", "fr", "fr", "30 juin 2026"},
		{"scientific_paper", "", "en", "<title>Structure-First Pagination"},
		{"product_catalog", "sv", "sv", "<title>Studio Collection</title>"},
	}
	for _, tt := range tests {
		data := withField(t, tt.id, "lang", tt.lang)
		out, err := Render(context.Background(), tt.id, data)
		if err != nil {
			t.Fatalf("%s lang %q: %v", tt.id, tt.lang, err)
		}
		if !strings.Contains(string(out), `<html lang="`+tt.wantLang+`">`) {
			t.Errorf("%s lang %q: no <html lang=%q>", tt.id, tt.lang, tt.wantLang)
		}
		if !strings.Contains(string(out), tt.wantTitle) {
			t.Errorf("%s lang %q: output lacks %q", tt.id, tt.lang, tt.wantTitle)
		}
	}
}

// withField returns the template's sample with one top-level field set
// (or removed when value is "").
func withField(t *testing.T, id, field string, value any) []byte {
	t.Helper()
	sample, err := Sample(id)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(sample, &m); err != nil {
		t.Fatal(err)
	}
	if value == "" {
		delete(m, field)
	} else {
		m[field] = value
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestUnknownTemplate(t *testing.T) {
	calls := map[string]func() error{
		"Render":   func() error { _, err := Render(context.Background(), "invoices", []byte(`{}`)); return err },
		"Validate": func() error { return Validate("invoices", []byte(`{}`)) },
		"Schema":   func() error { _, err := Schema("invoices"); return err },
		"Sample":   func() error { _, err := Sample("invoices"); return err },
	}
	for name, call := range calls {
		err := call()
		if !errors.Is(err, ErrUnknownTemplate) {
			t.Errorf("%s: err = %v, want ErrUnknownTemplate", name, err)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, `"invoices"`) || !strings.Contains(msg, strings.Join(allIDs, ", ")) {
			t.Errorf("%s: message %q does not name the id and list the valid ids", name, msg)
		}
	}
}

func TestInvalidJSONHasPosition(t *testing.T) {
	tests := []struct {
		name, data string
		line, col  int
		msg        string
	}{
		{"missing value", "{\n  \"invoice_number\": \"A\",\n  \"currency\": }", 3, 15, "invalid character '}'"},
		{"unterminated", "{\n  \"invoice_number\": \"A", 2, 23, "unexpected end"},
		{"trailing data", "{}\n{}", 2, 1, "unexpected data after the JSON value"},
		{"trailing comma", "{\"a\": 1,}", 1, 9, "invalid character '}'"},
		{"empty", "  \n ", 1, 1, "empty"},
		{"utf8 column", "{\"name\": \"Zoë\" x}", 1, 16, "invalid character 'x'"},
		{"invalid utf8", "{\"a\": \"\xff\"}", 1, 8, "invalid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate("invoice", []byte(tt.data))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want *SyntaxError", err)
			}
			if se.Line != tt.line || se.Column != tt.col || !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("got line %d col %d %q, want line %d col %d containing %q", se.Line, se.Column, se.Msg, tt.line, tt.col, tt.msg)
			}
			if !strings.Contains(err.Error(), "line ") || !strings.Contains(err.Error(), "column ") {
				t.Errorf("message %q lacks the position", err)
			}
		})
	}
}

func TestDataTooLarge(t *testing.T) {
	data := make([]byte, MaxDataSize+1)
	for i := range data {
		data[i] = ' '
	}
	err := Validate("invoice", data)
	if !errors.Is(err, ErrDataTooLarge) || !strings.Contains(err.Error(), "10 MiB") {
		t.Fatalf("err = %v, want ErrDataTooLarge naming the 10 MiB limit", err)
	}
}

func TestContextCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sample, _ := Sample("invoice")
	if _, err := Render(ctx, "invoice", sample); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
