package folio_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/seed28491532/folio"
)

// creationDate converts a small document with opts and returns the
// CreationDate pdfinfo reads from the PDF.
func creationDate(t *testing.T, opts folio.Options) (time.Time, *folio.Result) {
	t.Helper()
	res, err := folio.Convert(context.Background(), strings.NewReader(`<!DOCTYPE html><html lang="en"><title>t</title><p>x`), opts)
	if err != nil {
		t.Fatal(err)
	}
	out := tool(t, res.PDF, "pdfinfo", "-isodates")
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, "CreationDate:"); ok {
			d, err := time.Parse(time.RFC3339, strings.TrimSpace(v))
			if err != nil {
				t.Fatalf("CreationDate %q: %v", v, err)
			}
			return d, res
		}
	}
	t.Fatalf("no CreationDate in pdfinfo's output:\n%s", out)
	return time.Time{}, nil
}

// TestConvertDates checks the creation date: the current time by
// default, SOURCE_DATE_EPOCH when set, Options.Now over both; a
// malformed SOURCE_DATE_EPOCH is a diagnostic, not an error.
func TestConvertDates(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "")
	before := time.Now().Add(-time.Second)
	if d, _ := creationDate(t, folio.Options{}); d.Before(before) || d.After(time.Now().Add(time.Second)) {
		t.Errorf("default date %v, want the current time", d)
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	if d, _ := creationDate(t, folio.Options{}); !d.Equal(time.Unix(1700000000, 0)) {
		t.Errorf("SOURCE_DATE_EPOCH date %v, want 2023-11-14T22:13:20Z", d)
	}
	fixed := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	if d, _ := creationDate(t, folio.Options{Now: fixed}); !d.Equal(fixed) {
		t.Errorf("Options.Now date %v, want %v", d, fixed)
	}
	t.Setenv("SOURCE_DATE_EPOCH", "yesterday")
	d, res := creationDate(t, folio.Options{})
	if d.Before(before) {
		t.Errorf("date %v with a malformed SOURCE_DATE_EPOCH, want the current time", d)
	}
	found := false
	for _, dg := range res.Diagnostics {
		found = found || strings.Contains(dg.Message, "SOURCE_DATE_EPOCH")
	}
	if !found {
		t.Errorf("no diagnostic for SOURCE_DATE_EPOCH=yesterday: %+v", res.Diagnostics)
	}
}
