package folio_test

import (
	"strconv"
	"strings"
	"testing"
)

// TestConvertMulticolumn converts multi-column documents and checks
// where their words land in the PDF: the left column, then the right
// one from the same top; columns continuing on the next page; a
// column-span: all heading across both columns; and the structure tree
// in DOM order.
func TestConvertMulticolumn(t *testing.T) {
	para := func(tag string, n int) string {
		var sb strings.Builder
		for i := range n {
			sb.WriteString("<p>" + tag + strconv.Itoa(i+1) + " text.</p>")
		}
		return sb.String()
	}
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Columns</title><style>
@page { size: 400pt 300pt; margin: 20pt }
body { margin: 0; font: 10pt/12pt sans-serif }
p { margin: 0 }
.two { columns: 2; column-gap: 20pt; column-rule: 1pt solid gray }
h2 { column-span: all; font-size: 12pt; margin: 6pt 0 }
</style></head><body>
<h1>Columns</h1>
<div class="two">`+para("Alpha", 4)+`</div>
<div class="two">`+para("Beta", 60)+`<h2>Spanning</h2>`+para("Gamma", 4)+`</div>
</body></html>`)
	words := pdfWords(t, pdf)
	a1, a3 := findWord(t, words, "Alpha1"), findWord(t, words, "Alpha3")
	if a3.x < 20+170 || a3.y != a1.y || a1.x > 25 {
		t.Errorf("Alpha3 at %g,%g, want the right column (x ≥ 190) at Alpha1's top %g; Alpha1 at x %g", a3.x, a3.y, a1.y, a1.x)
	}
	// 60 lines of 12pt do not fit two columns of the first page (about
	// 2×19 lines): the columns continue on the next page
	b1, b60 := findWord(t, words, "Beta1"), findWord(t, words, "Beta60")
	if b1.page != 0 || b60.page != 1 {
		t.Errorf("Beta1 on page %d, Beta60 on page %d; want 1 and 2", b1.page+1, b60.page+1)
	}
	var rightTop bool
	for _, w := range words {
		if w.page == 1 && strings.HasPrefix(w.text, "Beta") && w.x > 190 && w.y < 40 {
			rightTop = true
		}
	}
	if !rightTop {
		t.Error("the multicol continued on page 2 has no right column from the page top")
	}
	h, g1, g3 := findWord(t, words, "Spanning"), findWord(t, words, "Gamma1"), findWord(t, words, "Gamma3")
	if h.page != 1 || h.y <= b60.y || g1.y <= h.y || g3.y != g1.y || g3.x < 190 {
		t.Errorf("spanner at page %d y %g (Beta60 y %g), Gamma1 %g,%g, Gamma3 %g,%g: want the spanner below the columns and the next set in two columns below it", h.page+1, h.y, b60.y, g1.x, g1.y, g3.x, g3.y)
	}
	st := structText(t, pdf)
	last := -1
	for _, s := range []string{"Alpha1", "Alpha2", "Alpha3", "Alpha4", "Beta1", "Beta30", "Beta60", "Spanning", "Gamma1", "Gamma4"} {
		i := strings.Index(st, s+" ")
		if i < 0 {
			i = strings.Index(st, s)
		}
		if i < 0 || i < last {
			t.Fatalf("%q missing or out of DOM order in the structure tree:\n%s", s, st)
		}
		last = i
	}
}
