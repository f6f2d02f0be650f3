package templates

import (
	"encoding/json"
	"fmt"
	"html/template"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// invoiceData is the invoice template's data (schemas/invoice.schema.json).
type invoiceData struct {
	Lang          string        `json:"lang"`
	InvoiceNumber string        `json:"invoice_number"`
	IssueDate     string        `json:"issue_date"`
	DueDate       string        `json:"due_date"`
	ServiceDate   string        `json:"service_date"`
	OrderRef      string        `json:"order_reference"`
	Seller        party         `json:"seller"`
	Buyer         party         `json:"buyer"`
	Currency      string        `json:"currency"`
	Items         []invoiceItem `json:"items"`
	GrossTotal    json.Number   `json:"gross_total"`
	// NetTotal and TaxTotal, optional, are checked like GrossTotal.
	NetTotal json.Number `json:"net_total"`
	TaxTotal json.Number `json:"tax_total"`
	// TaxExemptionReason is the e-invoice's VAT exemption reason (BT-120),
	// needed by exempt (E) items.
	TaxExemptionReason string       `json:"tax_exemption_reason"`
	PaymentTerms       string       `json:"payment_terms"`
	Bank               *bankDetails `json:"bank"`
	Notes              []string     `json:"notes"`
}

type party struct {
	Name    string   `json:"name"`
	Address []string `json:"address"`
	VATID   string   `json:"vat_id"`
	Email   string   `json:"email"`
	Phone   string   `json:"phone"`
	// Country is the ISO 3166-1 alpha-2 code (required by e-invoices).
	Country string `json:"country"`
}

type invoiceItem struct {
	Description string      `json:"description"`
	Quantity    json.Number `json:"quantity"`
	Unit        string      `json:"unit"`
	UnitPrice   json.Number `json:"unit_price"`
	TaxRate     json.Number `json:"tax_rate"`
	// UnitCode is the UN/ECE Recommendation 20 code of the unit for
	// e-invoices; empty: derived from Unit (see unitCode).
	UnitCode string `json:"unit_code"`
	// TaxCategory is the EN 16931 VAT category (S, Z, E, AE) for
	// e-invoices; empty: S for a positive rate, Z for 0.
	TaxCategory string `json:"tax_category"`
}

type bankDetails struct {
	AccountHolder string `json:"account_holder"`
	BankName      string `json:"bank_name"`
	IBAN          string `json:"iban"`
	BIC           string `json:"bic"`
}

// invoiceView is what invoice.html.tmpl executes on. It copies the data's
// fields the template reads instead of embedding invoiceData: text/template
// finds a struct's own fields with a short scan, but a promoted field by
// reflect's breadth-first search over the embedded structs, which
// allocates, on every use.
type invoiceView struct {
	InvoiceNumber, OrderRef, Currency, PaymentTerms string
	Seller, Buyer                                   party
	// SellerHTML and BuyerHTML are the parties' address blocks, built
	// by partyHTML.
	SellerHTML, BuyerHTML                       template.HTML
	Bank                                        *bankDetails
	Notes                                       []string
	IssueDateText, DueDateText, ServiceDateText string
	Lines                                       []invoiceLine
	// Rows is the tbody content of the item table, built by itemRows.
	Rows template.HTML
	// ItemsCaption is the item table's caption ("Invoice items (amounts
	// in EUR)").
	ItemsCaption                       template.HTML
	TaxGroups                          []taxGroup
	NetTotal, TaxTotal, GrossTotalText string
}

type invoiceLine struct {
	N                         int
	Description, Unit         string
	Quantity, UnitPrice, Rate string
	Net, Tax, Gross           string
}

type taxGroup struct {
	Rate, Net, Tax string
	// Label is the row heading "Tax 19% on EUR 100.00" in the document's
	// language, set by buildInvoice once the amounts are localised.
	Label template.HTML
}

func buildInvoice(in input, ps *problems) (any, string, string) {
	var d invoiceData
	if !decodeInto(in, &d, ps) {
		return nil, "", ""
	}
	if d.DueDate < d.IssueDate { // ISO dates compare as strings
		ps.add("data.due_date", "expected a date on or after issue_date %s, got %s", d.IssueDate, d.DueDate)
	}
	a, ok := computeFixed(&d)
	if !ok {
		a = computeBig(&d)
	}
	if d.NetTotal != "" || d.TaxTotal != "" {
		checkTotals(&d, computeEN16931(&d), ps)
	}
	if !a.matches {
		ps.add("data.gross_total", "expected %s (the sum of the line items' gross amounts), got %s",
			a.grossTotal, formatMoney(decimal(d.GrossTotal), d.Currency))
	}
	loc, _ := localeFor(d.Lang)
	a.localize(loc)
	v := invoiceView{
		InvoiceNumber: d.InvoiceNumber, OrderRef: d.OrderRef, Currency: d.Currency, PaymentTerms: d.PaymentTerms,
		Seller: d.Seller, Buyer: d.Buyer, Bank: d.Bank, Notes: d.Notes,
		Lines: a.lines, TaxGroups: a.groups,
		NetTotal: a.netTotal, TaxTotal: a.taxTotal, GrossTotalText: a.grossTotal}
	v.Rows = itemRows(a.lines)
	// Labels with arguments are formatted here rather than by {{$.F …}} in
	// the template, which calls F by reflection for every use.
	lb := labelerFor(d.Lang)
	v.ItemsCaption = lb.F("items", d.Currency)
	for i := range v.TaxGroups {
		g := &v.TaxGroups[i]
		g.Label = lb.F("taxOn", g.Rate, g.Net)
	}
	v.SellerHTML, v.BuyerHTML = partyHTML(d.Seller, lb), partyHTML(d.Buyer, lb)
	v.IssueDateText = formatDate(d.Lang, d.IssueDate)
	v.DueDateText = formatDate(d.Lang, d.DueDate)
	if d.ServiceDate != "" {
		v.ServiceDateText = formatDate(d.Lang, d.ServiceDate)
	}
	return v, d.Lang, fmt.Sprintf(loc.label("invoiceTitle"), d.InvoiceNumber, d.Seller.Name)
}

// invoiceAmounts are the computed, formatted amounts of an invoice.
type invoiceAmounts struct {
	lines                          []invoiceLine
	groups                         []taxGroup
	netTotal, taxTotal, grossTotal string
	matches                        bool // gross_total equals the computed total to the minor unit
}

// localize converts the amounts to the locale's number separators.
func (a *invoiceAmounts) localize(loc *locale) {
	if loc.tag == "en" {
		return
	}
	for i := range a.lines {
		l := &a.lines[i]
		l.Quantity, l.UnitPrice, l.Rate = loc.number(l.Quantity), loc.number(l.UnitPrice), loc.number(l.Rate)
		l.Net, l.Tax, l.Gross = loc.number(l.Net), loc.number(l.Tax), loc.number(l.Gross)
	}
	for i := range a.groups {
		g := &a.groups[i]
		g.Rate, g.Net, g.Tax = loc.number(g.Rate), loc.number(g.Net), loc.number(g.Tax)
	}
	a.netTotal, a.taxTotal, a.grossTotal = loc.number(a.netTotal), loc.number(a.taxTotal), loc.number(a.grossTotal)
}

// newLine fills the parts of a line both arithmetic paths share.
func newLine(i int, it invoiceItem, digits int) invoiceLine {
	return invoiceLine{
		N: i + 1, Description: it.Description, Unit: it.Unit,
		Quantity: formatLiteral(it.Quantity), UnitPrice: formatPrice(it.UnitPrice, digits),
		Rate: formatLiteral(it.TaxRate) + "%",
	}
}

// computeFixed does the invoice arithmetic in int64 fixed point; ok is
// false when a number has an exponent, too many digits or a result
// overflows, and then computeBig must be used.
func computeFixed(d *invoiceData) (invoiceAmounts, bool) {
	digits := digitsOf(d.Currency)
	a := invoiceAmounts{lines: make([]invoiceLine, len(d.Items))}
	zero := fixed{s: digits}
	netSum, taxSum := zero, zero
	type group struct {
		rate, net, tax fixed
		label          string
	}
	groups := map[fixed]*group{}
	for i, it := range d.Items {
		q, ok1 := parseFixed(it.Quantity)
		p, ok2 := parseFixed(it.UnitPrice)
		rate, ok3 := parseFixed(it.TaxRate)
		if !ok1 || !ok2 || !ok3 {
			return a, false
		}
		prod, ok := q.mul(p)
		if !ok {
			return a, false
		}
		net, ok := prod.round(digits)
		if !ok {
			return a, false
		}
		taxRaw, ok := net.mul(rate)
		if !ok || taxRaw.s+2 > maxScale {
			return a, false
		}
		taxRaw.s += 2 // ÷ 100: the rate is a percentage
		tax, ok := taxRaw.round(digits)
		if !ok {
			return a, false
		}
		gross, ok := net.add(tax)
		if !ok {
			return a, false
		}
		if netSum, ok = netSum.add(net); !ok {
			return a, false
		}
		if taxSum, ok = taxSum.add(tax); !ok {
			return a, false
		}
		key := rate.trimmed()
		g := groups[key]
		if g == nil {
			g = &group{rate: key, net: zero, tax: zero, label: formatLiteral(it.TaxRate)}
			groups[key] = g
		}
		if g.net, ok = g.net.add(net); !ok {
			return a, false
		}
		if g.tax, ok = g.tax.add(tax); !ok {
			return a, false
		}
		l := newLine(i, it, digits)
		l.Net, l.Tax, l.Gross = net.format(), tax.format(), gross.format()
		a.lines[i] = l
	}
	grossSum, ok := netSum.add(taxSum)
	if !ok {
		return a, false
	}
	given, ok := parseFixed(d.GrossTotal)
	if !ok {
		return a, false
	}
	if given, ok = given.round(digits); !ok {
		return a, false
	}
	list := make([]*group, 0, len(groups))
	for _, g := range groups {
		list = append(list, g)
	}
	sort.Slice(list, func(i, j int) bool { return cmpFixed(list[i].rate, list[j].rate) > 0 })
	money := func(f fixed) string { return d.Currency + " " + f.format() }
	for _, g := range list {
		a.groups = append(a.groups, taxGroup{Rate: g.label + "%", Net: money(g.net), Tax: money(g.tax)})
	}
	a.netTotal, a.taxTotal, a.grossTotal = money(netSum), money(taxSum), money(grossSum)
	a.matches = given.m == grossSum.m
	return a, true
}

// cmpFixed compares two trimmed values (scales may differ).
func cmpFixed(a, b fixed) int {
	r1 := new(big.Rat).SetFrac64(a.m, pow10[a.s])
	r2 := new(big.Rat).SetFrac64(b.m, pow10[b.s])
	return r1.Cmp(r2)
}

// computeBig does the invoice arithmetic with math/big, for any numbers.
func computeBig(d *invoiceData) invoiceAmounts {
	digits := digitsOf(d.Currency)
	hundred := big.NewRat(100, 1)
	netSum, taxSum := new(big.Rat), new(big.Rat)
	type group struct {
		rate, net, tax *big.Rat
		label          string
	}
	groups := map[string]*group{}
	a := invoiceAmounts{lines: make([]invoiceLine, len(d.Items))}
	for i, it := range d.Items {
		q, p, rate := decimal(it.Quantity), decimal(it.UnitPrice), decimal(it.TaxRate)
		net := roundTo(new(big.Rat).Mul(q, p), digits)
		tax := roundTo(new(big.Rat).Quo(new(big.Rat).Mul(net, rate), hundred), digits)
		gross := new(big.Rat).Add(net, tax)
		netSum.Add(netSum, net)
		taxSum.Add(taxSum, tax)
		key := rate.RatString()
		g := groups[key]
		if g == nil {
			g = &group{rate: rate, net: new(big.Rat), tax: new(big.Rat), label: formatLiteral(it.TaxRate)}
			groups[key] = g
		}
		g.net.Add(g.net, net)
		g.tax.Add(g.tax, tax)
		l := newLine(i, it, digits)
		l.Net, l.Tax, l.Gross = formatDecimal(net, digits), formatDecimal(tax, digits), formatDecimal(gross, digits)
		a.lines[i] = l
	}
	grossSum := new(big.Rat).Add(netSum, taxSum)
	given := roundTo(decimal(d.GrossTotal), digits)
	list := make([]*group, 0, len(groups))
	for _, g := range groups {
		list = append(list, g)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].rate.Cmp(list[j].rate) > 0 })
	for _, g := range list {
		a.groups = append(a.groups, taxGroup{
			Rate: g.label + "%", Net: formatMoney(g.net, d.Currency), Tax: formatMoney(g.tax, d.Currency),
		})
	}
	a.netTotal = formatMoney(netSum, d.Currency)
	a.taxTotal = formatMoney(taxSum, d.Currency)
	a.grossTotal = formatMoney(grossSum, d.Currency)
	a.matches = given.Cmp(grossSum) == 0
	return a
}

// formatLiteral writes a quantity or rate as given, without trailing
// fractional zeros and with thousands separators: 18.50 → 18.5.
func formatLiteral(n json.Number) string {
	if f, ok := parseFixed(n); ok {
		return f.trimmed().format()
	}
	return formatQuantity(decimal(n))
}

// formatPrice writes a unit price with the currency's minor digits, or
// more when the price has them (up to 4): 0.0125 stays 0.0125.
func formatPrice(n json.Number, digits int) string {
	places := max(digits, decimalsOf(n))
	if f, ok := parseFixed(n); ok {
		if r, ok := f.round(places); ok {
			return r.format()
		}
	}
	return formatDecimal(decimal(n), places)
}

// itemRows writes the item table's rows. They are built here rather than
// by a {{range}} in the template because a 10,000-line invoice spends most
// of its time in html/template's reflective escaping of 80,000 cells; every
// value is escaped with template.HTMLEscapeString for the element-content
// context it lands in, which is what html/template would do there.
func itemRows(lines []invoiceLine) template.HTML {
	var b strings.Builder
	b.Grow(len(lines) * 260)
	esc := template.HTMLEscapeString
	for i, l := range lines {
		// Zebra stripes by class: an nth-child selector costs the cascade
		// O(rows²) sibling counting on a 10,000-line invoice.
		if i%2 == 1 {
			b.WriteString(`<tr class="even"><td class="num">`)
		} else {
			b.WriteString(`<tr><td class="num">`)
		}
		b.WriteString(strconv.Itoa(l.N))
		b.WriteString(`</td><th scope="row">`)
		b.WriteString(esc(l.Description))
		b.WriteString(`</th><td class="num">`)
		b.WriteString(esc(l.Quantity))
		if l.Unit != "" {
			b.WriteString(" ")
			b.WriteString(esc(l.Unit))
		}
		for _, cell := range [...]string{l.UnitPrice, l.Rate, l.Net, l.Tax, l.Gross} {
			b.WriteString(`</td><td class="num">`)
			b.WriteString(esc(cell))
		}
		b.WriteString("</td></tr>\n")
	}
	return template.HTML(b.String()) //nolint:gosec // every value above is escaped
}

// partyHTML writes a party's address block: the name, the address lines,
// the VAT id (labelled in the document's language), e-mail and phone,
// separated by line breaks. It is built here rather than by a template
// called twice per invoice because each call evaluated some twenty
// actions by reflection; every value is escaped by writeContent exactly as
// html/template escapes it in element content.
func partyHTML(p party, lb labeler) template.HTML {
	var b strings.Builder
	b.Grow(128 + len(p.Name) + 32*len(p.Address) + len(p.VATID) + len(p.Email) + len(p.Phone))
	b.WriteString("\n<address>\n<span class=\"party-name\">")
	writeContent(&b, p.Name)
	b.WriteString("</span>")
	for _, line := range p.Address {
		b.WriteString("<br>")
		writeContent(&b, line)
	}
	if p.VATID != "" {
		b.WriteString("<br>")
		b.WriteString(string(lb.F("vatID", p.VATID))) // escaped by F
	}
	for _, s := range [...]string{p.Email, p.Phone} {
		if s != "" {
			b.WriteString("<br>")
			writeContent(&b, s)
		}
	}
	b.WriteString("\n</address>\n")
	return template.HTML(b.String()) //nolint:gosec // every value above is escaped
}

// decimalsOf counts the decimal places written in a JSON number (unit
// prices such as 0.0125 keep their precision), capped at 4.
func decimalsOf(n json.Number) int {
	s := string(n)
	for i := 0; i < len(s); i++ {
		if s[i] == 'e' || s[i] == 'E' {
			return 2
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return min(len(s)-i-1, 4)
		}
	}
	return 0
}
