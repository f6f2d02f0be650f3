package pdfua

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestGroups checks that a group's content becomes a transparency group
// form painted once with Do through a graphics state holding its
// opacity and its luminosity soft mask, that a mask's content is not
// painted, that the forms share the page's resources (naming the forms
// themselves, for nested groups), and that misuse is an error.
func TestGroups(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	fig := d.Root().Add("Figure")
	fig.Attrs().Alt = "drawing"
	p.BeginTagged(fig)
	p.BeginGroup(nil)
	p.DrawPath(new(Path).Rect(Rect{W: 50, H: 50}), PathStyle{Fill: true, FillColor: Color{1, 1, 1}})
	mask := p.EndMask()
	p.BeginGroup(nil)
	p.BeginGroup(nil)
	p.DrawPath(new(Path).Rect(Rect{W: 80, H: 80}), PathStyle{Fill: true, FillColor: Color{1, 0, 0}})
	p.EndGroup(1, Mask{})
	p.DrawPath(new(Path).Rect(Rect{X: 20, W: 80, H: 80}), PathStyle{Fill: true, FillColor: Color{0, 0, 1}})
	p.EndGroup(0.5, mask)
	p.End()
	content := string(p.content)
	if want := "/Figure <</MCID 0>> BDC\nq\n/GF2 gs\n/Fm2 Do\nQ\nEMC\n"; content != want {
		t.Errorf("page content %q: want %q, the group painted in the Figure", content, want)
	}
	f, _ := readBack(t, d)
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	res := f.Resolve(pages[0].Dict["Resources"]).(pdfobj.Dict)
	xo := f.Resolve(res["XObject"]).(pdfobj.Dict)
	gs := f.Resolve(res["ExtGState"]).(pdfobj.Dict)
	if len(xo) != 2 || xo["Fm1"] != nil {
		t.Errorf("page XObjects %v: want the two groups Fm3 and Fm2, not the mask Fm1", xo)
	}
	outer, ok := f.Resolve(xo["Fm2"]).(*pdfobj.Stream)
	if !ok {
		t.Fatalf("Fm2 = %v, want a form stream", f.Resolve(xo["Fm2"]))
	}
	if g := f.Resolve(outer.Dict["Group"]).(pdfobj.Dict); g["S"] != pdfobj.Name("Transparency") {
		t.Errorf("Fm2 /Group %v, want a transparency group", g)
	}
	inner := f.Resolve(outer.Dict["Resources"]).(pdfobj.Dict)
	if ixo := f.Resolve(inner["XObject"]).(pdfobj.Dict); ixo["Fm3"] == nil {
		t.Errorf("the forms' resources %v do not name the nested group Fm3", inner)
	}
	state := f.Resolve(gs["GF2"]).(pdfobj.Dict)
	if state["ca"] != pdfobj.Real(0.5) {
		t.Errorf("GF2 %v: want ca 0.5", state)
	}
	sm, _ := f.Resolve(state["SMask"]).(pdfobj.Dict)
	if sm["S"] != pdfobj.Name("Luminosity") {
		t.Errorf("GF2 /SMask %v, want a luminosity mask", sm)
	}
	if _, ok := f.Resolve(sm["G"]).(*pdfobj.Stream); !ok {
		t.Errorf("the mask's /G %v is not a form", sm["G"])
	}
	if data, err := f.DecodeStream(outer); err != nil || !strings.Contains(string(data), "/Fm3 Do") || strings.Contains(string(data), "BDC") {
		t.Errorf("Fm2 content %q (%v): want the nested group drawn, no marked content of its own", data, err)
	}
	if gs["GF3"] != nil {
		t.Errorf("an opaque unmasked group got a graphics state: %v", gs)
	}

	for _, tt := range []struct {
		name string
		draw func(p *Page)
		want string
	}{
		{"end without begin", func(p *Page) { p.BeginArtifact(Artifact{}); p.EndGroup(1, Mask{}) }, "EndGroup without BeginGroup"},
		{"marked content inside", func(p *Page) {
			p.BeginArtifact(Artifact{})
			p.BeginGroup(nil)
			p.End()
			p.BeginArtifact(Artifact{})
			p.EndGroup(1, Mask{})
		}, "marked-content sequence ended inside a group"},
		{"left open", func(p *Page) { p.BeginArtifact(Artifact{}); p.BeginGroup(nil) }, "1 groups left open"},
		{"save left open", func(p *Page) {
			p.BeginArtifact(Artifact{})
			p.BeginGroup(nil)
			p.Save()
			p.EndGroup(1, Mask{})
		}, "Save without Restore"},
		{"too deep", func(p *Page) {
			p.BeginArtifact(Artifact{})
			for range MaxGroupDepth + 1 {
				p.BeginGroup(nil)
			}
		}, "MaxGroupDepth"},
		{"mask of another page", func(p *Page) {
			p.BeginArtifact(Artifact{})
			p.BeginGroup(nil)
			m := p.EndMask()
			p.End()
			q := p.doc.AddPage(100, 100)
			q.BeginArtifact(Artifact{})
			q.BeginGroup(nil)
			q.EndGroup(0.5, m)
		}, "mask not made by EndMask on this page"},
		{"tagged content in a mask", func(p *Page) {
			p.BeginGroup(nil)
			p.BeginTagged(p.doc.Root().Add("P"))
			p.End()
			p.EndMask()
		}, "inside a soft mask"},
	} {
		d := newTestDoc()
		tt.draw(d.AddPage(100, 100))
		err := d.Err()
		if err == nil {
			_, err = d.Bytes()
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}

// TestClipText checks that a clipping text run is shown in text
// rendering mode 7 inside the caller's saved state, and that one shown
// outside a saved state is an error.
func TestClipText(t *testing.T) {
	run := TextRun{Font: &fakeFont{name: "Fake"}, Size: 12, X: 10, Y: 20, Text: "a", Glyphs: glyphs(10), Clip: true}
	d := newTestDoc()
	p := d.AddPage(200, 100)
	p.BeginTagged(d.Root().Add("P"))
	p.Save()
	p.ShowText(run)
	p.Restore()
	p.End()
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	if want := "q\nBT\n7 Tr\n/F1 12 Tf\n"; !strings.Contains(string(p.content), want) {
		t.Errorf("content %q lacks %q", p.content, want)
	}
	d = newTestDoc()
	p = d.AddPage(200, 100)
	p.BeginTagged(d.Root().Add("P"))
	p.ShowText(run)
	if err := d.Err(); err == nil || !strings.Contains(err.Error(), "outside Save") {
		t.Errorf("clipping text without Save: error %v", err)
	}
}

// TestStrokeStateOnce checks that strokes alike write their colour and
// line style once, that a change writes only what changed (a colour, a
// dash pattern and the solid line after it), and that the state stays
// right after a saved state ends.
func TestStrokeStateOnce(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	p.BeginArtifact(Artifact{})
	line := func() *Path { return new(Path).MoveTo(0, 0).LineTo(1, 1) }
	grey := &Stroke{Color: Color{0.5, 0.5, 0.5}, Width: 2}
	p.content = p.content[:0]
	p.DrawPath(line(), PathStyle{Stroke: grey})
	p.DrawPath(line(), PathStyle{Stroke: grey})
	p.Save()
	p.DrawPath(line(), PathStyle{Stroke: &Stroke{Color: Color{1, 0, 0}, Width: 2}})
	p.Restore()
	p.DrawPath(line(), PathStyle{Stroke: grey})
	p.DrawPath(line(), PathStyle{Stroke: &Stroke{Color: Color{0.5, 0.5, 0.5}, Width: 2, Dash: []float64{1}}})
	p.DrawPath(line(), PathStyle{Stroke: grey})
	p.DrawPath(line(), PathStyle{Stroke: &Stroke{Color: Color{0.5, 0.5, 0.5}, Width: 3, Cap: CapRound}})
	p.End()
	for _, c := range []struct {
		op   string
		want int
	}{
		{" w\n", 2},  // the width 2 once, then 3
		{" RG\n", 2}, // grey once, red inside the saved state (the Restore brings grey back)
		{" d\n", 3},  // solid, the dashed line, solid again
		{" J ", 2},   // butt caps, then round ones
	} {
		if got := strings.Count(string(p.content), c.op); got != c.want {
			t.Errorf("%q written %d times, want %d:\n%s", c.op, got, c.want, p.content)
		}
	}
	if !strings.Contains(string(p.content), "[1] 0 d\n0 0 m") {
		t.Errorf("the dashed line does not set its dash:\n%s", p.content)
	}
}

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
	p.BeginGroup(&Rect{0, 0, 200, 100})
	p.BeginArtifact(Artifact{Type: ArtifactLayout})
	p.DrawPath(new(Path).Rect(Rect{10, 10, 50, 50}), PathStyle{Fill: true, FillColor: RGB8(255, 0, 0)})
	p.End()
	p.BeginTagged(inside)
	p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: "b", Glyphs: glyphs(11), X: 10, Y: 20})
	p.End()
	p.EndGroup(0.5, Mask{})
	f, _ := readBack(t, d)
	content := string(pageContents(t, mustBytes(t, d))[0])
	if !strings.Contains(content, "q\n/GS1 gs\n/Fm1 Do\nQ\n") {
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
		{"end without begin", func(d *Document, p *Page) { p.EndGroup(0.5, Mask{}) }, "EndGroup without BeginGroup"},
		{"begun outside marked content, ended in it", func(d *Document, p *Page) {
			p.BeginGroup(&Rect{})
			p.BeginArtifact(Artifact{})
			p.EndGroup(0.5, Mask{})
		}, "ended inside a marked-content sequence"},
		{"left open", func(d *Document, p *Page) { p.BeginGroup(&Rect{}) }, "left open"},
		{"unbalanced save", func(d *Document, p *Page) {
			p.BeginGroup(&Rect{})
			p.Save()
			p.EndGroup(0.5, Mask{})
		}, "Save without Restore"},
		{"too deep", func(d *Document, p *Page) {
			for range MaxGroupDepth + 1 {
				p.BeginGroup(&Rect{})
			}
		}, "nested deeper than"},
		{"after Finish", func(d *Document, p *Page) {
			p.Finish()
			p.BeginGroup(nil)
		}, "BeginGroup after Finish"},
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

// TestGroupKinds checks the two kinds of group together: one begun
// outside marked content holding a tagged Figure (MCID 0 of its form,
// referred to by an MCR naming the form, the form under a StructParents
// key), and inside the Figure's sequence a group begun in it (its form
// without marked content or a key). The page's own MCIDs go on after
// the group, and the Figure's automatic BBox is its content's inside the
// forms, not the page content's of the same MCID.
func TestGroupKinds(t *testing.T) {
	d := newTestDoc()
	d.SetAutoBBox(true)
	p := d.AddPage(200, 100)
	fill := PathStyle{Fill: true, FillColor: RGB8(0, 0, 255)}
	before, fig, after := d.Root().Add("P"), d.Root().Add("Figure"), d.Root().Add("P")
	fig.Attrs().Alt = "squares"
	p.BeginTagged(before)
	p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: "a", Glyphs: glyphs(10), X: 150, Y: 80})
	p.End()
	p.BeginGroup(nil)
	p.BeginTagged(fig)
	p.DrawPath(new(Path).Rect(Rect{10, 10, 20, 20}), fill)
	p.BeginGroup(&Rect{50, 50, 10, 10})
	p.DrawPath(new(Path).Rect(Rect{50, 50, 10, 10}), fill)
	p.EndGroup(0.5, Mask{})
	p.End()
	p.EndGroup(0.7, Mask{})
	if got := p.BeginTagged(after); got != 1 {
		t.Errorf("MCID after the group %d, want 1", got)
	}
	p.End()
	f, _ := readBack(t, d)
	content := string(pageContents(t, mustBytes(t, d))[0])
	if !strings.Contains(content, "EMC\nq\n/GS2 gs\n/Fm1 Do\nQ\n/P <</MCID 1>> BDC") {
		t.Errorf("page content does not draw Fm1 between its tagged sequences:\n%s", content)
	}
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	res, _ := f.Resolve(pages[0].Dict["Resources"]).(pdfobj.Dict)
	xo, _ := f.Resolve(res["XObject"]).(pdfobj.Dict)
	outer, ok1 := f.Resolve(xo["Fm1"]).(*pdfobj.Stream)
	inner, ok2 := f.Resolve(xo["Fm2"]).(*pdfobj.Stream)
	if !ok1 || !ok2 {
		t.Fatalf("page XObjects %s, want forms Fm1 and Fm2", pdfobj.Format(xo))
	}
	data, err := f.DecodeStream(outer)
	if err != nil {
		t.Fatal(err)
	}
	if fc := string(data); !strings.HasPrefix(fc, "/Figure <</MCID 0>> BDC\n") || !strings.Contains(fc, "/GS1 gs\n/Fm2 Do\nQ\nEMC\n") {
		t.Errorf("Fm1 content does not hold the Figure's sequence drawing Fm2:\n%s", fc)
	}
	if _, ok := outer.Dict["StructParents"]; !ok {
		t.Errorf("Fm1, holding MCIDs, has no StructParents: %s", pdfobj.Format(outer.Dict))
	}
	if _, ok := inner.Dict["StructParents"]; ok || pdfobj.Format(inner.Dict["BBox"]) != "[50 50 60 60]" {
		t.Errorf("Fm2 dictionary %s: want its BBox and no StructParents", pdfobj.Format(inner.Dict))
	}
	str, _ := f.Resolve(f.Root()["StructTreeRoot"]).(pdfobj.Dict)
	key, _ := outer.Dict["StructParents"].(pdfobj.Int)
	arr, _ := f.Resolve(f.NumberTree(f.Resolve(str["ParentTree"]))[int(key)]).(pdfobj.Array)
	if len(arr) != 1 {
		t.Fatalf("ParentTree entry %d of Fm1: %v", key, arr)
	}
	elem, _ := f.Resolve(arr[0]).(pdfobj.Dict)
	if elem["S"] != pdfobj.Name("Figure") || !strings.Contains(pdfobj.Format(elem["K"]), "/Stm") {
		t.Errorf("Fm1's MCID 0 belongs to %s", pdfobj.Format(elem))
	}
	a, _ := f.Resolve(elem["A"]).(pdfobj.Dict)
	if got := pdfobj.Format(a["BBox"]); got != "[10 10 60 60]" {
		t.Errorf("Figure BBox %s, want [10 10 60 60], its squares'", got)
	}
}
