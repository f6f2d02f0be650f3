package pdfua

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

func TestMatrixThen(t *testing.T) {
	scale := Matrix{2, 0, 0, 3, 0, 0}
	move := Matrix{1, 0, 0, 1, 10, 20}
	x, y := scale.then(move).apply(1, 1) // scale first, then move
	if x != 12 || y != 23 {
		t.Errorf("scale then move: (%g, %g), want (12, 23)", x, y)
	}
	x, y = move.then(scale).apply(1, 1)
	if x != 22 || y != 63 {
		t.Errorf("move then scale: (%g, %g), want (22, 63)", x, y)
	}
}

// TestAutoBBox: Figures and Tables without a BBox get the page-space
// bounds of their content, through transforms and Save/Restore.
func TestAutoBBox(t *testing.T) {
	d := newTestDoc()
	d.SetAutoBBox(true)
	im, err := d.AddImage("px.png", image.NewGray(image.Rect(0, 0, 1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	p := d.AddPage(300, 300)
	fig := d.Root().Add("Figure")
	fig.Attrs().Alt = "x"
	p.Save()
	p.Transform(Matrix{1, 0, 0, 1, 100, 50}) // move by (100, 50)
	p.BeginTagged(fig)
	p.DrawImageRect(im, Rect{10, 10, 40, 20}) // → 110,60 – 150,80
	p.End()
	p.Restore()
	p.BeginTagged(fig)
	p.DrawPath(new(Path).MoveTo(0, 0).LineTo(20, 30), PathStyle{Stroke: &Stroke{Width: 2}}) // → -1,-1 – 21,31
	p.End()

	given := d.Root().Add("Figure")
	given.Attrs().Alt = "y"
	given.Attrs().BBox = &Rect{1, 2, 3, 4}
	p.BeginTagged(given)
	p.DrawImageRect(im, Rect{0, 0, 1, 1})
	p.End()

	table := d.Root().Add("Table")
	td := table.Add("TR").Add("TD")
	p.BeginTagged(td)
	// The fake font: ascent 1854, descent -434 of 2048 units; 2 glyphs of
	// 5 points at size 10.
	p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, X: 200, Y: 200, Text: "ab", Glyphs: glyphs(10, 11)})
	p.End()

	para := d.Root().Add("P")
	p.BeginTagged(para)
	p.ShowText(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, X: 0, Y: 0, Text: "a", Glyphs: glyphs(10)})
	p.End()

	f, data := readBack(t, d)
	str := f.Resolve(f.Root()["StructTreeRoot"]).(pdfobj.Dict)
	doc := f.Resolve(str["K"].(pdfobj.Array)[0]).(pdfobj.Dict)
	kids := doc["K"].(pdfobj.Array)
	bbox := func(i int) string {
		e := f.Resolve(kids[i]).(pdfobj.Dict)
		a, _ := e["A"].(pdfobj.Dict)
		return pdfobj.Format(a["BBox"])
	}
	for i, want := range []string{
		"[-1 -1 150 80]",
		"[1 2 4 6]",
		"[200 197.88086 210 209.05273]",
		"null",
	} {
		if got := bbox(i); got != want {
			t.Errorf("element %d BBox %s, want %s", i, got, want)
		}
	}
	if strings.Count(string(data), "/O /Layout") != 3 {
		t.Errorf("want three Layout attributes")
	}
	d.SetAutoBBox(false)
	if data, _ := d.Bytes(); strings.Count(string(data), "/O /Layout") != 1 {
		t.Errorf("without SetAutoBBox only the given BBox is written")
	}
}

// TestBoxAddSpecialValues checks box.add against math.Min and math.Max
// on signed zeros and infinities, where floating-point min and max differ
// from a plain comparison. With a NaN the coordinate becomes NaN (math.Max
// would keep an infinity beside it); a Rect's array writes NaN and
// infinities alike as 0, so the written bounds do not differ.
func TestBoxAddSpecialValues(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), 1e-300}
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	for _, a := range vals {
		for _, c := range vals {
			var b box
			b.add(a, c)
			b.add(c, a)
			want := box{math.Min(a, c), math.Min(c, a), math.Max(a, c), math.Max(c, a), true}
			if !same(b.x0, want.x0) || !same(b.y0, want.y0) || !same(b.x1, want.x1) || !same(b.y1, want.y1) {
				t.Errorf("add(%g, %g), add(%g, %g) = %+v, want %+v", a, c, c, a, b, want)
			}
		}
		var b box
		b.add(a, a)
		b.add(math.NaN(), math.NaN())
		if !math.IsNaN(b.x0) || !math.IsNaN(b.x1) {
			t.Errorf("add(%g), add(NaN) = %+v, want NaN bounds", a, b)
		}
	}
}

// TestAutoBBoxWhileOn: bounds are recorded only while SetAutoBBox is on,
// and a figure drawn after it is turned on gets the bounds of its own
// content even when earlier sequences on the page recorded none.
func TestAutoBBoxWhileOn(t *testing.T) {
	d := newTestDoc()
	im, err := d.AddImage("px.png", image.NewGray(image.Rect(0, 0, 1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	p := d.AddPage(300, 300)
	before := d.Root().Add("Figure")
	before.Attrs().Alt = "drawn while off"
	for range 3 {
		p.BeginTagged(before)
		p.DrawImageRect(im, Rect{0, 0, 10, 10})
		p.End()
	}
	d.SetAutoBBox(true)
	after := d.Root().Add("Figure")
	after.Attrs().Alt = "drawn while on"
	p.BeginTagged(after)
	p.DrawImageRect(im, Rect{20, 30, 40, 50})
	p.End()
	f, _ := readBack(t, d)
	str := f.Resolve(f.Root()["StructTreeRoot"]).(pdfobj.Dict)
	doc := f.Resolve(str["K"].(pdfobj.Array)[0]).(pdfobj.Dict)
	kids := doc["K"].(pdfobj.Array)
	for i, want := range []string{"null", "[20 30 60 80]"} {
		e := f.Resolve(kids[i]).(pdfobj.Dict)
		a, _ := e["A"].(pdfobj.Dict)
		if got := pdfobj.Format(a["BBox"]); got != want {
			t.Errorf("figure %d BBox %s, want %s", i, got, want)
		}
	}
}
