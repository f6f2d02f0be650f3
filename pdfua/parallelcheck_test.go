package pdfua

import (
	"bytes"
	"strings"
	"testing"
)

// longDoc returns a document of more structure elements than
// parallelCheck, so Write checks the structure while it builds; broken
// adds a Figure without alternate text at the end.
func longDoc(broken bool) *Document {
	d := newTestDoc()
	p := d.AddPage(300, 300)
	font := &fakeFont{name: "Fake"}
	for i := 0; i < parallelCheck+10; i++ {
		para := d.Root().Add("P")
		p.BeginTagged(para)
		p.ShowText(TextRun{Font: font, Size: 10, X: 10, Y: 10, Text: "a", Glyphs: glyphs(10)})
		p.End()
	}
	if broken {
		d.Root().Add("Figure")
	}
	return d
}

// TestParallelCheck: a long document's structure error is reported as
// for a short one, and a valid long document gives the same bytes on
// every Write.
func TestParallelCheck(t *testing.T) {
	if _, err := longDoc(true).Bytes(); err == nil || !strings.Contains(err.Error(), "Figure needs Alt") {
		t.Fatalf("error %v, want the missing Alt of the Figure", err)
	}
	d := longDoc(false)
	first, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	again, err := longDoc(false).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Error("two writes of the same long document differ")
	}
}
