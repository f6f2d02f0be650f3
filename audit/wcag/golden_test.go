package wcag

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGoldenReports compares the text and JSON reports of the corpus
// violations document with testdata/*.golden (go test -update rewrites
// them): this is the output users read.
func TestGoldenReports(t *testing.T) {
	rep := auditString(t, string(readCorpus(t, "audit-violations.html")))
	var text, js bytes.Buffer
	if err := rep.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{
		"audit-violations.txt.golden":  text.Bytes(),
		"audit-violations.json.golden": js.Bytes(),
	} {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the golden file (go test -update rewrites it):\n%s", name, got)
		}
	}
}
