package ua

import (
	"encoding/binary"
	"slices"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// cffIndexBytes writes a CFF INDEX of items with 1-byte offsets.
func cffIndexBytes(items ...[]byte) []byte {
	if len(items) == 0 {
		return []byte{0, 0}
	}
	out := []byte{0, byte(len(items)), 1, 1}
	off := 1
	for _, it := range items {
		off += len(it)
		out = append(out, byte(off))
	}
	for _, it := range items {
		out = append(out, it...)
	}
	return out
}

// fakeCFF builds a bare CFF program whose glyphs have the given names
// (.notdef first, implied): standard strings by their SID, others from
// the String INDEX, in a format 0 charset.
func fakeCFF(names ...string) []byte {
	var custom [][]byte
	var sids []int
	for _, n := range names {
		sid := slices.Index(cffStandardStrings[:], n)
		if sid < 0 {
			sid = len(cffStandardStrings) + len(custom)
			custom = append(custom, []byte(n))
		}
		sids = append(sids, sid)
	}
	int5 := func(v int) []byte { return []byte{29, byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)} }
	head := []byte{1, 0, 4, 1}
	nameIdx := cffIndexBytes([]byte("Test"))
	strIdx := cffIndexBytes(custom...)
	gsubr := cffIndexBytes()
	topLen := 2 + 1 + 2 + 12 // one Top DICT of two 5-byte operands and their operators
	charset := len(head) + len(nameIdx) + topLen + len(strIdx) + len(gsubr)
	csData := []byte{0}
	for _, sid := range sids {
		csData = append(csData, byte(sid>>8), byte(sid))
	}
	charStrings := charset + len(csData)
	top := append(append(int5(charset), 15), append(int5(charStrings), 17)...)
	glyphs := [][]byte{{14}}
	for range names {
		glyphs = append(glyphs, []byte{14})
	}
	out := slices.Concat(head, nameIdx, cffIndexBytes(top), strIdx, gsubr, csData, cffIndexBytes(glyphs...))
	return out
}

func TestCFFGlyphNames(t *testing.T) {
	names, ok := cffGlyphNames(fakeCFF("H", "i", "H.alt"))
	if !ok {
		t.Fatal("fake CFF not readable")
	}
	for _, n := range []string{".notdef", "H", "i", "H.alt"} {
		if !names[n] {
			t.Errorf("%s missing from %v", n, names)
		}
	}
	if len(names) != 4 {
		t.Errorf("names %v, want 4", names)
	}
	for _, bad := range [][]byte{nil, {1, 0, 4}, {1, 0, 200, 1}, fakeCFF("H")[:30]} {
		if _, ok := cffGlyphNames(bad); ok {
			t.Errorf("damaged program %x read", bad)
		}
	}
}

// TestCharSetRuleCFF checks 7.21.4.2-1 on a subset Type 1 font whose
// program is bare CFF (FontFile3 /Type1C).
func TestCharSetRuleCFF(t *testing.T) {
	res := func(prog []byte, charSet string) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
		return func(w *pdfobj.Writer, _ map[string]pdfobj.Ref, _ func(int, pdfobj.Object)) pdfobj.Dict {
			fd := w.Add(pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name("ABCDEF+Test"), "Flags": pdfobj.Int(32), "CharSet": pdfobj.String(charSet),
				"FontFile3": w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("Type1C")}, Data: prog})})
			return pdfobj.Dict{"Font": pdfobj.Dict{"F1": w.Add(pdfobj.Dict{"Type": pdfobj.Name("Font"), "Subtype": pdfobj.Name("Type1"), "BaseFont": pdfobj.Name("ABCDEF+Test"),
				"FontDescriptor": fd, "Encoding": pdfobj.Name("WinAnsiEncoding")})}}
		}
	}
	text := "/Artifact BMC BT /F1 12 Tf (Hi) Tj ET EMC\n"
	custom, expert, subset := fakeCFF("H", "i"), predefinedCFF(1, 4, false), predefinedCFF(2, 4, false)
	for _, tt := range []struct {
		name    string
		prog    []byte
		charSet string
		fail    bool
	}{
		{"exact", custom, "/H/i", false},
		{"glyph not listed", custom, "/H", true},
		{"listed glyph absent", custom, "/H/i/z", true},
		{"Expert charset listed", expert, "/space/exclamsmall/Hungarumlautsmall", false},
		{"Expert charset: glyph not listed", expert, "/space/exclamsmall", true},
		{"ExpertSubset charset listed", subset, "/space/dollaroldstyle/dollarsuperior", false},
		{"ExpertSubset charset: listed glyph absent", subset, "/space/dollaroldstyle/dollarsuperior/exclamsmall", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := auditBytes(t, mini{tree: doc(leaf("P", nil)), content: text, resources: res(tt.prog, tt.charSet)}.build(t))
			failed := false
			for _, f := range rep.Errors {
				if f.Rule == "pdfua-7.21.4.2-1" {
					failed = true
				} else {
					t.Errorf("unexpected finding %s: %s", f.Rule, f.Message)
				}
			}
			if failed != tt.fail {
				t.Errorf("7.21.4.2-1 failed = %v, want %v", failed, tt.fail)
			}
		})
	}
}

// fakeCIDCFF builds a CID-keyed CFF program (a Top DICT with ROS) whose
// glyphs after .notdef have the given CIDs, in a format 0 charset, or in
// a format 2 one of ranges when ranges is set (cids then holds first/last
// pairs).
func fakeCIDCFF(ranges bool, cids ...int) []byte {
	int5 := func(v int) []byte { return []byte{29, byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)} }
	head := []byte{1, 0, 4, 1}
	nameIdx := cffIndexBytes([]byte("Test"))
	strIdx := cffIndexBytes([]byte("Adobe"), []byte("Identity"))
	gsubr := cffIndexBytes()
	ros := slices.Concat(int5(391), int5(392), int5(0), []byte{12, 30})
	topLen := 2 + 1 + 2 + len(ros) + 12
	charset := len(head) + len(nameIdx) + topLen + len(strIdx) + len(gsubr)
	n := len(cids)
	csData := []byte{0}
	if ranges {
		csData, n = []byte{2}, 0
		for i := 0; i+1 < len(cids); i += 2 {
			left := cids[i+1] - cids[i]
			csData = append(csData, byte(cids[i]>>8), byte(cids[i]), byte(left>>8), byte(left))
			n += left + 1
		}
	} else {
		for _, cid := range cids {
			csData = append(csData, byte(cid>>8), byte(cid))
		}
	}
	charStrings := charset + len(csData)
	top := slices.Concat(ros, int5(charset), []byte{15}, int5(charStrings), []byte{17})
	glyphs := make([][]byte, n+1)
	for i := range glyphs {
		glyphs[i] = []byte{14}
	}
	return slices.Concat(head, nameIdx, cffIndexBytes(top), strIdx, gsubr, csData, cffIndexBytes(glyphs...))
}

// otfWithCFF wraps a CFF program in a minimal OpenType font (head,
// hhea, hmtx, maxp and the CFF table), as FontFile3 /OpenType holds it.
func otfWithCFF(cff []byte, glyphs int) []byte {
	head := make([]byte, 54)
	binary.BigEndian.PutUint16(head[18:], 1000) // unitsPerEm
	hhea := make([]byte, 36)
	binary.BigEndian.PutUint16(hhea[34:], 1) // one horizontal metric
	hmtx := []byte{0x01, 0xf4, 0, 0}         // advance 500
	maxp := make([]byte, 6)
	binary.BigEndian.PutUint16(maxp[4:], uint16(glyphs))
	tables := []struct {
		tag  string
		data []byte
	}{{"CFF ", cff}, {"head", head}, {"hhea", hhea}, {"hmtx", hmtx}, {"maxp", maxp}}
	out := []byte{'O', 'T', 'T', 'O', 0, byte(len(tables)), 0, 0, 0, 0, 0, 0}
	off := 12 + 16*len(tables)
	var body []byte
	for _, t := range tables {
		rec := make([]byte, 16)
		copy(rec, t.tag)
		binary.BigEndian.PutUint32(rec[8:], uint32(off+len(body)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(t.data)))
		out = append(out, rec...)
		body = append(body, t.data...)
	}
	return append(out, body...)
}

// cidBits lists the CIDs of a CIDSet-layout bit set.
func cidBits(set []byte) []int {
	var out []int
	for cid := 0; cid < 8*len(set); cid++ {
		if hasCID(set, cid) {
			out = append(out, cid)
		}
	}
	return out
}

func TestCFFCIDs(t *testing.T) {
	tests := []struct {
		name string
		prog []byte
		want []int // nil: not readable
	}{
		{"format 0", fakeCIDCFF(false, 36, 75, 3), []int{0, 3, 36, 75}},
		{"format 2 ranges", fakeCIDCFF(true, 36, 38, 300, 300), []int{0, 36, 37, 38, 300}},
		{"name-keyed program", fakeCFF("H", "i"), nil},
		{"truncated charset", fakeCIDCFF(false, 36, 75)[:60], nil},
		{"not CFF", []byte("%!PS-AdobeFont-1.0"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, ok := cffCIDs(tt.prog)
			if tt.want == nil {
				if ok {
					t.Fatalf("read CIDs %v from an unreadable program", cidBits(set))
				}
				return
			}
			if !ok {
				t.Fatal("program not readable")
			}
			if got := cidBits(set); !slices.Equal(got, tt.want) {
				t.Errorf("CIDs %v, want %v", got, tt.want)
			}
		})
	}
	if _, ok := cffGlyphNames(fakeCIDCFF(false, 36)); ok {
		t.Error("glyph names read from a CID-keyed program")
	}
}

// TestCIDSetRuleCFF checks 7.21.4.2-2 and 7.21.4.1-2 on a subset CIDFont
// whose program is CID-keyed CFF (FontFile3 /CIDFontType0C) with the
// glyphs of CIDs 36 and 75.
func TestCIDSetRuleCFF(t *testing.T) {
	cmapBody := "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Custom def /WMode 0 def 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 begincidrange <0000> <FFFF> 0 endcidrange endcmap end end"
	toUni := "1 beginbfrange <0000> <FFFF> <0041> endbfrange"
	set := func(cids ...int) []byte {
		b := make([]byte, 10)
		for _, c := range cids {
			b[c/8] |= 0x80 >> (c % 8)
		}
		return b
	}
	cffFont := func(cidSet []byte, otf bool) func(*pdfobj.Writer, pdfobj.Dict) {
		return func(w *pdfobj.Writer, d pdfobj.Dict) {
			prog := &pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("CIDFontType0C")}, Data: fakeCIDCFF(false, 36, 75)}
			if otf {
				// glyph indices 0-2: CIDs 0, 36 and 75, which an
				// identity reading of the CIDs would not find
				prog = &pdfobj.Stream{Dict: pdfobj.Dict{"Subtype": pdfobj.Name("OpenType")}, Data: otfWithCFF(prog.Data, 3)}
			}
			fd := pdfobj.Dict{"Type": pdfobj.Name("FontDescriptor"), "FontName": pdfobj.Name("ABCDEF+Test"), "Flags": pdfobj.Int(32),
				"FontFile3": w.Add(prog)}
			if cidSet != nil {
				fd["CIDSet"] = w.Add(&pdfobj.Stream{Dict: pdfobj.Dict{}, Data: cidSet})
			}
			d["Subtype"], d["BaseFont"], d["FontDescriptor"] = pdfobj.Name("CIDFontType0"), pdfobj.Name("ABCDEF+Test"), w.Add(fd)
			delete(d, "CIDToGIDMap")
		}
	}
	show := func(code string) string { return "/Artifact BMC BT /F1 12 Tf 10 10 Td <" + code + "> Tj ET EMC\n" }
	p := doc(leaf("P", nil))
	res := func(cidSet []byte) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
		return type0FontWith(cmapBody, 0, "Identity", toUni, cffFont(cidSet, false))
	}
	otf := func(cidSet []byte) func(*pdfobj.Writer, map[string]pdfobj.Ref, func(int, pdfobj.Object)) pdfobj.Dict {
		return type0FontWith(cmapBody, 0, "Identity", toUni, cffFont(cidSet, true))
	}
	runMiniCases(t, []miniCase{
		{"CIDSet lists the program's CIDs", mini{tree: p, content: show("0024"), resources: res(set(0, 36, 75))}, nil},
		{"CIDSet without CID 0", mini{tree: p, content: show("0024"), resources: res(set(36, 75))}, nil},
		{"no CIDSet", mini{tree: p, content: show("0024"), resources: res(nil)}, nil},
		{"CIDSet misses a CID of the program", mini{tree: p, content: show("0024"), resources: res(set(0, 36))}, []string{"pdfua-7.21.4.2-2"}},
		{"CIDSet lists a CID the program lacks", mini{tree: p, content: show("0024"), resources: res(set(0, 36, 75, 76))}, []string{"pdfua-7.21.4.2-2"}},
		{"shown CID not in the program", mini{tree: p, content: show("0025"), resources: res(set(0, 36, 75))}, []string{"pdfua-7.21.4.1-2"}},
		{"OpenType: CIDSet lists the CFF table's CIDs", mini{tree: p, content: show("0024"), resources: otf(set(0, 36, 75))}, nil},
		{"OpenType: CIDSet misses a CID of the CFF table", mini{tree: p, content: show("0024"), resources: otf(set(0, 36))}, []string{"pdfua-7.21.4.2-2"}},
		{"OpenType: shown CID not in the CFF table", mini{tree: p, content: show("0025"), resources: otf(set(0, 36, 75))}, []string{"pdfua-7.21.4.1-2"}},
		{"invisible text may show a missing CID", mini{tree: p, content: strings.Replace(show("0025"), "BT", "BT 3 Tr", 1), resources: res(set(0, 36, 75))}, nil},
	})
}

// predefinedCFF builds a CFF program of glyphs glyphs (.notdef included)
// whose Top DICT names the predefined charset charset (0 ISOAdobe, 1
// Expert, 2 ExpertSubset); CID-keyed (with ROS) when cid is set.
func predefinedCFF(charset, glyphs int, cid bool) []byte {
	int5 := func(v int) []byte { return []byte{29, byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)} }
	head := []byte{1, 0, 4, 1}
	nameIdx := cffIndexBytes([]byte("Test"))
	strIdx := cffIndexBytes([]byte("Adobe"), []byte("Identity"))
	gsubr := cffIndexBytes()
	var ros []byte
	if cid {
		ros = slices.Concat(int5(391), int5(392), int5(0), []byte{12, 30})
	}
	topLen := 2 + 1 + 2 + len(ros) + 12
	charStrings := len(head) + len(nameIdx) + topLen + len(strIdx) + len(gsubr)
	top := slices.Concat(ros, int5(charset), []byte{15}, int5(charStrings), []byte{17})
	gl := make([][]byte, glyphs)
	for i := range gl {
		gl[i] = []byte{14}
	}
	return slices.Concat(head, nameIdx, cffIndexBytes(top), strIdx, gsubr, cffIndexBytes(gl...))
}

// TestCFFPredefinedCharsets reads the glyph names (and, CID-keyed, the
// CIDs) of programs with the predefined ISOAdobe, Expert and
// ExpertSubset charsets, which list no glyph in the program itself.
func TestCFFPredefinedCharsets(t *testing.T) {
	tests := []struct {
		name            string
		charset, glyphs int
		want            []string // names after .notdef; nil: not readable
	}{
		{"ISOAdobe prefix", 0, 4, []string{"space", "exclam", "quotedbl"}},
		{"Expert prefix", 1, 5, []string{"space", "exclamsmall", "Hungarumlautsmall", "dollaroldstyle"}},
		{"Expert across its runs", 1, 14, []string{"space", "exclamsmall", "Hungarumlautsmall", "dollaroldstyle", "dollarsuperior",
			"ampersandsmall", "Acutesmall", "parenleftsuperior", "parenrightsuperior", "twodotenleader", "onedotenleader", "comma", "hyphen"}},
		{"whole Expert", 1, 166, nil},
		{"ExpertSubset prefix", 2, 5, []string{"space", "dollaroldstyle", "dollarsuperior", "parenleftsuperior"}},
		{"whole ExpertSubset", 2, 87, nil},
		{"more glyphs than Expert names", 1, 167, nil},
		{"more glyphs than ExpertSubset names", 2, 88, nil},
		{"more glyphs than ISOAdobe names", 0, 230, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			names, ok := cffGlyphNames(predefinedCFF(tt.charset, tt.glyphs, false))
			whole := strings.HasPrefix(tt.name, "whole")
			if tt.want == nil && !whole {
				if ok {
					t.Fatalf("read %d names from a program with more glyphs than its charset", len(names))
				}
				return
			}
			if !ok {
				t.Fatal("program not readable")
			}
			if len(names) != tt.glyphs {
				t.Errorf("%d names, want %d: %v", len(names), tt.glyphs, names)
			}
			for _, n := range tt.want {
				if !names[n] {
					t.Errorf("%s missing from %v", n, names)
				}
			}
		})
	}
	// the last names of the two expert charsets
	for _, tt := range []struct {
		charset, glyphs int
		last, not       string
	}{{1, 166, "Ydieresissmall", "commainferior_"}, {2, 87, "commainferior", "Agravesmall"}} {
		names, _ := cffGlyphNames(predefinedCFF(tt.charset, tt.glyphs, false))
		if !names[tt.last] || names[tt.not] {
			t.Errorf("charset %d: %s missing or %s present", tt.charset, tt.last, tt.not)
		}
	}
	// CID-keyed: the charset's ids are the CIDs
	set, ok := cffCIDs(predefinedCFF(2, 4, true))
	if got := cidBits(set); !ok || !slices.Equal(got, []int{0, 1, 231, 232}) {
		t.Errorf("ExpertSubset CIDs %v (%v), want [0 1 231 232]", got, ok)
	}
}
