package folio_test

import (
	"context"
	"strings"
	"testing"

	folio "github.com/seed28491532/folio"
)

// ::first-line styles the first line of a paragraph (bigger, red glyphs;
// the rest at the paragraph's size), with ::first-letter inside it; the
// text extracts whole and in order, and the structure tree (paragraph,
// link) is the one the document has without the rule: no new element.
func TestConvertFirstLine(t *testing.T) {
	const body = `<p>A first line set larger with <a href="https://example.com/">a link</a> in it, then the rest of a
paragraph long enough to wrap onto several lines of the normal size and finish.</p>`
	page := func(css string) string {
		return `<!DOCTYPE html><html lang="en"><head><title>First line</title><style>p { width: 300pt }
` + css + `</style></head><body>` + body + `</body></html>`
	}
	convert := func(t *testing.T, doc string) []byte {
		t.Helper()
		res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		return res.PDF
	}
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	plain := convert(t, page(""))
	wantText := words(pdftotext(t, plain))
	wantStruct := tool(t, plain, "pdfinfo", "-struct-text")
	for _, c := range []struct{ name, css string }{
		{"first-line", `p::first-line { font-size: 20pt; color: red }`},
		{"with first-letter", `p::first-line { font-size: 20pt; color: red } p::first-letter { font-size: 200% }`},
		{"with drop cap", `p::first-line { font-size: 20pt; color: red } p::first-letter { font-size: 300%; float: left }`},
	} {
		t.Run(c.name, func(t *testing.T) {
			pdf := convert(t, page(c.css))
			uaClean(t, pdf)
			if got := words(pdftotext(t, pdf)); got != wantText {
				t.Errorf("extracted\n%q\nwant\n%q", got, wantText)
			}
			if got := tool(t, pdf, "pdfinfo", "-struct-text"); got != wantStruct {
				t.Errorf("structure\n%s\nwant (as without ::first-line)\n%s", got, wantStruct)
			}
			content := contentStreams(t, pdf)
			if !strings.Contains(content, " 20 Tf") || !strings.Contains(content, " 12 Tf") {
				t.Errorf("want 20pt first-line text and 12pt text after it:\n%s", textOps(content))
			}
			if !strings.Contains(content, "1 0 0 rg") {
				t.Errorf("no red first line")
			}
		})
	}
}

// A ::first-line rule changes neither the text a reader extracts nor the
// structure tree, whatever the first line holds: line breaks, preserved
// newlines, atomic inlines, floats, right-to-left text, lists, table
// cells, nested blocks, an empty paragraph, a word longer than the line.
func TestConvertFirstLineContent(t *testing.T) {
	bodies := []string{
		`<p>one<br>two three four five six seven eight nine ten eleven twelve</p>`,
		`<p style="white-space:pre">line one
line two is here
three</p>`,
		`<p>before <span style="display:inline-block;border:1px solid">inline block</span> after the atomic box and more words to wrap the line</p>`,
		`<p><img alt="a picture" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" style="float:left;width:40px;height:40px">text beside a float that goes on long enough to wrap several times around it</p>`,
		`<p dir="rtl" lang="he">שלום עולם זה טקסט ארוך מספיק כדי לעבור לשורה הבאה ועוד מילים</p>`,
		`<ul><li>first item with a marker and enough text to wrap onto a second line of the list</li><li>second</li></ul>`,
		`<table><tr><td>a cell whose first line is styled and which wraps in the narrow cell</td><td>x</td></tr></table>`,
		`<div><div><p>nested paragraph inside two blocks with its first line styled by the outer rule</p></div></div>`,
		`<p></p><p>   </p>`,
		`<p>Supercalifragilisticexpialidociouslylongwordthatdoesnotfitonthelineatall and more</p>`,
	}
	for i, body := range bodies {
		doc := func(css string) string {
			return `<!DOCTYPE html><html lang="en"><head><title>First line</title><style>p, li, td, div { width: 150pt } ` +
				css + `</style></head><body>` + body + `</body></html>`
		}
		conv := func(css string) []byte {
			res, err := folio.Convert(context.Background(), strings.NewReader(doc(css)), folio.Options{})
			if err != nil {
				t.Fatalf("body %d: Convert: %v", i, err)
			}
			return res.PDF
		}
		plain := conv("")
		styled := conv(`p::first-line, li::first-line, td::first-line, div::first-line { font-size: 18pt; color: red; text-decoration: underline }`)
		uaClean(t, styled)
		// pdftotext reads by position: where the lines break differently
		// (a table's cells side by side, right-to-left lines) its order
		// follows the layout, not the document
		if geometric := strings.Contains(body, "<table") || strings.Contains(body, "rtl"); !geometric {
			if a, b := strings.Join(strings.Fields(pdftotext(t, plain)), ""), strings.Join(strings.Fields(pdftotext(t, styled)), ""); a != b {
				t.Errorf("body %d: extracted\n%q\nwant\n%q", i, b, a)
			}
		}
		if a, b := structSkeleton(tool(t, plain, "pdfinfo", "-struct-text")), structSkeleton(tool(t, styled, "pdfinfo", "-struct-text")); a != b {
			t.Errorf("body %d: structure\n%s\nwant\n%s", i, b, a)
		}
	}
}

// structSkeleton returns the elements of a pdfinfo -struct-text dump,
// one a line, and then the text of the document in structure order
// without white space (pdfinfo prints the runs of a line as separate
// strings: they follow the line breaks, which a first-line style moves).
func structSkeleton(dump string) string {
	var elems, text strings.Builder
	for line := range strings.Lines(dump) {
		tl := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(tl, `"`):
			text.WriteString(strings.Join(strings.Fields(strings.Trim(tl, `"`)), ""))
		case tl == "":
		default:
			elems.WriteString(tl + "\n")
		}
	}
	return elems.String() + text.String()
}

// A page number layout fills in (target-counter) shows on a first line
// as elsewhere.
func TestConvertFirstLineTargetCounter(t *testing.T) {
	doc := `<!DOCTYPE html><html lang="en"><head><title>Targets</title><style>
p::first-line { font-size: 14pt; color: red }
a::after { content: " (page " target-counter(attr(href), page) ")" }
#x { break-before: page }</style></head><body>
<p>See <a href="#x">the end</a> for more.</p><p style="break-before:page">filler</p><h2 id="x">The end</h2></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	if text := pdftotext(t, res.PDF); !strings.Contains(text, "See the end (page 3) for more.") {
		t.Errorf("extracted %q", text)
	}
	if content := contentStreams(t, res.PDF); !strings.Contains(content, " 14 Tf") {
		t.Errorf("no 14pt first line:\n%s", textOps(content))
	}
}
