package templates

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden HTML files in testdata/golden")

// TestGoldenHTML compares each sample's HTML with testdata/golden/<id>.html
// so that every change to a template's output is seen in review. Run with
// -update to accept a change.
func TestGoldenHTML(t *testing.T) {
	for _, id := range allIDs {
		t.Run(id, func(t *testing.T) {
			sample, _ := Sample(id)
			out, err := Render(context.Background(), id, sample)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", id+".html")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, out, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGoldenHTML -update to create it)", err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("HTML differs from %s; first difference at byte %d (run with -update to accept)", path, firstDiff(out, want))
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
