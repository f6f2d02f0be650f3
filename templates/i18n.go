package templates

import (
	"fmt"
	"html/template"
	"strings"
)

// locale holds what a template writes in the document's language: its
// fixed labels, number separators and the page-number footer. Labels exist
// for English, German and French; other languages get the English labels,
// each marked lang="en" so that assistive technology pronounces them as
// English (WCAG 3.1.2) while the rest of the document keeps its language.
type locale struct {
	tag      string // "en", "de" or "fr"
	group    string // thousands separator
	decimal  string // decimal separator
	percent  string // between a number and %
	pageText [2]string
	labels   map[string]string
}

// label returns a fixed text of the template in this locale.
func (l *locale) label(key string) string {
	if s, ok := l.labels[key]; ok {
		return s
	}
	return locales["en"].labels[key]
}

// number converts a number written by the formatting functions (comma
// groups, point decimals) to this locale's separators.
func (l *locale) number(s string) string {
	if l.tag == "en" {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 4)
	for _, r := range s {
		switch r {
		case ',':
			b.WriteString(l.group)
		case '.':
			b.WriteString(l.decimal)
		case '%':
			b.WriteString(l.percent + "%")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// pageCSS is the footer rule "Page N of M" in this locale; it is placed
// between the base stylesheet and the template's own, so a template may
// still turn the footer off.
func (l *locale) pageCSS() string {
	return fmt.Sprintf("@page {\n  @bottom-center { content: %q counter(page) %q counter(pages); }\n}\n", l.pageText[0], l.pageText[1])
}

// localeFor picks the locale of a BCP 47 tag by its primary language;
// fallback reports that the labels are English in a document that is not.
func localeFor(lang string) (loc *locale, fallback bool) {
	primary, _, _ := strings.Cut(strings.ToLower(lang), "-")
	if primary == "" {
		primary = "en"
	}
	if l, ok := locales[primary]; ok {
		return l, false
	}
	return locales["en"], true
}

// labelerFor returns the labeler of a document language.
func labelerFor(lang string) labeler {
	loc, fallback := localeFor(lang)
	return labeler{loc: loc, fallback: fallback}
}

// labeler formats labels with arguments for templates (F); the labels
// without arguments are the maps of labelSet.
type labeler struct {
	loc      *locale
	fallback bool
}

// labelSet holds every label of a locale ready for a template: T for
// element content (escaped, marked lang="en" when falling back), A for
// attribute values (html/template escapes them). Templates read them as
// {{$.T.key}} and {{$.A.key}}: a map look-up, where a method call would
// cost a reflective method search and call per label.
type labelSet struct {
	T map[string]template.HTML
	A map[string]string
}

// newLabelSet builds the label maps of a locale: its own labels, and the
// English ones for any key it lacks.
func newLabelSet(lb labeler) labelSet {
	set := labelSet{T: map[string]template.HTML{}, A: map[string]string{}}
	for _, labels := range []map[string]string{locales["en"].labels, lb.loc.labels} {
		for key, text := range labels {
			set.T[key] = lb.wrap(text)
			set.A[key] = text
		}
	}
	return set
}

// labelSets are the label maps of every locale, and of the English
// fallback, built once.
var labelSets = func() map[labeler]labelSet {
	sets := map[labeler]labelSet{}
	for _, loc := range locales {
		for _, fallback := range []bool{false, true} {
			lb := labeler{loc: loc, fallback: fallback}
			sets[lb] = newLabelSet(lb)
		}
	}
	return sets
}()

// F formats a label with arguments; the arguments are escaped.
func (lb labeler) F(key string, args ...any) template.HTML {
	esc := make([]any, len(args))
	for i, a := range args {
		esc[i] = template.HTMLEscapeString(fmt.Sprint(a))
	}
	format := template.HTMLEscapeString(lb.loc.label(key))
	return lb.wrapHTML(fmt.Sprintf(format, esc...))
}

func (lb labeler) wrap(text string) template.HTML {
	return lb.wrapHTML(template.HTMLEscapeString(text))
}

// wrapHTML marks escaped label HTML as English when falling back.
func (lb labeler) wrapHTML(h string) template.HTML {
	if lb.fallback {
		return template.HTML(`<span lang="en">` + h + `</span>`) //nolint:gosec // h is escaped
	}
	return template.HTML(h) //nolint:gosec // h is escaped
}

var locales = map[string]*locale{
	"en": {tag: "en", group: ",", decimal: ".", percent: "", pageText: [2]string{"Page ", " of "}, labels: map[string]string{
		// shared
		"table": "Table %s.", "figure": "Figure %s.", "abstract": "Abstract", "contents": "Contents",
		// invoice
		"invoice": "Invoice", "invoiceTitle": "Invoice %s from %s", "from": "From", "billTo": "Bill to",
		"invoiceDetails": "Invoice details", "invoiceNumber": "Invoice number", "issueDate": "Issue date",
		"serviceDate": "Service date", "dueDate": "Due date", "orderReference": "Order reference",
		"items": "Invoice items (amounts in %s)", "no": "No.", "description": "Description", "quantity": "Quantity",
		"unitPrice": "Unit price", "taxRate": "Tax rate", "net": "Net", "tax": "Tax", "gross": "Gross",
		"totals": "Totals", "netTotal": "Net total", "taxOn": "Tax %s on %s", "totalDue": "Total due",
		"payment": "Payment", "bankDetails": "Bank details", "accountHolder": "Account holder", "bank": "Bank",
		"iban": "IBAN", "bic": "BIC", "notes": "Notes", "vatID": "VAT ID: %s",
		// scientific paper
		"keywords": "Keywords:", "references": "References", "contact": "Contact:",
		// certificate
		"certificate": "Certificate", "certify": "This is to certify that", "awarded": "has been awarded",
		"issued": "Issued at %s on %s", "certificateID": "Certificate ID:", "verify": "Verify at",
		// catalog
		"categories": "Categories", "product": "%s product", "products": "%s products", "sku": "SKU",
		"specifications": "Specifications of %s",
	}},
	"de": {tag: "de", group: ".", decimal: ",", percent: "\u00a0", pageText: [2]string{"Seite ", " von "}, labels: map[string]string{
		"table": "Tabelle %s.", "figure": "Abbildung %s.", "abstract": "Zusammenfassung", "contents": "Inhalt",
		"invoice": "Rechnung", "invoiceTitle": "Rechnung %s von %s", "from": "Von", "billTo": "Rechnung an",
		"invoiceDetails": "Rechnungsangaben", "invoiceNumber": "Rechnungsnummer", "issueDate": "Rechnungsdatum",
		"serviceDate": "Leistungsdatum", "dueDate": "Fällig am", "orderReference": "Bestellnummer",
		"items": "Rechnungspositionen (Beträge in %s)", "no": "Pos.", "description": "Beschreibung", "quantity": "Menge",
		"unitPrice": "Einzelpreis", "taxRate": "USt.-Satz", "net": "Netto", "tax": "USt.", "gross": "Brutto",
		"totals": "Summen", "netTotal": "Nettobetrag", "taxOn": "USt. %s auf %s", "totalDue": "Zu zahlen",
		"payment": "Zahlung", "bankDetails": "Bankverbindung", "accountHolder": "Kontoinhaber", "bank": "Bank",
		"iban": "IBAN", "bic": "BIC", "notes": "Hinweise", "vatID": "USt-IdNr.: %s",
		"keywords": "Schlüsselwörter:", "references": "Literatur", "contact": "Kontakt:",
		"certificate": "Urkunde", "certify": "Hiermit wird bestätigt, dass", "awarded": "folgende Auszeichnung erhalten hat",
		"issued": "Ausgestellt in %s am %s", "certificateID": "Urkunden-Nr.:", "verify": "Prüfen unter",
		"categories": "Kategorien", "product": "%s Produkt", "products": "%s Produkte", "sku": "Art.-Nr.",
		"specifications": "Technische Daten: %s",
	}},
	"fr": {tag: "fr", group: "\u202f", decimal: ",", percent: "\u202f", pageText: [2]string{"Page ", " sur "}, labels: map[string]string{
		"table": "Tableau %s.", "figure": "Figure %s.", "abstract": "Résumé", "contents": "Sommaire",
		"invoice": "Facture", "invoiceTitle": "Facture %s de %s", "from": "Émetteur", "billTo": "Facturé à",
		"invoiceDetails": "Détails de la facture", "invoiceNumber": "Numéro de facture", "issueDate": "Date d’émission",
		"serviceDate": "Date de prestation", "dueDate": "Date d’échéance", "orderReference": "Référence de commande",
		"items": "Lignes de facture (montants en %s)", "no": "N°", "description": "Désignation", "quantity": "Quantité",
		"unitPrice": "Prix unitaire", "taxRate": "Taux TVA", "net": "HT", "tax": "TVA", "gross": "TTC",
		"totals": "Totaux", "netTotal": "Total HT", "taxOn": "TVA %s sur %s", "totalDue": "Total TTC",
		"payment": "Paiement", "bankDetails": "Coordonnées bancaires", "accountHolder": "Titulaire du compte", "bank": "Banque",
		"iban": "IBAN", "bic": "BIC", "notes": "Remarques", "vatID": "N° TVA : %s",
		"keywords": "Mots-clés :", "references": "Références", "contact": "Contact :",
		"certificate": "Certificat", "certify": "Nous certifions que", "awarded": "a obtenu",
		"issued": "Fait à %s le %s", "certificateID": "N° de certificat :", "verify": "Vérifier sur",
		"categories": "Catégories", "product": "%s produit", "products": "%s produits", "sku": "Réf.",
		"specifications": "Caractéristiques : %s",
	}},
}
