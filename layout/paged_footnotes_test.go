package layout

import (
	"context"
	"strings"
	"testing"
)

// footnotePage is a small page (area 200×200 pt) with an @footnote rule.
const footnotePage = `<style>@page{size:300pt 300pt; margin:50pt; @footnote{border-top:1pt solid black; padding-top:4pt; margin-top:6pt}}
body{margin:0; font-size:10pt; line-height:20pt} p{margin:0} .fn{float:footnote}</style>`

// TestFootnoteAtPageBottom checks the footnote body sits in the page's
// footnote area, at the bottom of the page area under the body text, the
// call's number stays in the line and the body starts with its marker.
func TestFootnoteAtPageBottom(t *testing.T) {
	d := mustPaged(t, footnotePage+`<p>Text<span class=fn>Note one</span> after.</p><p>Next</p>`)
	if len(d.Pages) != 1 {
		t.Fatalf("%d pages, want 1", len(d.Pages))
	}
	p := d.Pages[0]
	if got := fragText(p.Root); !strings.Contains(got, "Text1 after.") || strings.Contains(got, "Note one") {
		t.Errorf("body text %q: want the call 1 in the line, the note out of it", got)
	}
	fa := p.Footnotes
	if fa == nil {
		t.Fatal("no footnote area")
	}
	if got := fragText(fa); got != "1. Note one" {
		t.Errorf("footnote area text %q, want %q", got, "1. Note one")
	}
	bottom := p.Area.Y + p.Area.H
	if !pnear(fa.Y+fa.H, bottom) {
		t.Errorf("footnote area ends at %.2f, want the page area bottom %.2f", fa.Y+fa.H, bottom)
	}
	if fa.Border[0] != 1 || fa.Padding[0] != 4 {
		t.Errorf("footnote area border-top %.2f padding-top %.2f, want 1 and 4 (@footnote)", fa.Border[0], fa.Padding[0])
	}
	if fa.Y < p.Area.Y+40 {
		t.Errorf("footnote area at y %.2f overlaps the two body lines ending at %.2f", fa.Y, p.Area.Y+40)
	}
}

// TestFootnoteNumbersAcrossPages checks footnotes number 1, 2, 3 in
// document order across pages, each on the page of its call.
func TestFootnoteNumbersAcrossPages(t *testing.T) {
	d := mustPaged(t, footnotePage+`<p>A<span class=fn>first</span></p><p style="break-before:page">B<span class=fn>second</span> C<span class=fn>third</span></p>`)
	if len(d.Pages) != 2 {
		t.Fatalf("%d pages, want 2", len(d.Pages))
	}
	want := [][2]string{{"A1", "1. first"}, {"B2 C3", "2. second3. third"}}
	for i, w := range want {
		p := d.Pages[i]
		if got := fragText(p.Root); got != w[0] {
			t.Errorf("page %d body %q, want %q", i+1, got, w[0])
		}
		if p.Footnotes == nil {
			t.Fatalf("page %d: no footnote area", i+1)
		}
		if got := fragText(p.Footnotes); got != w[1] {
			t.Errorf("page %d footnotes %q, want %q", i+1, got, w[1])
		}
	}
}

// TestFootnoteMovesWithItsCall checks a call on the last line of a full
// page whose footnote does not fit there moves, with its line, to the
// next page and its footnote with it.
func TestFootnoteMovesWithItsCall(t *testing.T) {
	// 8 lines of 20 pt fill 160 of the 200 pt area, the call's line
	// (raised by its call) fits below them, its footnote (three 20 pt
	// lines plus 11 pt of rule) does not: the call's line moves, the 8
	// lines stay (reserving the footnote's room would move 2 of them)
	body := strings.Repeat("<p>line</p>", 8) + `<p>call<span class=fn>the<br>long<br>note</span></p>`
	d := mustPaged(t, footnotePage+body)
	if len(d.Pages) != 2 {
		t.Fatalf("%d pages, want 2", len(d.Pages))
	}
	if d.Pages[0].Footnotes != nil {
		t.Errorf("page 1 has a footnote area %q; the call moved on", fragText(d.Pages[0].Footnotes))
	}
	p := d.Pages[1]
	if got := fragText(p.Root); got != "call1" {
		t.Errorf("page 2 body %q, want the call's line", got)
	}
	if p.Footnotes == nil || fragText(p.Footnotes) != "1. thelongnote" {
		t.Fatalf("page 2 has no footnote area with the note")
	}
}

// TestFootnoteTallerThanPage checks a footnote taller than its page's
// footnote area splits (css-gcpm-3 §2): each page shows as much of it as
// its area holds, within the page area, the rest continuing at the top
// of the next page's area after the body has ended, every word once and
// the marker on the first part only.
func TestFootnoteTallerThanPage(t *testing.T) {
	const words = 400
	d := mustPaged(t, footnotePage+`<p>x<span class=fn>`+strings.Repeat("word ", words)+`</span></p><p>after</p>`)
	if got := fragText(d.Pages[0].Root); got != "x1after" {
		t.Errorf("page 1 body %q, want the call and the next paragraph", got)
	}
	total := 0
	for i, p := range d.Pages {
		fa := p.Footnotes
		if fa == nil {
			t.Fatalf("page %d of %d has no footnote area", i+1, len(d.Pages))
		}
		txt := fragText(fa)
		if strings.Contains(txt, "1. ") != (i == 0) {
			t.Errorf("page %d footnotes %.20q: want the marker on page 1 only", i+1, txt)
		}
		if fa.Y < p.Area.Y-0.01 || fa.Y+fa.H > p.Area.Y+p.Area.H+0.01 {
			t.Errorf("page %d footnote area %.2f..%.2f outside the page area", i+1, fa.Y, fa.Y+fa.H)
		}
		if i > 0 && p.Root != nil {
			t.Errorf("page %d has body %q after the body ended", i+1, fragText(p.Root))
		}
		total += strings.Count(txt, "word")
	}
	if total != words || len(d.Pages) < 2 {
		t.Errorf("%d words over %d pages, want %d split over more than one", total, len(d.Pages), words)
	}
}

// TestFootnoteSplitBeforeBody checks the rest of a split footnote comes
// first in the next page's area, before the footnotes of that page's
// calls, and the body of that page goes on above it.
func TestFootnoteSplitBeforeBody(t *testing.T) {
	body := `<p>a<span class=fn>` + strings.Repeat("long ", 80) + `</span></p>` +
		strings.Repeat("<p>line</p>", 30) + `<p>b<span class=fn>second</span></p>`
	d := mustPaged(t, footnotePage+body)
	if len(d.Pages) < 2 {
		t.Fatalf("%d pages, want the footnote split", len(d.Pages))
	}
	p2 := d.Pages[1]
	if p2.Root == nil || !strings.HasPrefix(fragText(p2.Root), "line") {
		t.Fatalf("page 2 has no body lines: the body must go on above the carried footnote")
	}
	if p2.Footnotes == nil || !strings.HasPrefix(fragText(p2.Footnotes), "long") {
		t.Fatalf("page 2 footnotes do not start with the rest of footnote 1")
	}
	all := ""
	for _, p := range d.Pages {
		if p.Footnotes != nil {
			all += fragText(p.Footnotes) + "|"
		}
	}
	if n := strings.Count(all, "long"); n != 80 {
		t.Errorf("%d words of footnote 1 shown, want 80", n)
	}
	if i, j := strings.LastIndex(all, "long"), strings.Index(all, "2. second"); j < i {
		t.Errorf("footnote 2 at %d comes before the end of footnote 1 at %d in %q", j, i, all)
	}
}

// TestFootnoteMovesBesideFloat is TestFootnoteMovesWithItsCall with
// the call on the second line of a paragraph with a float (its lines
// placed around floats): the first line stays. (The break before the
// call happens here with or without the fnStop check of
// placeLinesAround; it guards the case of a float beside the call.)
func TestFootnoteMovesBesideFloat(t *testing.T) {
	body := strings.Repeat("<p>line</p>", 7) + `<p style="widows:1;orphans:1"><span style="float:left;width:20pt;height:5pt"></span>text<br>call<span class=fn>the note</span></p>`
	d := mustPaged(t, footnotePage+body)
	if len(d.Pages) != 2 {
		t.Fatalf("%d pages, want 2", len(d.Pages))
	}
	if got := fragText(d.Pages[1].Root); got != "call1" {
		t.Errorf("page 2 body %q, want the call's line only", got)
	}
}

// TestFootnoteBlockBody checks a block footnote with block children
// gets its marker in its first paragraph and lays out in full.
func TestFootnoteBlockBody(t *testing.T) {
	d := mustPaged(t, footnotePage+`<p>x<span class=fn><span style="display:block">one</span><span style="display:block">two</span></span></p>`)
	fa := d.Pages[0].Footnotes
	if fa == nil || fragText(fa) != "1. onetwo" {
		t.Fatalf("footnote area %v", fa)
	}
}

// TestFootnoteContainers checks calls inside a table cell, an inline
// block and a flex item place their footnotes, in document order.
func TestFootnoteContainers(t *testing.T) {
	d := mustPaged(t, footnotePage+`<table><tr><td>cell<span class=fn>in cell</span></td></tr></table>
<p>a <span style="display:inline-block">box<span class=fn>in box</span></span></p>
<div style="display:flex"><div>item<span class=fn>in item</span></div></div>`)
	fa := d.Pages[0].Footnotes
	if fa == nil {
		t.Fatal("no footnote area")
	}
	if got, want := fragText(fa), "1. in cell2. in box3. in item"; got != want {
		t.Errorf("footnotes %q, want %q", got, want)
	}
}

// TestFootnoteLayoutsBounded checks the layouts of a page that look for
// room for its footnotes stay within maxFootnoteAttempts+1 per page, and
// grow linearly with the document (many footnotes per page, some too
// tall to fit beside their calls).
func TestFootnoteLayoutsBounded(t *testing.T) {
	for _, n := range []int{20, 40, 80} {
		var sb strings.Builder
		for i := range n {
			note := "short"
			if i%7 == 0 {
				note = strings.Repeat("long ", 60)
			}
			sb.WriteString("<p>para<span class=fn>" + note + "</span> more</p>")
		}
		tree, st := boxTree(t, footnotePage+sb.String())
		l := newLayouter(context.Background(), Options{Shaper: fixedShaper{}, Pages: st})
		l.footnotes = extractFootnotes(tree)
		d, err := l.paginate(tree, Options{Shaper: fixedShaper{}, Pages: st})
		if err != nil {
			t.Fatal(err)
		}
		if most := len(d.Pages) * (maxFootnoteAttempts + 1); l.fnLayouts > most {
			t.Errorf("%d footnotes: %d page layouts for %d pages, want at most %d", n, l.fnLayouts, len(d.Pages), most)
		}
		var got int
		for _, p := range d.Pages {
			if p.Footnotes == nil {
				continue
			}
			for _, c := range p.Footnotes.Children {
				if c.First { // a split footnote counts once
					got++
				}
			}
		}
		if got != n {
			t.Errorf("%d footnotes placed, want %d", got, n)
		}
		t.Logf("%d footnotes: %d pages, %d layouts", n, len(d.Pages), l.fnLayouts)
	}
}

// TestFootnoteMovesTableRow checks a call in a table cell whose footnote
// does not fit moves with its whole row: the row's other cells go too.
func TestFootnoteMovesTableRow(t *testing.T) {
	rows := strings.Repeat("<tr><td>line</td><td>b</td></tr>", 8) + `<tr><td>call<span class=fn>the note</span></td><td>beside</td></tr>`
	d := mustPaged(t, footnotePage+`<style>table{border-spacing:0} td{padding:0}</style><table>`+rows+`</table>`)
	if len(d.Pages) != 2 {
		t.Fatalf("%d pages, want 2", len(d.Pages))
	}
	if got := fragText(d.Pages[0].Root); strings.Contains(got, "beside") || strings.Count(got, "line") != 8 {
		t.Errorf("page 1 body %q, want the 8 rows without the call's", got)
	}
	if got := fragText(d.Pages[1].Root); got != "call1beside" {
		t.Errorf("page 2 body %q, want the call's row whole", got)
	}
}
