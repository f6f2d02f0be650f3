package pdfua

import (
	"context"
	"testing"

	"github.com/seed28491532/folio/audit/ua"
)

// TestAuditUA cross-checks the three-page document with folio's
// independent PDF/UA-1 checker (package audit/ua, which reads the file
// through pdfobj only): no rule may fail or warn.
func TestAuditUA(t *testing.T) {
	data, err := buildTestDocument(t).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := ua.Audit(context.Background(), data, ua.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(rep.Errors, rep.Warnings...) {
		t.Errorf("%s (%s): %s at %+v", f.Rule, f.Severity, f.Message, f.Location)
	}
	checked := 0
	for _, r := range rep.CheckedRules {
		if r.Checked > 0 {
			checked++
		}
	}
	if !rep.Passed || checked < 20 {
		t.Errorf("passed = %v with %d rules applied; want a pass over at least 20 rules", rep.Passed, checked)
	}
}
