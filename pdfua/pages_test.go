package pdfua

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestTableAcrossPages builds one Table whose body rows fall on three
// pages, with the header row repeated as a pagination artifact on pages 2
// and 3, and checks that the file has a single Table element whose cells
// point at content on every page.
func TestTableAcrossPages(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	d := newTestDoc()
	tbl := d.Root().Add("Table")
	head := tbl.Add("THead").Add("TR")
	body := tbl.Add("TBody")
	var pages []*Page
	for i := 0; i < 3; i++ {
		pages = append(pages, d.AddPage(200, 200))
	}
	show := func(p *Page, y float64) {
		p.ShowText(TextRun{Font: font, Size: 10, X: 10, Y: y, Text: "ab", Glyphs: glyphs(10, 11)})
	}
	for i := 0; i < 2; i++ {
		th := head.Add("TH")
		th.Table = &TableAttrs{Scope: ScopeColumn}
		pages[0].BeginTagged(th)
		show(pages[0], 180-float64(i))
		pages[0].End()
	}
	for pg, p := range pages {
		if pg > 0 { // repeated header: artifact
			p.BeginArtifact(Artifact{Type: ArtifactPagination})
			show(p, 180)
			p.End()
		}
		for r := 0; r < 2; r++ {
			tr := body.Add("TR")
			for c := 0; c < 2; c++ {
				td := tr.Add("TD")
				p.BeginTagged(td)
				show(p, 150-float64(r*20))
				p.End()
			}
		}
	}
	f, _ := readBack(t, d)
	str := f.Resolve(f.Root()["StructTreeRoot"]).(pdfobj.Dict)
	parentTree := f.NumberTree(f.Resolve(str["ParentTree"]))
	ps, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	tables := map[pdfobj.Ref]bool{}
	for i := range ps {
		arr := f.Resolve(parentTree[i]).(pdfobj.Array)
		want := 4
		if i == 0 {
			want = 6
		}
		if len(arr) != want {
			t.Errorf("page %d: %d MCIDs in the ParentTree, want %d", i+1, len(arr), want)
		}
		for _, ref := range arr {
			// Walk up to the Table.
			o := ref
			for k := 0; k < 5; k++ {
				e := f.Resolve(o).(pdfobj.Dict)
				if e["S"] == pdfobj.Name("Table") {
					tables[o.(pdfobj.Ref)] = true
					break
				}
				o = e["P"]
			}
		}
	}
	if len(tables) != 1 {
		t.Errorf("content resolves to %d Table elements, want one", len(tables))
	}
	// The TBody has six rows, and the first cell of a row on page 3 has
	// /Pg page 3.
	doc := f.Resolve(str["K"].(pdfobj.Array)[0]).(pdfobj.Dict)
	table := f.Resolve(doc["K"]).(pdfobj.Dict)
	tbody := f.Resolve(table["K"].(pdfobj.Array)[1]).(pdfobj.Dict)
	rows := tbody["K"].(pdfobj.Array)
	if len(rows) != 6 {
		t.Fatalf("TBody has %d rows, want 6", len(rows))
	}
	last := f.Resolve(rows[5]).(pdfobj.Dict)
	cell := f.Resolve(last["K"].(pdfobj.Array)[0]).(pdfobj.Dict)
	if cell["Pg"] != ps[2].Ref {
		t.Errorf("last row's cell /Pg = %v, want page 3 %v", cell["Pg"], ps[2].Ref)
	}
}

// TestDrawOnEarlierPage draws on page 1 after page 2 was added (its
// content may already be compressed in the background), writes, draws on
// it again and writes again: every Write must carry all the content drawn
// so far, and writing twice without changes gives the same bytes.
func TestDrawOnEarlierPage(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	d := newTestDoc()
	show := func(p *Page, text string, y float64) {
		p.BeginTagged(d.Root().Add("P"))
		p.ShowText(TextRun{Font: font, Size: 10, X: 10, Y: y, Text: text, Glyphs: glyphs(10, 11)})
		p.End()
	}
	p1 := d.AddPage(200, 200)
	show(p1, "ab", 180)
	p2 := d.AddPage(200, 200) // may start compressing page 1
	show(p2, "cd", 180)
	show(p1, "ef", 160)
	d.AddPage(200, 200) // may start compressing page 2
	show(d.AddPage(200, 200), "gh", 180)

	mcids := func(data []byte) []int {
		t.Helper()
		var n []int
		for _, content := range pageContents(t, data) {
			n = append(n, bytes.Count(content, []byte("/MCID")))
		}
		return n
	}
	first, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(mcids(first)); got != "[2 1 0 1]" {
		t.Errorf("marked-content sequences per page %s, want [2 1 0 1]", got)
	}
	again, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Error("a second Write without changes gave other bytes")
	}
	show(p1, "ij", 140)
	show(p2, "kl", 160)
	third, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(mcids(third)); got != "[3 2 0 1]" {
		t.Errorf("after drawing again: marked-content sequences per page %s, want [3 2 0 1]", got)
	}
}
