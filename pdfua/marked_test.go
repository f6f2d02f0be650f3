package pdfua

import (
	"math"
	"strings"
	"testing"

	"github.com/seed28491532/folio/pdfua/pdfobj"
)

func TestMarkedContentMisuse(t *testing.T) {
	font := &fakeFont{name: "Fake"}
	text := TextRun{Font: font, Size: 10, Text: "ab", Glyphs: glyphs(10, 11)}
	tests := []struct {
		name string
		do   func(d *Document, p *Page)
		want string
	}{
		{"tagged inside artifact", func(d *Document, p *Page) {
			p.BeginArtifact(Artifact{})
			p.BeginTagged(d.Root().Add("P"))
		}, "tagged content (P) opened inside an artifact"},
		{"artifact inside tagged", func(d *Document, p *Page) {
			p.BeginTagged(d.Root().Add("P"))
			p.BeginArtifact(Artifact{Type: ArtifactPagination, Subtype: SubtypeHeader})
		}, "artifact opened inside tagged content (P)"},
		{"tagged inside tagged", func(d *Document, p *Page) {
			p.BeginTagged(d.Root().Add("P"))
			p.BeginTagged(d.Root().Add("Span"))
		}, "tagged content (Span) opened inside tagged content (P)"},
		{"artifact inside artifact", func(d *Document, p *Page) {
			p.BeginArtifact(Artifact{})
			p.BeginArtifact(Artifact{})
		}, "artifact opened inside another artifact"},
		{"end without begin", func(d *Document, p *Page) { p.End() }, "End without an open"},
		{"text outside marked content", func(d *Document, p *Page) { p.ShowText(text) }, "text painted outside marked content"},
		{"path outside marked content", func(d *Document, p *Page) {
			p.DrawPath(new(Path).Rect(Rect{0, 0, 10, 10}), PathStyle{Fill: true})
		}, "path painted outside marked content"},
		{"content on the root", func(d *Document, p *Page) { p.BeginTagged(d.Root()) }, "Document root"},
		{"restore without save", func(d *Document, p *Page) { p.Restore() }, "Restore without Save"},
		{"left open", func(d *Document, p *Page) { p.BeginTagged(d.Root().Add("P")) }, "left open"},
		{"unbalanced save", func(d *Document, p *Page) { p.Save() }, "Save without Restore"},
		{"subtype without pagination", func(d *Document, p *Page) {
			p.BeginArtifact(Artifact{Type: ArtifactLayout, Subtype: SubtypeFooter})
		}, "needs type Pagination"},
		{"notdef", func(d *Document, p *Page) {
			p.BeginTagged(d.Root().Add("P"))
			p.ShowText(TextRun{Font: font, Size: 10, Text: "a", Glyphs: glyphs(0)})
			p.End()
		}, ".notdef"},
		{"element of another document", func(d *Document, p *Page) {
			p.BeginTagged(newTestDoc().Root().Add("P"))
		}, "another document"},
		{"artifact structure type", func(d *Document, p *Page) { d.Root().Add("Artifact") }, "not a structure type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newTestDoc()
			p := d.AddPage(100, 100)
			tc.do(d, p)
			_, err := d.Bytes()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v, want one containing %q", err, tc.want)
			}
			// The first error sticks.
			if d.Err() != nil && d.Err() != err {
				t.Errorf("Err() = %v, Write returned %v", d.Err(), err)
			}
		})
	}
}

func TestMarkedContentOperators(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(100, 100)
	para := d.Root().Add("P")
	if mcid := p.BeginTagged(para); mcid != 0 {
		t.Errorf("first MCID = %d", mcid)
	}
	p.End()
	p.BeginArtifact(Artifact{Type: ArtifactPagination, Subtype: SubtypeFooter, BBox: &Rect{0, 0, 100, 10}})
	p.End()
	p.BeginArtifact(Artifact{})
	p.End()
	if mcid := p.BeginTagged(para); mcid != 1 {
		t.Errorf("second MCID = %d", mcid)
	}
	p.End()
	want := "/P <</MCID 0>> BDC\nEMC\n" +
		"/Artifact <</BBox [0 0 100 10]/Subtype /Footer/Type /Pagination>> BDC\nEMC\n" +
		"/Artifact BMC\nEMC\n" +
		"/P <</MCID 1>> BDC\nEMC\n"
	if got := string(p.content); got != want {
		t.Errorf("content:\n%s\nwant:\n%s", got, want)
	}
	if _, err := d.Bytes(); err != nil {
		t.Fatal(err)
	}
}

func TestBackgroundArtifactBBox(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(200, 100)
	p.BeginArtifact(Artifact{Type: ArtifactBackground})
	p.End()
	if got, want := string(p.content), "/Artifact <</BBox [0 0 200 100]/Type /Background>> BDC\nEMC\n"; got != want {
		t.Errorf("content %q, want %q", got, want)
	}
}

// TestRectAppendArray checks that the direct writer of a rectangle gives
// the bytes of its pdfobj array (artifact and attribute BBoxes use it).
func TestRectAppendArray(t *testing.T) {
	for _, r := range []Rect{
		{0, 0, 200, 100},
		{-12.5, 3.14159265, 0.000004, 1e6},
		{math.NaN(), math.Inf(1), -0.5, 7},
	} {
		want := string(pdfobj.AppendObject(nil, r.array()))
		if got := string(r.appendArray([]byte("x"))); got != "x"+want {
			t.Errorf("%+v: appendArray = %q, want %q", r, got, "x"+want)
		}
	}
}
