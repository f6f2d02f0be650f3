package pdfinfo

import (
	"context"
	"errors"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestParseToUnicode checks that the marked-content text is decoded two-byte codes through
// a font's ToUnicode CMap.
func TestParseToUnicode(t *testing.T) {
	cmap := []byte(`begincmap
2 beginbfchar
<0003> <0020>
<0024> <D835DC00>
endbfchar
2 beginbfrange
<0010> <0012> <0041>
<0020> <0022> [<0078> <0079> <007A0301>]
endbfrange
1 beginbfrange <FFF0> <FFFF> <0030> endbfrange
endcmap`)
	m := pdfobj.ParseToUnicode(cmap)
	want := map[uint32]string{0x03: " ", 0x24: "\U0001D400", 0x10: "A", 0x11: "B", 0x12: "C", 0x20: "x", 0x21: "y", 0x22: "z\u0301", 0xFFF0: "0", 0xFFF9: "9"}
	for code, w := range want {
		if got, _ := m.Lookup(code); got != w {
			t.Errorf("code %04X: %q, want %q", code, got, w)
		}
	}
	tu := &toUnicode{codeLen: 2, m: m}
	if got := tu.decode(pdfobj.HexString{0x00, 0x10, 0x00, 0x03, 0x00, 0x22}); got != "A z\u0301" {
		t.Errorf("decode %q", got)
	}
}

// FuzzParseToUnicode: no CMap panics the parser or the decoder.
func FuzzParseToUnicode(f *testing.F) {
	f.Add([]byte("1 beginbfrange <0000> <FFFF> [<0041> <0042>] endbfrange"), []byte{0, 1})
	f.Add([]byte("2 beginbfchar <01> <D83D> <02> <> endbfchar"), []byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, cmap, text []byte) {
		m := pdfobj.ParseToUnicode(cmap)
		for _, n := range []int{1, 2} {
			(&toUnicode{codeLen: n, m: m}).decode(pdfobj.String(text))
		}
	})
}

// TestReadContextCancelled: a done context stops the reading with its
// error.
func TestReadContextCancelled(t *testing.T) {
	w := pdfobj.NewWriter()
	catalog, pages := w.Alloc(), w.Alloc()
	page := w.Add(pdfobj.Dict{"Type": pdfobj.Name("Page"), "Parent": pages,
		"MediaBox": pdfobj.Array{pdfobj.Int(0), pdfobj.Int(0), pdfobj.Int(612), pdfobj.Int(792)}})
	w.Set(pages, pdfobj.Dict{"Type": pdfobj.Name("Pages"), "Kids": pdfobj.Array{page}, "Count": pdfobj.Int(1)})
	w.Set(catalog, pdfobj.Dict{"Type": pdfobj.Name("Catalog"), "Pages": pages})
	data, err := w.AppendFile(nil, pdfobj.Trailer{Root: catalog})
	if err != nil {
		t.Fatal(err)
	}
	if info, err := Read(data); err != nil || len(info.Pages) != 1 {
		t.Fatalf("Read: %+v %v", info, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadContext(ctx, data); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}
