package render

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pageTexts returns the text of every page of pdf (pdftotext -layout).
func pageTexts(t *testing.T, pdf []byte, pages int) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "x.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := 1; i <= pages; i++ {
		b, err := exec.Command("pdftotext", "-f", fmt.Sprint(i), "-l", fmt.Sprint(i), "-layout", path, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext (poppler-utils is required): %v", err)
		}
		out = append(out, string(b))
	}
	return out
}

// TestFieldSurveyTable checks the corpus table: it spans several pages,
// each of them starts with the header row, rows are never split, and the
// structure tree holds one Table with one THead of four column headers
// and ninety row headers — the repeated header rows are artifacts.
func TestFieldSurveyTable(t *testing.T) {
	src, err := os.ReadFile("../conformance/testdata/corpus/field-survey.html")
	if err != nil {
		t.Fatalf("corpus document missing (expected in conformance/testdata/corpus): %v", err)
	}
	res := renderHTML(t, string(src))
	texts := pageTexts(t, res.PDF, res.Pages)
	header := regexp.MustCompile(`^\s*Site\s+Depth \(m\)\s+Flow\s+Trend\s*$`)
	site := regexp.MustCompile(`^\s*Site (\d{3})\s+\S+\s+\d+\s+\w+\s*$`)
	tablePages, next := 0, 1
	for i, txt := range texts {
		var lines []string
		for _, ln := range strings.Split(txt, "\n") {
			if strings.TrimSpace(ln) != "" {
				lines = append(lines, ln)
			}
		}
		first := -1
		for k, ln := range lines {
			if site.MatchString(ln) {
				first = k
				break
			}
		}
		if first < 0 {
			continue
		}
		tablePages++
		if first == 0 || !header.MatchString(lines[first-1]) {
			t.Errorf("page %d: the table rows do not start under the header row", i+1)
		}
		for _, ln := range lines[first:] {
			m := site.FindStringSubmatch(ln)
			if m == nil {
				continue
			}
			if m[1] != fmt.Sprintf("%03d", next) {
				t.Fatalf("page %d: row %s, want %03d (rows lost, doubled or split)", i+1, m[1], next)
			}
			next++
		}
	}
	if tablePages < 3 || next != 91 {
		t.Errorf("table on %d pages with %d rows, want 3+ pages and 90 rows", tablePages, next-1)
	}
	st := structText(t, res.PDF)
	count := func(re string) int { return len(regexp.MustCompile(re).FindAllString(st, -1)) }
	if n := count(`(?m)^\s*Table\b`); n != 1 {
		t.Errorf("%d Table elements, want 1", n)
	}
	if n := count(`(?m)^\s*THead$`); n != 1 {
		t.Errorf("%d THead elements, want 1", n)
	}
	if n := count(`(?m)^\s*TH:?$`); n != 94 {
		t.Errorf("%d TH elements, want 94 (repeated headers must be artifacts)", n)
	}
	if n := count(`/Scope /Column`); n != 4 {
		t.Errorf("%d column headers, want 4", n)
	}
	if n := count(`/Scope /Row`); n != 90 {
		t.Errorf("%d row headers, want 90", n)
	}
	head := st[strings.Index(st, "THead"):strings.Index(st, "TBody")]
	if strings.Count(head, `"Site"`) != 1 || strings.Count(head, `"Trend"`) != 1 {
		t.Errorf("THead content not read exactly once:\n%s", head)
	}
}

func TestTableHeadersIDsAndLayoutTables(t *testing.T) {
	res := renderHTML(t, `<!doctype html><html lang="en"><title>t</title><body>
<table><tr><th id="h1">Name</th><th id="h2">Age</th><th>Town</th></tr>
<tr><td headers="h1">Ann</td><td headers="h2 nope">31</td><td>Oslo</td></tr></table>
<table role="presentation"><tr><td>layout cell</td><th>not a header</th></tr></table></body></html>`)
	st := structText(t, res.PDF)
	for _, want := range []string{`TH <h1>`, `/Headers [(h1)]`, `/Headers [(h2)]`} {
		if !strings.Contains(st, want) {
			t.Errorf("structure lacks %s:\n%s", want, st)
		}
	}
	if n := strings.Count(st, "Table"); n != 1 {
		t.Errorf("%d Table elements; the presentation table must not be one:\n%s", n, st)
	}
	if !strings.Contains(st, `"layout cell"`) {
		t.Errorf("presentation table content lost:\n%s", st)
	}
	var diags []string
	for _, d := range res.Diagnostics {
		diags = append(diags, d.Message)
	}
	all := strings.Join(diags, "\n")
	if !strings.Contains(all, `headers "nope"`) || !strings.Contains(all, "/Scope inferred") {
		t.Errorf("diagnostics %q", all)
	}
}

// TestRepeatedFooterIsArtifact: a tfoot drawn at the bottom of every page
// of a long table is tagged once, on the last page.
func TestRepeatedFooterIsArtifact(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<!doctype html><html lang="en"><title>t</title><body><table style="border-collapse:collapse"><caption>c</caption>
<thead><tr><th scope=col>Head A</th><th scope=col>Head B</th></tr></thead><tfoot><tr><td>Foot A</td><td>Foot B</td></tr></tfoot><tbody>`)
	for i := 0; i < 120; i++ {
		fmt.Fprintf(&sb, "<tr><td>r%d</td><td>v</td></tr>", i)
	}
	sb.WriteString("</tbody></table></body></html>")
	res := renderHTML(t, sb.String())
	texts := pageTexts(t, res.PDF, res.Pages)
	if len(texts) < 2 {
		t.Fatalf("%d pages, want the table over several", len(texts))
	}
	for i, txt := range texts {
		if !strings.Contains(txt, "Foot A") || !strings.Contains(txt, "Head A") {
			t.Errorf("page %d lacks the header or the footer row", i+1)
		}
	}
	st := structText(t, res.PDF)
	if n := strings.Count(st, `"Foot A"`); n != 1 {
		t.Errorf("footer tagged %d times, want once:\n%s", n, st)
	}
	if n := strings.Count(st, `"Head A"`); n != 1 {
		t.Errorf("header tagged %d times, want once", n)
	}
	if n := strings.Count(st, "TFoot"); n != 1 {
		t.Errorf("%d TFoot elements", n)
	}
}

// TestRowGroupTypes checks that a table has one THead and one TFoot at
// most (a second thead or tfoot is tagged TBody) and that a table of a
// thead alone tags it TBody.
func TestRowGroupTypes(t *testing.T) {
	tests := []struct {
		name, table string
		want        []string
	}{
		{"second thead and tfoot", `<table><thead><tr><th scope=col>a</th></tr></thead><thead><tr><th scope=col>b</th></tr></thead>` +
			`<tfoot><tr><td>c</td></tr></tfoot><tfoot><tr><td>d</td></tr></tfoot><tbody><tr><td>e</td></tr></tbody></table>`,
			[]string{"THead", "TBody", "TFoot", "TBody", "TBody"}},
		{"thead alone", `<table><thead><tr><th scope=col>a</th></tr></thead></table>`, []string{"TBody"}},
		{"two tables", `<table><thead><tr><th scope=col>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>` +
			`<table><thead><tr><th scope=col>c</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>`,
			[]string{"THead", "TBody", "THead", "TBody"}},
	}
	group := regexp.MustCompile(`(?m)^\s*(THead|TBody|TFoot)\s*$`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := renderHTML(t, `<!doctype html><html lang="en"><title>t</title><body>`+tt.table+`</body></html>`)
			var got []string
			for _, m := range group.FindAllStringSubmatch(structText(t, res.PDF), -1) {
				got = append(got, m[1])
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("row groups %v, want %v", got, tt.want)
			}
		})
	}
}
