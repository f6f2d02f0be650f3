package pdfobj

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

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
	f.Add([]byte("1 beginbfrange <0000> <0001> [] endbfrange"), uint32(1))
	f.Add([]byte("3 beginbfrange <0010> <0020> <0061> <0000> <00FF> [<30>] <0018> <001A> /X endbfrange"), uint32(0x18))
	f.Add([]byte("1 beginbfrange <FFFFFFF0> <FFFFFFFF> [<0041> () 1 [<42>]] endbfrange 1 beginbfchar <FFFFFFFF> <D800> endbfchar"), uint32(0xFFFFFFFF))
	f.Fuzz(func(t *testing.T, cmap []byte, code uint32) {
		ParseToUnicode(cmap).Lookup(code)
	})
}

// TestParseToUnicodeMalformedRanges: destinations that map nothing (an
// empty array, a name) are skipped without a panic, and an array longer
// than its range keeps only one destination per code.
func TestParseToUnicodeMalformedRanges(t *testing.T) {
	tests := []struct {
		cmap string
		code uint32
		want string
		ok   bool
	}{
		{"1 beginbfrange <0000> <0001> [] endbfrange", 0, "", false},
		{"1 beginbfrange <0000> <0001> [] endbfrange", 1, "", false},
		{"2 beginbfrange <0000> <0001> [] <0000> <0001> <0041> endbfrange", 1, "B", true},
		{"1 beginbfrange <0000> <0001> /A endbfrange", 0, "", false},
		{"1 beginbfrange <0000> <0000> [<0041> <0042> <0043>] endbfrange", 0, "A", true},
		{"1 beginbfrange <0000> <0000> [<0041> <0042> <0043>] endbfrange", 1, "", false},
		{"1 beginbfrange <0000> <0002> [<0041> 7] endbfrange", 1, "", true},
		{"1 beginbfrange <0000> <0002> [<0041>] endbfrange", 2, "", false},
		{"1 beginbfrange <0000> <0002> <41> endbfrange", 2, "\x02", true},
		{"1 beginbfrange <0000> <0002> <> endbfrange", 1, "\x01", true},
		{"1 beginbfrange <0000> endbfrange", 0, "", false},
		{"1 beginbfchar <0000> [] endbfchar", 0, "", false},
	}
	for _, tt := range tests {
		got, ok := ParseToUnicode([]byte(tt.cmap)).Lookup(tt.code)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: code %#x = %q %v, want %q %v", tt.cmap, tt.code, got, ok, tt.want, tt.ok)
		}
	}
}

// TestToUnicodeOverlapPrecedence: where ranges overlap, the first defined
// wins, including a short array range that leaves a code unmapped; bfchar
// wins over ranges.
func TestToUnicodeOverlapPrecedence(t *testing.T) {
	m := ParseToUnicode([]byte(`3 beginbfrange
<0010> <0020> <0061>
<0000> <00FF> <0030>
<0018> <001A> [<0058>]
endbfrange
1 beginbfrange <0005> <0006> [<0059>] endbfrange
1 beginbfchar <0015> <005A> endbfchar`))
	tests := []struct {
		code uint32
		want string
		ok   bool
	}{
		{0x00, "0", true}, {0x0F, "?", true}, {0x10, "a", true}, {0x14, "e", true},
		{0x15, "Z", true}, {0x18, "i", true}, {0x20, "q", true}, {0x21, "Q", true},
		{0x05, "5", true}, {0xFF, "\u012f", true}, {0x100, "", false},
	}
	for _, tt := range tests {
		if got, ok := m.Lookup(tt.code); got != tt.want || ok != tt.ok {
			t.Errorf("code %#x = %q %v, want %q %v", tt.code, got, ok, tt.want, tt.ok)
		}
	}
}

// TestToUnicodeManyRangesLookupCost builds the shape of the CPU denial of
// issue 28: 200,000 ranges, the codes looked up defined last. A linear
// scan per code needs about 10^10 range comparisons for the 50,000
// lookups (tens of seconds); the index needs about 18 per lookup. The
// index holds at most two segments per range.
func TestToUnicodeManyRangesLookupCost(t *testing.T) {
	const ranges, codes = 200_000, 50_000
	var b strings.Builder
	for i := 0; i < ranges; i++ {
		if i%100 == 0 {
			b.WriteString("100 beginbfrange\n")
		}
		if i < ranges-codes { // never looked up: four-byte codes
			c := 0x01000000 + 2*i
			fmt.Fprintf(&b, "<%08X> <%08X> <0041>\n", c, c)
		} else {
			c := i - (ranges - codes)
			fmt.Fprintf(&b, "<%04X> <%04X> <%04X>\n", c, c, 0x4E00+c%0x5000)
		}
		if i%100 == 99 {
			b.WriteString("endbfrange\n")
		}
	}
	m := ParseToUnicode([]byte(b.String()))
	if got := len(m.ranges); got != ranges {
		t.Fatalf("parsed %d ranges, want %d", got, ranges)
	}
	if m.index.Len() > 2*ranges {
		t.Errorf("index has %d segments for %d ranges", m.index.Len(), ranges)
	}
	start := time.Now()
	for i := 0; i < codes; i++ {
		want := string(rune(0x4E00 + i%0x5000))
		if got, ok := m.Lookup(uint32(i)); !ok || got != want {
			t.Fatalf("code %#x = %q %v, want %q", i, got, ok, want)
		}
	}
	// 10^10 comparisons cannot run in 2 s; 10^6 take about a millisecond.
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("%d lookups over %d ranges took %v", codes, ranges, d)
	}
}

// TestRangeIndexMatchesLinearScan compares the index with the first-match
// linear scan it replaces on random overlapping ranges.
func TestRangeIndexMatchesLinearScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 200; round++ {
		n := rng.IntN(40)
		bounds := make([][2]uint32, n)
		for i := range bounds {
			lo := rng.Uint32N(300)
			bounds[i] = [2]uint32{lo, lo + rng.Uint32N(60) - 5} // some inverted
		}
		if round == 0 && n > 0 {
			bounds[0] = [2]uint32{0xFFFFFFF0, 0xFFFFFFFF}
		}
		x := NewRangeIndex(n, func(i int) (uint32, uint32) { return bounds[i][0], bounds[i][1] })
		for code := uint32(0); code < 400; code++ {
			want, wantOK := 0, false
			for i, b := range bounds {
				if code >= b[0] && code <= b[1] {
					want, wantOK = i, true
					break
				}
			}
			if got, ok := x.Find(code); got != want || ok != wantOK {
				t.Fatalf("round %d: Find(%d) = %d %v, want %d %v (ranges %v)", round, code, got, ok, want, wantOK, bounds)
			}
		}
		if n > 0 && round == 0 {
			if got, ok := x.Find(0xFFFFFFFF); !ok || got != 0 {
				t.Errorf("top of the code space: %d %v", got, ok)
			}
		}
	}
}
