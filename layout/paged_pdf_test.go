package layout_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// markedText is the text of one page split by where it sits: inside a
// Pagination artifact (with its subtype) or elsewhere.
type markedText struct {
	pagination map[string]string // subtype → text shown in those artifacts
	other      string            // all other text (tagged content, other artifacts)
}

// pageTexts reads a PDF with pdfobj and decodes, page by page, the text
// shown inside /Artifact <</Type /Pagination …>> sections and outside
// them (through each font's ToUnicode map).
func pageTexts(t *testing.T, pdf []byte) []markedText {
	t.Helper()
	f, err := pdfobj.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]markedText, len(pages))
	for i, p := range pages {
		maps := map[pdfobj.Name]map[uint16]string{}
		if fonts, ok := f.Resolve(p.Resources["Font"]).(pdfobj.Dict); ok {
			for name, ref := range fonts {
				fd, _ := f.Resolve(ref).(pdfobj.Dict)
				if s, ok := f.Resolve(fd["ToUnicode"]).(*pdfobj.Stream); ok {
					data, err := f.DecodeStream(s)
					if err != nil {
						t.Fatal(err)
					}
					maps[name] = parseToUnicode(data)
				}
			}
		}
		var data []byte
		switch c := f.Resolve(p.Dict["Contents"]).(type) {
		case *pdfobj.Stream:
			data, err = f.DecodeStream(c)
		case pdfobj.Array:
			for _, r := range c {
				d, e := f.DecodeStream(f.Resolve(r).(*pdfobj.Stream))
				data, err = append(append(data, d...), '\n'), e
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		ops, err := pdfobj.ParseContent(data)
		if err != nil {
			t.Fatal(err)
		}
		mt := markedText{pagination: map[string]string{}}
		var stack []string // "" for non-pagination sections, else the subtype (or "-")
		var cmap map[uint16]string
		var sb strings.Builder
		flush := func() {
			if sb.Len() == 0 {
				return
			}
			where := ""
			for _, s := range stack {
				if s != "" {
					where = s
				}
			}
			if where == "" {
				mt.other += sb.String() + " "
			} else {
				mt.pagination[where] += sb.String() + " "
			}
			sb.Reset()
		}
		show := func(o pdfobj.Object) {
			var b []byte
			switch s := o.(type) {
			case pdfobj.String:
				b = s
			case pdfobj.HexString:
				b = s
			}
			for k := 0; k+1 < len(b); k += 2 {
				sb.WriteString(cmap[uint16(b[k])<<8|uint16(b[k+1])])
			}
		}
		for _, op := range ops {
			switch op.Operator {
			case "BMC":
				flush()
				stack = append(stack, "")
			case "BDC":
				flush()
				kind := ""
				if tag, _ := op.Operands[0].(pdfobj.Name); tag == "Artifact" && len(op.Operands) > 1 {
					props, _ := f.Resolve(op.Operands[1]).(pdfobj.Dict)
					if props["Type"] == pdfobj.Name("Pagination") {
						kind = "-"
						if st, ok := props["Subtype"].(pdfobj.Name); ok {
							kind = string(st)
						}
					}
				}
				stack = append(stack, kind)
			case "EMC":
				flush()
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
			case "Tf":
				if n, ok := op.Operands[0].(pdfobj.Name); ok {
					cmap = maps[n]
				}
			case "Tj", "'", "\"":
				show(op.Operands[len(op.Operands)-1])
			case "TJ":
				if arr, ok := op.Operands[0].(pdfobj.Array); ok {
					for _, o := range arr {
						show(o)
					}
				}
			case "ET":
				flush()
			}
		}
		flush()
		out[i] = mt
	}
	return out
}

var (
	bfchar  = regexp.MustCompile(`<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>`)
	bfrange = regexp.MustCompile(`<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>`)
)

// parseToUnicode reads the bfchar and bfrange entries of a ToUnicode CMap
// (two-byte codes, UTF-16BE destinations).
func parseToUnicode(data []byte) map[uint16]string {
	m := map[uint16]string{}
	dec := func(h string) string {
		b, _ := hex.DecodeString(h)
		u := make([]uint16, len(b)/2)
		for i := range u {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		}
		return string(utf16.Decode(u))
	}
	num := func(h string) uint16 {
		b, _ := hex.DecodeString(h)
		return uint16(b[0])<<8 | uint16(b[1])
	}
	text := string(data)
	for _, sec := range strings.Split(text, "beginbfrange")[1:] {
		sec = sec[:strings.Index(sec, "endbfrange")]
		for _, g := range bfrange.FindAllStringSubmatch(sec, -1) {
			lo, hi := num(g[1]), num(g[2])
			base := []rune(dec(g[3]))[0]
			for c := lo; c <= hi && c >= lo; c++ {
				m[c] = string(base + rune(c-lo))
			}
		}
	}
	for _, sec := range strings.Split(text, "beginbfchar")[1:] {
		sec = sec[:strings.Index(sec, "endbfchar")]
		for _, g := range bfchar.FindAllStringSubmatch(sec, -1) {
			m[num(g[1])] = dec(g[2])
		}
	}
	return m
}

func convert(t testing.TB, src []byte, opts folio.Options) *folio.Result {
	t.Helper()
	res, err := folio.Convert(context.Background(), bytes.NewReader(src), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// pdftotextPage runs pdftotext on one page; the test fails when
// pdftotext is not installed.
func pdftotextPage(t *testing.T, pdf []byte, page int) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext not installed: bash scripts/test.sh installs poppler-utils")
	}
	cmd := exec.Command("pdftotext", "-f", fmt.Sprint(page), "-l", fmt.Sprint(page), "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestFieldSurveyPagination converts the corpus field survey (Letter):
// page 1 has no header or footer; every other page shows "Page N of M"
// bottom centre and the title top right, as Pagination artifacts only
// (Footer and Header subtypes), never as tagged content.
func TestFieldSurveyPagination(t *testing.T) {
	src, err := os.ReadFile("../conformance/testdata/corpus/field-survey.html")
	if err != nil {
		t.Fatalf("corpus document missing (expected in conformance/testdata/corpus): %v", err)
	}
	res := convert(t, src, folio.Options{})
	texts := pageTexts(t, res.PDF)
	m := len(texts)
	if m < 3 {
		t.Fatalf("%d pages, want several", m)
	}
	f, _ := pdfobj.Open(res.PDF)
	pages, _ := f.Pages()
	if mb := pages[0].MediaBox; mb != [4]float64{0, 0, 612, 792} {
		t.Errorf("MediaBox %v, want Letter", mb)
	}
	for i, mt := range texts {
		n := i + 1
		footer := fmt.Sprintf("Page %d of %d", n, m)
		if n == 1 {
			if len(mt.pagination) != 0 {
				t.Errorf("page 1 has pagination artifacts %q, want none", mt.pagination)
			}
			continue
		}
		if got := strings.TrimSpace(mt.pagination["Footer"]); got != footer {
			t.Errorf("page %d footer artifact %q, want %q", n, got, footer)
		}
		if got := strings.TrimSpace(mt.pagination["Header"]); got != "Field Survey 2026" {
			t.Errorf("page %d header artifact %q, want the title", n, got)
		}
		if strings.Contains(mt.other, "Page ") && strings.Contains(mt.other, fmt.Sprintf(" of %d", m)) {
			t.Errorf("page %d: footer text outside the artifacts: %q", n, mt.other)
		}
		// what a reader sees (pdftotext -bbox): the footer centred on
		// the page in the bottom margin, the title ending at the right
		// page margin (0.8in) in the top margin (1in)
		words := pdftotextWords(t, res.PDF, n)
		if x0, x1, y := lineSpan(words, footer); (x0+x1)/2 < 305 || (x0+x1)/2 > 307 || y < 792-72 {
			t.Errorf("page %d footer spans x %.1f–%.1f at y %.1f, want centred on 306 below y 720", n, x0, x1, y)
		}
		if _, x1, y := lineSpan(words, "Field Survey 2026"); x1 < 553.4 || x1 > 555.4 || y > 72 {
			t.Errorf("page %d title ends at x %.1f, y %.1f, want x 554.4 above y 72", n, x1, y)
		}
	}
	if s := pdftotextPage(t, res.PDF, 1); strings.Contains(s, fmt.Sprintf("of %d", m)) {
		t.Errorf("page 1 shows a footer:\n%s", s)
	}
}

type word struct {
	x0, y0, x1 float64
	text       string
}

var wordRE = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="[0-9.]+">([^<]*)</word>`)

// pdftotextWords runs pdftotext -bbox on one page.
func pdftotextWords(t *testing.T, pdf []byte, page int) []word {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext not installed: bash scripts/test.sh installs poppler-utils")
	}
	cmd := exec.Command("pdftotext", "-f", fmt.Sprint(page), "-l", fmt.Sprint(page), "-bbox", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	var ws []word
	for _, m := range wordRE.FindAllStringSubmatch(string(out), -1) {
		var w word
		fmt.Sscan(m[1], &w.x0)
		fmt.Sscan(m[2], &w.y0)
		fmt.Sscan(m[3], &w.x1)
		w.text = m[4]
		ws = append(ws, w)
	}
	return ws
}

// lineSpan finds the consecutive words spelling phrase and returns their
// horizontal extent and top; -1s when absent.
func lineSpan(ws []word, phrase string) (x0, x1, y float64) {
	want := strings.Fields(phrase)
	for i := 0; i+len(want) <= len(ws); i++ {
		ok := true
		for k, w := range want {
			if ws[i+k].text != w {
				ok = false
				break
			}
		}
		if ok {
			return ws[i].x0, ws[i+len(want)-1].x1, ws[i].y0
		}
	}
	return -1, -1, -1
}

// TestMediaBoxNamedSizes converts a small document per named size and
// orientation, through @page size and through the facade's options
// (which override the document).
func TestMediaBoxNamedSizes(t *testing.T) {
	sizes := map[string][2]float64{"A3": {841.89, 1190.55}, "A4": {595.28, 841.89}, "A5": {419.53, 595.28}, "A6": {297.64, 419.53},
		"B4": {708.66, 1000.63}, "B5": {498.9, 708.66}, "letter": {612, 792}, "legal": {612, 1008}, "ledger": {792, 1224},
		"tabloid": {792, 1224}, "executive": {522, 756}}
	for name, wh := range sizes {
		for _, orient := range []string{"portrait", "landscape"} {
			w, h := wh[0], wh[1]
			if orient == "landscape" {
				w, h = h, w
			}
			check := func(t *testing.T, res *folio.Result) {
				f, err := pdfobj.Open(res.PDF)
				if err != nil {
					t.Fatal(err)
				}
				ps, _ := f.Pages()
				mb := ps[0].MediaBox
				if d := mb[2] - w; d > 0.01 || d < -0.01 || mb[3]-h > 0.01 || mb[3]-h < -0.01 {
					t.Errorf("MediaBox %v, want %.2f×%.2f", mb, w, h)
				}
			}
			t.Run(name+" "+orient+" css", func(t *testing.T) {
				src := fmt.Sprintf(`<!doctype html><html lang=en><title>t</title><style>@page{size:%s %s}</style><p>x</p>`, name, orient)
				check(t, convert(t, []byte(src), folio.Options{}))
			})
			t.Run(name+" "+orient+" option", func(t *testing.T) {
				src := `<!doctype html><html lang=en><title>t</title><style>@page{size:A6 landscape}</style><p>x</p>`
				check(t, convert(t, []byte(src), folio.Options{Size: name, Orientation: folio.Orientation(orient)}))
			})
		}
	}
}

// TestTargetCounterIsContent checks that a page number a table of
// contents shows through target-counter is tagged content, while the
// footer's page number is a Pagination artifact.
func TestTargetCounterIsContent(t *testing.T) {
	src := `<!doctype html><html lang=en><title>t</title><style>
	@page { size: A6; @bottom-center { content: "folio " counter(page) } }
	h1 { break-before: page } nav a::after { content: " on page " target-counter(attr(href), page, upper-roman) }
	</style><nav><p><a href="#two">Second chapter</a></p></nav><h1>One</h1><p>a</p><h1 id=two>Two</h1><p>b</p>`
	res := convert(t, []byte(src), folio.Options{})
	texts := pageTexts(t, res.PDF)
	if len(texts) != 3 {
		t.Fatalf("%d pages, want 3", len(texts))
	}
	if !strings.Contains(texts[0].other, "on page III") {
		t.Errorf("page 1 content %q, want the TOC entry with its page number", texts[0].other)
	}
	if got := strings.TrimSpace(texts[2].pagination["Footer"]); got != "folio 3" {
		t.Errorf("page 3 footer %q", got)
	}
}

// TestOrientationOptionTurnsDocumentSize checks that the facade's
// orientation alone turns the document's own @page size.
func TestOrientationOptionTurnsDocumentSize(t *testing.T) {
	src := `<!doctype html><html lang=en><title>t</title><style>@page{size:letter}</style><p>x</p>`
	for orient, want := range map[folio.Orientation][4]float64{folio.Landscape: {0, 0, 792, 612}, folio.Portrait: {0, 0, 612, 792}} {
		res := convert(t, []byte(src), folio.Options{Orientation: orient})
		f, err := pdfobj.Open(res.PDF)
		if err != nil {
			t.Fatal(err)
		}
		ps, _ := f.Pages()
		if ps[0].MediaBox != want {
			t.Errorf("%s: MediaBox %v, want %v", orient, ps[0].MediaBox, want)
		}
	}
}
