package pdfua

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestCatalogAndInfoSyntax: the page tree, Info and catalog written as
// syntax hold every entry, and their bytes are those pdfobj gives the
// same Dicts (keys in byte order), with all Info fields, a non-ASCII
// title, named destinations and outlines.
func TestCatalogAndInfoSyntax(t *testing.T) {
	d := New(Info{Title: "Über Titel", Author: "A", Subject: "S", Keywords: "k", Creator: "C", Producer: "P",
		Lang: "de", Now: newTestDoc().info.Now})
	p := d.AddPage(200, 200)
	h := d.Root().Add("H1")
	p.BeginTagged(h)
	p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, X: 10, Y: 10, Text: "a", Glyphs: glyphs(10)})
	p.End()
	d.AddDestination("top", p, 0, 200)
	d.AddOutline("Top", 1, p, 200)
	f, data := readBack(t, d)
	info := f.Info()
	for k, want := range map[pdfobj.Name]string{"Author": "A", "Subject": "S", "Keywords": "k", "Creator": "C", "Producer": "P"} {
		if got, _ := info[k].(pdfobj.String); string(got) != want {
			t.Errorf("Info /%s = %q, want %q", k, got, want)
		}
	}
	if info["CreationDate"] == nil || info["ModDate"] == nil || info["Title"] == nil {
		t.Errorf("Info lacks dates or title: %v", pdfobj.Format(info))
	}
	root := f.Root()
	for _, k := range []pdfobj.Name{"Lang", "MarkInfo", "Metadata", "Names", "Outlines", "PageMode", "Pages", "StructTreeRoot", "Type", "ViewerPreferences"} {
		if root[k] == nil {
			t.Errorf("catalog lacks /%s", k)
		}
	}
	// The objects' bytes are the canonical formatting of what was parsed.
	for _, r := range []pdfobj.Object{f.Trailer()["Info"], f.Trailer()["Root"], root["Pages"]} {
		ref := r.(pdfobj.Ref)
		obj, err := f.Get(ref)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%d 0 obj\n%s\nendobj", ref.Num, pdfobj.Format(obj))
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("object %d is not written as pdfobj formats it:\nwant %s", ref.Num, want)
		}
	}
}
