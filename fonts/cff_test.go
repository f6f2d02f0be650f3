package fonts

import (
	"bytes"
	"os"
	"testing"
)

// testdata/CFFTest.otf is a tiny CFF-flavoured OpenType font from
// golang.org/x/image's test data (BSD licence).
func TestCFFFace(t *testing.T) {
	data, err := os.ReadFile("testdata/CFFTest.otf")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRegistry(Options{})
	if err := r.AddFace("CFF Test", 400, StyleNormal, data); err != nil {
		t.Fatal(err)
	}
	f := r.Match(Query{Families: []string{"cff test"}})
	if f.Family() != "CFF Test" || !f.IsCFF() {
		t.Fatalf("face %s IsCFF=%v", f, f.IsCFF())
	}
	sub, err := f.Subset([]GID{1})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sub, data) {
		t.Error("Subset of a CFF face should return the original program")
	}
	if f.PostScriptName() == "" || f.Metrics().UnitsPerEm == 0 {
		t.Error("missing name or metrics")
	}
}
