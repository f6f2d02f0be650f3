package folio_test

import (
	"strings"
	"testing"
)

// TestConvertNestedFloats converts floats nested in floats, inline boxes,
// table cells, flex items, positioned boxes and margin boxes. A float
// anchored in the text of another float once sent the painter into
// endless recursion (a fatal stack overflow that no recover catches);
// now every shape must convert, pass the PDF/UA audit and show each word
// once on the page and once in the structure tree.
func TestConvertNestedFloats(t *testing.T) {
	const fl = `style="float:left;width:40pt"`
	tests := []struct {
		name, body string
		words      []string
	}{
		{"float in float", `<div style="float:left"><div style="float:left"></div>alpha</div>`,
			[]string{"alpha"}},
		{"float in float with text", `<div style="float:left"><div ` + fl + `>alpha</div>beta</div>gamma`,
			[]string{"alpha", "beta", "gamma"}},
		{"three floats deep", `<div style="float:right"><div style="float:left"><div ` + fl + `>alpha</div>beta</div>gamma</div>delta`,
			[]string{"alpha", "beta", "gamma", "delta"}},
		{"float before and after text", `<div style="float:left">alpha<div ` + fl + `>beta</div>gamma<div style="float:right">delta</div>epsilon</div>`,
			[]string{"alpha", "beta", "gamma", "delta", "epsilon"}},
		{"float in inline", `<p><span>alpha<span ` + fl + `><span ` + fl + `>beta</span>gamma</span>delta</span></p>`,
			[]string{"alpha", "beta", "gamma", "delta"}},
		{"floats in table cells", `<table><tr><td><div style="float:left"><div ` + fl + `>alpha</div>beta</div>gamma</td>` +
			`<td><div style="float:right"><div style="float:right">delta</div>epsilon</div></td></tr></table>`,
			[]string{"alpha", "beta", "gamma", "delta", "epsilon"}},
		{"floats in flex items", `<div style="display:flex"><div><div style="float:left"><div ` + fl + `>alpha</div>beta</div></div><div>gamma</div></div>`,
			[]string{"alpha", "beta", "gamma"}},
		{"floats in an absolute box", `<div style="position:absolute;top:200pt;left:0;width:200pt"><div style="float:left"><div ` + fl + `>alpha</div>beta</div>gamma</div>`,
			[]string{"alpha", "beta", "gamma"}},
		{"floats in a relative box", `<div style="position:relative;left:5pt"><div style="float:left"><div ` + fl + `>alpha</div>beta</div>gamma</div>`,
			[]string{"alpha", "beta", "gamma"}},
		{"positioned box in a float in a float", `<div style="float:left"><div style="float:left;position:relative">alpha<span style="position:relative">beta</span></div>gamma</div>`,
			[]string{"alpha", "beta", "gamma"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pdf := convertAudited(t, `<!DOCTYPE html><html lang="en"><title>t</title><body>`+tc.body+`</body></html>`)
			text, tags := pdftotext(t, pdf), structText(t, pdf)
			for _, w := range tc.words {
				if n := strings.Count(text, w); n != 1 {
					t.Errorf("%q shows %d times on the page, want once; text:\n%s", w, n, text)
				}
				if n := strings.Count(tags, w); n != 1 {
					t.Errorf("%q is %d times in the structure tree, want once:\n%s", w, n, tags)
				}
			}
		})
	}
}

// TestConvertNestedFloatsInMarginBox puts nested floats into a running
// element shown in a margin box: the header's words show on every page.
func TestConvertNestedFloatsInMarginBox(t *testing.T) {
	src := `<!DOCTYPE html><html lang="en"><title>t</title><style>
	.hdr { position: running(hdr) }
	@page { @top-center { content: element(hdr) } }
	</style><body><div class="hdr"><div style="float:left"><div style="float:left;width:40pt">alpha</div>beta</div>gamma</div>
	<p>body text</p><p style="break-before:page">second page</p></body></html>`
	pdf := convertAudited(t, src)
	text := pdftotext(t, pdf)
	for _, w := range []string{"alpha", "beta", "gamma"} {
		if n := strings.Count(text, w); n != 2 {
			t.Errorf("%q shows %d times, want once on each of 2 pages; text:\n%s", w, n, text)
		}
	}
	inOrder(t, text, "body text", "second page")
}
