package templates

import (
	"encoding/json"
	"math/big"
	"sort"
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
	PaymentTerms  string        `json:"payment_terms"`
	Bank          *bankDetails  `json:"bank"`
	Notes         []string      `json:"notes"`
}

type party struct {
	Name    string   `json:"name"`
	Address []string `json:"address"`
	VATID   string   `json:"vat_id"`
	Email   string   `json:"email"`
	Phone   string   `json:"phone"`
}

type invoiceItem struct {
	Description string      `json:"description"`
	Quantity    json.Number `json:"quantity"`
	Unit        string      `json:"unit"`
	UnitPrice   json.Number `json:"unit_price"`
	TaxRate     json.Number `json:"tax_rate"`
}

type bankDetails struct {
	AccountHolder string `json:"account_holder"`
	BankName      string `json:"bank_name"`
	IBAN          string `json:"iban"`
	BIC           string `json:"bic"`
}

// invoiceView is what invoice.html.tmpl executes on.
type invoiceView struct {
	invoiceData
	IssueDateText, DueDateText, ServiceDateText string
	Lines                                       []invoiceLine
	TaxGroups                                   []taxGroup
	NetTotal, TaxTotal, GrossTotalText          string
}

type invoiceLine struct {
	N                         int
	Description, Unit         string
	Quantity, UnitPrice, Rate string
	Net, Tax, Gross           string
}

type taxGroup struct {
	Rate, Net, Tax string
}

func buildInvoice(data []byte, ps *problems) (any, string, string) {
	var d invoiceData
	if !decodeInto(data, &d, ps) {
		return nil, "", ""
	}
	if d.DueDate < d.IssueDate { // ISO dates compare as strings
		ps.add("data.due_date", "expected a date on or after issue_date %s, got %s", d.IssueDate, d.DueDate)
	}
	digits := digitsOf(d.Currency)
	hundred := big.NewRat(100, 1)
	netSum, taxSum := new(big.Rat), new(big.Rat)
	type group struct{ rate, net, tax *big.Rat }
	groups := map[string]*group{}
	v := invoiceView{invoiceData: d, Lines: make([]invoiceLine, len(d.Items))}
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
			g = &group{rate: rate, net: new(big.Rat), tax: new(big.Rat)}
			groups[key] = g
		}
		g.net.Add(g.net, net)
		g.tax.Add(g.tax, tax)
		v.Lines[i] = invoiceLine{
			N: i + 1, Description: it.Description, Unit: it.Unit,
			Quantity: formatQuantity(q), UnitPrice: formatDecimal(p, max(digits, decimalsOf(it.UnitPrice))),
			Rate: formatQuantity(rate) + "%",
			Net:  formatDecimal(net, digits), Tax: formatDecimal(tax, digits), Gross: formatDecimal(gross, digits),
		}
	}
	grossSum := new(big.Rat).Add(netSum, taxSum)
	given := roundTo(decimal(d.GrossTotal), digits)
	if given.Cmp(grossSum) != 0 {
		ps.add("data.gross_total", "expected %s (the sum of the line items' gross amounts), got %s",
			formatMoney(grossSum, d.Currency), formatMoney(decimal(d.GrossTotal), d.Currency))
	}
	keys := make([]*group, 0, len(groups))
	for _, g := range groups {
		keys = append(keys, g)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].rate.Cmp(keys[j].rate) > 0 })
	for _, g := range keys {
		v.TaxGroups = append(v.TaxGroups, taxGroup{
			Rate: formatQuantity(g.rate) + "%", Net: formatMoney(g.net, d.Currency), Tax: formatMoney(g.tax, d.Currency),
		})
	}
	v.NetTotal = formatMoney(netSum, d.Currency)
	v.TaxTotal = formatMoney(taxSum, d.Currency)
	v.GrossTotalText = formatMoney(grossSum, d.Currency)
	v.IssueDateText = formatDate(d.Lang, d.IssueDate)
	v.DueDateText = formatDate(d.Lang, d.DueDate)
	if d.ServiceDate != "" {
		v.ServiceDateText = formatDate(d.Lang, d.ServiceDate)
	}
	return v, d.Lang, "Invoice " + d.InvoiceNumber + " from " + d.Seller.Name
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
