package ua_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/seed28491532/folio/audit/ua"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// An untagged one-page PDF fails the tagging rules; each finding names the
// rule, the standards and where the problem is.
func ExampleAudit() {
	w := pdfobj.NewWriter()
	catalog, pages, page := w.Alloc(), w.Alloc(), w.Alloc()
	w.Set(catalog, pdfobj.Dict{"Type": pdfobj.Name("Catalog"), "Pages": pages})
	w.Set(pages, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": pdfobj.Array{page}, "Count": pdfobj.Int(1)})
	w.Set(page, pdfobj.Dict{"Type": pdfobj.Name("Page"), "Parent": pages,
		"MediaBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(100), pdfobj.Int(100)},
		"Contents": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte("0 0 10 10 re f")})})
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf, pdfobj.Trailer{Root: catalog}); err != nil {
		fmt.Println(err)
		return
	}

	rep, err := ua.Audit(context.Background(), buf.Bytes(), ua.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("passed:", rep.Passed, "tagged:", rep.Document.Tagged)
	for _, f := range rep.Errors {
		if f.Rule == "pdfua-7.1-3" {
			fmt.Printf("%s (%s, page %d): %s\n", f.Rule, f.Standards[1], f.Location.Page, f.Message)
		}
	}
	// Output:
	// passed: false tagged: false
	// pdfua-7.1-3 (Matterhorn 01-005, page 1): 1 painted item(s) on page 1 are neither tagged (an MCID owned by a structure element) nor marked as artifacts; the first is f
}
