package fonts

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// The test fonts are a subset of Liberation Sans (SIL OFL) with hinting,
// composite glyphs (àÅÇé) and a short loca: cafe.ttf; cafe.woff made by
// fontTools (zlib tables); cafe.woff2 by Google's woff2_compress (glyf and
// loca transformed); cafe-hmtx.woff2 by fontTools with --hmtx-transform.

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// woff2Transforms lists the tags of the transformed tables of a WOFF2 file.
func woff2Transforms(t *testing.T, data []byte) []string {
	t.Helper()
	tables, _, err := readWOFF2Directory(data, 48, int(binary.BigEndian.Uint16(data[12:])), MaxWebFontBytes)
	if err != nil {
		t.Fatal(err)
	}
	var tags []string
	for _, tb := range tables {
		if tb.transformed {
			tags = append(tags, tb.tag)
		}
	}
	slices.Sort(tags)
	return tags
}

// Decoding WOFF and WOFF2 gives back the original font: every table
// byte for byte, except that glyf is compared glyph by glyph in decoded
// form (a TrueType glyph has several valid encodings), loca only through
// glyf, and head without checkSumAdjustment, flags (encoders set bit 11,
// "lossless transformed") and the modification date (fontTools updates it).
func TestWebFontDecodesToOriginal(t *testing.T) {
	orig := readTestdata(t, "cafe.ttf")
	tests := []struct {
		file       string
		transforms []string
	}{
		{"cafe.woff", nil},
		{"cafe.woff2", []string{"glyf", "loca"}},
		{"cafe-hmtx.woff2", []string{"glyf", "hmtx", "loca"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			data := readTestdata(t, tc.file)
			if tc.transforms != nil {
				if got := woff2Transforms(t, data); !slices.Equal(got, tc.transforms) {
					t.Fatalf("test font transforms %v, want %v", got, tc.transforms)
				}
			}
			dec, err := decodeWebFont(data)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			compareFonts(t, orig, dec)
			f := newFace("Cafe", 400, StyleNormal, dec)
			if err := f.Err(); err != nil {
				t.Fatalf("decoded font does not load: %v", err)
			}
			if _, err := f.Subset([]GID{1, 2, 3}); err != nil {
				t.Fatalf("decoded font does not subset: %v", err)
			}
		})
	}
}

func compareFonts(t *testing.T, orig, dec []byte) {
	t.Helper()
	so, err := parseSFNT(orig)
	if err != nil {
		t.Fatal(err)
	}
	sd, err := parseSFNT(dec)
	if err != nil {
		t.Fatalf("decoded font: %v", err)
	}
	if !slices.Equal(sortedTags(so), sortedTags(sd)) {
		t.Fatalf("tables %v, want %v", sortedTags(sd), sortedTags(so))
	}
	for tag, want := range so.tables {
		got := sd.tables[tag]
		switch tag {
		case "glyf", "loca":
		case "head":
			w, g := slices.Clone(want), slices.Clone(got)
			for _, h := range [][]byte{w, g} {
				copy(h[8:12], []byte{0, 0, 0, 0})
				copy(h[16:18], []byte{0, 0})
				copy(h[28:36], make([]byte, 8))
			}
			if !bytes.Equal(w, g) {
				t.Errorf("head differs:\n got %x\nwant %x", g, w)
			}
		default:
			if !bytes.Equal(got, want) {
				t.Errorf("table %q differs (%d bytes, want %d)", tag, len(got), len(want))
			}
		}
	}
	n := int(u16(so.tables["maxp"], 4))
	lo, _ := newGlyfLocator(so, n)
	ld, ok := newGlyfLocator(sd, n)
	if !ok {
		t.Fatal("decoded glyf/loca do not parse")
	}
	composites := 0
	for id := 0; id < n; id++ {
		want, err := decodeTTGlyph(lo.glyph(id))
		if err != nil {
			t.Fatalf("original glyph %d: %v", id, err)
		}
		got, err := decodeTTGlyph(ld.glyph(id))
		if err != nil {
			t.Fatalf("decoded glyph %d: %v", id, err)
		}
		if got != want {
			t.Errorf("glyph %d:\n got %s\nwant %s", id, got, want)
		}
		if strings.HasPrefix(want, "composite") {
			composites++
		}
	}
	if composites == 0 {
		t.Fatal("the test font has no composite glyph")
	}
}

func sortedTags(s *sfnt) []string {
	tags := slices.Clone(s.order)
	slices.Sort(tags)
	return tags
}

// decodeTTGlyph renders a glyf entry in a canonical text form: contour
// ends, instructions and absolute points for a simple glyph, the raw
// records for a composite one.
func decodeTTGlyph(b []byte) (string, error) {
	if len(b) == 0 {
		return "empty", nil
	}
	if len(b) < 10 {
		return "", errors.New("short glyph")
	}
	nc := int(i16(b, 0))
	head := fmt.Sprintf("bbox %v", [4]int16{i16(b, 2), i16(b, 4), i16(b, 6), i16(b, 8)})
	if nc < 0 {
		return fmt.Sprintf("composite %s %x", head, bytes.TrimRight(b[10:], "\x00")), nil
	}
	p := 10 + 2*nc
	if p+2 > len(b) {
		return "", errors.New("truncated contours")
	}
	npts := int(u16(b, p-2)) + 1
	ilen := int(u16(b, p))
	instr := b[p+2 : p+2+ilen]
	p += 2 + ilen
	flags := make([]byte, 0, npts)
	for len(flags) < npts {
		f := b[p]
		p++
		flags = append(flags, f)
		if f&ptRepeat != 0 {
			for r := int(b[p]); r > 0; r-- {
				flags = append(flags, f)
			}
			p++
		}
	}
	coords := func(short, same byte) []int {
		v, out := 0, make([]int, npts)
		for i, f := range flags {
			switch {
			case f&short != 0:
				d := int(b[p])
				p++
				if f&same == 0 {
					d = -d
				}
				v += d
			case f&same == 0:
				v += int(i16(b, p))
				p += 2
			}
			out[i] = v
		}
		return out
	}
	xs := coords(ptXShort, ptXSame)
	ys := coords(ptYShort, ptYSame)
	var pts strings.Builder
	for i := range xs {
		fmt.Fprintf(&pts, "(%d,%d,%d)", xs[i], ys[i], flags[i]&ptOnCurve)
	}
	return fmt.Sprintf("simple %s ends %x instr %x points %s", head, b[10:10+2*nc], instr, pts.String()), nil
}

// A CFF-flavoured WOFF2 (no glyf to transform) decodes to the original
// tables and is embedded whole, as CFF fonts are.
func TestWOFF2CFF(t *testing.T) {
	orig := readTestdata(t, "CFFTest.otf")
	dec, err := decodeWebFont(readTestdata(t, "CFFTest.woff2"))
	if err != nil {
		t.Fatal(err)
	}
	so, _ := parseSFNT(orig)
	sd, err := parseSFNT(dec)
	if err != nil {
		t.Fatal(err)
	}
	if sd.version != sfntOTTO || !slices.Equal(sortedTags(so), sortedTags(sd)) {
		t.Fatalf("version %#x, tables %v", sd.version, sortedTags(sd))
	}
	for tag, want := range so.tables {
		if tag != "head" && !bytes.Equal(sd.tables[tag], want) {
			t.Errorf("table %q differs", tag)
		}
	}
	if f := newFace("CFF", 400, StyleNormal, dec); f.Err() != nil || !f.IsCFF() {
		t.Fatalf("decoded CFF font: %v, CFF %v", f.Err(), f.IsCFF())
	}
}

// Bombs and lies are refused by size before anything large is allocated,
// naming the limit.
func TestWebFontSizeLimits(t *testing.T) {
	woff := readTestdata(t, "cafe.woff")
	woff2 := readTestdata(t, "cafe.woff2")
	withU32 := func(b []byte, off int, v uint32) []byte {
		b = slices.Clone(b)
		binary.BigEndian.PutUint32(b[off:], v)
		return b
	}
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"WOFF declares 1 GiB", withU32(woff, 16, 1<<30), "exceeds the 67108864-byte limit"},
		{"WOFF2 declares 1 GiB", withU32(woff2, 16, 1<<30), "exceeds the 67108864-byte limit"},
		{"WOFF2 declares 10 MiB from 5 KB", withU32(woff2, 16, 10<<20), "more than 64 times"},
		{"WOFF zlib bomb", zlibBombWOFF(t, 4<<20), "more than 64 times"},
		{"WOFF2 table of 4 GiB", woff2WithFirstLength(woff2, 0x8F, 0xFF, 0xFF, 0xFF, 0x7F), "exceeds the 67108864-byte limit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeWebFont(tc.data)
			if !errors.Is(err, ErrFontTooLarge) {
				t.Fatalf("err = %v, want ErrFontTooLarge", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to say %q", err, tc.want)
			}
		})
	}
}

// zlibBombWOFF builds a WOFF whose one table inflates from a few KB to
// size bytes of zeros, declaring a small totalSfntSize.
func zlibBombWOFF(t *testing.T, size int) []byte {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, size))
	zw.Close()
	b := make([]byte, 44+20, 64+z.Len())
	copy(b, "wOFF")
	binary.BigEndian.PutUint32(b[4:], sfntTrueType)
	binary.BigEndian.PutUint16(b[12:], 1)
	binary.BigEndian.PutUint32(b[16:], 1024)
	e := b[44:]
	copy(e, "glyf")
	binary.BigEndian.PutUint32(e[4:], 64)
	binary.BigEndian.PutUint32(e[8:], uint32(z.Len()))
	binary.BigEndian.PutUint32(e[12:], uint32(size))
	b = append(b, z.Bytes()...)
	binary.BigEndian.PutUint32(b[8:], uint32(len(b)))
	if len(b) > 16<<10 {
		t.Fatalf("bomb is %d bytes; the test wants a small file", len(b))
	}
	return b
}

// woff2WithFirstLength replaces the origLength of the first directory
// entry (a known tag, so its UIntBase128 starts at byte 49) with enc.
func woff2WithFirstLength(woff2 []byte, enc ...byte) []byte {
	p := 49
	if _, err := readUIntBase128(woff2, &p); err != nil {
		panic(err)
	}
	out := slices.Clone(woff2[:49])
	out = append(out, enc...)
	return append(out, woff2[p:]...)
}

func TestReadUIntBase128(t *testing.T) {
	tests := []struct {
		in      []byte
		want    uint32
		wantErr string
	}{
		{[]byte{0x3F}, 63, ""},
		{[]byte{0x81, 0x00}, 128, ""},
		{[]byte{0x8F, 0xFF, 0xFF, 0xFF, 0x7F}, 0xFFFFFFFF, ""},
		{[]byte{0x80, 0x01}, 0, "leading zero"},
		{[]byte{0x90, 0x80, 0x80, 0x80, 0x00}, 0, "overflows"},
		{[]byte{0x81, 0x81, 0x81, 0x81, 0x81, 0x01}, 0, "longer than 5 bytes"},
		{[]byte{0x81}, 0, "truncated"},
	}
	for _, tc := range tests {
		p := 0
		got, err := readUIntBase128(tc.in, &p)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%x: err = %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%x = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

// Every truncation and every single-byte corruption of the test fonts is
// either decoded or refused with an error: never a panic, never a decoded
// font past the budget.
func TestWebFontCorruption(t *testing.T) {
	for _, name := range []string{"cafe.woff", "cafe.woff2", "cafe-hmtx.woff2"} {
		data := readTestdata(t, name)
		for n := 0; n < len(data); n += 7 {
			if _, err := decodeWebFont(data[:n]); err == nil && n >= 4 {
				t.Errorf("%s cut to %d bytes decoded without error", name, n)
			}
		}
		for i := 0; i < len(data); i += 3 {
			bad := slices.Clone(data)
			bad[i] ^= 0xA5
			out, err := decodeWebFont(bad)
			if err == nil && int64(len(out)) > webFontBudget(len(bad)) {
				t.Errorf("%s with byte %d flipped decoded to %d bytes, over budget", name, i, len(out))
			}
		}
	}
}

func FuzzDecodeWebFont(f *testing.F) {
	for _, name := range []string{"cafe.woff", "cafe.woff2", "cafe-hmtx.woff2", "CFFTest.woff2"} {
		f.Add(readTestdata(f, name))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := decodeWebFont(data)
		if err == nil && int64(len(out)) > webFontBudget(len(data)) {
			t.Fatalf("decoded %d bytes from %d, over budget", len(out), len(data))
		}
	})
}

// AddFace takes WOFF and WOFF2 like TrueType, and names the family and the
// problem when the file is refused.
func TestAddFaceWebFonts(t *testing.T) {
	r := NewRegistry(Options{})
	for _, name := range []string{"cafe.woff", "cafe.woff2"} {
		if err := r.AddFace("Cafe "+name, 400, StyleNormal, readTestdata(t, name)); err != nil {
			t.Fatalf("AddFace(%s): %v", name, err)
		}
		face := r.Match(Query{Families: []string{"Cafe " + name}})
		if face.Family() != "Cafe "+name {
			t.Fatalf("Match picked %q", face.Family())
		}
		if _, ok := face.GlyphFor('é'); !ok {
			t.Fatalf("%s: no glyph for é", name)
		}
	}
	bad := readTestdata(t, "cafe.woff2")[:100]
	err := r.AddFace("Broken", 400, StyleNormal, bad)
	if err == nil || !strings.Contains(err.Error(), `"Broken"`) || !strings.Contains(err.Error(), "WOFF2") {
		t.Fatalf("err = %v, want one naming the family and WOFF2", err)
	}
}
