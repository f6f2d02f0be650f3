package pdfua

import (
	"bytes"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

// TestFinishSameFile checks that finishing pages as they are done (their
// content compressed and dropped) writes the same bytes as keeping them
// (their groups' forms too), and that a finished page refuses more
// drawing.
func TestFinishSameFile(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	build := func(finish bool) *Document {
		d := newTestDoc()
		for i := range 5 {
			p := d.AddPage(200, 200)
			e := d.Root().Add("P")
			p.BeginTagged(e)
			p.ShowText(TextRun{Font: font, Size: 10, X: 10, Y: 180 - float64(i), Text: "ab", Glyphs: glyphs(10, 11)})
			p.End()
			p.BeginArtifact(Artifact{Type: ArtifactPagination})
			p.ShowText(TextRun{Font: font, Size: 8, X: 10, Y: 10, Text: "1", Glyphs: glyphs(12)})
			p.End()
			p.BeginGroup(nil) // a group's form is compressed by Finish too
			p.BeginTagged(d.Root().Add("P"))
			p.ShowText(TextRun{Font: font, Size: 10, X: 10, Y: 100, Text: "c", Glyphs: glyphs(12)})
			p.End()
			p.EndGroup(0.5, Mask{})
			if finish {
				p.Finish()
				p.Finish() // twice is harmless
			}
		}
		return d
	}
	want, err := build(false).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	d := build(true)
	got, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("finished pages write %d bytes, unfinished %d: the files differ", len(got), len(want))
	}
	for _, f := range d.forms {
		if f.content != nil || f.packed == nil {
			t.Fatalf("a finished page's form keeps its content uncompressed")
		}
	}
	again, err := d.Bytes()
	if err != nil || !bytes.Equal(again, want) {
		t.Fatalf("second write of finished pages differs (err %v)", err)
	}
	for _, draw := range []func(p *Page){
		func(p *Page) { p.BeginArtifact(Artifact{Type: ArtifactLayout}) },
		func(p *Page) { p.BeginTagged(p.doc.Root().Add("P")) },
		func(p *Page) { p.BeginGroup(nil) },
	} {
		d := build(true)
		draw(d.pages[0])
		if _, err := d.Bytes(); err == nil || !strings.Contains(err.Error(), "after Finish") {
			t.Errorf("drawing on a finished page: error %v, want one saying after Finish", err)
		}
	}
}

// TestFinishOpenSequence checks that finishing a page with marked content
// left open is an error naming it, not a truncated page.
func TestFinishOpenSequence(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(200, 200)
	p.BeginArtifact(Artifact{Type: ArtifactLayout})
	p.Finish()
	if _, err := d.Bytes(); err == nil {
		t.Fatal("a page finished with an open artifact wrote a file")
	}
}

// TestNewStream checks that drawing resumed on a finished page goes to a
// second content stream, the page's /Contents then being an array of
// both in order.
func TestNewStream(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	d := newTestDoc()
	p := d.AddPage(200, 200)
	p.BeginTagged(d.Root().Add("P"))
	p.ShowText(TextRun{Font: font, Size: 10, X: 10, Y: 180, Text: "ab", Glyphs: glyphs(10, 11)})
	p.End()
	p.Finish()
	p.NewStream()
	p.BeginArtifact(Artifact{Type: ArtifactPagination})
	p.ShowText(TextRun{Font: font, Size: 8, X: 10, Y: 10, Text: "1", Glyphs: glyphs(12)})
	p.End()
	p.Finish()
	f, _ := readBack(t, d)
	pages, err := f.Pages()
	if err != nil || len(pages) != 1 {
		t.Fatalf("%d pages, error %v", len(pages), err)
	}
	arr, ok := f.Resolve(pages[0].Dict["Contents"]).(pdfobj.Array)
	if !ok || len(arr) != 2 {
		t.Fatalf("/Contents is %v, want an array of two streams", pages[0].Dict["Contents"])
	}
	var texts []string
	for _, o := range arr {
		s, ok := f.Resolve(o).(*pdfobj.Stream)
		if !ok {
			t.Fatalf("content %v is not a stream", o)
		}
		data, err := f.DecodeStream(s)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	if !strings.Contains(texts[0], "/P <</MCID 0>> BDC") || strings.Contains(texts[0], "/Artifact") {
		t.Errorf("first stream:\n%s\nwant the tagged text only", texts[0])
	}
	if !strings.Contains(texts[1], "/Artifact") || strings.Contains(texts[1], "MCID") {
		t.Errorf("second stream:\n%s\nwant the artifact only", texts[1])
	}
}
