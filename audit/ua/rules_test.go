package ua

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRuleRegistry checks that every rule id the checks use is registered
// with its clause, hint and (for veraPDF rules) a PDF/UA standard
// reference, and that RuleIDs lists them all.
func TestRuleRegistry(t *testing.T) {
	listed := map[string]bool{}
	for _, id := range RuleIDs() {
		listed[id] = true
		r, ok := ruleFor(id)
		if !ok {
			t.Errorf("RuleIDs lists %s but ruleFor does not know it", id)
			continue
		}
		if r.hint == "" || r.clause == "" || r.severity == "" {
			t.Errorf("rule %s lacks hint, clause or severity: %+v", id, r)
		}
	}
	files, _ := filepath.Glob("*.go")
	used := regexp.MustCompile(`"(pdfua-[0-9][0-9.]*-[0-9]+)"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range used.FindAllStringSubmatch(string(src), -1) {
			if !listed[m[1]] {
				t.Errorf("%s uses rule %s, which is not registered", f, m[1])
			}
		}
	}
	if len(listed) < 100 {
		t.Errorf("only %d rules registered", len(listed))
	}
}
