package layout

import (
	"strings"
	"testing"
)

// TestTallTableHeader checks a table whose header group is taller than
// the page: the header breaks across pages like body rows, is not
// repeated (a copy would leave no room for rows, page after page), and
// the table ends after a bounded number of pages; a short header still
// repeats on every page.
func TestTallTableHeader(t *testing.T) {
	rows := strings.Repeat("<tr><td>row</td></tr>", 12)
	for _, tc := range []struct {
		name       string
		headLines  int
		maxPages   int
		repeatHead bool
	}{
		{"taller than the page", 15, 4, false},
		{"short", 1, 3, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			head := strings.TrimSuffix(strings.Repeat("head<br>", tc.headLines), "<br>")
			d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 20pt } body { margin: 0; font-size: 10pt; line-height: 20pt }
			  table { border-spacing: 0 } td, th { padding: 0 }</style>
			  <table><thead><tr><th>`+head+`</th></tr></thead><tbody>`+rows+`</tbody></table>`)
			if len(d.Pages) < 2 || len(d.Pages) > tc.maxPages {
				t.Fatalf("%d pages, want 2 to %d", len(d.Pages), tc.maxPages)
			}
			last := fragText(d.Pages[len(d.Pages)-1].Root)
			if got := strings.Contains(last, "head"); got != tc.repeatHead {
				t.Errorf("last page %q shows the header: %v, want %v", last, got, tc.repeatHead)
			}
			all := ""
			for _, p := range d.Pages {
				all += fragText(p.Root)
			}
			if n := strings.Count(all, "row"); n != 12 {
				t.Errorf("%d rows laid out, want 12", n)
			}
		})
	}
}
