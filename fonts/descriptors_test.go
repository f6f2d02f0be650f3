package fonts

import (
	"encoding/binary"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readTestFont returns a font of testdata.
func readTestFont(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestStretchMatching: font-stretch narrows the faces before style and
// weight, with CSS Fonts 4 §5.2 step 4a's order (narrower first up to
// 100%, wider first above), a range face matching at its nearest end.
func TestStretchMatching(t *testing.T) {
	data := readTestFont(t, "cafe.ttf")
	r := NewRegistry(Options{})
	for _, d := range []FaceDescriptors{
		{Stretch: [2]float64{62.5, 62.5}},
		{Stretch: [2]float64{87.5, 87.5}},
		{Stretch: [2]float64{87.5, 87.5}, Weight: [2]int{700, 700}},
		{Stretch: [2]float64{112.5, 112.5}, Style: StyleItalic},
		{Stretch: [2]float64{140, 160}},
	} {
		if err := r.AddFaceDescriptors("W", d, data); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		stretch float64
		style   Style
		weight  int
		want    float64 // the chosen face's lower width
		wantW   int
	}{
		{100, StyleNormal, 400, 87.5, 400}, // narrower first at ≤ 100%
		{0, StyleNormal, 700, 87.5, 700},   // 0 is normal
		{75, StyleNormal, 400, 62.5, 400},
		{50, StyleNormal, 400, 62.5, 400}, // none narrower: wider ascending
		{112.5, StyleNormal, 400, 112.5, 400},
		{125, StyleNormal, 400, 140, 400},   // wider first above 100%
		{150, StyleNormal, 400, 140, 400},   // inside the range
		{300, StyleNormal, 400, 140, 400},   // none wider: narrower descending
		{87.5, StyleItalic, 400, 87.5, 400}, // width before style
		{112.5, StyleItalic, 400, 112.5, 400},
	}
	for _, tc := range tests {
		f := r.Match(Query{Families: []string{"W"}, Stretch: tc.stretch, Style: tc.style, Weight: tc.weight}).Unsynthesized()
		if f.stretch != tc.want || f.weight != tc.wantW {
			t.Errorf("stretch %g style %d weight %d: face at %g%% weight %d, want %g%% weight %d",
				tc.stretch, tc.style, tc.weight, f.stretch, f.weight, tc.want, tc.wantW)
		}
	}
	if f := r.Match(Query{Families: []string{"W"}, Stretch: 87.5, Style: StyleItalic}); f.Synthesis() != SynthOblique {
		t.Errorf("italic at 87.5%%: synthesis %v, want oblique (the italic face is wider)", f.Synthesis())
	}
}

// TestStretchAuto: without a font-stretch descriptor a static
// @font-face is normal width (as Chromium takes it) and an installed
// font has the width of its OS/2 usWidthClass; of equal faces the one
// added last wins; a stretch out of range is refused.
func TestStretchAuto(t *testing.T) {
	data := readTestFont(t, "cafe.ttf")
	s, err := parseSFNT(data)
	if err != nil {
		t.Fatal(err)
	}
	os2 := s.tables["OS/2"]
	cond := append([]byte(nil), data...)
	off := -1
	for i := 0; i+len(os2) <= len(data); i++ { // the table's offset in the file
		if &data[i] == &os2[0] {
			off = i
			break
		}
	}
	if off < 0 {
		t.Fatal("OS/2 table not found")
	}
	binary.BigEndian.PutUint16(cond[off+6:], 3) // condensed
	r := NewRegistry(Options{})
	for _, d := range [][]byte{data, cond} {
		if err := r.AddFaceDescriptors("A", FaceDescriptors{AutoStyle: true}, d); err != nil {
			t.Fatal(err)
		}
	}
	faces := r.Families("A")
	if faces[0].stretch != 100 || faces[1].stretch != 100 {
		t.Fatalf("@font-face widths %g, %g; want 100, 100", faces[0].stretch, faces[1].stretch)
	}
	if f := r.Match(Query{Families: []string{"A"}}); f != faces[1] {
		t.Errorf("equal faces: got %s, want the last added", f)
	}
	for _, tc := range []struct {
		data []byte
		want float64
	}{{data, 100}, {cond, 75}} {
		f, err := faceFromFile(tc.data)
		if err != nil {
			t.Fatal(err)
		}
		if lo, hi := f.stretchRange(); lo != tc.want || hi != tc.want {
			t.Errorf("installed face: width %g–%g, want %g", lo, hi, tc.want)
		}
	}
	err = r.AddFaceDescriptors("B", FaceDescriptors{Stretch: [2]float64{50, 2000}}, data)
	if err == nil || !strings.Contains(err.Error(), "font-stretch 2000% outside 0–1000%") {
		t.Errorf("stretch 2000%%: %v", err)
	}
}

// TestWeightAuto: an @font-face without font-weight on a variable font
// covers its wght axis (CSS Fonts 4: the descriptor's initial value is
// auto), so bold uses wght 700 rather than synthetic bold.
func TestWeightAuto(t *testing.T) {
	r := NewRegistry(Options{})
	if err := r.AddFaceDescriptors("V", FaceDescriptors{AutoStyle: true}, readTestFont(t, "FolioVarTest.ttf")); err != nil {
		t.Fatal(err)
	}
	base := r.Families("V")[0]
	if base.weight != 300 || base.weightMax != 700 {
		t.Fatalf("auto weight range %d–%d, want the axis's 300–700", base.weight, base.weightMax)
	}
	for _, tc := range []struct {
		weight int
		wght   float64
	}{{700, 700}, {900, 700}, {100, 300}, {550, 550}} {
		f := r.Match(Query{Families: []string{"V"}, Weight: tc.weight})
		if f.Synthesis() != 0 {
			t.Errorf("weight %d: synthesis %v, want none", tc.weight, f.Synthesis())
		}
		if vs := f.Variations(); len(vs) == 0 || vs[0] != (Variation{"wght", tc.wght}) {
			t.Errorf("weight %d: variations %v, want wght %g", tc.weight, vs, tc.wght)
		}
	}
	// a declared weight still clamps
	r2 := NewRegistry(Options{})
	if err := r2.AddFaceDescriptors("V", FaceDescriptors{Weight: [2]int{400, 400}}, readTestFont(t, "FolioVarTest.ttf")); err != nil {
		t.Fatal(err)
	}
	if f := r2.Match(Query{Families: []string{"V"}, Weight: 700}); f.Synthesis() != SynthBold {
		t.Errorf("declared 400: synthesis %v, want bold", f.Synthesis())
	}
}

// parsedTestFace returns a face parsed as the given axes and OS/2 table.
func parsedTestFace(axes []Axis, os2 []byte) *Face {
	f := newFace("T", 400, StyleNormal, nil)
	f.once.Do(func() {})
	f.parsed = &parsedFace{axes: axes, sfnt: &sfnt{tables: map[string][]byte{"OS/2": os2}}}
	return f
}

// TestDescriptorsAuto: auto descriptors take the wdth axis as the width
// range, and an ital or slnt axis makes the face match every style.
func TestDescriptorsAuto(t *testing.T) {
	os2 := make([]byte, 8)
	binary.BigEndian.PutUint16(os2[6:], 7) // expanded: 125%
	tests := []struct {
		name      string
		axes      []Axis
		autoStyle bool
		lo, hi    float64 // given stretch
		wantLo    float64
		wantHi    float64
		slant     bool
	}{
		{"static", nil, true, 0, 0, 125, 125, false},
		{"wdth", []Axis{{"wdth", 75, 100, 125}}, true, 0, 0, 75, 125, false},
		{"wdth declared", []Axis{{"wdth", 75, 100, 125}}, true, 100, 100, 100, 100, false},
		{"ital", []Axis{{"ital", 0, 0, 1}}, true, 0, 0, 125, 125, true},
		{"slnt", []Axis{{"slnt", -12, 0, 0}}, true, 0, 0, 125, 125, true},
		{"slnt declared style", []Axis{{"slnt", -12, 0, 0}}, false, 0, 0, 125, 125, false},
	}
	for _, tc := range tests {
		f := parsedTestFace(tc.axes, os2)
		f.resolveDescriptors(true, tc.autoStyle, true, tc.lo, tc.hi)
		if f.stretch != tc.wantLo || f.stretchMax != tc.wantHi || f.autoSlant != tc.slant {
			t.Errorf("%s: stretch %g–%g slant %v, want %g–%g %v", tc.name, f.stretch, f.stretchMax, f.autoSlant, tc.wantLo, tc.wantHi, tc.slant)
		}
		if got := synthesisFor(f, 400, StyleItalic); (got == 0) != tc.slant {
			t.Errorf("%s: italic synthesis %v", tc.name, got)
		}
	}
}

// TestStretchVariations: a face's font-stretch range clamps the wdth axis
// value CSS asks for, and a face declared off 100% gets its width at
// font-stretch: normal.
func TestStretchVariations(t *testing.T) {
	axes := []Axis{{"wdth", 50, 100, 200}}
	for _, tc := range []struct {
		lo, hi  float64 // the face's range (0: unknown)
		stretch float64
		want    string
	}{
		{0, 0, 0, ""},
		{0, 0, 75, "wdth=75"},
		{0, 0, 300, "wdth=300"}, // (the axis clamps later)
		{75, 125, 50, "wdth=75"},
		{75, 125, 150, "wdth=125"},
		{75, 125, 110, "wdth=110"},
		{62.5, 62.5, 0, "wdth=62.5"},
	} {
		f := &Face{weight: 400, weightMax: 400, stretch: tc.lo, stretchMax: tc.hi}
		vs, _ := cssVariations(f, axes, Query{Stretch: tc.stretch})
		got := ""
		for _, v := range vs {
			got += v.Tag + "=" + strconv.FormatFloat(v.Value, 'g', -1, 64)
		}
		if got != tc.want {
			t.Errorf("range %g–%g, stretch %g: %q, want %q", tc.lo, tc.hi, tc.stretch, got, tc.want)
		}
	}
}
