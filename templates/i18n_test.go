package templates

import (
	"context"
	"strings"
	"testing"

	"github.com/seed28491532/folio/audit/wcag"
)

// TestLocalizedLabelsAndNumbers renders the invoice and the catalog in
// German, French and Swedish (no labels: English ones marked lang="en").
func TestLocalizedLabelsAndNumbers(t *testing.T) {
	tests := []struct {
		id, lang string
		want     []string
		wantNot  []string
	}{
		{"invoice", "de-DE", []string{
			`<html lang="de-DE">`, "<title>Rechnung INV-2026-0042 von Northwind Design Studio GmbH</title>",
			"<h1>Rechnung <span", "Rechnungspositionen (Beträge in EUR)", "<td class=\"num\">1.757,50</td>",
			"18,5 h", "19\u00a0%", "USt. 19\u00a0% auf EUR 6.747,50", "EUR 8.361,23", "Zu zahlen", "USt-IdNr.: DE123456789",
			"2. November 2026", `content: "Seite " counter(page) " von " counter(pages)`,
		}, []string{"Invoice", "Total due", `lang="en"`}},
		{"invoice", "fr", []string{
			"<h1>Facture <span", "EUR 8\u202f361,23", "Total TTC", "2 novembre 2026", `content: "Page " counter(page) " sur " counter(pages)`,
		}, []string{"Total due", `lang="en"`}},
		{"invoice", "sv", []string{
			`<html lang="sv">`, `<h1><span lang="en">Invoice</span> <span`, `<th scope="row"><span lang="en">Total due</span></th>`,
			"EUR 8,361.23", `<br><span lang="en">VAT ID: DE123456789</span>`,
		}, nil},
		{"product_catalog", "de", []string{"Art.-Nr.", "EUR 389,00", "3 Produkte", "Technische Daten: Arne Desk Chair", `aria-label="Kategorien"`}, nil},
		{"accessible_report", "fr", []string{"<h2>Sommaire</h2>", "Tableau 1.", "Figure 1.", "<h2>Résumé</h2>"}, nil},
		{"scientific_paper", "de", []string{"Schlüsselwörter:", "<h2 id=\"references-heading\">Literatur</h2>", "Abbildung 1."}, nil},
		{"official_certificate", "de", []string{"Ausgestellt in Westbrook am 30. Juni 2026", "folgende Auszeichnung erhalten hat", "Urkunden-Nr.:"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.id+"/"+tt.lang, func(t *testing.T) {
			out, err := Render(context.Background(), tt.id, withField(t, tt.id, "lang", tt.lang))
			if err != nil {
				t.Fatal(err)
			}
			s := string(out)
			for _, w := range tt.want {
				if !strings.Contains(s, w) {
					t.Errorf("output lacks %q", w)
				}
			}
			body := s[strings.Index(s, "<body"):]
			for _, w := range tt.wantNot {
				if strings.Contains(body, w) {
					t.Errorf("body contains %q", w)
				}
			}
			checkAccessibleHTML(t, out)
			rep, err := wcag.AuditHTML(context.Background(), out, wcag.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range append(rep.Errors, rep.Warnings...) {
				t.Errorf("%+v", f)
			}
		})
	}
}

func TestCertificateDefaultsFollowLanguage(t *testing.T) {
	data := withField(t, "official_certificate", "title", "")
	out, err := Render(context.Background(), "official_certificate", data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "<h1>Certificate</h1>") {
		t.Error("default title missing")
	}
}
