package templates

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	previewDir  = flag.String("preview", "", "write each sample's HTML to this directory (for looking at it in a browser)")
	previewData = flag.String("preview-data", "", "with -preview: also render this JSON file (TestPreviewFile)")
	previewID   = flag.String("preview-id", "invoice", "template of -preview-data")
)

// TestPreview writes every sample's rendered HTML to -preview, for a person
// to print with a browser and look at. It is skipped without the flag.
func TestPreview(t *testing.T) {
	if *previewDir == "" {
		t.Skip("no -preview directory")
	}
	for _, info := range List() {
		sample, err := Sample(info.ID)
		if err != nil {
			t.Fatal(err)
		}
		html, err := Render(context.Background(), info.ID, sample)
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		if err := os.WriteFile(filepath.Join(*previewDir, info.ID+".html"), html, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPreviewLongInvoice writes a 60-line invoice to -preview, to look at
// how the item table splits over pages.
func TestPreviewLongInvoice(t *testing.T) {
	if *previewDir == "" {
		t.Skip("no -preview directory")
	}
	html, err := Render(context.Background(), "invoice", bigInvoice(60))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*previewDir, "invoice_long.html"), html, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPreviewFile renders -preview-data (a JSON file) with -preview-id into
// -preview, for looking at edge cases.
func TestPreviewFile(t *testing.T) {
	if *previewDir == "" || *previewData == "" {
		t.Skip("no -preview and -preview-data")
	}
	data, err := os.ReadFile(*previewData)
	if err != nil {
		t.Fatal(err)
	}
	html, err := Render(context.Background(), *previewID, data)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSuffix(filepath.Base(*previewData), ".json") + ".html"
	if err := os.WriteFile(filepath.Join(*previewDir, name), html, 0o644); err != nil {
		t.Fatal(err)
	}
}
