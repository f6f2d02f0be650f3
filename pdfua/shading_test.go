package pdfua

import (
	"image"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestStopsFunction checks the function of a shading's stops: one
// exponential function for two stops at the ends, a stitching function
// otherwise, with hard stops as bounds and the end colours held.
func TestStopsFunction(t *testing.T) {
	r, g, b := Color{1, 0, 0}, Color{0, 1, 0}, Color{0, 0, 1}
	tests := []struct {
		name  string
		stops []ShadingStop
		want  string
	}{
		{"two at the ends", []ShadingStop{{0, r}, {1, b}},
			"<</C0 [1 0 0]/C1 [0 0 1]/Domain [0 1]/FunctionType 2/N 1>>"},
		{"three", []ShadingStop{{0, r}, {0.25, g}, {1, b}},
			"<</Bounds [0.25]/Domain [0 1]/Encode [0 1 0 1]/FunctionType 3/Functions [<</C0 [1 0 0]/C1 [0 1 0]/Domain [0 1]/FunctionType 2/N 1>> <</C0 [0 1 0]/C1 [0 0 1]/Domain [0 1]/FunctionType 2/N 1>>]>>"},
		{"hard stop inside, colours held at the ends", []ShadingStop{{0.5, r}, {0.5, b}},
			"<</Bounds [0.5]/Domain [0 1]/Encode [0 1 0 1]/FunctionType 3/Functions [<</C0 [1 0 0]/C1 [1 0 0]/Domain [0 1]/FunctionType 2/N 1>> <</C0 [0 0 1]/C1 [0 0 1]/Domain [0 1]/FunctionType 2/N 1>>]>>"},
		{"all at one end", []ShadingStop{{1, r}, {1, g}},
			"<</C0 [1 0 0]/C1 [1 0 0]/Domain [0 1]/FunctionType 2/N 1>>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(pdfobj.AppendObject(nil, stopsFunction(tt.stops, false))); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestDrawShading checks that a shading is painted with sh, listed in the
// page's resources, written once for all pages that paint it, and that
// bad stops and painting outside marked content are errors.
func TestDrawShading(t *testing.T) {
	d := newTestDoc()
	sh := Shading{X1: 100, Stops: []ShadingStop{{0, Color{1, 0, 0}}, {1, Color{0, 0, 1}}}}
	for i := 0; i < 2; i++ {
		p := d.AddPage(100, 100)
		p.BeginArtifact(Artifact{Type: ArtifactBackground})
		p.DrawShading(sh, Rect{W: 100, H: 100})
		p.DrawShading(sh, Rect{W: 100, H: 100})
		p.End()
		if got := strings.Count(string(p.content), "/Sh1 sh\n"); got != 2 {
			t.Errorf("page %d: %d sh operators, want 2:\n%s", i+1, got, p.content)
		}
	}
	f, _ := readBack(t, d)
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	var refs []pdfobj.Object
	for _, pg := range pages {
		res := f.Resolve(pg.Dict["Resources"]).(pdfobj.Dict)
		shd, ok := f.Resolve(res["Shading"]).(pdfobj.Dict)
		if !ok {
			t.Fatalf("page resources %v lack /Shading", res)
		}
		refs = append(refs, shd["Sh1"])
		if obj, ok := f.Resolve(shd["Sh1"]).(pdfobj.Dict); !ok || obj["ShadingType"] != pdfobj.Int(2) {
			t.Errorf("Sh1 = %v, want an axial shading", obj)
		}
	}
	if len(refs) != 2 || refs[0] != refs[1] {
		t.Errorf("pages refer to shadings %v, want one object", refs)
	}

	for _, tt := range []struct {
		name string
		draw func(p *Page)
		want string
	}{
		{"out of order", func(p *Page) {
			p.BeginArtifact(Artifact{})
			p.DrawShading(Shading{Stops: []ShadingStop{{0.5, Color{}}, {0.2, Color{}}}}, Rect{})
		}, "out of order"},
		{"no stops", func(p *Page) { p.BeginArtifact(Artifact{}); p.DrawShading(Shading{}, Rect{}) }, "0 stops"},
		{"outside marked content", func(p *Page) { p.DrawShading(sh, Rect{}) }, "outside marked content"},
	} {
		d := newTestDoc()
		tt.draw(d.AddPage(100, 100))
		if err := d.Err(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
		}
	}
}

// TestFillTiled checks that a tiling pattern fills the area with /Pattern
// scn, is written once with its image or shading in its own resources,
// and that bad steps are errors naming the limit.
func TestFillTiled(t *testing.T) {
	d := newTestDoc()
	im, err := d.AddImage("dot", image.NewRGBA(image.Rect(0, 0, 1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	sh := Shading{X1: 10, Stops: []ShadingStop{{0, Color{1, 0, 0}}, {1, Color{0, 0, 1}}}}
	p := d.AddPage(100, 100)
	p.BeginArtifact(Artifact{Type: ArtifactBackground})
	p.FillTiled(Tiling{W: 1, H: 1, XStep: 1, YStep: 2, X: 5, Y: 5, Image: im}, Rect{W: 100, H: 100})
	p.FillTiled(Tiling{W: 1, H: 1, XStep: 1, YStep: 2, X: 5, Y: 5, Image: im}, Rect{W: 50, H: 50})
	p.FillTiled(Tiling{W: 10, H: 10, XStep: 10, YStep: 10, Shading: &sh, ShadingMatrix: Matrix{1, 0, 0, -1, 0, 10}}, Rect{W: 100, H: 100})
	p.End()
	content := string(p.content)
	for _, want := range []string{"q\n/Pattern cs\n/P1 scn\n0 0 100 100 re\nf\nQ\n", "/P1 scn\n0 0 50 50 re", "/P2 scn\n"} {
		if !strings.Contains(content, want) {
			t.Errorf("content lacks %q:\n%s", want, content)
		}
	}
	f, _ := readBack(t, d)
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	res := f.Resolve(pages[0].Dict["Resources"]).(pdfobj.Dict)
	pats := f.Resolve(res["Pattern"]).(pdfobj.Dict)
	if len(pats) != 2 {
		t.Fatalf("page patterns %v, want 2", pats)
	}
	p1 := f.Resolve(pats["P1"]).(*pdfobj.Stream)
	if p1.Dict["PatternType"] != pdfobj.Int(1) || p1.Dict["YStep"] != pdfobj.Int(2) {
		t.Errorf("P1 = %v, want a tiling pattern stepping 2 in y", p1.Dict)
	}
	if body, _ := f.DecodeStream(p1); string(body) != "q 1 0 0 1 0 0 cm /Im1 Do Q" {
		t.Errorf("P1 content %q", body)
	}
	p2 := f.Resolve(pats["P2"]).(*pdfobj.Stream)
	if body, _ := f.DecodeStream(p2); string(body) != "1 0 0 -1 0 10 cm /Sh1 sh" {
		t.Errorf("P2 content %q", body)
	}

	for _, tt := range []Tiling{
		{W: 1, H: 1, XStep: 0.5, YStep: 1, Image: im},
		{W: 0.01, H: 0.01, XStep: 0.01, YStep: 0.01, Image: im},
		{W: 1, H: 1, XStep: 1, YStep: 1},
	} {
		d := newTestDoc()
		im, _ := d.AddImage("dot", image.NewRGBA(image.Rect(0, 0, 1, 1)))
		if tt.Image != nil {
			tt.Image = im
		}
		p := d.AddPage(10, 10)
		p.BeginArtifact(Artifact{})
		p.FillTiled(tt, Rect{W: 10, H: 10})
		if err := d.Err(); err == nil || !strings.Contains(err.Error(), "tiling") {
			t.Errorf("%+v: error %v, want one about the tiling", tt, err)
		}
	}
}

// TestShadingSoftMask checks that a shading with varying alpha is painted
// through an ExtGState whose luminosity soft mask draws the alphas as a
// DeviceGray shading, and that one without alpha is not.
func TestShadingSoftMask(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	p.BeginArtifact(Artifact{Type: ArtifactBackground})
	p.DrawShading(Shading{X1: 100, Stops: []ShadingStop{{0, Color{1, 0, 0}}, {1, Color{1, 0, 0}}}, Alpha: []float64{1, 0}}, Rect{W: 100, H: 100})
	p.End()
	if got := string(p.content); !strings.Contains(got, "q /SM1 gs /Sh1 sh Q\n") {
		t.Errorf("content %q lacks the masked shading", got)
	}
	f, _ := readBack(t, d)
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	res := f.Resolve(pages[0].Dict["Resources"]).(pdfobj.Dict)
	gs, _ := f.Resolve(f.Resolve(res["ExtGState"]).(pdfobj.Dict)["SM1"]).(pdfobj.Dict)
	mask, _ := f.Resolve(gs["SMask"]).(pdfobj.Dict)
	if mask["S"] != pdfobj.Name("Luminosity") {
		t.Fatalf("SM1 = %v, want a luminosity soft mask", gs)
	}
	form := f.Resolve(mask["G"]).(*pdfobj.Stream)
	shd := f.Resolve(form.Dict["Resources"]).(pdfobj.Dict)["Shading"].(pdfobj.Dict)
	alpha := f.Resolve(shd["Sh2"]).(pdfobj.Dict)
	if alpha["ColorSpace"] != pdfobj.Name("DeviceGray") {
		t.Errorf("mask shading %v, want DeviceGray", alpha)
	}
	fn := f.Resolve(alpha["Function"]).(pdfobj.Dict)
	if c0, c1 := fn["C0"].(pdfobj.Array), fn["C1"].(pdfobj.Array); len(c0) != 1 || c0[0] != pdfobj.Int(1) || c1[0] != pdfobj.Int(0) {
		t.Errorf("mask function %v, want gray 1 to 0", fn)
	}
}
