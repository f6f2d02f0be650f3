package fonts

import (
	"bytes"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/font/opentype/tables"
)

// varRegistry returns a registry with testdata/FolioVarTest.ttf (a
// variable font: wght 300–700, opsz) added as "Var" for weights lo–hi.
func varRegistry(t *testing.T, lo, hi int) *Registry {
	t.Helper()
	data, err := os.ReadFile("testdata/FolioVarTest.ttf")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRegistry(Options{})
	if err := r.AddFaceWeights("Var", lo, hi, StyleNormal, data); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestVariableAxes(t *testing.T) {
	r := varRegistry(t, 300, 700)
	base := r.Families("Var")[0]
	axes := base.Axes()
	if len(axes) != 2 || axes[0] != (Axis{"wght", 300, 400, 700}) || axes[1].Tag != "opsz" {
		t.Fatalf("axes = %+v", axes)
	}
	if r.Match(Query{Families: []string{"Liberation Sans"}}).Axes() != nil {
		t.Error("a static face reports axes")
	}
}

// TestVariableInstances: the weight asked for sets the wght axis (clamped
// to the @font-face range and the axis), font-variation-settings win over
// it, each distinct instance is one face, and the default coordinates are
// the variable face itself.
func TestVariableInstances(t *testing.T) {
	r := varRegistry(t, 300, 700)
	base := r.Families("Var")[0]
	tests := []struct {
		q    Query
		wght float64 // 0: the variable face itself
	}{
		{Query{Weight: 400}, 0},
		{Query{Weight: 700}, 700},
		{Query{Weight: 900}, 700}, // clamped to the range
		{Query{Weight: 100}, 300},
		{Query{Weight: 400, Variations: "wght=550"}, 550},
		{Query{Weight: 700, Variations: "wght=400"}, 0},
		{Query{Weight: 400, Variations: "wght=5000"}, 700}, // clamped to the axis
		{Query{Weight: 400, Variations: "bad,wght=x,XXXX=3"}, 0},
	}
	for _, tc := range tests {
		tc.q.Families = []string{"Var"}
		f := r.Match(tc.q)
		if f.Synthesis() != 0 {
			t.Errorf("%+v: synthesis %v, want none (the axis covers it)", tc.q, f.Synthesis())
		}
		if tc.wght == 0 {
			if f != base {
				t.Errorf("%+v: got %s, want the variable face", tc.q, f)
			}
			continue
		}
		vs := f.Variations()
		if len(vs) != 2 || vs[0].Tag != "wght" || vs[0].Value != tc.wght {
			t.Errorf("%+v: variations %+v, want wght %g", tc.q, vs, tc.wght)
		}
		if f2 := r.Match(tc.q); f2 != f {
			t.Errorf("%+v: a second match gives another face", tc.q)
		}
	}
	// a face declared for weight 400 only: wght stays 400 and bold is
	// synthesised, as CSS clamps to the descriptor's range
	r4 := varRegistry(t, 400, 400)
	f := r4.Match(Query{Families: []string{"Var"}, Weight: 700})
	if f.Synthesis() != SynthBold || f.Unsynthesized() != r4.Families("Var")[0] {
		t.Errorf("weight 700 of a 400 face: %s", f)
	}
}

// TestVariableInstanceBound: past maxInstances distinct coordinates, the
// default instance is used.
func TestVariableInstanceBound(t *testing.T) {
	r := varRegistry(t, 300, 700)
	seen := map[*Face]bool{}
	for i := range maxInstances + 10 {
		f := r.Match(Query{Families: []string{"Var"}, Variations: "wght=" + strconv.Itoa(301+i)})
		seen[f] = true
	}
	if len(seen) != maxInstances+1 {
		t.Errorf("%d faces for %d coordinates, want %d", len(seen), maxInstances+10, maxInstances+1)
	}
}

// TestVariableShapeAndSubset: two weights of one variable family shape
// with different advances (those of go-text at the coordinates), and the
// subset of each instance carries that instance's outlines and advances,
// without variation or hinting tables.
func TestVariableShapeAndSubset(t *testing.T) {
	for _, hvar := range []bool{true, false} {
		r := varRegistry(t, 300, 700)
		if !hvar {
			// the same font without HVAR: advances from gvar's phantom
			// points
			data, _ := os.ReadFile("testdata/FolioVarTest.ttf")
			s, err := parseSFNT(data)
			if err != nil {
				t.Fatal(err)
			}
			tabs := map[string][]byte{}
			for tag, tb := range s.tables {
				if tag != "HVAR" {
					tabs[tag] = tb
				}
			}
			r = NewRegistry(Options{})
			if err := r.AddFaceWeights("Var", 300, 700, StyleNormal, writeSFNT(sfntTrueType, tabs)); err != nil {
				t.Fatal(err)
			}
		}
		const text = "Hello"
		adv := map[int]float64{}
		for _, w := range []int{300, 700} {
			runs, diags := r.Shape(text, Query{Families: []string{"Var"}, Weight: w}, 10, ShapeOptions{})
			if len(diags) > 0 || len(runs) != 1 {
				t.Fatalf("weight %d: %d runs, %v", w, len(runs), diags)
			}
			run := runs[0]
			adv[w] = run.Advance
			f := run.Face
			checkInstanceSubset(t, f, run.Glyphs, w)
		}
		if adv[700] <= adv[300] {
			t.Errorf("HVAR %v: advance of %q at 700 (%g) not wider than at 300 (%g)", hvar, text, adv[700], adv[300])
		}
	}
}

// checkInstanceSubset checks f's subset against go-text's outlines and
// advances of the variable font at f's coordinates.
func checkInstanceSubset(t *testing.T, f *Face, glyphs []Glyph, w int) {
	t.Helper()
	var used []GID
	for _, g := range glyphs {
		used = append(used, g.ID)
	}
	sub, err := f.Subset(used)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := parseSFNT(sub)
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"fvar", "gvar", "HVAR", "avar", "cvar", "fpgm", "prep", "cvt "} {
		if _, ok := ss.tables[tag]; ok {
			t.Errorf("weight %d: subset keeps %q", w, tag)
		}
	}
	// go-text wants a cmap, which PDF fonts go without: add the
	// variable font's to read the outlines back
	withCmap := map[string][]byte{}
	for tag, tb := range ss.tables {
		withCmap[tag] = tb
	}
	withCmap["cmap"] = f.Unsynthesized().varBaseOrSelf().sfntTable("cmap")
	ld, err := ot.NewLoader(bytes.NewReader(writeSFNT(sfntTrueType, withCmap)))
	if err != nil {
		t.Fatal(err)
	}
	sf, err := font.NewFont(ld)
	if err != nil {
		t.Fatalf("weight %d: subset does not parse: %v", w, err)
	}
	static := font.NewFace(sf)
	data, _ := os.ReadFile("testdata/FolioVarTest.ttf")
	ld2, _ := ot.NewLoader(bytes.NewReader(data))
	vf, _ := font.NewFont(ld2)
	varFace := font.NewFace(vf)
	var coords []tables.Coord
	if w != 400 {
		coords = f.Unsynthesized().coords
		if coords == nil {
			t.Fatalf("weight %d: face %s is not an instance", w, f)
		}
	}
	varFace.SetCoords(coords)
	for _, g := range used {
		want, _ := varFace.GlyphDataOutline(font.GID(g))
		got, _ := static.GlyphDataOutline(font.GID(g))
		if !sameOutline(want.Segments, got.Segments) {
			t.Errorf("weight %d glyph %d: embedded outline %v, want %v", w, g, got.Segments, want.Segments)
		}
		if a, b := static.HorizontalAdvance(font.GID(g)), float32(math.Round(float64(varFace.HorizontalAdvance(font.GID(g))))); a != b {
			t.Errorf("weight %d glyph %d: embedded advance %g, want %g", w, g, a, b)
		}
		if got := f.Advance(g); float32(got) != static.HorizontalAdvance(font.GID(g)) {
			t.Errorf("weight %d glyph %d: Face.Advance %d, embedded %g", w, g, got, static.HorizontalAdvance(font.GID(g)))
		}
	}
}

// sameOutline reports whether two outlines have the same segments, their
// points within rounding (a point of the embedded one is rounded to a
// font unit).
func sameOutline(a, b []ot.Segment) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for i := range a {
		if a[i].Op != b[i].Op {
			return false
		}
		pa, pb := a[i].ArgsSlice(), b[i].ArgsSlice()
		for j := range pa {
			if math.Abs(float64(pa[j].X-pb[j].X)) > 0.51 || math.Abs(float64(pa[j].Y-pb[j].Y)) > 0.51 {
				return false
			}
		}
	}
	return true
}

func TestVariableInstanceNames(t *testing.T) {
	r := varRegistry(t, 300, 700)
	a := r.Match(Query{Families: []string{"Var"}, Weight: 700})
	b := r.Match(Query{Families: []string{"Var"}, Weight: 300})
	if a.PostScriptName() == b.PostScriptName() || !strings.HasPrefix(a.PostScriptName(), "FolioVarTest-Regular_wght700") {
		t.Errorf("instance names %q and %q", a.PostScriptName(), b.PostScriptName())
	}
	if !strings.Contains(a.String(), "wght=700") {
		t.Errorf("String() = %q", a.String())
	}
}

func (f *Face) varBaseOrSelf() *Face {
	if f.varBase != nil {
		return f.varBase
	}
	return f
}

func (f *Face) sfntTable(tag string) []byte {
	pf, _ := f.load()
	return pf.sfnt.tables[tag]
}

// TestVariableInstalled: an installed variable font (Options.FontDirs)
// has no weight descriptor, so its wght axis gives the weights it covers:
// bold is its 700 instance, not a synthesised bold.
func TestVariableInstalled(t *testing.T) {
	data, err := os.ReadFile("testdata/FolioVarTest.ttf")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/v.ttf", data, 0o644); err != nil {
		t.Fatal(err)
	}
	r := NewRegistry(Options{FontDirs: []string{dir}})
	f := r.Match(Query{Families: []string{"Folio Var Test"}, Weight: 700})
	if f.Family() != "Folio Var Test" || f.Synthesis() != 0 {
		t.Fatalf("bold of an installed variable font: %s", f)
	}
	if vs := f.Variations(); len(vs) == 0 || vs[0] != (Variation{"wght", 700}) {
		t.Errorf("variations %+v, want wght 700", vs)
	}
	if f := r.Match(Query{Families: []string{"Folio Var Test"}, Weight: 200}); f.Variations()[0].Value != 300 {
		t.Errorf("weight 200: %s, want the axis minimum", f)
	}
}

// TestVariableMalformed: a variable font whose gvar or HVAR bytes are
// garbage neither panics nor loses its text: an instance that cannot be
// made falls back to the default outlines, and what is made subsets.
func TestVariableMalformed(t *testing.T) {
	data, err := os.ReadFile("testdata/FolioVarTest.ttf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := parseSFNT(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []string{"gvar", "HVAR", "avar", "fvar"} {
		for _, fill := range []byte{0x00, 0xFF, 0x7F} {
			tabs := map[string][]byte{}
			for k, v := range s.tables {
				tabs[k] = v
			}
			bad := append([]byte(nil), s.tables[tag]...)
			for i := 4; i < len(bad); i += 3 {
				bad[i] = fill
			}
			tabs[tag] = bad
			r := NewRegistry(Options{})
			if err := r.AddFaceWeights("Var", 300, 700, StyleNormal, writeSFNT(sfntTrueType, tabs)); err != nil {
				continue // refused whole: fine
			}
			for _, w := range []int{300, 700} {
				runs, _ := r.Shape("Hello", Query{Families: []string{"Var"}, Weight: w}, 10, ShapeOptions{})
				if len(runs) != 1 || len(runs[0].Glyphs) != 5 {
					t.Errorf("%s filled with %#x, weight %d: %d runs", tag, fill, w, len(runs))
					continue
				}
				var used []GID
				for _, g := range runs[0].Glyphs {
					used = append(used, g.ID)
				}
				if _, err := runs[0].Face.Unsynthesized().Subset(used); err != nil {
					t.Logf("%s filled with %#x, weight %d: subset: %v", tag, fill, w, err)
				}
			}
		}
	}
}

// TestVariableOpticalSize: Query.OpticalSize (font-optical-sizing: auto)
// sets the opsz axis to the size in px, clamped to the axis; a registry
// whose faces have no opsz axis keeps one chain for all sizes.
func TestVariableOpticalSize(t *testing.T) {
	r := varRegistry(t, 300, 700)
	for _, tc := range []struct{ px, want float64 }{{16, 16}, {250, 100}, {0, -1}} {
		f := r.Match(Query{Families: []string{"Var"}, OpticalSize: tc.px})
		vs := f.Variations()
		if tc.want < 0 {
			if vs != nil {
				t.Errorf("no optical size: %s", f)
			}
			continue
		}
		if len(vs) != 2 || vs[1] != (Variation{"opsz", tc.want}) || vs[0].Value != 400 {
			t.Errorf("optical size %g px: %+v, want opsz %g", tc.px, vs, tc.want)
		}
	}
	plain := NewRegistry(Options{})
	for px := 8.0; px < 40; px++ {
		plain.Match(Query{Families: []string{"serif"}, OpticalSize: px})
	}
	if n := plain.chains.Load().n; n != 1 {
		t.Errorf("%d chains for one family at 32 sizes, want 1 (no opsz axis)", n)
	}
}

// TestCSSVariations: the axis values CSS asks of a face with wght, wdth,
// ital, slnt and opsz axes, in the order they apply, and whether they
// slant it (so that no oblique is synthesised).
func TestCSSVariations(t *testing.T) {
	face := &Face{weight: 200, weightMax: 800}
	all := []Axis{{"wght", 100, 400, 900}, {"wdth", 50, 100, 200}, {"ital", 0, 0, 1}, {"slnt", -20, 0, 0}, {"opsz", 6, 12, 72}}
	noItal := []Axis{{"wght", 100, 400, 900}, {"slnt", -20, 0, 0}}
	for _, tc := range []struct {
		axes    []Axis
		q       Query
		want    string
		slanted bool
	}{
		{all, Query{}, "wght=400", false},
		{all, Query{Weight: 900, Stretch: 75}, "wght=800,wdth=75", false}, // clamped to the @font-face range
		{all, Query{Weight: 100, Style: StyleItalic}, "wght=200,ital=1", true},
		{all, Query{Style: StyleOblique}, "wght=400,slnt=-14", true},
		{noItal, Query{Style: StyleItalic}, "wght=400,slnt=-14", true},
		{[]Axis{{"wdth", 50, 100, 200}}, Query{Style: StyleItalic}, "", false},
		{all, Query{OpticalSize: 16, Variations: "wght=650,ital=0"}, "wght=400,opsz=16,wght=650,ital=0", false},
		{all, Query{Style: StyleItalic, Variations: "ital=0"}, "wght=400,ital=1,ital=0", false}, // taken back: synthesise
		{all, Query{Style: StyleOblique, Variations: "slnt=-8"}, "wght=400,slnt=-14,slnt=-8", true},
	} {
		vs, slanted := cssVariations(face, tc.axes, tc.q)
		var got []string
		for _, v := range vs {
			got = append(got, v.Tag+"="+strconv.FormatFloat(v.Value, 'g', -1, 64))
		}
		if strings.Join(got, ",") != tc.want || slanted != tc.slanted {
			t.Errorf("%+v: %v slanted %v, want %s slanted %v", tc.q, got, slanted, tc.want, tc.slanted)
		}
	}
}

// TestVariableConcurrent: instances are made, shaped and subset from
// several goroutines at once (run with -race), each coordinate one face.
func TestVariableConcurrent(t *testing.T) {
	r := varRegistry(t, 300, 700)
	var wg sync.WaitGroup
	faces := make([][]*Face, 8)
	for i := range faces {
		wg.Go(func() {
			for w := 300; w <= 700; w += 50 {
				runs, _ := r.Shape("Hello Voila", Query{Families: []string{"Var"}, Weight: w}, 10, ShapeOptions{})
				var used []GID
				for _, g := range runs[0].Glyphs {
					used = append(used, g.ID)
				}
				if _, err := runs[0].Face.Subset(used); err != nil {
					t.Error(err)
				}
				faces[i] = append(faces[i], runs[0].Face)
			}
		})
	}
	wg.Wait()
	for i := range faces {
		if !slices.Equal(faces[i], faces[0]) {
			t.Fatalf("goroutine %d got other faces", i)
		}
	}
}
