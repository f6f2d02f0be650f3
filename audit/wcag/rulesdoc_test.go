package wcag

import (
	"os"
	"regexp"
	"testing"
)

// TestRulesDocumented keeps ../RULES.md and the rule list in step: every
// rule has a row in the rules table with its severity, and the table has
// no rule that does not exist.
func TestRulesDocumented(t *testing.T) {
	doc, err := os.ReadFile("../RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\| ([a-z]+)").FindAllStringSubmatch(string(doc), -1) {
		rows[m[1]] = m[2]
	}
	for _, r := range Rules() {
		sev, ok := rows[r.ID]
		if !ok {
			t.Errorf("rule %s is missing from RULES.md", r.ID)
			continue
		}
		if sev != string(r.Severity) {
			t.Errorf("RULES.md says %s is %s, the code says %s", r.ID, sev, r.Severity)
		}
		delete(rows, r.ID)
	}
	for id := range rows {
		t.Errorf("RULES.md documents %s, which does not exist", id)
	}
}
