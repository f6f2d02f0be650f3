package fonts

import (
	"bytes"
	"encoding/binary"
	"testing"

	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/font/opentype/tables"
)

// parsedGlyf reads a TrueType program with go-text's table parsers.
type parsedGlyf struct {
	numGlyphs int
	hmtx      tables.Hmtx
	glyf      tables.Glyf
	loca      []uint32
	tags      []ot.Tag
}

func parseGlyfFont(t *testing.T, data []byte) parsedGlyf {
	t.Helper()
	ld, err := ot.NewLoader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("loader: %v", err)
	}
	raw := func(tag string) []byte {
		b, err := ld.RawTable(ot.MustNewTag(tag))
		if err != nil {
			t.Fatalf("table %s: %v", tag, err)
		}
		return b
	}
	head, _, err := tables.ParseHead(raw("head"))
	if err != nil {
		t.Fatal(err)
	}
	maxp, _, err := tables.ParseMaxp(raw("maxp"))
	if err != nil {
		t.Fatal(err)
	}
	hhea, _, err := tables.ParseHhea(raw("hhea"))
	if err != nil {
		t.Fatal(err)
	}
	n := int(maxp.NumGlyphs)
	hmtx, _, err := tables.ParseHmtx(raw("hmtx"), int(hhea.NumOfLongMetrics), n-int(hhea.NumOfLongMetrics))
	if err != nil {
		t.Fatal(err)
	}
	loca, err := tables.ParseLoca(raw("loca"), n, head.IndexToLocFormat == 1)
	if err != nil {
		t.Fatal(err)
	}
	glyf, err := tables.ParseGlyf(raw("glyf"), loca)
	if err != nil {
		t.Fatal(err)
	}
	return parsedGlyf{numGlyphs: n, hmtx: hmtx, glyf: glyf, loca: loca, tags: ld.Tables()}
}

func (p parsedGlyf) advance(g int) int16 {
	if g < len(p.hmtx.Metrics) {
		return int16(p.hmtx.Metrics[g].AdvanceWidth)
	}
	return int16(p.hmtx.Metrics[len(p.hmtx.Metrics)-1].AdvanceWidth)
}

func glyphBox(g tables.Glyph) [4]int16 { return [4]int16{g.XMin, g.YMin, g.XMax, g.YMax} }

func TestSubset(t *testing.T) {
	r := NewRegistry(Options{})
	for _, fam := range []string{"serif", "DejaVu Sans"} {
		f := r.Match(Query{Families: []string{fam}})
		runs, _ := r.Shape("Häagen-Dazs ffi Ωμέγα Å ǻ", Query{Families: []string{fam}}, 10, ShapeOptions{})
		var used []GID
		for _, run := range runs {
			if run.Face != f {
				t.Fatalf("%s: text fell back to %s", fam, run.Face)
			}
			for _, g := range run.Glyphs {
				used = append(used, g.ID)
			}
		}
		sub, err := f.Subset(used)
		if err != nil {
			t.Fatal(err)
		}
		if len(sub)*10 > len(f.Data()) {
			t.Errorf("%s: subset %d bytes, original %d: not much smaller", fam, len(sub), len(f.Data()))
		}
		orig, got := parseGlyfFont(t, f.Data()), parseGlyfFont(t, sub)
		if got.numGlyphs != orig.numGlyphs {
			t.Fatalf("numGlyphs %d, want %d", got.numGlyphs, orig.numGlyphs)
		}
		for _, tag := range got.tags {
			switch tag.String() {
			case "head", "hhea", "hmtx", "maxp", "loca", "glyf", "cvt ", "fpgm", "prep":
			default:
				t.Errorf("%s: unexpected table %q in subset", fam, tag)
			}
		}
		keep := map[int]bool{0: true}
		var mark func(int)
		mark = func(g int) {
			keep[g] = true
			if cd, ok := orig.glyf[g].Data.(tables.CompositeGlyph); ok {
				for _, c := range cd.Glyphs {
					mark(int(c.GlyphIndex))
				}
			}
		}
		for _, g := range used {
			mark(int(g))
		}
		composites := 0
		for g := 0; g < orig.numGlyphs; g++ {
			if got.advance(g) != orig.advance(g) {
				t.Errorf("%s: glyph %d advance %d, want %d", fam, g, got.advance(g), orig.advance(g))
			}
			if keep[g] {
				if glyphBox(got.glyf[g]) != glyphBox(orig.glyf[g]) {
					t.Errorf("%s: glyph %d bbox %v, want %v", fam, g, glyphBox(got.glyf[g]), glyphBox(orig.glyf[g]))
				}
				if _, ok := orig.glyf[g].Data.(tables.CompositeGlyph); ok {
					composites++
				}
			} else if got.loca[g] != got.loca[g+1] {
				t.Errorf("%s: unused glyph %d not empty", fam, g)
			}
		}
		if composites == 0 && fam == "serif" {
			t.Errorf("%s: test text has no composite glyphs; pick other accents", fam)
		}
		checkChecksums(t, sub)

		// Deterministic, independent of order and repeats.
		rev := make([]GID, 0, 2*len(used))
		for i := len(used) - 1; i >= 0; i-- {
			rev = append(rev, used[i], used[i])
		}
		again, err := f.Subset(rev)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, sub) {
			t.Errorf("%s: subset bytes depend on glyph order", fam)
		}
	}
}

// checkChecksums verifies every table checksum, 4-byte alignment and the
// whole-file checksum that head.checkSumAdjustment establishes.
func checkChecksums(t *testing.T, font []byte) {
	t.Helper()
	if len(font)%4 != 0 {
		t.Errorf("font length %d not 4-aligned", len(font))
	}
	n := int(binary.BigEndian.Uint16(font[4:]))
	prev := ""
	for i := 0; i < n; i++ {
		rec := font[12+16*i:]
		tag := string(rec[:4])
		if tag <= prev {
			t.Errorf("table directory not sorted at %q", tag)
		}
		prev = tag
		sum, off, length := binary.BigEndian.Uint32(rec[4:]), binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		if off%4 != 0 {
			t.Errorf("table %q at unaligned offset %d", tag, off)
		}
		data := append([]byte(nil), font[off:off+length]...)
		if tag == "head" {
			binary.BigEndian.PutUint32(data[8:], 0)
		}
		if checksum(data) != sum {
			t.Errorf("table %q checksum %#x, recorded %#x", tag, checksum(data), sum)
		}
	}
	if got := checksum(font); got != 0xB1B0AFBA {
		t.Errorf("file checksum %#x, want 0xB1B0AFBA", got)
	}
}

func TestSubsetBadGlyphIDs(t *testing.T) {
	f := NewRegistry(Options{}).Match(Query{})
	sub, err := f.Subset([]GID{65535, 36})
	if err != nil {
		t.Fatal(err)
	}
	got := parseGlyfFont(t, sub)
	if got.loca[36] == got.loca[37] {
		t.Error("glyph 36 (A) dropped")
	}
}
