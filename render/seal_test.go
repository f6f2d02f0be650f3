package render

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed28491532/folio/audit/ua"
	"github.com/seed28491532/folio/fonts"
	"github.com/seed28491532/folio/pdfinfo"
)

// TestStreamToSealsSections writes a document of 130 sections, three
// with a link, through a streaming Writer: the sections go out as they
// are done and the Writer lets go of their nodes and of what maps their
// boxes; those with a link to a URI or to a section before them too,
// their link annotated at once, while the one whose link points to a
// later section (and the last) waits for the end of the part. The file passes qpdf --check and the PDF/UA
// audit, holds every section's structure, and is the file Close writes.
func TestStreamToSealsSections(t *testing.T) {
	const n, linkAt = 130, 120
	src := strings.NewReplacer(
		"<h2>Chapter 3</h2>", `<h2>Chapter 3</h2><table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>`,
		"<h2>Chapter 5</h2>", `<h2 id=s5>Chapter 5</h2>`,
		"<h2>Chapter 125</h2>", `<h2 id=s125>Chapter 125</h2>`,
		"<h2>Chapter 110</h2>", `<h2>Chapter 110</h2><p><a href="https://example.org/">A link</a> out</p>`,
		"<h2>Chapter 115</h2>", `<h2>Chapter 115</h2><p><a href="#s5">Back</a> to chapter 5</p>`,
		"<h2>Chapter 120</h2>", `<h2>Chapter 120</h2><p><a href="#s125">On</a> to chapter 125</p>`,
	).Replace(longDoc(n))
	reg := fonts.NewRegistry(fonts.Options{})
	padded := 0      // rows padded in the irregular table, at most at once
	var all []*snode // every node made, in order (of the last file)
	var tops []int32 // the orders of the root's children among them
	write := func(stream bool) ([]byte, *structure) {
		tree, ld := layoutHTML(t, reg, src)
		w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if stream {
			if err := w.StreamTo(&out); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.BeginPart(tree, ""); err != nil {
			t.Fatal(err)
		}
		s := w.r.s
		all, tops = nil, nil
		for _, l := range displayLists(t, ld) {
			// the page's nodes are made first, to be seen before Page
			// lets go of them
			if err := w.Reach(reachOf(l)); err != nil {
				t.Fatal(err)
			}
			for _, x := range s.span(len(all), s.made()) {
				if x.parent == s.root {
					tops = append(tops, x.order)
				}
				all = append(all, x)
			}
			if err := w.Page(l); err != nil {
				t.Fatal(err)
			}
			padded = max(padded, len(s.pad))
		}
		if err := w.EndPart(); err != nil {
			t.Fatal(err)
		}
		if !stream {
			res, err := w.Close()
			if err != nil {
				t.Fatal(err)
			}
			return res.PDF, s
		}
		if _, err := w.CloseTo(&out); err != nil {
			t.Fatal(err)
		}
		return out.Bytes(), s
	}
	want, _ := write(false)
	got, s := write(true)
	// the sections are the root's children (tops), one a page
	if s.topCount() != n || s.sealed != n-2 {
		t.Fatalf("%d top-level nodes, %d sealed; want %d and %d (all but the forward link's section and the last)", s.topCount(), s.sealed, n, n-2)
	}
	if s.topsBase == 0 || 2*len(s.nodes) > s.made() {
		t.Errorf("the structure indexes %d of its %d nodes and %d of its %d top-level subtrees: want those done let go of", len(s.nodes), s.made(), len(s.tops), n)
	}
	if len(tops) != n {
		t.Fatalf("%d nodes under the root seen, want %d", len(tops), n)
	}
	link, after := int(tops[linkAt-1]), int(tops[linkAt])
	for i, x := range all[:tops[n-1]] {
		released := x.box == nil && x.elem == nil && x.parent == nil
		if kept := i >= link && i < after; released == (kept || i == 0) {
			t.Fatalf("structure node %d of %d (%s) released %v; want all but the root's and the link's section's (%d to %d)", i, len(all), x.typ, released, link, after-1)
		}
	}
	if s.owner.base == 0 {
		t.Error("the owners' slots of the sealed sections were not let go")
	}
	for b := range s.pad {
		if b.Index < int(all[link].pos) {
			t.Errorf("the table padding of box %d of a sealed section is kept", b.Index)
		}
	}
	if padded == 0 {
		t.Error("no row padded: the test no longer checks that the padding goes")
	}
	for i, slot := range s.owner.byIndex[:max(int(all[link].pos)-s.owner.base, 0)] {
		if slot.n != nil && slot.n != s.root {
			t.Fatalf("box %d of a sealed section still has its owner (%s)", s.owner.base+i, slot.n.typ)
		}
	}
	if !bytes.Equal(got, want) {
		t.Error("CloseTo wrote other bytes than Close (both stream past 100 pages)")
	}
	if k := bytes.Count(got, []byte("/Subtype /Link")); k != 3 {
		t.Errorf("%d link annotations, want 3", k)
	}
	info, err := pdfinfo.Read(got)
	if err != nil {
		t.Fatal(err)
	}
	doc := info.Structure
	for doc != nil && doc.Type != "Document" && len(doc.Children) == 1 {
		doc = doc.Children[0]
	}
	sects := 0
	for _, c := range doc.Children {
		if c.Type == "Sect" && len(c.Children) >= 5 { // H2, three P, Table
			sects++
		}
	}
	if sects != n {

		t.Errorf("%d Sect elements with their kids under the Document, want %d", sects, n)
	}
	rep, err := ua.Audit(context.Background(), got, ua.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Errors {
		t.Errorf("PDF/UA: %s: %s", f.Rule, f.Message)
	}
	path := filepath.Join(t.TempDir(), "s.pdf")
	if err := os.WriteFile(path, got, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("qpdf", "--check", path).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "No syntax or stream encoding errors found") {
		t.Errorf("qpdf --check: %v\n%s", err, out)
	}
}

// TestStreamToSealsInsideMain: when one element holds most of the
// document (a main between a header and a footer), its children are the
// subtrees written as they are done.
func TestStreamToSealsInsideMain(t *testing.T) {
	const n = 110
	src := strings.Replace(longDoc(n), "<section>", "<header><p>Report</p></header><main><section>", 1) +
		"</main><footer><p>The end</p></footer>"
	tree, ld := layoutHTML(t, fonts.NewRegistry(fonts.Options{}), src)
	w, err := NewWriter(context.Background(), Options{Title: "t", Lang: "en"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.BeginPart(tree, ""); err != nil {
		t.Fatal(err)
	}
	s := w.r.s
	for _, l := range displayLists(t, ld) {
		if err := w.Page(l); err != nil {
			t.Fatal(err)
		}
	}
	if s.top == s.root || s.topCount() != n || s.sealed != n-1 {
		t.Errorf("tops under %s: %d, %d sealed; want the main's %d sections, all but the last sealed", s.top.typ, s.topCount(), s.sealed, n)
	}
	if err := w.EndPart(); err != nil {
		t.Fatal(err)
	}
	res, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := ua.Audit(context.Background(), res.PDF, ua.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Errors {
		t.Errorf("PDF/UA: %s: %s", f.Rule, f.Message)
	}
}
