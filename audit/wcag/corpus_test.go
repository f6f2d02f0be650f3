package wcag

import (
	"os"
	"path/filepath"
	"testing"
)

// corpusDir holds the sample documents inside the repository (a copy of
// the shared corpus kept by the conformance suite), so CI runs these tests.
const corpusDir = "../../conformance/testdata/corpus"

func readCorpus(t testing.TB, name string) []byte {
	t.Helper()
	p := filepath.Join(corpusDir, name)
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("corpus document %s is missing : %v", p, err)
	}
	return src
}

// TestCorpusViolations checks that every violation family the corpus
// README lists for audit-violations.html is reported by the right rule at
// the right line.
func TestCorpusViolations(t *testing.T) {
	rep := auditString(t, string(readCorpus(t, "audit-violations.html")))
	want := []struct {
		family string
		rule   string
		line   int
	}{
		{"invalid lang tag form (en_US)", "html-lang-valid", 2},
		{"empty title", "document-title", 3},
		{"first heading h2", "heading-order", 5},
		{"two h1", "heading-one-unique", 7},
		{"skipped heading level h1 → h3", "heading-order", 8},
		{"skipped heading level h3 → h5", "heading-order", 9},
		{"image without alt", "image-alt", 10},
		{"alt that is a file name", "image-alt-meaningful", 11},
		{"image-only link without a text alternative", "link-name", 12},
		{"vague link text", "link-text-vague", 13},
		{"low contrast #999 on #fff", "color-contrast", 14},
		{"table without caption", "table-caption", 15},
		{"table headers without scope", "th-has-scope", 16},
		{"duplicate id", "duplicate-id", 19},
		{"invalid lang value", "valid-lang", 20},
	}
	all := findings(rep)
	for _, w := range want {
		found := false
		for _, f := range all {
			if f.Rule == w.rule && f.Location.Line == w.line {
				found = true
				if f.Hint == "" || len(f.Standards) == 0 || f.Location.Selector == "" || f.Location.Snippet == "" {
					t.Errorf("%s: finding lacks hint, standard or location: %+v", w.family, f)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s finding at line %d", w.family, w.rule, w.line)
		}
	}
	if rep.Passed || rep.Score > 50 {
		t.Errorf("score %d, passed %t; want a failing score well below 100", rep.Score, rep.Passed)
	}
	if len(rep.RepairHints) == 0 {
		t.Error("no repair hints")
	}
}

// TestCorpusCleanDocuments checks that the clean corpus documents score
// 100 with nothing to report.
func TestCorpusCleanDocuments(t *testing.T) {
	for _, name := range []string{"field-survey.html", "multilingual.html"} {
		t.Run(name, func(t *testing.T) {
			rep := auditString(t, string(readCorpus(t, name)))
			if rep.Score != 100 || !rep.Passed || len(rep.Errors) != 0 || len(rep.Warnings) != 0 {
				t.Errorf("score %d, errors %v, warnings %v", rep.Score, rep.Errors, rep.Warnings)
			}
			if r, _ := result(rep, "color-contrast"); r.Checked == 0 {
				t.Errorf("color-contrast checked nothing (are computed styles available?)")
			}
		})
	}
}
