package wcag_test

import (
	"context"
	"fmt"

	"github.com/seed28491532/folio/audit/wcag"
)

func ExampleAuditHTML() {
	src := []byte(`<!DOCTYPE html>
<html lang="en">
<head><title>Prices</title></head>
<body>
<h1>Prices</h1>
<img src="chart.png">
<a href="/more">read more</a>
</body>
</html>`)
	rep, err := wcag.AuditHTML(context.Background(), src, wcag.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range append(rep.Errors, rep.Warnings...) {
		fmt.Printf("%d:%d %s %s: %s\n", f.Location.Line, f.Location.Column, f.Severity, f.Rule, f.Hint)
	}
	fmt.Println(rep.Summary)
	// Output:
	// 6:1 error image-alt: add alt="…" describing what chart.png shows, or alt="" if it is decorative
	// 7:1 warning link-text-vague: make the link text say where it goes, e.g. "Read the 2026 survey results" instead of "read more"
	// score 88/100: 1 error, 1 warning, 68 rules checked
}

func ExampleFix() {
	src := []byte(`<html><head></head><body><h1>Quarterly report</h1>
<table aria-label="Sales"><tr><th>Month</th><th>Sales</th></tr><tr><td>May</td><td>12</td></tr></table></body></html>`)
	rep, err := wcag.AuditHTML(context.Background(), src, wcag.Options{
		Fix:        true,
		FixOptions: wcag.FixOptions{Lang: "en-GB"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rep.Fixes {
		fmt.Println(f)
	}
	fmt.Println(rep.Summary)
	// Output:
	// html-has-lang: set lang="en-GB" on <html> from the request
	// document-title: set <title> to "Quarterly report" from the first <h1>
	// th-has-scope: added scope="col" to 2 column header cell(s) of the table "Sales"
	// table-caption: added <caption>Sales</caption> from its aria-label
	// score 100/100: 0 errors, 0 warnings, 68 rules checked
}
