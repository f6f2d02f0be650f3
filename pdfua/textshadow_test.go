package pdfua

import (
	"strings"
	"testing"
)

// TestShowTextUnread checks that a repeated run (a text-shadow copy) is
// wrapped in a Span with an empty ActualText inside its artifact, that a
// grown run is filled and stroked with round joins, and that a repeated
// run outside an artifact is refused.
func TestShowTextUnread(t *testing.T) {
	d := newTestDoc()
	p := d.AddPage(200, 100)
	p.BeginArtifact(Artifact{Type: ArtifactLayout})
	p.ShowTextUnread(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: "a", Glyphs: glyphs(10), Grow: 1.5})
	p.End()
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	content := string(p.content)
	for _, want := range []string{"/Span <</ActualText ()>> BDC\n", "1 j\n3 w 2 Tr\nBT\n", "ET\nQ\nEMC\nEMC\n"} {
		if !strings.Contains(content, want) {
			t.Errorf("content lacks %q:\n%s", want, content)
		}
	}

	d = newTestDoc()
	p = d.AddPage(200, 100)
	p.BeginTagged(d.Root().Add("P"))
	p.ShowTextUnread(TextRun{Font: &fakeFont{name: "Fake"}, Size: 10, Text: "a", Glyphs: glyphs(10)})
	if err := d.Err(); err == nil || !strings.Contains(err.Error(), "outside an artifact") {
		t.Errorf("repeated text in tagged content: error %v, want one naming the artifact", err)
	}
}
