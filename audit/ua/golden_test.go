package ua

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// findingsText renders the findings of a report one per line, the way a
// user reads them: rule, location, message, standards.
func findingsText(t *testing.T, data []byte) string {
	t.Helper()
	rep := auditBytes(t, data)
	var b strings.Builder
	fmt.Fprintf(&b, "score %d passed %v pages %d tagged %v\n", rep.Score, rep.Passed, rep.Document.Pages, rep.Document.Tagged)
	for _, f := range append(append(rep.Errors, rep.Warnings...), rep.Notices...) {
		l := f.Location
		fmt.Fprintf(&b, "%s %s p%d obj%d %s: %s [%s]\n", f.Severity, f.Rule, l.Page, l.Object, l.StructPath, f.Message, strings.Join(f.Standards, ", "))
	}
	for _, h := range rep.RepairHints {
		fmt.Fprintf(&b, "hint: %s\n", h)
	}
	return b.String()
}

// TestGoldenFindings pins what users see for a file with many problems.
// Run with -update after a deliberate change.
func TestGoldenFindings(t *testing.T) {
	cases := map[string]breakage{
		"many-problems": {figureNoAlt: true, thNoScope: true, linkNoContents: true, headingSkip: true, untaggedText: true, displayTitleFalse: true, pages: 2},
		"untagged":      {noStructTree: true},
	}
	for name, b := range cases {
		t.Run(name, func(t *testing.T) {
			got := findingsText(t, build(t, b))
			path := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("findings differ from %s (run with -update if intended):\n%s", path, got)
			}
		})
	}
}
