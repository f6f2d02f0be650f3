package style

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/net/html"
)

// corpusDir holds the sample documents of the conformance tests.
const corpusDir = "../conformance/testdata/corpus"

func TestCorpusCascadesWithoutDiagnostics(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus documents in %s (expected in conformance/testdata/corpus): %v", corpusDir, err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := html.Parse(bytesReader(data))
			if err != nil {
				t.Fatal(err)
			}
			st, err := Compute(context.Background(), doc, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range st.Diagnostics() {
				t.Errorf("%s %d:%d: %s", d.Source, d.Line, d.Column, d.Message)
			}
			if st.Of(find(doc, "body"), PseudoNone) == nil {
				t.Error("body has no style")
			}
		})
	}
}

func TestUserAgentSheetIsClean(t *testing.T) {
	st, _ := compute(t, "<p>x</p>", Options{})
	for _, d := range st.Diagnostics() {
		t.Errorf("%s %d:%d: %s", d.Source, d.Line, d.Column, d.Message)
	}
	_, diags := parseUA()
	for _, d := range diags {
		t.Errorf("ua.css %d:%d: %s", d.Line, d.Col, d.Message)
	}
}
