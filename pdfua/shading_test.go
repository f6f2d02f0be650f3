package pdfua

import (
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
			if got := string(pdfobj.AppendObject(nil, stopsFunction(tt.stops))); got != tt.want {
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
