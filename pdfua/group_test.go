package pdfua

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestTransparencyGroup checks a group's form XObject: drawn once by the
// page with its opacity, a /Group of /S /Transparency, the page's
// resources, and tagged content inside it referred to by an MCR naming
// the form (/Stm), the form's MCIDs in the ParentTree under its
// /StructParents key.
func TestTransparencyGroup(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(200, 100)
	before := d.Root().Add("P")
	inside := d.Root().Add("P")
	p.BeginTagged(before)
	p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: "a", Glyphs: glyphs(10), X: 10, Y: 80})
	p.End()
	p.BeginGroup(Rect{0, 0, 200, 100}, 0.5)
	p.BeginArtifact(Artifact{Type: ArtifactLayout})
	p.DrawPath(new(Path).Rect(Rect{10, 10, 50, 50}), PathStyle{Fill: true, FillColor: RGB8(255, 0, 0)})
	p.End()
	p.BeginTagged(inside)
	p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: "b", Glyphs: glyphs(11), X: 10, Y: 20})
	p.End()
	p.EndGroup()
	f, _ := readBack(t, d)
	content := string(pageContents(t, mustBytes(t, d))[0])
	if !strings.Contains(content, "q\n/GS1 gs\n/Fm1 Do Q\n") {
		t.Errorf("page content does not draw the group once with its opacity:\n%s", content)
	}
	if strings.Contains(content, "re\nf") {
		t.Errorf("the group's painting is in the page content:\n%s", content)
	}
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	res, _ := f.Resolve(pages[0].Dict["Resources"]).(pdfobj.Dict)
	xo, _ := f.Resolve(res["XObject"]).(pdfobj.Dict)
	form, ok := f.Resolve(xo["Fm1"]).(*pdfobj.Stream)
	if !ok {
		t.Fatalf("no form Fm1 in the page's resources: %s", pdfobj.Format(res))
	}
	grp, _ := f.Resolve(form.Dict["Group"]).(pdfobj.Dict)
	if grp["S"] != pdfobj.Name("Transparency") || form.Dict["Subtype"] != pdfobj.Name("Form") {
		t.Errorf("form dictionary %s", pdfobj.Format(form.Dict))
	}
	if fr, _ := f.Resolve(form.Dict["Resources"]).(pdfobj.Dict); fr["Font"] == nil {
		t.Errorf("form resources lack the page's fonts: %s", pdfobj.Format(fr))
	}
	data, err := f.DecodeStream(form)
	if err != nil {
		t.Fatal(err)
	}
	if fc := string(data); !strings.Contains(fc, "/P <</MCID 0>> BDC") || !strings.Contains(fc, "re\nf") {
		t.Errorf("form content:\n%s", fc)
	}
	key, _ := form.Dict["StructParents"].(pdfobj.Int)
	str, _ := f.Resolve(f.Root()["StructTreeRoot"]).(pdfobj.Dict)
	arr, ok := f.Resolve(f.NumberTree(f.Resolve(str["ParentTree"]))[int(key)]).(pdfobj.Array)
	if !ok || len(arr) != 1 {
		t.Fatalf("ParentTree entry %d of the form: %v", key, arr)
	}
	elem, _ := f.Resolve(arr[0]).(pdfobj.Dict)
	kids := pdfobj.Format(elem["K"])
	if !strings.Contains(kids, "/Stm") || !strings.Contains(kids, "/MCID 0") {
		t.Errorf("the element in the group has kids %s, want an MCR naming the form", kids)
	}
}

func mustBytes(t *testing.T, d *Document) []byte {
	t.Helper()
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTransparencyGroupMisuse checks the errors of unbalanced groups.
func TestTransparencyGroupMisuse(t *testing.T) {
	tests := []struct {
		name string
		run  func(d *Document, p *Page)
		want string
	}{
		{"end without begin", func(d *Document, p *Page) { p.EndGroup() }, "EndGroup without BeginGroup"},
		{"begin in marked content", func(d *Document, p *Page) {
			p.BeginArtifact(Artifact{})
			p.BeginGroup(Rect{}, 0.5)
		}, "inside a marked-content sequence"},
		{"left open", func(d *Document, p *Page) { p.BeginGroup(Rect{}, 0.5) }, "left open"},
		{"unbalanced save", func(d *Document, p *Page) {
			p.BeginGroup(Rect{}, 0.5)
			p.Save()
			p.EndGroup()
		}, "Save without Restore"},
		{"too deep", func(d *Document, p *Page) {
			for range MaxGroupDepth + 1 {
				p.BeginGroup(Rect{}, 0.5)
			}
		}, "nested more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newTestDoc()
			tt.run(d, d.AddPage(100, 100))
			_, err := d.Bytes()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}
