package pdfua

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

func TestOutlineNesting(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	for _, o := range []struct {
		title string
		level int
	}{{"A", 1}, {"A.1", 2}, {"A.1.a", 3}, {"A.2", 2}, {"B", 1}, {"B.x", 3}} {
		d.AddOutline(o.title, o.level, p, 50)
	}
	f, _ := readBack(t, d)
	if f.Root()["PageMode"] != pdfobj.Name("UseOutlines") {
		t.Error("no /PageMode /UseOutlines")
	}
	// Render the tree as "title(children)" following First/Next.
	var render func(node pdfobj.Dict) string
	render = func(node pdfobj.Dict) string {
		var parts []string
		for c, _ := f.Resolve(node["First"]).(pdfobj.Dict); c != nil; c, _ = f.Resolve(c["Next"]).(pdfobj.Dict) {
			s := string(c["Title"].(pdfobj.String))
			if c["First"] != nil {
				s += "(" + render(c) + ")"
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, " ")
	}
	root := f.Resolve(f.Root()["Outlines"]).(pdfobj.Dict)
	if got, want := render(root), "A(A.1(A.1.a) A.2) B(B.x)"; got != want {
		t.Errorf("outline tree %q, want %q", got, want)
	}
	if root["Count"] != pdfobj.Int(6) {
		t.Errorf("root /Count = %v, want 6", root["Count"])
	}
	first := f.Resolve(root["First"]).(pdfobj.Dict)
	if first["Count"] != pdfobj.Int(3) {
		t.Errorf("A /Count = %v, want 3", first["Count"])
	}
	if got := pdfobj.Format(first["Dest"]); !strings.HasSuffix(got, " 0 R /XYZ 0 50 null]") {
		t.Errorf("A /Dest = %s", got)
	}
}

func TestLinks(t *testing.T) {
	d := newTestDoc()
	p1 := d.AddPage(100, 100)
	p2 := d.AddPage(100, 100)
	d.AddDestination("zeta", p2, 0, 80)
	d.AddDestination("alpha", p1, 0, 100)
	para := d.Root().Add("P")
	link := para.Add("Link")
	p1.BeginTagged(link)
	p1.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: "ab", Glyphs: glyphs(10, 11)})
	p1.End()
	// A link wrapping onto the next page: two rectangles on p1, one on p2.
	p1.AddLink(Link{Elem: link, Rects: []Rect{{0, 10, 50, 10}, {0, 0, 20, 10}}, URI: "https://example.org/ä b"})
	p2.BeginTagged(link)
	p2.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: "c", Glyphs: glyphs(12)})
	p2.End()
	p2.AddLink(Link{Elem: link, Rects: []Rect{{0, 90, 10, 10}}, Dest: "alpha", Contents: "  "})
	f, _ := readBack(t, d)
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	var annots []pdfobj.Dict
	for _, pg := range pages {
		for _, a := range f.Resolve(pg.Dict["Annots"]).(pdfobj.Array) {
			annots = append(annots, f.Resolve(a).(pdfobj.Dict))
		}
	}
	if len(annots) != 3 {
		t.Fatalf("%d annotations, want 3", len(annots))
	}
	a0 := annots[0]
	if got := pdfobj.Format(a0["A"]); got != "<</S /URI/URI (https://example.org/%C3%A4%20b)>>" {
		t.Errorf("URI action %s", got)
	}
	if got, want := string(a0["Contents"].(pdfobj.String)), string(pdfobj.TextString("https://example.org/ä b")); got != want {
		t.Errorf("empty Contents should fall back to the URI: got %q, want %q", got, want)
	}
	if got := pdfobj.Format(annots[2]["A"]); got != "<</D (alpha)/S /GoTo>>" {
		t.Errorf("GoTo action %s", got)
	}
	if got := string(annots[2]["Contents"].(pdfobj.String)); got != "alpha" {
		t.Errorf("blank Contents should fall back to the destination name, got %q", got)
	}
	for i, a := range annots {
		if a["StructParent"] != pdfobj.Int(2+i) || pdfobj.Format(a["Border"]) != "[0 0 0]" || a["F"] != pdfobj.Int(4) {
			t.Errorf("annotation %d: %s", i, pdfobj.Format(a))
		}
	}
	// The Link element: MCID on its page, two OBJRs, an MCR with /Pg for
	// page 2 and the last OBJR, in the order added.
	str := f.Resolve(f.Root()["StructTreeRoot"]).(pdfobj.Dict)
	doc := f.Resolve(str["K"].(pdfobj.Array)[0]).(pdfobj.Dict)
	p := f.Resolve(doc["K"]).(pdfobj.Dict)
	l := f.Resolve(p["K"]).(pdfobj.Dict)
	kids := l["K"].(pdfobj.Array)
	var kinds []string
	for _, k := range kids {
		switch v := k.(type) {
		case pdfobj.Int:
			kinds = append(kinds, "mcid")
		case pdfobj.Dict:
			kinds = append(kinds, string(v["Type"].(pdfobj.Name)))
		}
	}
	if got := strings.Join(kinds, " "); got != "mcid OBJR OBJR MCR OBJR" {
		t.Errorf("Link kids %s", got)
	}
	dests := f.NameTree(f.Resolve(f.Resolve(f.Root()["Names"]).(pdfobj.Dict)["Dests"]))
	if len(dests) != 2 || dests["alpha"] == nil || dests["zeta"] == nil {
		t.Errorf("Dests name tree %v", dests)
	}
	if str["ParentTreeNextKey"] != pdfobj.Int(5) {
		t.Errorf("ParentTreeNextKey %v, want 5 (2 pages + 3 annotations)", str["ParentTreeNextKey"])
	}
}
