package templates

import (
	"encoding/xml"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrNoEInvoice is matched (errors.Is) by the error EInvoice returns for a
// template that has no e-invoice form.
var ErrNoEInvoice = errors.New("template has no e-invoice")

// EInvoiceProfile is the Factur-X / ZUGFeRD profile of EInvoice's XML.
const EInvoiceProfile = "EN 16931"

// EInvoice returns the invoice template's data as a Factur-X 1.0 /
// ZUGFeRD 2 invoice: UN/CEFACT Cross Industry Invoice (D16B) XML of the
// EN 16931 profile, with the same lines, VAT breakdown (by category and
// rate) and totals the
// rendered invoice shows. Besides the template's own validation (Render
// accepts what it accepts) the data must satisfy the EN 16931 business
// rules folio checks: the seller's VAT identifier with its country
// prefix, both parties' country codes, item prices of zero or more and,
// per VAT rate, line VAT that sums to the rate applied to the rate's
// basis (BR-CO-17). Problems come as a *ValidationError naming the
// fields. Only the invoice template has this form; other ids give an
// error matching ErrNoEInvoice (or ErrUnknownTemplate).
func EInvoice(id string, data []byte) ([]byte, error) {
	if id != "invoice" {
		if _, err := lookup(id); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("templates: %s: %w (only invoice has one)", id, ErrNoEInvoice)
	}
	if _, err := prepare(id, data); err != nil {
		return nil, err
	}
	tree, err := parseJSON(data)
	if err != nil {
		return nil, err
	}
	ps := &problems{}
	var d invoiceData
	if !decodeInto(input{raw: data, tree: tree}, &d, ps) {
		return nil, ps.err(id)
	}
	a := computeEN16931(&d)
	checkEN16931(&d, a, ps)
	if err := ps.err(id); err != nil {
		return nil, err
	}
	return ciiXML(&d, a), nil
}

// xmlWriter writes indented XML elements.
type xmlWriter struct {
	b     strings.Builder
	depth int
}

func (w *xmlWriter) indent() {
	w.b.WriteString(strings.Repeat("  ", w.depth))
}

// open starts an element; attrs are name, value pairs.
func (w *xmlWriter) open(name string, attrs ...string) {
	w.indent()
	w.b.WriteString("<" + name)
	w.attrs(attrs)
	w.b.WriteString(">\n")
	w.depth++
}

func (w *xmlWriter) attrs(attrs []string) {
	for i := 0; i+1 < len(attrs); i += 2 {
		w.b.WriteString(" " + attrs[i] + `="`)
		xml.EscapeText(&w.b, []byte(attrs[i+1]))
		w.b.WriteString(`"`)
	}
}

func (w *xmlWriter) close(name string) {
	w.depth--
	w.indent()
	w.b.WriteString("</" + name + ">\n")
}

// leaf writes an element with text content; nothing when value is empty.
func (w *xmlWriter) leaf(name, value string, attrs ...string) {
	if value == "" {
		return
	}
	w.indent()
	w.b.WriteString("<" + name)
	w.attrs(attrs)
	w.b.WriteString(">")
	xml.EscapeText(&w.b, []byte(value))
	w.b.WriteString("</" + name + ">\n")
}

// date writes a CII date (format 102, YYYYMMDD) inside element name.
func (w *xmlWriter) date(name, iso string) {
	if iso == "" {
		return
	}
	w.open(name)
	w.leaf("udt:DateTimeString", strings.ReplaceAll(iso, "-", ""), "format", "102")
	w.close(name)
}

// ciiXML writes the Cross Industry Invoice.
func ciiXML(d *invoiceData, a *eAmounts) []byte {
	w := &xmlWriter{}
	w.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open("rsm:CrossIndustryInvoice",
		"xmlns:rsm", "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
		"xmlns:qdt", "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
		"xmlns:ram", "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
		"xmlns:udt", "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100")
	w.open("rsm:ExchangedDocumentContext")
	w.open("ram:GuidelineSpecifiedDocumentContextParameter")
	w.leaf("ram:ID", "urn:cen.eu:en16931:2017")
	w.close("ram:GuidelineSpecifiedDocumentContextParameter")
	w.close("rsm:ExchangedDocumentContext")

	w.open("rsm:ExchangedDocument")
	w.leaf("ram:ID", d.InvoiceNumber)
	w.leaf("ram:TypeCode", "380") // commercial invoice
	w.date("ram:IssueDateTime", d.IssueDate)
	for _, n := range d.Notes {
		if strings.TrimSpace(n) == "" {
			continue
		}
		w.open("ram:IncludedNote")
		w.leaf("ram:Content", n)
		w.close("ram:IncludedNote")
	}
	w.close("rsm:ExchangedDocument")

	w.open("rsm:SupplyChainTradeTransaction")
	for i, it := range d.Items {
		ciiLine(w, i, it, a.lines[i], a.digits)
	}
	w.open("ram:ApplicableHeaderTradeAgreement")
	ciiParty(w, "ram:SellerTradeParty", d.Seller)
	ciiParty(w, "ram:BuyerTradeParty", d.Buyer)
	if d.OrderRef != "" {
		w.open("ram:BuyerOrderReferencedDocument")
		w.leaf("ram:IssuerAssignedID", d.OrderRef)
		w.close("ram:BuyerOrderReferencedDocument")
	}
	w.close("ram:ApplicableHeaderTradeAgreement")
	w.open("ram:ApplicableHeaderTradeDelivery")
	if d.ServiceDate != "" {
		w.open("ram:ActualDeliverySupplyChainEvent")
		w.date("ram:OccurrenceDateTime", d.ServiceDate)
		w.close("ram:ActualDeliverySupplyChainEvent")
	}
	w.close("ram:ApplicableHeaderTradeDelivery")
	ciiSettlement(w, d, a)
	w.close("rsm:SupplyChainTradeTransaction")
	w.close("rsm:CrossIndustryInvoice")
	return []byte(w.b.String())
}

func ciiLine(w *xmlWriter, i int, it invoiceItem, l eLine, digits int) {
	w.open("ram:IncludedSupplyChainTradeLineItem")
	w.open("ram:AssociatedDocumentLineDocument")
	w.leaf("ram:LineID", strconv.Itoa(i+1))
	w.close("ram:AssociatedDocumentLineDocument")
	w.open("ram:SpecifiedTradeProduct")
	w.leaf("ram:Name", it.Description)
	w.close("ram:SpecifiedTradeProduct")
	w.open("ram:SpecifiedLineTradeAgreement")
	w.open("ram:NetPriceProductTradePrice")
	w.leaf("ram:ChargeAmount", exactDecimal(l.price))
	w.close("ram:NetPriceProductTradePrice")
	w.close("ram:SpecifiedLineTradeAgreement")
	w.open("ram:SpecifiedLineTradeDelivery")
	w.leaf("ram:BilledQuantity", exactDecimal(l.qty), "unitCode", unitCode(it))
	w.close("ram:SpecifiedLineTradeDelivery")
	w.open("ram:SpecifiedLineTradeSettlement")
	ciiTax(w, eGroup{category: l.category, rate: l.rate}, "", digits)
	w.open("ram:SpecifiedTradeSettlementLineMonetarySummation")
	w.leaf("ram:LineTotalAmount", amount(l.net, digits))
	w.close("ram:SpecifiedTradeSettlementLineMonetarySummation")
	w.close("ram:SpecifiedLineTradeSettlement")
	w.close("ram:IncludedSupplyChainTradeLineItem")
}

func ciiParty(w *xmlWriter, name string, p party) {
	w.open(name)
	w.leaf("ram:Name", p.Name)
	if p.Phone != "" {
		w.open("ram:DefinedTradeContact")
		w.open("ram:TelephoneUniversalCommunication")
		w.leaf("ram:CompleteNumber", p.Phone)
		w.close("ram:TelephoneUniversalCommunication")
		w.close("ram:DefinedTradeContact")
	}
	w.open("ram:PostalTradeAddress")
	lines := p.Address
	if len(lines) > 3 {
		lines = append(lines[:2:2], strings.Join(lines[2:], ", "))
	}
	for i, l := range lines {
		w.leaf([]string{"ram:LineOne", "ram:LineTwo", "ram:LineThree"}[i], l)
	}
	w.leaf("ram:CountryID", p.Country)
	w.close("ram:PostalTradeAddress")
	if p.Email != "" {
		w.open("ram:URIUniversalCommunication")
		w.leaf("ram:URIID", p.Email, "schemeID", "EM")
		w.close("ram:URIUniversalCommunication")
	}
	if p.VATID != "" {
		w.open("ram:SpecifiedTaxRegistration")
		w.leaf("ram:ID", strings.ReplaceAll(p.VATID, " ", ""), "schemeID", "VA")
		w.close("ram:SpecifiedTaxRegistration")
	}
	w.close(name)
}

func ciiSettlement(w *xmlWriter, d *invoiceData, a *eAmounts) {
	w.open("ram:ApplicableHeaderTradeSettlement")
	w.leaf("ram:InvoiceCurrencyCode", d.Currency)
	if d.Bank != nil {
		w.open("ram:SpecifiedTradeSettlementPaymentMeans")
		w.leaf("ram:TypeCode", "58") // SEPA credit transfer
		w.open("ram:PayeePartyCreditorFinancialAccount")
		w.leaf("ram:IBANID", strings.ReplaceAll(d.Bank.IBAN, " ", ""))
		w.leaf("ram:AccountName", d.Bank.AccountHolder)
		w.close("ram:PayeePartyCreditorFinancialAccount")
		if d.Bank.BIC != "" {
			w.open("ram:PayeeSpecifiedCreditorFinancialInstitution")
			w.leaf("ram:BICID", d.Bank.BIC)
			w.close("ram:PayeeSpecifiedCreditorFinancialInstitution")
		}
		w.close("ram:SpecifiedTradeSettlementPaymentMeans")
	}
	for _, g := range a.groups {
		ciiTax(w, g, d.TaxExemptionReason, a.digits)
	}
	w.open("ram:SpecifiedTradePaymentTerms")
	w.leaf("ram:Description", d.PaymentTerms)
	w.date("ram:DueDateDateTime", d.DueDate)
	w.close("ram:SpecifiedTradePaymentTerms")
	w.open("ram:SpecifiedTradeSettlementHeaderMonetarySummation")
	money := func(name string, v string, attrs ...string) { w.leaf(name, v, attrs...) }
	money("ram:LineTotalAmount", amount(a.net, a.digits))
	money("ram:TaxBasisTotalAmount", amount(a.net, a.digits))
	money("ram:TaxTotalAmount", amount(a.tax, a.digits), "currencyID", d.Currency)
	money("ram:GrandTotalAmount", amount(a.gross, a.digits))
	money("ram:DuePayableAmount", amount(a.gross, a.digits))
	w.close("ram:SpecifiedTradeSettlementHeaderMonetarySummation")
	w.close("ram:ApplicableHeaderTradeSettlement")
}

// ciiTax writes an ApplicableTradeTax: on a line (g.tax and g.basis
// nil) the category and rate, in the breakdown also the amounts and, for
// exempt and reverse-charge categories, the exemption reason. Category O
// would have no rate; the others write it.
func ciiTax(w *xmlWriter, g eGroup, reason string, digits int) {
	w.open("ram:ApplicableTradeTax")
	if g.tax != nil {
		w.leaf("ram:CalculatedAmount", amount(g.tax, digits))
	}
	w.leaf("ram:TypeCode", "VAT")
	header := g.basis != nil
	if header && (g.category == "E" || g.category == "AE") {
		w.leaf("ram:ExemptionReason", reason)
	}
	if header {
		w.leaf("ram:BasisAmount", amount(g.basis, digits))
	}
	w.leaf("ram:CategoryCode", g.category)
	if header && g.category == "AE" {
		w.leaf("ram:ExemptionReasonCode", "VATEX-EU-AE")
	}
	w.leaf("ram:RateApplicablePercent", exactDecimal(g.rate))
	w.close("ram:ApplicableTradeTax")
}

// unitCodes maps common unit words to UN/ECE Recommendation 20 codes.
var unitCodes = map[string]string{
	"h": "HUR", "hr": "HUR", "hrs": "HUR", "hour": "HUR", "hours": "HUR", "std": "HUR",
	"min": "MIN", "d": "DAY", "day": "DAY", "days": "DAY", "week": "WEE", "weeks": "WEE",
	"month": "MON", "months": "MON", "year": "ANN", "years": "ANN",
	"pc": "H87", "pcs": "H87", "piece": "H87", "pieces": "H87", "stk": "H87",
	"kg": "KGM", "g": "GRM", "t": "TNE", "m": "MTR", "km": "KMT", "cm": "CMT", "mm": "MMT",
	"m2": "MTK", "m²": "MTK", "m3": "MTQ", "m³": "MTQ", "l": "LTR", "kwh": "KWH",
	"flat": "LS", "lump sum": "LS", "set": "SET", "sets": "SET",
}

// unitCode is the item's UN/ECE Recommendation 20 unit: unit_code when
// given, else the code of a common unit word, else C62 ("one": the
// quantity counts items).
func unitCode(it invoiceItem) string {
	if it.UnitCode != "" {
		return it.UnitCode
	}
	if c, ok := unitCodes[strings.ToLower(strings.TrimSpace(it.Unit))]; ok {
		return c
	}
	return "C62"
}
