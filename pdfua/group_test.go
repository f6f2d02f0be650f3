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
	p.BeginGroup()
	p.DrawPath(new(Path).Rect(Rect{W: 50, H: 50}), PathStyle{Fill: true, FillColor: Color{1, 1, 1}})
	mask := p.EndMask()
	p.BeginGroup()
	p.BeginGroup()
	p.DrawPath(new(Path).Rect(Rect{W: 80, H: 80}), PathStyle{Fill: true, FillColor: Color{1, 0, 0}})
	p.EndGroup(1, Mask{})
	p.DrawPath(new(Path).Rect(Rect{X: 20, W: 80, H: 80}), PathStyle{Fill: true, FillColor: Color{0, 0, 1}})
	p.EndGroup(0.5, mask)
	p.End()
	content := string(p.content)
	if want := "q\n/GF3 gs\n/Fm3 Do\nQ\n"; !strings.Contains(content, want) || strings.Contains(content, " re") {
		t.Errorf("page content %q: want only %q painting the group", content, want)
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
		t.Errorf("page XObjects %v: want the two groups Fm2 and Fm3, not the mask Fm1", xo)
	}
	outer, ok := f.Resolve(xo["Fm3"]).(*pdfobj.Stream)
	if !ok {
		t.Fatalf("Fm3 = %v, want a form stream", f.Resolve(xo["Fm3"]))
	}
	if g := f.Resolve(outer.Dict["Group"]).(pdfobj.Dict); g["S"] != pdfobj.Name("Transparency") {
		t.Errorf("Fm3 /Group %v, want a transparency group", g)
	}
	inner := f.Resolve(outer.Dict["Resources"]).(pdfobj.Dict)
	if ixo := f.Resolve(inner["XObject"]).(pdfobj.Dict); ixo["Fm2"] == nil {
		t.Errorf("the forms' resources %v do not name the nested group Fm2", inner)
	}
	state := f.Resolve(gs["GF3"]).(pdfobj.Dict)
	if state["ca"] != pdfobj.Real(0.5) {
		t.Errorf("GF3 %v: want ca 0.5", state)
	}
	sm, _ := f.Resolve(state["SMask"]).(pdfobj.Dict)
	if sm["S"] != pdfobj.Name("Luminosity") {
		t.Errorf("GF3 /SMask %v, want a luminosity mask", sm)
	}
	if _, ok := f.Resolve(sm["G"]).(*pdfobj.Stream); !ok {
		t.Errorf("the mask's /G %v is not a form", sm["G"])
	}
	if gs["GF2"] != nil {
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
			p.BeginGroup()
			p.End()
			p.BeginArtifact(Artifact{})
			p.EndGroup(1, Mask{})
		}, "marked-content"},
		{"left open", func(p *Page) { p.BeginArtifact(Artifact{}); p.BeginGroup(); p.End() }, "Save without Restore"},
		{"too deep", func(p *Page) {
			for range MaxGroupDepth + 1 {
				p.BeginGroup()
			}
		}, "MaxGroupDepth"},
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
// line style once, that a change, a dash pattern or a Restore writes it
// again, and that it stays right after a saved state ends.
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
	p.End()
	got := strings.Count(string(p.content), " w\n")
	// grey once, red inside the saved state, the dashed line, and grey
	// again after it (not after the Restore, which brought grey back)
	if got != 4 {
		t.Errorf("%d line widths written, want 4:\n%s", got, p.content)
	}
}
