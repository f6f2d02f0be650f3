package folio_test

import (
	"strings"
	"testing"
)

// TestConvertCounterStyles converts lists and counter() in predefined
// additive styles and in @counter-style rules and checks the marker text
// pdftotext reads from the PDF.
func TestConvertCounterStyles(t *testing.T) {
	pdf := convertAudited(t, `<!doctype html><html lang="en"><head><title>Counters</title><style>
body { font-family: "DejaVu Sans" }
@counter-style paren-roman { system: extends upper-roman; prefix: "("; suffix: ") " }
@counter-style stars { system: symbolic; symbols: "*"; suffix: " " }
@counter-style bin { system: numeric; symbols: "0" "1"; pad: 4 "0"; prefix: "b"; suffix: ": " }
h2 { counter-increment: sec }
h2::before { content: counter(sec, lower-armenian) "/" counter(sec, georgian) "/ " }
</style></head><body>
<ol style="list-style-type: paren-roman" start="13"><li>alpha</li><li>beta</li></ol>
<ol style="list-style-type: stars"><li>gamma</li><li>delta</li><li>epsilon</li></ol>
<ol style="list-style-type: bin" start="5"><li>zeta</li></ol>
<h2 style="counter-reset: sec 1233">Title</h2>
</body></html>`)
	var text []string
	for _, w := range pdfWords(t, pdf) {
		text = append(text, w.text)
	}
	got := strings.Join(text, " ")
	for _, want := range []string{"(XIII) alpha", "(XIV) beta", "* gamma", "** delta", "*** epsilon", "b0101: zeta",
		"ռմլդ/ჩსლდ/"} {
		if !strings.Contains(got, want) {
			t.Errorf("PDF text %q lacks %q", got, want)
		}
	}
}
