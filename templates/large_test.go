package templates

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// bigInvoice returns an invoice with n lines of 1.5 × 19.99 at 19% and the
// matching gross total.
func bigInvoice(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"invoice_number":"BIG-1","issue_date":"2026-01-01","due_date":"2026-01-31",` +
		`"seller":{"name":"Seller","address":["1 Road"]},"buyer":{"name":"Buyer","address":["2 Road"]},"currency":"EUR","items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"description":"Item number %d","quantity":1.5,"unit_price":19.99,"tax_rate":19}`, i+1)
	}
	// net 29.985 → 29.99; tax 5.6981 → 5.70; gross 35.69 per line
	fmt.Fprintf(&b, `],"gross_total":%d.%02d}`, 3569*n/100, 3569*n%100)
	return []byte(b.String())
}

func TestTenThousandLineInvoice(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	out, err := Render(context.Background(), "invoice", bigInvoice(10000))
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	if got := strings.Count(s, `<th scope="row">Item number `); got != 10000 {
		t.Errorf("%d item rows, want 10000", got)
	}
	for _, want := range []string{"Item number 10000", "EUR 299,900.00", "EUR 356,900.00", "<thead>"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	checkAccessibleHTML(t, out)
}

func TestFiveMegabyteStrings(t *testing.T) {
	if testing.Short() {
		t.Skip("large input")
	}
	huge := strings.Repeat("Lorem ipsum dolor sit amet. ", 5<<20/28)
	for _, tt := range []struct{ id, path string }{
		{"accessible_report", "data.abstract"},
		{"invoice", "data.items[0].description"},
		{"product_catalog", "data.categories[0].products[0].description"},
		{"scientific_paper", "data.sections[0].content[0].text"},
		{"official_certificate", "data.recipient"}, // limited to 80 characters
	} {
		data := edit(t, tt.id, map[string]any{tt.path: huge})
		out, err := Render(context.Background(), tt.id, data)
		if tt.id == "official_certificate" {
			if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("data.recipient: expected at most 80 characters, got %d", len(huge))) {
				t.Errorf("%s: err = %v", tt.id, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.id, err)
		}
		if !strings.Contains(string(out), huge) {
			t.Errorf("%s: the 5 MB text is not in the output", tt.id)
		}
	}
}

func BenchmarkRenderSample(b *testing.B) {
	for _, id := range allIDs {
		sample, _ := Sample(id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(sample)))
			cpu0 := CPUTime()
			for b.Loop() {
				if _, err := Render(context.Background(), id, sample); err != nil {
					b.Fatal(err)
				}
			}
			ReportCPU(b, cpu0)
		})
	}
}

func BenchmarkRenderInvoice10000Lines(b *testing.B) {
	data := bigInvoice(10000)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	cpu0 := CPUTime()
	for b.Loop() {
		if _, err := Render(context.Background(), "invoice", data); err != nil {
			b.Fatal(err)
		}
	}
	ReportCPU(b, cpu0)
}

func BenchmarkValidateInvoice10000Lines(b *testing.B) {
	data := bigInvoice(10000)
	b.ReportAllocs()
	cpu0 := CPUTime()
	for b.Loop() {
		if err := Validate("invoice", data); err != nil {
			b.Fatal(err)
		}
	}
	ReportCPU(b, cpu0)
}
