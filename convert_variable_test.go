package folio_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// A variable @font-face drawn at two weights embeds two instances:
// pdffonts lists each under its own name, neither is a synthesised bold,
// the lines advance differently and the text extracts. font-variation-
// settings and font-optical-sizing (auto: opsz at the size in px) make
// instances too, and none leaves the default.
func TestConvertVariableFont(t *testing.T) {
	data, err := os.ReadFile("fonts/testdata/FolioVarTest.ttf")
	if err != nil {
		t.Fatal(err)
	}
	doc := `<!DOCTYPE html><html lang="en"><head><title>Variable</title><style>
@font-face { font-family: V; src: url(v.ttf); font-weight: 300 700 }
p { font-family: V; font-size: 20px }
.light { font-weight: 300 } .bold { font-weight: bold } .set { font-variation-settings: 'wght' 550 }
.light, .bold, .set, .none { font-optical-sizing: none }
</style></head><body><p class=light>Hello Voila</p><p class=bold>Hello Voila</p><p class=set>Hello</p><p class=none>Hello</p>
<p>Hello</p></body></html>`
	res, err := folio.Convert(context.Background(), strings.NewReader(doc), folio.Options{Assets: map[string][]byte{"v.ttf": data}})
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	uaClean(t, res.PDF)
	fonts := tool(t, res.PDF, "pdffonts")
	for _, name := range []string{"FolioVarTest-Regular_wght300 ", "FolioVarTest-Regular_wght700 ", "FolioVarTest-Regular_wght550 ",
		"FolioVarTest-Regular ", "FolioVarTest-Regular_opsz20 "} { // (20px: font-optical-sizing auto)
		if !strings.Contains(fonts, "+"+name) {
			t.Errorf("pdffonts lacks %q:\n%s", name, fonts)
		}
	}
	content := contentStreams(t, res.PDF)
	if strings.Contains(content, "2 Tr") {
		t.Errorf("synthesised bold for a weight the wght axis has")
	}
	if text := pdftotext(t, res.PDF); strings.Count(text, "Hello Voila") != 2 || strings.Count(text, "Hello") != 5 {
		t.Errorf("pdftotext = %q", text)
	}
	// the positioned glyph strings of the light and the bold line differ
	// (advances), and there are four fonts in use
	tj := regexp.MustCompile(`(?m)^.*TJ$`).FindAllString(textOps(content), -1)
	if len(tj) < 2 || tj[0] == tj[1] {
		t.Errorf("light and bold lines draw alike:\n%s", strings.Join(tj, "\n"))
	}
	// each font's /W widths are its embedded program's advances, and
	// those of the weights differ (this font's opsz axis keeps them)
	widths := embeddedWidths(t, res.PDF)
	if len(widths) != 5 {
		t.Fatalf("%d embedded fonts, want 5", len(widths))
	}
	seen := map[string]string{}
	for name, w := range widths {
		if strings.Contains(name, "opsz") {
			continue
		}
		for other, ow := range seen {
			if ow == w {
				t.Errorf("%s and %s have the same widths %s", name, other, w)
			}
		}
		seen[name] = w
	}
}

// embeddedWidths returns, by font name, the /W widths of each CID font of
// the first page as "gid:width" items, checking each against the advance
// in the hmtx of the embedded FontFile2 (scaled to 1000 units).
func embeddedWidths(t *testing.T, pdf []byte) map[string]string {
	t.Helper()
	f, err := pdfobj.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages, err := f.Pages()
	if err != nil || len(pages) == 0 {
		t.Fatal("no pages", err)
	}
	res, _ := f.Resolve(pages[0].Resources).(pdfobj.Dict)
	fontsDict, _ := f.Resolve(res["Font"]).(pdfobj.Dict)
	out := map[string]string{}
	num := func(o pdfobj.Object) float64 {
		switch v := f.Resolve(o).(type) {
		case pdfobj.Int:
			return float64(v)
		case pdfobj.Real:
			return float64(v)
		}
		return -1
	}
	for _, ref := range fontsDict {
		font, _ := f.Resolve(ref).(pdfobj.Dict)
		desc, _ := f.Resolve(font["DescendantFonts"]).(pdfobj.Array)
		if len(desc) == 0 {
			continue
		}
		cid, _ := f.Resolve(desc[0]).(pdfobj.Dict)
		fd, _ := f.Resolve(cid["FontDescriptor"]).(pdfobj.Dict)
		ff, ok := f.Resolve(fd["FontFile2"]).(*pdfobj.Stream)
		if !ok {
			t.Fatalf("font %v has no FontFile2", font["BaseFont"])
		}
		prog, err := f.DecodeStream(ff)
		if err != nil {
			t.Fatal(err)
		}
		upem, advance := sfntAdvances(t, prog)
		w, _ := f.Resolve(cid["W"]).(pdfobj.Array)
		var b strings.Builder
		// /W is [first [w1 w2 …] first last w …]
		for i := 0; i < len(w); {
			first := int(num(w[i]))
			if arr, ok := f.Resolve(w[i+1]).(pdfobj.Array); ok {
				for k, x := range arr {
					checkEmbeddedWidth(t, first+k, num(x), advance, upem, font["BaseFont"])
					fmt.Fprintf(&b, "%d:%g ", first+k, num(x))
				}
				i += 2
				continue
			}
			last, x := int(num(w[i+1])), num(w[i+2])
			for g := first; g <= last; g++ {
				checkEmbeddedWidth(t, g, x, advance, upem, font["BaseFont"])
				fmt.Fprintf(&b, "%d:%g ", g, x)
			}
			i += 3
		}
		out[fmt.Sprint(font["BaseFont"])] = b.String()
	}
	return out
}

func checkEmbeddedWidth(t *testing.T, gid int, w float64, advance func(int) int, upem int, name pdfobj.Object) {
	t.Helper()
	if want := float64(advance(gid)) * 1000 / float64(upem); math.Abs(w-want) > 0.5 {
		t.Errorf("%v glyph %d: /W %g, embedded advance %g", name, gid, w, want)
	}
}

// sfntAdvances reads unitsPerEm and the hmtx advances of a TrueType
// program.
func sfntAdvances(t *testing.T, prog []byte) (int, func(int) int) {
	t.Helper()
	tables := map[string][]byte{}
	n := int(binary.BigEndian.Uint16(prog[4:]))
	for i := 0; i < n; i++ {
		rec := prog[12+16*i:]
		off, length := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		tables[string(rec[:4])] = prog[off : off+length]
	}
	head, hhea, hmtx := tables["head"], tables["hhea"], tables["hmtx"]
	if len(head) < 54 || len(hhea) < 36 {
		t.Fatal("embedded font lacks head or hhea")
	}
	nh := int(binary.BigEndian.Uint16(hhea[34:]))
	return int(binary.BigEndian.Uint16(head[18:])), func(g int) int {
		g = min(g, nh-1)
		return int(binary.BigEndian.Uint16(hmtx[4*g:]))
	}
}
