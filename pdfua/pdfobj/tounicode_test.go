package pdfobj

import "testing"

// TestParseToUnicode checks bfchar, bfrange (incremented and array forms),
// surrogate pairs, multi-unit destinations and codes outside every range.
func TestParseToUnicode(t *testing.T) {
	m := ParseToUnicode([]byte(`/CIDInit /ProcSet findresource begin
12 dict begin begincmap
1 begincodespacerange <0000> <FFFF> endcodespacerange
3 beginbfchar
<0001> <0041>
<0002> <D83DDE00>
<0024> <D835DC00>
endbfchar
3 beginbfrange
<0010> <0012> <0061>
<0020> <0022> [<0066006C> <00660069> <007A0301>]
endbfrange
1 beginbfrange <FFF0> <FFFF> <0030> endbfrange
endcmap`))
	want := map[uint32]string{
		1: "A", 2: "😀", 0x24: "\U0001D400",
		0x10: "a", 0x12: "c",
		0x20: "fl", 0x21: "fi", 0x22: "z\u0301",
		0xFFF0: "0", 0xFFF9: "9",
	}
	for code, w := range want {
		if got, ok := m.Lookup(code); !ok || got != w {
			t.Errorf("code %#x = %q %v, want %q", code, got, ok, w)
		}
	}
	for _, code := range []uint32{0x13, 0x23, 0x0F} {
		if got, ok := m.Lookup(code); ok {
			t.Errorf("code %#x outside every entry mapped to %q", code, got)
		}
	}
	var none *ToUnicode
	if _, ok := none.Lookup(1); ok {
		t.Error("nil map mapped a code")
	}
}

// TestParseToUnicodeBounds checks that an oversized or inverted range is
// skipped rather than expanded.
func TestParseToUnicodeBounds(t *testing.T) {
	m := ParseToUnicode([]byte("2 beginbfrange <00000000> <00FFFFFF> <0041> <0010> <0001> <0041> endbfrange"))
	for _, code := range []uint32{0, 0x10, 0x20000} {
		if got, ok := m.Lookup(code); ok {
			t.Errorf("code %#x mapped to %q by a skipped range", code, got)
		}
	}
}

// FuzzParseToUnicode: no CMap panics the parser or a lookup.
func FuzzParseToUnicode(f *testing.F) {
	f.Add([]byte("1 beginbfrange <0000> <FFFF> [<0041> <0042>] endbfrange"), uint32(1))
	f.Add([]byte("2 beginbfchar <01> <D83D> <02> <> endbfchar"), uint32(2))
	f.Add([]byte("1 beginbfrange <00> <05> <> endbfrange"), uint32(3))
	f.Fuzz(func(t *testing.T, cmap []byte, code uint32) {
		ParseToUnicode(cmap).Lookup(code)
	})
}
