package pdfobj_test

import (
	"bytes"
	"fmt"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// Write a one-page file, read it back and list the operators of its page.
func ExampleOpen() {
	w := pdfobj.NewWriter()
	catalog, pages, page := w.Alloc(), w.Alloc(), w.Alloc()
	w.Set(catalog, pdfobj.Dict{"Type": pdfobj.Name("Catalog"), "Pages": pages})
	w.Set(pages, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": pdfobj.Array{page}, "Count": pdfobj.Int(1),
		"MediaBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(200), pdfobj.Int(100)}})
	w.Set(page, pdfobj.Dict{"Type": pdfobj.Name("Page"), "Parent": pages,
		"Contents": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: []byte("/P <</MCID 0>> BDC 0 0 10 10 re f EMC")})})
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf, pdfobj.Trailer{Root: catalog}); err != nil {
		fmt.Println(err)
		return
	}

	f, err := pdfobj.Open(buf.Bytes())
	if err != nil {
		fmt.Println(err)
		return
	}
	ps, _ := f.Pages()
	fmt.Println("pages:", len(ps), "media box:", ps[0].MediaBox)
	data, _ := f.DecodeStream(f.Resolve(ps[0].Dict["Contents"]).(*pdfobj.Stream))
	ops, _ := pdfobj.ParseContent(data)
	for _, op := range ops {
		fmt.Print(op.Operator, " ")
	}
	fmt.Println()
	// Output:
	// pages: 1 media box: [0 0 200 100]
	// BDC re f EMC
}
