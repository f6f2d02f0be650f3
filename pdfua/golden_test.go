package pdfua

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/seed28491532/folio/audit/ua"
)

// goldenDoc builds a document of n pages with fake fonts only (so that
// no other package changes its bytes): per page a Sect of a heading,
// paragraphs, a table with header IDs, a link to the page before and one
// to a URI, a group, and a late stream (NewStream) showing the page
// count; each page finished, each Sect sealed. With out, the document
// streams to it from the first page.
func goldenDoc(t testing.TB, n int, out io.Writer) *Document {
	font := &fakeFont{name: "Fake"}
	d := newTestDoc()
	if out != nil {
		if err := d.StreamTo(out); err != nil {
			t.Fatal(err)
		}
	}
	gl := glyphs(10, 11, 3, 12)
	var pages []*Page
	for i := range n {
		p := d.AddPage(300, 400)
		d.AddDestination(fmt.Sprintf("p%d", i), p, 0, 400)
		sect := d.Root().Add("Sect")
		y := 390.0
		tag := func(e *StructElem) {
			p.BeginTagged(e)
			p.ShowText(TextRun{Font: font, Size: 6, X: 10, Y: y, Text: "ab c", Glyphs: gl})
			p.End()
			y -= 8
		}
		tag(sect.Add(map[bool]string{true: "H1", false: "H2"}[i == 0]))
		for range 5 {
			tag(sect.Add("P"))
		}
		tbl := sect.Add("Table")
		th := tbl.Add("TR").Add("TH")
		th.Attrs().ID = fmt.Sprintf("h%d", i)
		th.Table = &TableAttrs{Scope: ScopeColumn}
		tag(th)
		for range 3 {
			td := tbl.Add("TR").Add("TD")
			td.Table = &TableAttrs{Headers: []string{th.Attrs().ID}}
			tag(td)
		}
		para := sect.Add("P")
		link := para.Add("Link")
		tag(link)
		p.AddLink(Link{Elem: link, Rects: []Rect{{10, y + 8, 20, 6}}, Dest: fmt.Sprintf("p%d", max(i-1, 0))})
		uri := para.Add("Link")
		tag(uri)
		p.AddLink(Link{Elem: uri, Rects: []Rect{{10, y + 8, 20, 6}}, URI: "https://example.org/"})
		p.BeginGroup(nil)
		tag(sect.Add("P"))
		p.EndGroup(0.5, Mask{})
		p.BeginArtifact(Artifact{Type: ArtifactLayout})
		p.DrawPath(new(Path).Rect(Rect{5, 5, 290, 390}), PathStyle{Stroke: &Stroke{Width: 1}})
		p.End()
		p.Finish()
		sect.Seal()
		pages = append(pages, p)
	}
	for _, p := range pages {
		p.NewStream()
		p.BeginArtifact(Artifact{Type: ArtifactPagination})
		p.ShowText(TextRun{Font: font, Size: 6, X: 150, Y: 5, Text: "ab c", Glyphs: gl})
		p.End()
		p.Finish()
	}
	return d
}

// TestUnstreamedBytesUnchanged checks that the files of documents that
// do not stream (at most 100 pages in render) are those written before
// what a streaming document keeps was cut down (issue 24): their
// SHA-256, recorded at 49b0a16.
func TestUnstreamedBytesUnchanged(t *testing.T) {
	for _, tc := range []struct {
		pages int
		size  int
		sum   string
	}{
		{1, 9112, "49382f8c25b5fb64068d7743bda27223fee893712503f2257c79781165ad743a"},
		{7, 32739, "a44475be08ad20cfa947136c8e2040439b4a46cf5287a877a98a35fbd391ef66"},
		{100, 412423, "aab224f793f64bb6e48b82248d65de8204733453e4fc75c4dbc5df1cf90b98cd"},
	} {
		b, err := goldenDoc(t, tc.pages, nil).Bytes()
		if err != nil {
			t.Fatal(err)
		}
		if sum := sha256.Sum256(b); len(b) != tc.size || hex.EncodeToString(sum[:]) != tc.sum {
			t.Errorf("%d pages: %d bytes, SHA-256 %x; want %d bytes, %s", tc.pages, len(b), sum, tc.size, tc.sum)
		}
	}
}

// TestStreamedGoldenValid checks the same document streamed from its
// first page (groups, links, late streams on every page): the file
// passes qpdf --check and folio's PDF/UA audit as the file written at
// once does (but for the fake font) and holds its structure tree.
func TestStreamedGoldenValid(t *testing.T) {
	const n = 30
	want, err := goldenDoc(t, n, nil).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	d := goldenDoc(t, n, &buf)
	if err := d.Write(&buf); err != nil {
		t.Fatal(err)
	}
	got := buf.Bytes()
	if structureJSON(t, got) != structureJSON(t, want) {
		t.Error("the streamed file's structure tree differs from the one written at once")
	}
	if out := tool(t, "qpdf", "--check", writeTemp(t, got)); !strings.Contains(out, "No syntax or stream encoding errors found") ||
		strings.Contains(strings.ToLower(out), "warning") {
		t.Errorf("qpdf --check:\n%s", out)
	}
	// the fake font's program is no font: both files break that rule
	// alone
	rules := func(file []byte) string {
		rep, err := ua.Audit(context.Background(), file, ua.Options{})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, f := range append(rep.Errors, rep.Warnings...) {
			seen[f.Rule] = true
		}
		return fmt.Sprint(seen)
	}
	if a, b := rules(got), rules(want); a != b || a != "map[pdfua-7.21.4.1-1:true]" {
		t.Errorf("the streamed file breaks %s, the one written at once %s; want the fake font's rule only", a, b)
	}
}
