package templates_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed28491532/folio/templates"
)

func ExampleList() {
	for _, t := range templates.List() {
		fmt.Println(t.ID, t.Required)
	}
	// Output:
	// accessible_report [title authors date abstract sections]
	// invoice [invoice_number issue_date due_date seller buyer currency items gross_total]
	// official_certificate [authority recipient achievement date place certificate_id signatories]
	// product_catalog [title currency categories]
	// scientific_paper [title authors abstract sections references]
}

func ExampleValidate() {
	data := []byte(`{
		"invoice_number": "INV-7",
		"issue_date": "2026-05-01",
		"due_date": "2026-05-31",
		"seller": {"address": ["1 Main Street"]},
		"buyer": {"name": "Buyer Ltd", "address": ["2 High Street"]},
		"currency": "EUR",
		"items": [{"description": "Consulting", "quantity": 2, "unit_price": 500, "tax_rate": 20}],
		"gross_total": "1200.00"
	}`)
	err := templates.Validate("invoice", data)
	var ve *templates.ValidationError
	if errors.As(err, &ve) {
		for _, p := range ve.Problems {
			fmt.Println(p)
		}
	}
	// Output:
	// data.gross_total: expected number, got string
	// data.seller.name: required
}

func ExampleValidate_syntaxError() {
	err := templates.Validate("invoice", []byte("{\n  \"invoice_number\": \"INV-7\",\n}"))
	fmt.Println(err)
	// Output:
	// templates: invalid JSON at line 3, column 1: invalid character '}' looking for beginning of object key string
}

func ExampleValidate_totalMismatch() {
	data := []byte(`{
		"invoice_number": "INV-7",
		"issue_date": "2026-05-01",
		"due_date": "2026-05-31",
		"seller": {"name": "Seller GmbH", "address": ["1 Main Street"]},
		"buyer": {"name": "Buyer Ltd", "address": ["2 High Street"]},
		"currency": "EUR",
		"items": [{"description": "Consulting", "quantity": 2, "unit_price": 500, "tax_rate": 20}],
		"gross_total": 1000
	}`)
	fmt.Println(templates.Validate("invoice", data))
	// Output:
	// templates: invoice data is invalid: data.gross_total: expected EUR 1,200.00 (the sum of the line items' gross amounts), got EUR 1,000.00
}

func ExampleRender() {
	sample, err := templates.Sample("invoice")
	if err != nil {
		panic(err)
	}
	html, err := templates.Render(context.Background(), "invoice", sample)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(html) > 0)
	// Output: true
}

func ExampleSchema_unknownTemplate() {
	_, err := templates.Schema("receipt")
	fmt.Println(errors.Is(err, templates.ErrUnknownTemplate))
	fmt.Println(err)
	// Output:
	// true
	// templates: unknown template "receipt"; valid ids: accessible_report, invoice, official_certificate, product_catalog, scientific_paper
}
