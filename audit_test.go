package folio

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// A request that supplies the language and title gives the PDF its /Lang
// and title, so the audit of the conversion must not report them missing;
// without them, the same document fails those rules.
func TestConvertAuditHonoursRequestLangAndTitle(t *testing.T) {
	const doc = `<!DOCTYPE html><html><head></head><body><h1>Heading</h1><p>Text.</p></body></html>`
	rules := func(opts Options) map[string]bool {
		t.Helper()
		opts.Audit = true
		res, err := Convert(context.Background(), strings.NewReader(doc), opts)
		if err != nil {
			t.Fatalf("Convert: %v", err)
		}
		failed := map[string]bool{}
		for _, f := range res.Report.Errors {
			failed[f.Rule] = true
		}
		return failed
	}
	bare := rules(Options{})
	for _, r := range []string{"html-has-lang", "document-title"} {
		if !bare[r] {
			t.Errorf("without overrides: rule %s did not fail; errors: %v", r, bare)
		}
	}
	given := rules(Options{Lang: "en-GB", Title: "Given title"})
	for _, r := range []string{"html-has-lang", "document-title"} {
		if given[r] {
			t.Errorf("with lang and title given: rule %s still fails", r)
		}
	}
}

// Strict mode turns audit errors into ErrAuditFailed while still returning
// the report.
func TestConvertStrict(t *testing.T) {
	const doc = `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body><h2>No h1</h2><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="></body></html>`
	res, err := Convert(context.Background(), strings.NewReader(doc), Options{Strict: true})
	if !errors.Is(err, ErrAuditFailed) {
		t.Fatalf("Convert strict: err = %v, want ErrAuditFailed", err)
	}
	if res == nil || res.Report == nil || res.Report.Passed {
		t.Fatalf("strict failure should return the failing report, got %+v", res)
	}
}

// A refused resource is reported in the audit as a warning naming it, not
// only as a diagnostic.
func TestConvertAuditReportsRefusedResources(t *testing.T) {
	const doc = `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body><h1>H</h1>` +
		`<img src="file:///etc/passwd" alt="secret"></body></html>`
	res, err := Convert(context.Background(), strings.NewReader(doc), Options{Audit: true})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	for _, w := range res.Report.Warnings {
		if w.Rule == "resource-refused" && strings.Contains(w.Message, "/etc/passwd") {
			return
		}
	}
	t.Fatalf("no resource-refused warning naming /etc/passwd; warnings: %+v", res.Report.Warnings)
}
