package templates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// requiredPaths walks a sample alongside its schema and returns the path of
// every required member present in the sample, at any depth.
func requiredPaths(root, s *schema, v any, path string) []string {
	if s.ref != "" {
		s = root.defs[strings.TrimPrefix(s.ref, "#/$defs/")]
	}
	var out []string
	switch x := v.(type) {
	case map[string]any:
		if len(s.oneOf) > 0 {
			for _, alt := range s.oneOf {
				if jsonEqual(x["type"], alt.properties["type"].constVal) {
					out = append(out, requiredPaths(root, alt, v, path)...)
				}
			}
		}
		for _, name := range s.required {
			if _, ok := x[name]; ok {
				out = append(out, childPath(path, name))
			}
		}
		for name, sub := range s.properties {
			if c, ok := x[name]; ok {
				out = append(out, requiredPaths(root, sub, c, childPath(path, name))...)
			}
		}
	case []any:
		if s.items != nil && len(x) > 0 {
			out = append(out, requiredPaths(root, s.items, x[0], path+"[0]")...)
		}
	}
	return out
}

// removePath deletes the member at a path like data.items[0].quantity.
func removePath(v any, path string) bool {
	parts := splitPath(strings.TrimPrefix(path, "data"))
	for i, p := range parts {
		last := i == len(parts)-1
		switch x := v.(type) {
		case map[string]any:
			if last {
				_, ok := x[p]
				delete(x, p)
				return ok
			}
			v = x[p]
		case []any:
			n, err := strconv.Atoi(p)
			if err != nil || n >= len(x) {
				return false
			}
			v = x[n]
		}
	}
	return false
}

func splitPath(p string) []string {
	var out []string
	for _, seg := range strings.Split(p, ".") {
		for seg != "" {
			if i := strings.IndexByte(seg, '['); i >= 0 {
				if i > 0 {
					out = append(out, seg[:i])
				}
				j := strings.IndexByte(seg, ']')
				out = append(out, seg[i+1:j])
				seg = seg[j+1:]
			} else {
				out = append(out, seg)
				seg = ""
			}
		}
	}
	return out
}

// TestMissingRequiredFieldIsNamed removes, one at a time, every required
// field that the sample contains, at any depth, and expects exactly the
// problem "<path>: required".
func TestMissingRequiredFieldIsNamed(t *testing.T) {
	for _, id := range allIDs {
		e, err := lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		sample, _ := Sample(id)
		v, _ := parseJSON(sample)
		paths := requiredPaths(e.schema, e.schema, v, "data")
		slices.Sort(paths)
		paths = slices.Compact(paths)
		if len(paths) < 5 {
			t.Errorf("%s: only %d required paths found: %v", id, len(paths), paths)
		}
		for _, path := range paths {
			t.Run(id+"/"+path, func(t *testing.T) {
				v, _ := parseJSON(sample)
				if !removePath(v, path) {
					t.Fatalf("could not remove %s", path)
				}
				data, _ := json.Marshal(v)
				err := Validate(id, data)
				var ve *ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("err = %v, want *ValidationError", err)
				}
				want := Problem{Path: path, Message: "required"}
				if !slices.Contains(ve.Problems, want) {
					t.Errorf("problems %v lack %v", ve.Problems, want)
				}
				if !strings.Contains(err.Error(), path+": required") {
					t.Errorf("message %q lacks %q", err, path+": required")
				}
			})
		}
	}
}

// edit applies a JSON edit to a sample: set a value at a path.
func edit(t *testing.T, id string, sets map[string]any) []byte {
	t.Helper()
	sample, _ := Sample(id)
	var v any
	if err := json.Unmarshal(sample, &v); err != nil {
		t.Fatal(err)
	}
	for path, val := range sets {
		parts := splitPath(strings.TrimPrefix(path, "data"))
		cur := v
		for i, p := range parts {
			last := i == len(parts)-1
			switch x := cur.(type) {
			case map[string]any:
				if last {
					x[p] = val
				} else {
					cur = x[p]
				}
			case []any:
				n, _ := strconv.Atoi(p)
				if last {
					x[n] = val
				} else {
					cur = x[n]
				}
			}
		}
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestValidationProblems(t *testing.T) {
	tests := []struct {
		name, id string
		sets     map[string]any
		want     []string // "path: message" substrings
	}{
		{"number as string", "invoice", map[string]any{"data.gross_total": "8361.23"}, []string{"data.gross_total: expected number, got string"}},
		{"quantity as string", "invoice", map[string]any{"data.items[1].quantity": "18.5"}, []string{"data.items[1].quantity: expected number, got string"}},
		{"object as array", "invoice", map[string]any{"data.seller": []any{}}, []string{"data.seller: expected object, got array"}},
		{"empty name", "invoice", map[string]any{"data.seller.name": ""}, []string{"data.seller.name: must not be empty"}},
		{"bad currency", "invoice", map[string]any{"data.currency": "euro"}, []string{`data.currency: expected a string matching ^[A-Z]{3}$, got "euro"`}},
		{"bad date", "invoice", map[string]any{"data.issue_date": "2026-02-30"}, []string{`data.issue_date: expected a date as YYYY-MM-DD, got "2026-02-30"`}},
		{"due before issue", "invoice", map[string]any{"data.due_date": "2026-10-01"}, []string{"data.due_date: expected a date on or after issue_date 2026-11-02, got 2026-10-01"}},
		{"negative tax", "invoice", map[string]any{"data.items[0].tax_rate": -1}, []string{"data.items[0].tax_rate: expected a number ≥ 0, got -1"}},
		{"no items", "invoice", map[string]any{"data.items": []any{}}, []string{"data.items: expected at least 1 item, got 0"}},
		{"unknown field", "invoice", map[string]any{"data.invoice_nubmer": "X"}, []string{"data.invoice_nubmer: unknown field (allowed: bank, buyer, currency,"}},
		{"odd field name", "invoice", map[string]any{"data.seller.post code": "X"}, []string{`data.seller["post code"]: unknown field`}},
		{"bad email", "invoice", map[string]any{"data.seller.email": "billing at example"}, []string{`data.seller.email: expected an e-mail address, got "billing at example"`}},
		{"bad iban", "invoice", map[string]any{"data.bank.iban": "1234"}, []string{"data.bank.iban: expected a string matching"}},
		{"several at once", "invoice", map[string]any{"data.gross_total": "x", "data.buyer.name": 7}, []string{"data.buyer.name: expected string, got number", "data.gross_total: expected number, got string"}},
		{"long value shortened", "invoice", map[string]any{"data.currency": strings.Repeat("E", 5000)}, []string{`EEEE"…`}},
		{"row length", "accessible_report", map[string]any{"data.sections[2].tables[0].rows[1]": []any{"Q2 2026", "322"}}, []string{"data.sections[2].tables[0].rows[1]: expected 4 cells (one per column), got 2"}},
		{"duplicate section id", "accessible_report", map[string]any{"data.sections[1].id": "introduction"}, []string{`data.sections[1].id: expected a unique id, "introduction" is also the anchor of data.sections[0]`}},
		{"id taken by a generated anchor", "accessible_report", map[string]any{"data.sections[0].id": "section-2", "data.sections[1]": map[string]any{"heading": "Method"}}, []string{`data.sections[0].id: expected a unique id, "section-2" is also the anchor of data.sections[1]`}},
		{"reserved id", "accessible_report", map[string]any{"data.sections[3].id": "abstract"}, []string{`data.sections[3].id: "abstract" is reserved for the abstract`}},
		{"bad section id", "accessible_report", map[string]any{"data.sections[1].id": "1 method"}, []string{"data.sections[1].id: expected a string matching"}},
		{"image not data uri", "accessible_report", map[string]any{"data.sections[2].figures[0].image": "https://example.com/x.png"}, []string{"data.sections[2].figures[0].image: expected a string matching ^data:image/(png|jpeg);base64,"}},
		{"image bad base64", "accessible_report", map[string]any{"data.sections[2].figures[0].image": "data:image/png;base64,!!!"}, []string{"data.sections[2].figures[0].image: expected valid base64 image data"}},
		{"image wrong kind", "accessible_report", map[string]any{"data.sections[2].figures[0].image": "data:image/jpeg;base64,iVBORw0KGgo="}, []string{"data.sections[2].figures[0].image: declared image/jpeg but the data is not a JPEG image"}},
		{"empty alt", "accessible_report", map[string]any{"data.sections[2].figures[0].alt": ""}, []string{"data.sections[2].figures[0].alt: must not be empty"}},
		{"unknown citation", "scientific_paper", map[string]any{"data.sections[0].content[0].text": "As shown [@nobody]."}, []string{`data.sections[0].content[0].text: cites unknown reference key "nobody"`}},
		{"unknown block type", "scientific_paper", map[string]any{"data.sections[0].content[0].type": "quote"}, []string{`data.sections[0].content[0].type: expected one of "paragraph", "list", "equation", "figure", "table", got "quote"`}},
		{"equation without alt", "scientific_paper", map[string]any{"data.sections[1].subsections[0].content[1]": map[string]any{"type": "equation", "text": "x = 1"}}, []string{"data.sections[1].subsections[0].content[1].alt: required"}},
		{"field of other block type", "scientific_paper", map[string]any{"data.sections[0].content[0].alt": "x"}, []string{"data.sections[0].content[0].alt: unknown field (allowed: text, type)"}},
		{"duplicate reference key", "scientific_paper", map[string]any{"data.references[1].key": "iso14289"}, []string{`data.references[1].key: expected a unique key, "iso14289" is also used by data.references[0]`}},
		{"reference url scheme", "scientific_paper", map[string]any{"data.references[1].url": "www.w3.org"}, []string{`data.references[1].url: expected an absolute URI, got "www.w3.org"`}},
		{"too many signatories", "official_certificate", map[string]any{"data.signatories": []any{
			map[string]any{"name": "A", "role": "R"}, map[string]any{"name": "B", "role": "R"}, map[string]any{"name": "C", "role": "R"}, map[string]any{"name": "D", "role": "R"}}},
			[]string{"data.signatories: expected at most 3 items, got 4"}},
		{"seal without alt", "official_certificate", map[string]any{"data.seal": map[string]any{"image": "data:image/png;base64,iVBORw0KGgo="}}, []string{"data.seal.alt: required"}},
		{"negative price", "product_catalog", map[string]any{"data.categories[0].products[1].price": -5}, []string{"data.categories[0].products[1].price: expected a number ≥ 0, got -5"}},
		{"duplicate sku", "product_catalog", map[string]any{"data.categories[1].products[0].sku": "NL-CH-101"}, []string{`data.categories[1].products[0].sku: expected a unique SKU, "NL-CH-101" is also used by data.categories[0].products[0]`}},
		{"image without alt", "product_catalog", map[string]any{"data.categories[0].products[0].image_alt": ""}, []string{"data.categories[0].products[0].image_alt: must not be empty"}},
		{"top level not object", "product_catalog", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.sets == nil {
				err := Validate(tt.id, []byte(`[1, 2]`))
				if err == nil || !strings.Contains(err.Error(), "data: expected object, got array") {
					t.Fatalf("err = %v", err)
				}
				return
			}
			err := Validate(tt.id, edit(t, tt.id, tt.sets))
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("err = %v, want *ValidationError", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if ve.Template != tt.id {
				t.Errorf("Template = %q", ve.Template)
			}
		})
	}
}

func TestImageWithoutAltInCatalog(t *testing.T) {
	sample, _ := Sample("product_catalog")
	var m map[string]any
	json.Unmarshal(sample, &m)
	p := m["categories"].([]any)[0].(map[string]any)["products"].([]any)[0].(map[string]any)
	delete(p, "image_alt")
	data, _ := json.Marshal(m)
	err := Validate("product_catalog", data)
	if err == nil || !strings.Contains(err.Error(), "data.categories[0].products[0].image_alt: required when image is given") {
		t.Fatalf("err = %v", err)
	}
}

func TestInvoiceTotalMismatch(t *testing.T) {
	for _, given := range []any{8361.24, 8361.22, 0, 83612.3} {
		err := Validate("invoice", edit(t, "invoice", map[string]any{"data.gross_total": given}))
		var ve *ValidationError
		if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].Path != "data.gross_total" {
			t.Fatalf("gross_total %v: err = %v", given, err)
		}
		msg := ve.Problems[0].Message
		if !strings.Contains(msg, "expected EUR 8,361.23") || !strings.Contains(msg, fmt.Sprintf("got EUR %s", formatDecimal(decimal(json.Number(fmt.Sprint(given))), 2))) {
			t.Errorf("gross_total %v: message %q does not give both values", given, msg)
		}
	}
	// Within the cent the given total is accepted.
	if err := Validate("invoice", edit(t, "invoice", map[string]any{"data.gross_total": 8361.2349})); err != nil {
		t.Errorf("8361.2349 rejected: %v", err)
	}
}

// TestInvoiceArithmetic checks per-line rounding half away from zero to
// the currency's minor unit, tax groups and totals.
func TestInvoiceArithmetic(t *testing.T) {
	tests := []struct {
		name     string
		currency string
		items    string
		gross    string
		want     []string
	}{
		{"half cent rounds up", "EUR", `{"description":"a","quantity":1,"unit_price":1.005,"tax_rate":0}`, "1.01", []string{"EUR 1.01", "1.005"}},
		{"binary-unfriendly decimals", "EUR", `{"description":"a","quantity":3,"unit_price":0.1,"tax_rate":0}`, "0.3", []string{"EUR 0.30"}},
		{"tax rounding per line", "EUR", `{"description":"a","quantity":1,"unit_price":0.05,"tax_rate":19},{"description":"b","quantity":1,"unit_price":0.05,"tax_rate":19}`, "0.12", []string{"Tax 19% on EUR 0.10 EUR 0.02", "Total due EUR 0.12"}},
		{"credit line", "EUR", `{"description":"a","quantity":2,"unit_price":100,"tax_rate":20},{"description":"refund","quantity":-1,"unit_price":50,"tax_rate":20}`, "180", []string{"-50.00", "-10.00", "-60.00", "Total due EUR 180.00"}},
		{"yen has no minor unit", "JPY", `{"description":"a","quantity":3,"unit_price":1250.4,"tax_rate":10}`, "4126", []string{"Total due JPY 4,126", "3,751"}},
		{"dinar has three", "KWD", `{"description":"a","quantity":1,"unit_price":12.3456,"tax_rate":0}`, "12.346", []string{"Total due KWD 12.346"}},
		{"millions", "USD", `{"description":"a","quantity":1000,"unit_price":1234.5,"tax_rate":8.25}`, "1336346.25", []string{"Total due USD 1,336,346.25", "Tax 8.25% on USD 1,234,500.00 USD 101,846.25"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := fmt.Sprintf(`{"invoice_number":"T-1","issue_date":"2026-01-01","due_date":"2026-01-31",
				"seller":{"name":"S","address":["a"]},"buyer":{"name":"B","address":["b"]},
				"currency":%q,"items":[%s],"gross_total":%s}`, tt.currency, tt.items, tt.gross)
			out, err := Render(context.Background(), "invoice", []byte(data))
			if err != nil {
				t.Fatal(err)
			}
			text := docText(checkAccessibleHTML(t, out))
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("text lacks %q:\n%s", w, text)
				}
			}
		})
	}
}

// TestManyProblemsAreBounded: 10,000 bad lines give a bounded, truncated
// report quickly instead of 10,000 problems.
func TestManyProblemsAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"invoice_number":"T","issue_date":"2026-01-01","due_date":"2026-01-02","seller":{"name":"S","address":["a"]},"buyer":{"name":"B","address":["b"]},"currency":"EUR","gross_total":0,"items":[`)
	for i := range 10000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"description":"x","quantity":"1","unit_price":1,"tax_rate":0}`)
	}
	b.WriteString(`]}`)
	err := Validate("invoice", []byte(b.String()))
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("err = %v", err)
	}
	if len(ve.Problems) != maxProblems || !ve.Truncated || !strings.HasSuffix(err.Error(), "(more problems not listed)") {
		t.Errorf("%d problems, truncated %v", len(ve.Problems), ve.Truncated)
	}
	if ve.Problems[0].String() != "data.items[0].quantity: expected number, got string" {
		t.Errorf("first problem %v", ve.Problems[0])
	}
}

func TestRenderDoesNotValidateTwiceDifferently(t *testing.T) {
	// Render rejects exactly what Validate rejects.
	bad := edit(t, "invoice", map[string]any{"data.gross_total": 1})
	_, rerr := Render(context.Background(), "invoice", bad)
	verr := Validate("invoice", bad)
	if rerr == nil || verr == nil || rerr.Error() != verr.Error() {
		t.Errorf("Render err %v, Validate err %v", rerr, verr)
	}
}

// TestInvoiceArithmeticPathsAgree runs the int64 fast path and the
// math/big path on the same random invoices and expects identical output.
func TestInvoiceArithmeticPathsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	numbers := func(maxInt, places int) json.Number {
		v := rng.IntN(maxInt)
		f := ""
		if places > 0 {
			f = "." + fmt.Sprintf("%0*d", places, rng.IntN(int(pow10[places])))
		}
		sign := ""
		if rng.IntN(10) == 0 {
			sign = "-"
		}
		return json.Number(sign + strconv.Itoa(v) + f)
	}
	for _, cur := range []string{"EUR", "JPY", "KWD"} {
		for range 200 {
			d := invoiceData{Currency: cur, GrossTotal: "0"}
			for range 1 + rng.IntN(8) {
				d.Items = append(d.Items, invoiceItem{
					Quantity:  numbers(1000, rng.IntN(4)),
					UnitPrice: numbers(100000, rng.IntN(6)),
					TaxRate:   []json.Number{"0", "7", "19", "19.0", "8.25", "5.5", "12.345"}[rng.IntN(7)],
				})
			}
			f, ok := computeFixed(&d)
			if !ok {
				t.Fatalf("fast path refused %+v", d.Items)
			}
			b := computeBig(&d)
			if !reflect.DeepEqual(f, b) {
				t.Fatalf("paths disagree for %+v:\nfixed %+v\nbig   %+v", d.Items, f, b)
			}
		}
	}
	// Exponents and huge values take the big path and still work.
	d := invoiceData{Currency: "EUR", GrossTotal: "1.19e21", Items: []invoiceItem{{Quantity: "1e3", UnitPrice: "1000000000000000000", TaxRate: "19"}}}
	if _, ok := computeFixed(&d); ok {
		t.Fatal("fast path accepted an exponent")
	}
	if b := computeBig(&d); !b.matches || b.grossTotal != "EUR 1,190,000,000,000,000,000,000.00" {
		t.Errorf("big path: %+v", b)
	}
}
