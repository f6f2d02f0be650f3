package pdfua

import (
	"encoding/binary"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// sfntMetrics reads unitsPerEm, numGlyphs and the advances from a
// TrueType program, independently of package fonts.
type sfntMetrics struct {
	upem      int
	numGlyphs int
	advances  []int
}

func parseSFNTMetrics(t *testing.T, data []byte) sfntMetrics {
	t.Helper()
	tables := map[string][]byte{}
	if len(data) < 12 {
		t.Fatalf("font program of %d bytes", len(data))
	}
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := 0; i < n; i++ {
		rec := data[12+16*i:]
		off, length := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		tables[string(rec[:4])] = data[off : off+length]
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "maxp", "loca", "glyf"} {
		if tables[tag] == nil {
			t.Errorf("font program lacks the %s table", tag)
		}
	}
	m := sfntMetrics{
		upem:      int(binary.BigEndian.Uint16(tables["head"][18:])),
		numGlyphs: int(binary.BigEndian.Uint16(tables["maxp"][4:])),
	}
	nh := int(binary.BigEndian.Uint16(tables["hhea"][34:]))
	for i := 0; i < nh; i++ {
		m.advances = append(m.advances, int(binary.BigEndian.Uint16(tables["hmtx"][4*i:])))
	}
	return m
}

func (m sfntMetrics) advance(gid int) int {
	if gid < len(m.advances) {
		return m.advances[gid]
	}
	return m.advances[len(m.advances)-1]
}

// parseW reads a /W array into CID → width.
func parseW(t *testing.T, w pdfobj.Array) map[int]float64 {
	out := map[int]float64{}
	for i := 0; i < len(w); {
		first, _ := pdfobj.Number(w[i])
		if arr, ok := w[i+1].(pdfobj.Array); ok {
			for j, v := range arr {
				out[int(first)+j], _ = pdfobj.Number(v)
			}
			i += 2
			continue
		}
		last, _ := pdfobj.Number(w[i+1])
		width, _ := pdfobj.Number(w[i+2])
		for c := int(first); c <= int(last); c++ {
			out[c] = width
		}
		i += 3
	}
	return out
}

var (
	bfcharRe  = regexp.MustCompile(`<([0-9A-F]{4})> <([0-9A-F]+)>\n`)
	bfrangeRe = regexp.MustCompile(`<([0-9A-F]{4})> <([0-9A-F]{4})> <([0-9A-F]{4})>\n`)
)

// parseToUnicode reads bfchar and bfrange entries into CID → UTF-16 units.
func parseToUnicode(cmap []byte) map[int][]uint16 {
	out := map[int][]uint16{}
	hex := func(s string) int { v, _ := strconv.ParseUint(s, 16, 32); return int(v) }
	for _, m := range bfrangeRe.FindAllStringSubmatch(string(cmap), -1) {
		lo, hi, dst := hex(m[1]), hex(m[2]), hex(m[3])
		for c := lo; c <= hi; c++ {
			out[c] = []uint16{uint16(dst + c - lo)}
		}
	}
	for _, m := range bfcharRe.FindAllStringSubmatch(string(cmap), -1) {
		var units []uint16
		for i := 0; i+4 <= len(m[2]); i += 4 {
			units = append(units, uint16(hex(m[2][i:i+4])))
		}
		out[hex(m[1])] = units
	}
	return out
}

// TestGlyphRules checks, for every glyph shown in the three-page document,
// the font rules of PDF/UA-1 7.21: the glyph exists in the embedded program
// (CID ≠ 0, CID < numGlyphs), its /W width is within 1 unit of the
// program's advance × 1000 / unitsPerEm, and it has a ToUnicode mapping
// without U+0000, U+FEFF or U+FFFE.
func TestGlyphRules(t *testing.T) {
	data, err := buildTestDocument(t).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	f, err := pdfobj.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	type fontInfo struct {
		name    string
		metrics sfntMetrics
		widths  map[int]float64
		uni     map[int][]uint16
	}
	fontsByRef := map[pdfobj.Ref]*fontInfo{}
	load := func(ref pdfobj.Ref) *fontInfo {
		if fi := fontsByRef[ref]; fi != nil {
			return fi
		}
		t0 := f.Resolve(ref).(pdfobj.Dict)
		cid := f.Resolve(t0["DescendantFonts"].(pdfobj.Array)[0]).(pdfobj.Dict)
		desc := f.Resolve(cid["FontDescriptor"]).(pdfobj.Dict)
		program, err := f.DecodeStream(f.Resolve(desc["FontFile2"]).(*pdfobj.Stream))
		if err != nil {
			t.Fatal(err)
		}
		cmap, err := f.DecodeStream(f.Resolve(t0["ToUnicode"]).(*pdfobj.Stream))
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`^[A-Z]{6}\+`).MatchString(string(t0["BaseFont"].(pdfobj.Name))) {
			t.Errorf("BaseFont %s has no subset tag", t0["BaseFont"])
		}
		fi := &fontInfo{
			name:    string(t0["BaseFont"].(pdfobj.Name)),
			metrics: parseSFNTMetrics(t, program),
			widths:  parseW(t, f.Resolve(cid["W"]).(pdfobj.Array)),
			uni:     parseToUnicode(cmap),
		}
		fontsByRef[ref] = fi
		return fi
	}
	pages, err := f.Pages()
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for n, pg := range pages {
		fontRes := f.Resolve(pg.Resources["Font"]).(pdfobj.Dict)
		content, err := f.DecodeStream(f.Resolve(pg.Dict["Contents"]).(*pdfobj.Stream))
		if err != nil {
			t.Fatal(err)
		}
		ops, err := pdfobj.ParseContent(content)
		if err != nil {
			t.Fatal(err)
		}
		var cur *fontInfo
		check := func(s []byte) {
			for i := 0; i+1 < len(s); i += 2 {
				c := int(s[i])<<8 | int(s[i+1])
				shown++
				if c == 0 || c >= cur.metrics.numGlyphs {
					t.Errorf("page %d, %s: CID %d is not a glyph of the program (%d glyphs)", n+1, cur.name, c, cur.metrics.numGlyphs)
					continue
				}
				want := float64(cur.metrics.advance(c)) * 1000 / float64(cur.metrics.upem)
				if got, ok := cur.widths[c]; !ok || math.Abs(got-want) > 1 {
					t.Errorf("page %d, %s: CID %d has /W %v, program advance gives %v", n+1, cur.name, c, got, want)
				}
				u, ok := cur.uni[c]
				if !ok || len(u) == 0 {
					t.Errorf("page %d, %s: CID %d has no ToUnicode mapping", n+1, cur.name, c)
				}
				for _, v := range u {
					if v == 0 || v == 0xFEFF || v == 0xFFFE {
						t.Errorf("page %d, %s: CID %d maps to U+%04X", n+1, cur.name, c, v)
					}
				}
			}
		}
		for _, op := range ops {
			switch op.Operator {
			case "Tf":
				cur = load(fontRes[op.Operands[0].(pdfobj.Name)].(pdfobj.Ref))
			case "TJ":
				for _, o := range op.Operands[0].(pdfobj.Array) {
					switch s := o.(type) {
					case pdfobj.HexString:
						check(s)
					case pdfobj.String:
						check(s)
					}
				}
			}
		}
	}
	if shown < 200 || len(fontsByRef) != 2 {
		t.Errorf("checked %d glyphs in %d fonts; the test document should show more than 200 in 2 fonts", shown, len(fontsByRef))
	}
}
