package pdfua

import (
	"bytes"
	"strings"
	"testing"
)

// TestFinishSameFile checks that finishing pages as they are done (their
// content compressed and dropped) writes the same bytes as keeping them,
// and that a finished page refuses more drawing.
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
	again, err := d.Bytes()
	if err != nil || !bytes.Equal(again, want) {
		t.Fatalf("second write of finished pages differs (err %v)", err)
	}
	for _, draw := range []func(p *Page){
		func(p *Page) { p.BeginArtifact(Artifact{Type: ArtifactLayout}) },
		func(p *Page) { p.BeginTagged(p.doc.Root().Add("P")) },
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
