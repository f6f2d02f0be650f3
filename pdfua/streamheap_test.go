package pdfua

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// longStreamed builds a streamed document of n pages (StreamTo from the
// first), each a Sect of elemsPerPage paragraphs with one MCID each,
// finished and sealed as render does, and returns the live heap it
// holds after the last page, with the pages kept as render keeps them.
func longStreamed(t testing.TB, n, elemsPerPage int) uint64 {
	t.Helper()
	font := &fakeFont{name: "Fake"}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	d := newTestDoc()
	if err := d.StreamTo(io.Discard); err != nil {
		t.Fatal(err)
	}
	pages := make([]*Page, 0, n)
	gl := glyphs(10, 11, 12)
	for range n {
		p := d.AddPage(300, 400)
		sect := d.Root().Add("Sect")
		for i := range elemsPerPage {
			e := sect.Add("P")
			p.BeginTagged(e)
			p.ShowText(TextRun{Font: font, Size: 4, X: 10, Y: 390 - 4*float64(i), Text: "abc", Glyphs: gl})
			p.End()
		}
		p.Finish()
		sect.Seal()
		pages = append(pages, p)
	}
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	d.early.Wait()
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(d)
	runtime.KeepAlive(pages)
	if err := d.Write(io.Discard); err != nil {
		t.Fatal(err)
	}
	return after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
}

// TestLongStreamHeapPerPage bounds what a streaming document keeps of
// each finished page of a long document (issue 24): the live heap after
// the last page grows by less than maxPerPage bytes a page between 300
// and 1,200 pages of 95 elements, each with one MCID.
func TestLongStreamHeapPerPage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 1,500 pages")
	}
	const short, long, elems = 300, 1200, 95
	longStreamed(t, 50, elems) // warm up
	least := 1e18
	for range 2 {
		a, b := longStreamed(t, short, elems), longStreamed(t, long, elems)
		least = min(least, (float64(b)-float64(a))/float64(long-short))
	}
	t.Logf("live heap %.0f bytes a page", least)
	const maxPerPage = 100000
	if least > maxPerPage {
		t.Errorf("a streaming document keeps %.0f bytes a page, more than %d", least, maxPerPage)
	}
}

// TestSealedKids checks what a kept element knows of the subtrees
// written under it: their type for its checks (one H child), their last
// heading for the levels after them, their number for its /K, also when
// a subtree holding written ones is sealed in turn; and that the
// elements' table lets go of the chunks whose elements all went.
func TestSealedKids(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	for _, tc := range []struct {
		name  string
		build func(d *Document, p *Page, tag func(*StructElem))
		err   string
	}{
		{"two H written under the Document", func(d *Document, p *Page, tag func(*StructElem)) {
			for range 2 {
				h := d.Root().Add("H")
				tag(h)
				h.Seal()
			}
		}, "more than one H child"},
		{"a level skipped after a written heading", func(d *Document, p *Page, tag func(*StructElem)) {
			s := d.Root().Add("Sect")
			tag(s.Add("H1"))
			s.Seal()
			tag(d.Root().Add("H3"))
		}, "heading level 3 follows level 1"},
		{"a Part sealed after its sections", func(d *Document, p *Page, tag func(*StructElem)) {
			part := d.Root().Add("Part")
			for i := range 3 {
				s := part.Add("Sect")
				tag(s.Add(map[bool]string{true: "H1", false: "H2"}[i == 0]))
				tag(s.Add("P"))
				s.Seal()
			}
			part.Seal()
			tag(d.Root().Add("P"))
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			d := newTestDoc()
			if err := d.StreamTo(&buf); err != nil {
				t.Fatal(err)
			}
			p := d.AddPage(300, 400)
			y := 390.0
			tag := func(e *StructElem) {
				p.BeginTagged(e)
				p.ShowText(TextRun{Font: font, Size: 4, X: 10, Y: y, Text: "ab", Glyphs: glyphs(10, 11)})
				p.End()
				y -= 5
			}
			tc.build(d, p, tag)
			p.Finish()
			err := d.Write(&buf)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("Write: %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := structureJSON(t, buf.Bytes())
			for _, want := range []string{`"Part"`, `"H1"`, `"H2"`} {
				if !strings.Contains(got, want) {
					t.Errorf("structure %s has no %s", got, want)
				}
			}
			if out := tool(t, "qpdf", "--check", writeTemp(t, buf.Bytes())); !strings.Contains(out, "No syntax or stream encoding errors found") {
				t.Errorf("qpdf --check:\n%s", out)
			}
		})
	}
	t.Run("chunks let go", func(t *testing.T) {
		d := newTestDoc()
		if err := d.StreamTo(io.Discard); err != nil {
			t.Fatal(err)
		}
		for range 20 {
			p := d.AddPage(300, 400)
			s := d.Root().Add("Sect")
			for i := range 95 {
				e := s.Add("P")
				p.BeginTagged(e)
				p.ShowText(TextRun{Font: font, Size: 4, X: 10, Y: 390 - 4*float64(i), Text: "ab", Glyphs: glyphs(10, 11)})
				p.End()
			}
			p.Finish()
			s.Seal()
		}
		held := 0
		for _, ch := range d.elems.chunks {
			if ch != nil {
				held++
			}
		}
		// the root's chunk and the one elements are added to
		if held > 2 || len(d.elems.chunks) < 7 {
			t.Errorf("%d chunks of %d hold elements after 20 sealed pages", held, len(d.elems.chunks))
		}
		if err := d.Write(io.Discard); err != nil {
			t.Fatal(err)
		}
	})
}

// TestReopenedPageTagged checks that a page reopened (NewStream) after
// a streaming document wrote its ParentTree array refuses tagged
// content with an error saying so, and takes artifacts; a document not
// streaming takes both.
func TestReopenedPageTagged(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	for _, tc := range []struct {
		stream, tagged bool
		err            string
	}{
		{false, false, ""},
		{false, true, ""},
		{true, false, ""},
		{true, true, "reopened after its ParentTree entries were written"},
	} {
		t.Run(fmt.Sprintf("stream %v tagged %v", tc.stream, tc.tagged), func(t *testing.T) {
			var buf bytes.Buffer
			d := newTestDoc()
			if tc.stream {
				if err := d.StreamTo(&buf); err != nil {
					t.Fatal(err)
				}
			}
			p := d.AddPage(200, 200)
			p.BeginTagged(d.Root().Add("P"))
			p.ShowText(TextRun{Font: font, Size: 10, X: 10, Y: 180, Text: "ab", Glyphs: glyphs(10, 11)})
			p.End()
			p.Finish()
			p.NewStream()
			if tc.tagged {
				p.BeginTagged(d.Root().Add("P"))
			} else {
				p.BeginArtifact(Artifact{Type: ArtifactPagination})
			}
			p.ShowText(TextRun{Font: font, Size: 8, X: 10, Y: 10, Text: "1", Glyphs: glyphs(12)})
			p.End()
			p.Finish()
			err := d.Write(&buf)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("Write: %v, want %q", err, tc.err)
			}
		})
	}
}
