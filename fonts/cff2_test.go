package fonts

import (
	"bytes"
	"math"
	"testing"

	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
)

// cff2Registry returns a registry with testdata/NotoSansCJK-VF.abc.otf (a
// CFF2 variable font: wght 100–900, glyphs for A, B, C) added as "C"
// with auto descriptors.
func cff2Registry(t *testing.T) *Registry {
	t.Helper()
	r := NewRegistry(Options{})
	if err := r.AddFaceDescriptors("C", FaceDescriptors{AutoStyle: true}, readTestFont(t, "NotoSansCJK-VF.abc.otf")); err != nil {
		t.Fatal(err)
	}
	return r
}

// outlineOf returns glyph g's outline in face fc.
func outlineOf(t *testing.T, fc *font.Face, g GID) []ot.Segment {
	t.Helper()
	o, ok := fc.GlyphData(font.GID(g)).(font.GlyphOutline)
	if !ok || len(o.Segments) == 0 {
		t.Fatalf("glyph %d has no outline", g)
	}
	return o.Segments
}

// TestCFF2Instances: a CFF2 variable font reports its axes, bold is its
// wght 700 instance (no synthesis), and the subset of each instance is an
// OpenType font with a CFF table whose outlines are the CFF2 outlines at
// the instance's coordinates (to the unit: points are rounded) and whose
// hmtx has the instance's advances; the unused glyphs are empty.
func TestCFF2Instances(t *testing.T) {
	r := cff2Registry(t)
	base := r.Families("C")[0]
	if axes := base.Axes(); len(axes) != 1 || axes[0] != (Axis{"wght", 100, 100, 900}) {
		t.Fatalf("axes %+v", axes)
	}
	pfBase, _ := base.load()
	gA, gB := pfBase.ascii['A'], pfBase.ascii['B']
	var outlines [][]ot.Segment
	for _, weight := range []int{100, 700, 900} {
		f := r.Match(Query{Families: []string{"C"}, Weight: weight})
		if f.Synthesis() != 0 {
			t.Errorf("weight %d: synthesis %v", weight, f.Synthesis())
		}
		pf, err := f.load()
		if err != nil {
			t.Fatal(err)
		}
		sub, err := f.Subset([]GID{gA})
		if err != nil {
			t.Fatalf("weight %d: %v", weight, err)
		}
		s, err := parseSFNT(sub)
		if err != nil {
			t.Fatalf("weight %d: subset does not parse: %v", weight, err)
		}
		if s.version != sfntOTTO || s.tables["CFF "] == nil || s.tables["CFF2"] != nil || s.tables["fvar"] != nil {
			t.Fatalf("weight %d: subset tables %v", weight, s.order)
		}
		ld, err := ot.NewLoader(bytes.NewReader(sub))
		if err != nil {
			t.Fatal(err)
		}
		ft, err := font.NewFont(ld)
		if err != nil {
			t.Fatalf("weight %d: subset does not load: %v", weight, err)
		}
		got := openContours(outlineOf(t, font.NewFace(ft), gA))
		src := font.NewFace(pfBase.font)
		src.SetCoords(pf.coords)
		want := openContours(outlineOf(t, src, gA))
		if len(got) != len(want) {
			t.Fatalf("weight %d: %d segments, want %d\n%v\n%v", weight, len(got), len(want), got, want)
		}
		for i := range want {
			for k, p := range want[i].ArgsSlice() {
				q := got[i].Args[k]
				if got[i].Op != want[i].Op || math.Abs(float64(p.X-q.X)) > 0.5 || math.Abs(float64(p.Y-q.Y)) > 0.5 {
					t.Fatalf("weight %d: segment %d %v, want %v", weight, i, got[i], want[i])
				}
			}
		}
		if o, ok := font.NewFace(ft).GlyphData(font.GID(gB)).(font.GlyphOutline); ok && len(o.Segments) > 0 {
			t.Errorf("weight %d: unused glyph B kept", weight)
		}
		if adv := parseHmtx(s, pf.numGlyphs)[gA]; adv != pf.advance(gA) || float32(adv) != float32(math.Round(float64(src.HorizontalAdvance(font.GID(gA))))) {
			t.Errorf("weight %d: subset advance %d, instance %d", weight, adv, pf.advance(gA))
		}
		outlines = append(outlines, got)
	}
	if segmentsEqual(outlines[0], outlines[2]) {
		t.Error("wght 100 and 900 draw alike")
	}
}

// openContours drops the line that closes a contour back to its start
// (go-text reads it from CFF, not from CFF2: Type 2 closes implicitly).
func openContours(segs []ot.Segment) []ot.Segment {
	var out []ot.Segment
	var start ot.SegmentPoint
	for i, s := range segs {
		if s.Op == ot.SegmentOpMoveTo {
			start = s.Args[0]
		}
		last := i+1 == len(segs) || segs[i+1].Op == ot.SegmentOpMoveTo
		if last && s.Op == ot.SegmentOpLineTo && s.Args[0] == start {
			continue
		}
		out = append(out, s)
	}
	return out
}

// segmentsEqual reports whether two outlines are the same.
func segmentsEqual(a, b []ot.Segment) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCFFIntEncoding: Type 2 charstring integers round-trip at the
// edges of each encoding.
func TestCFFIntEncoding(t *testing.T) {
	for _, v := range []int{0, 107, -107, 108, 1131, -108, -1131, 1132, -1132, 32767, -32768} {
		b := appendCSInt(nil, v)
		var got int
		switch c := int(b[0]); {
		case c >= 32 && c <= 246:
			got = c - 139
		case c >= 247 && c <= 250:
			got = (c-247)*256 + int(b[1]) + 108
		case c >= 251 && c <= 254:
			got = -(c-251)*256 - int(b[1]) - 108
		case c == 28:
			got = int(int16(uint16(b[1])<<8 | uint16(b[2])))
		}
		if got != v {
			t.Errorf("%d encodes as % x (%d)", v, b, got)
		}
	}
}

// TestCFF2Malformed: a CFF2 table with damaged bytes is refused or drawn
// and subset without a panic.
func TestCFF2Malformed(t *testing.T) {
	data := readTestFont(t, "NotoSansCJK-VF.abc.otf")
	s, err := parseSFNT(data)
	if err != nil {
		t.Fatal(err)
	}
	cff2 := s.tables["CFF2"]
	off := bytes.Index(data, cff2)
	for _, pos := range []int{0, 3, 5, 8, 12, 20, 40, len(cff2) / 2, len(cff2) - 8} {
		for _, v := range []byte{0, 0xff, 0x1c} {
			bad := append([]byte(nil), data...)
			bad[off+pos] = v
			r := NewRegistry(Options{})
			if r.AddFaceDescriptors("C", FaceDescriptors{AutoStyle: true}, bad) != nil {
				continue
			}
			for _, w := range []int{100, 700} {
				f := r.Match(Query{Families: []string{"C"}, Weight: w})
				runs, _ := r.Shape("ABC", Query{Families: []string{"C"}, Weight: w}, 12, ShapeOptions{})
				var used []GID
				for _, run := range runs {
					for _, g := range run.Glyphs {
						used = append(used, g.ID)
					}
				}
				_, _ = f.Subset(used)
			}
		}
	}
}
