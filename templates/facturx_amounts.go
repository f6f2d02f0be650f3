package templates

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// eAmounts are an invoice's amounts as EN 16931 states them, computed
// exactly: line nets, the VAT breakdown by rate and the document totals.
type eAmounts struct {
	digits int
	lines  []eLine
	groups []eGroup // by rate, highest first
	// net is the sum of line nets (BT-106, also the tax basis BT-109);
	// lineTax the sum of the lines' rounded VAT (what the printed invoice
	// shows); tax the sum of the groups' VAT (BT-110); gross net + tax
	// (BT-112, BT-115).
	net, lineTax, tax, gross *big.Rat
}

type eLine struct {
	qty, price, rate, net *big.Rat
	category              string // VAT category code (BT-151)
}

// eGroup is one VAT breakdown entry (BG-23).
type eGroup struct {
	category    string
	rate, basis *big.Rat
	// lineTax sums the lines' rounded VAT; tax is the basis × rate
	// rounded, as BR-CO-17 computes it.
	lineTax, tax *big.Rat
	label        string // the rate as written in the data
}

// taxCategory is the item's VAT category: tax_category when given, else
// S (standard rated) for a positive rate and Z (zero rated) for 0.
func taxCategory(it invoiceItem, rate *big.Rat) string {
	if it.TaxCategory != "" {
		return it.TaxCategory
	}
	if rate.Sign() > 0 {
		return "S"
	}
	return "Z"
}

// computeEN16931 computes the amounts: each line's net and VAT rounded
// half away from zero to the currency's minor unit (as the printed
// invoice does), and per rate the basis and VAT.
func computeEN16931(d *invoiceData) *eAmounts {
	a := &eAmounts{digits: digitsOf(d.Currency), net: new(big.Rat), lineTax: new(big.Rat), tax: new(big.Rat)}
	hundred := big.NewRat(100, 1)
	byRate := map[string]*eGroup{}
	for _, it := range d.Items {
		l := eLine{qty: decimal(it.Quantity), price: decimal(it.UnitPrice), rate: decimal(it.TaxRate)}
		l.category = taxCategory(it, l.rate)
		l.net = roundTo(new(big.Rat).Mul(l.qty, l.price), a.digits)
		tax := roundTo(new(big.Rat).Quo(new(big.Rat).Mul(l.net, l.rate), hundred), a.digits)
		a.lines = append(a.lines, l)
		a.net.Add(a.net, l.net)
		a.lineTax.Add(a.lineTax, tax)
		key := l.category + " " + l.rate.RatString()
		g := byRate[key]
		if g == nil {
			g = &eGroup{category: l.category, rate: l.rate, basis: new(big.Rat), lineTax: new(big.Rat), label: formatLiteral(it.TaxRate)}
			byRate[key] = g
		}
		g.basis.Add(g.basis, l.net)
		g.lineTax.Add(g.lineTax, tax)
	}
	for _, g := range byRate {
		g.tax = roundTo(new(big.Rat).Quo(new(big.Rat).Mul(g.basis, g.rate), hundred), a.digits)
		a.tax.Add(a.tax, g.tax)
		a.groups = append(a.groups, *g)
	}
	sort.Slice(a.groups, func(i, j int) bool {
		if c := a.groups[i].rate.Cmp(a.groups[j].rate); c != 0 {
			return c > 0
		}
		return a.groups[i].category < a.groups[j].category
	})
	a.gross = new(big.Rat).Add(a.net, a.lineTax)
	return a
}

// checkTotals checks the optional net_total and tax_total of the data
// against the computed amounts (gross_total is checked by buildInvoice).
func checkTotals(d *invoiceData, a *eAmounts, ps *problems) {
	check := func(path string, given json.Number, want *big.Rat, what string) {
		if given == "" {
			return
		}
		got := roundTo(decimal(given), a.digits)
		if got.Cmp(want) != 0 {
			ps.add(path, "expected %s (%s), got %s", formatMoney(want, d.Currency), what, formatMoney(got, d.Currency))
		}
	}
	check("data.net_total", d.NetTotal, a.net, "the sum of the line items' net amounts")
	check("data.tax_total", d.TaxTotal, a.lineTax, "the sum of the line items' tax amounts")
}

// checkEN16931 applies the EN 16931 business rules an e-invoice needs
// beyond the template's own: identifiers and country codes, item prices,
// and a VAT breakdown that agrees with the lines (so that the embedded
// XML states the totals the printed invoice shows).
func checkEN16931(d *invoiceData, a *eAmounts, ps *problems) {
	if strings.TrimSpace(d.Seller.VATID) == "" {
		ps.add("data.seller.vat_id", "required for an e-invoice: EN 16931 BR-CO-26 and BR-S-02 want the seller's VAT identifier")
	} else if !vatPrefix(d.Seller.VATID) {
		ps.add("data.seller.vat_id", "expected a VAT identifier with a two-letter country prefix such as DE123456789 (EN 16931 BR-CO-9), got %q", d.Seller.VATID)
	}
	if d.Buyer.VATID != "" && !vatPrefix(d.Buyer.VATID) {
		ps.add("data.buyer.vat_id", "expected a VAT identifier with a two-letter country prefix (EN 16931 BR-CO-9), got %q", d.Buyer.VATID)
	}
	if d.Seller.Country == "" {
		ps.add("data.seller.country", "required for an e-invoice: the seller's ISO 3166-1 country code such as DE (EN 16931 BR-9)")
	}
	if d.Buyer.Country == "" {
		ps.add("data.buyer.country", "required for an e-invoice: the buyer's ISO 3166-1 country code such as FR (EN 16931 BR-11)")
	}
	if a.digits > 2 {
		ps.add("data.currency", "EN 16931 amounts have at most 2 decimals (BR-DEC rules), but %s has %d minor digits", d.Currency, a.digits)
	}
	exempt := false
	for i, l := range a.lines {
		switch {
		case l.category == "S" && l.rate.Sign() <= 0:
			ps.add(fmt.Sprintf("data.items[%d].tax_rate", i), "expected a rate above 0 for tax_category S, standard rated (EN 16931 BR-S-5)")
		case l.category != "S" && l.rate.Sign() != 0:
			ps.add(fmt.Sprintf("data.items[%d].tax_rate", i), "expected 0 for tax_category %s (EN 16931 BR-%s-5), got %s", l.category, l.category, formatLiteral(d.Items[i].TaxRate))
		}
		if l.category == "E" {
			exempt = true
		}
		if l.category == "AE" && strings.TrimSpace(d.Buyer.VATID) == "" {
			ps.add("data.buyer.vat_id", "required for reverse charge (tax_category AE on item %d): EN 16931 BR-AE-2 wants the buyer's VAT identifier", i)
		}
		if l.price.Sign() < 0 {
			ps.add(fmt.Sprintf("data.items[%d].unit_price", i), "expected a price of zero or more (EN 16931 BR-27); credit with a negative quantity instead")
		}
	}
	if exempt && strings.TrimSpace(d.TaxExemptionReason) == "" {
		ps.add("data.tax_exemption_reason", "required with tax_category E, exempt from VAT: EN 16931 BR-E-10 wants the exemption reason")
	}
	for _, g := range a.groups {
		if g.tax.Cmp(g.lineTax) != 0 {
			ps.add("data.items", "the VAT at %s%% sums to %s over the lines, but EN 16931 BR-CO-17 computes %s (%s%% of the basis %s): the printed and the embedded invoice would disagree; adjust the lines at this rate",
				g.label, formatMoney(g.lineTax, d.Currency), formatMoney(g.tax, d.Currency), g.label, formatMoney(g.basis, d.Currency))
		}
	}
}

// vatPrefix reports whether a VAT identifier starts with two letters.
func vatPrefix(id string) bool {
	id = strings.TrimSpace(id)
	return len(id) > 2 && isUpper(id[0]) && isUpper(id[1])
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// exactDecimal writes r, a value read from a JSON number, in plain
// decimal notation without trailing zeros and without thousands
// separators (at most 20 places, rounded beyond).
func exactDecimal(r *big.Rat) string {
	places := 0
	x := new(big.Rat).Set(r)
	ten := big.NewRat(10, 1)
	for !x.IsInt() && places < 20 {
		x.Mul(x, ten)
		places++
	}
	return amount(r, places)
}

// amount writes r with exactly places decimals (rounded half away from
// zero), as CII amounts are written.
func amount(r *big.Rat, places int) string {
	s := r.FloatString(places)
	if strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-")
	}
	return s
}
