package folio_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// gridWord is a word of a PDF page and its box in points (origin top
// left), as pdftotext -bbox reports it.
type gridWord struct {
	page                   int
	xMin, yMin, xMax, yMax float64
}

// wordBoxes returns the boxes of the words of pdf by text (each word's
// occurrences in page order).
func wordBoxes(t *testing.T, pdf []byte) map[string][]gridWord {
	t.Helper()
	words := map[string][]gridWord{}
	for _, w := range pdfWords(t, pdf) {
		words[w.text] = append(words[w.text], gridWord{w.page, w.x, w.y, w.x + w.w, w.y + w.h})
	}
	return words
}

// word returns the single box of word w, failing the test when it is
// missing.
func word(t *testing.T, words map[string][]gridWord, w string) gridWord {
	t.Helper()
	bs := words[w]
	if len(bs) == 0 {
		t.Fatalf("word %q not in the PDF", w)
	}
	return bs[0]
}

// gridCatalogue is a catalogue page of n cards in a three-column grid.
func gridCatalogue(n int, cards string) string {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang="en"><head><title>Catalogue</title><style>
@page { size: A4; margin: 15mm }
body { font: 10pt sans-serif; margin: 0 }
.cards { ` + cards + ` }
.card { border: 1pt solid #888; padding: 6pt; break-inside: avoid }
.card h2 { font-size: 12pt; margin: 0 0 4pt }
.card p { margin: 0 }
</style></head><body><h1>Catalogue</h1><div class="cards">`)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, `<div class="card"><h2>Item%02d</h2><p>Price%02d: %d.00 EUR</p><p>A sturdy product with a short description that wraps over a few lines.</p></div>`, i, i, 10+i)
	}
	sb.WriteString(`</div></body></html>`)
	return sb.String()
}

// TestConvertGridCatalogue converts a catalogue whose cards are laid out
// three to a row by a grid and checks the positions of their text in
// the PDF, and that the structure tree keeps document order.
func TestConvertGridCatalogue(t *testing.T) {
	pdf := convertAudited(t, gridCatalogue(6, `display: grid; grid-template-columns: repeat(3, 1fr); gap: 12pt`))
	words := wordBoxes(t, pdf)
	a4w := 595.28
	content := a4w - 2*15*72/25.4
	col := (content - 2*12) / 3
	left := 15 * 72 / 25.4
	for i := 1; i <= 6; i++ {
		b := word(t, words, fmt.Sprintf("Item%02d", i))
		// cards 1–3 on the first row, 4–6 on the second, at the column
		// starts (plus border and padding)
		wantX := left + float64((i-1)%3)*(col+12) + 7
		if math.Abs(b.xMin-wantX) > 1 {
			t.Errorf("Item%02d at x %.1f, want %.1f", i, b.xMin, wantX)
		}
		first := word(t, words, fmt.Sprintf("Item%02d", (i-1)/3*3+1))
		if math.Abs(b.yMin-first.yMin) > 0.5 || b.page != 0 {
			t.Errorf("Item%02d at y %.1f page %d, want the y of its row %.1f on page 0", i, b.yMin, b.page, first.yMin)
		}
	}
	if r1, r2 := word(t, words, "Item01"), word(t, words, "Item04"); r2.yMin <= r1.yMin+30 {
		t.Errorf("second row at y %.1f, not below the first row's cards at %.1f", r2.yMin, r1.yMin)
	}
	st := structText(t, pdf)
	last := -1
	for i := 1; i <= 6; i++ {
		k := strings.Index(st, fmt.Sprintf("Item%02d", i))
		if k < last {
			t.Errorf("Item%02d out of document order in the structure tree", i)
		}
		last = k
	}
}

// TestConvertGridInvoiceAreas converts an invoice laid out with
// grid-template-areas whose elements come in another order than their
// areas: the text lands in the areas, the tags keep document order.
func TestConvertGridInvoiceAreas(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Invoice</title><style>
@page { size: A4; margin: 20mm }
body { font: 10pt sans-serif; margin: 0 }
.inv { display: grid; grid-template-columns: 1fr 150pt; grid-template-rows: auto auto 1fr auto;
  grid-template-areas: "head meta" "bill ship" "lines lines" "notes total"; gap: 10pt; height: 400pt }
header { grid-area: head } .meta { grid-area: meta; text-align: right } .bill { grid-area: bill }
.ship { grid-area: ship } .lines { grid-area: lines } .total { grid-area: total; align-self: end }
.notes { grid-area: notes }
</style></head><body><div class="inv">
<div class="total"><p>TotalDue 120.00</p></div>
<div class="notes"><p>NotesHere thanks.</p></div>
<header><h1>InvoiceTitle</h1></header>
<div class="meta"><p>Number 2026-17</p></div>
<div class="bill"><p>BilledTo Someone</p></div>
<div class="ship"><p>ShippedTo Elsewhere</p></div>
<div class="lines"><p>LineOne widget</p></div>
</div></body></html>`)
	words := wordBoxes(t, pdf)
	head, meta := word(t, words, "InvoiceTitle"), word(t, words, "Number")
	bill, ship := word(t, words, "BilledTo"), word(t, words, "ShippedTo")
	lines, notes, total := word(t, words, "LineOne"), word(t, words, "NotesHere"), word(t, words, "TotalDue")
	left := 20 * 72 / 25.4
	right := 595.28 - left
	checks := []struct {
		name string
		ok   bool
	}{
		{"title at the top left", math.Abs(head.xMin-left) < 1 && head.yMin < bill.yMin},
		{"meta in the right column", meta.xMin > right-150 && meta.yMax < bill.yMin},
		{"bill left, ship right on one row", math.Abs(bill.yMin-ship.yMin) < 0.5 && bill.xMin < left+1 && ship.xMin >= right-150-0.5},
		{"lines below bill, across", lines.yMin > bill.yMax && math.Abs(lines.xMin-left) < 1},
		{"notes and total on the last row", notes.yMin > lines.yMax+100 && total.xMin >= right-150-0.5},
		{"total aligned to the bottom of its row", total.yMin >= notes.yMin},
		{"grid height 400pt", total.yMax < left+400+1 && total.yMax > left+400-30},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: head %+v meta %+v bill %+v ship %+v lines %+v notes %+v total %+v", c.name, head, meta, bill, ship, lines, notes, total)
		}
	}
	st := structText(t, pdf)
	last := -1
	for _, w := range []string{"TotalDue", "NotesHere", "InvoiceTitle", "Number", "BilledTo", "ShippedTo", "LineOne"} {
		k := strings.Index(st, w)
		if k < last {
			t.Errorf("%s out of document order in the structure tree:\n%s", w, st)
		}
		last = k
	}
}

// TestConvertGridOrderKeepsTags checks order moves grid items on the
// page but not in the structure tree.
func TestConvertGridOrderKeepsTags(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Order</title></head><body>
<div style="display:grid;grid-template-columns:1fr 1fr"><p style="order:2">FirstInSource</p><p style="order:1">SecondInSource</p></div></body></html>`)
	words := wordBoxes(t, pdf)
	if a, b := word(t, words, "FirstInSource"), word(t, words, "SecondInSource"); a.xMin <= b.xMin {
		t.Errorf("FirstInSource at x %.1f, not right of SecondInSource at %.1f", a.xMin, b.xMin)
	}
	st := structText(t, pdf)
	if i, j := strings.Index(st, "FirstInSource"), strings.Index(st, "SecondInSource"); i < 0 || j < i {
		t.Errorf("structure tree not in document order:\n%s", st)
	}
}
