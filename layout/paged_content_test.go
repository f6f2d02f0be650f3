package layout

import (
	"strings"
	"testing"
)

// footers lists the text of the margin boxes of every page, one string
// per page ("|" between boxes).
func footers(d *Document) []string {
	out := make([]string, len(d.Pages))
	for i, p := range d.Pages {
		out[i] = strings.Join(marginTexts(p), "|")
	}
	return out
}

func checkPages(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("per page:\n got %q\nwant %q", got, want)
	}
}

const fourChapters = `<h1>One</h1><p>a</p><h1>Two</h1><p>b</p><h1>Three</h1><p>c</p><h1>Four</h1><p>d</p>`

// TestPageCounters checks counter(page) and counter(pages) with counter
// styles, counter-reset: page on a page rule and on an element.
func TestPageCounters(t *testing.T) {
	base := `<style>@page { size: 200pt 200pt; margin: 20pt; @bottom-center { content: %s } }
	h1 { break-before: page; font-size: 10pt; margin: 0 } body { margin: 0 } %s</style>` + fourChapters
	tests := []struct {
		name, content, css string
		want               []string
	}{
		{"decimal", `"Page " counter(page) " of " counter(pages)`, "", []string{"Page 1 of 4", "Page 2 of 4", "Page 3 of 4", "Page 4 of 4"}},
		{"upper-roman", `counter(page, upper-roman) "/" counter(pages, lower-alpha)`, "", []string{"I/d", "II/d", "III/d", "IV/d"}},
		{"element reset", `counter(page)`, "h1:nth-of-type(3) { counter-reset: page 1 }", []string{"1", "2", "1", "2"}},
		{"page rule reset then implicit increment", `counter(page)`, "@page :first { counter-reset: page 9 }", []string{"10", "11", "12", "13"}},
		{"page rule increment", `counter(page)`, "@page { counter-increment: page 2 }", []string{"2", "4", "6", "8"}},
		{"quoted only", `"draft"`, "", []string{"draft", "draft", "draft", "draft"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, strings.Replace(strings.Replace(base, "%s", tt.content, 1), "%s", tt.css, 1))
			checkPages(t, footers(d), tt.want)
		})
	}
}

// TestRunningHeaders checks string-set running headers with each
// string() policy. Chapter Two runs over two pages.
func TestRunningHeaders(t *testing.T) {
	doc := `<style>@page { size: 200pt 100pt; margin: 20pt; @top-center { content: %s } }
	h1 { break-before: page; font-size: 10pt; margin: 0; string-set: chapter content() }
	h1.first { break-before: auto } p { margin: 0; font-size: 10pt; line-height: 20pt } body { margin: 0 }
	</style><p>intro</p><h1 class=first>One</h1><p>a</p>
	<h1>Two</h1><p>b</p><p>b</p><p>b</p><p>b</p><p>b</p>
	<h1>Three</h1><p>c</p>`
	tests := []struct {
		content string
		want    []string
	}{
		// page 1 has "intro" then One; page 2 Two; page 3 Two continued; page 4 Three
		{`string(chapter)`, []string{"One", "Two", "Two", "Three"}},
		{`string(chapter, first)`, []string{"One", "Two", "Two", "Three"}},
		{`string(chapter, start)`, []string{"", "Two", "Two", "Three"}},
		{`string(chapter, last)`, []string{"One", "Two", "Two", "Three"}},
		{`string(chapter, first-except)`, []string{"", "", "Two", ""}},
		{`"Chapter: " string(chapter)`, []string{"Chapter: One", "Chapter: Two", "Chapter: Two", "Chapter: Three"}},
	}
	for _, tt := range tests {
		t.Run(tt.content, func(t *testing.T) {
			d := mustPaged(t, strings.Replace(doc, "%s", tt.content, 1))
			if len(d.Pages) != 4 {
				t.Fatalf("%d pages, want 4", len(d.Pages))
			}
			checkPages(t, footers(d), tt.want)
		})
	}
}

// TestStringStartWithMargins checks string(name, start) takes the
// value a page's first element assigns even when that element's margins
// (kept after a forced break) put it below the top of the page area,
// but not when content precedes it on the page (WPT css-gcpm
// using-strings-003).
func TestStringStartWithMargins(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 20pt; @top-center { content: string(s, start) } }
	body { margin: 0 } h2 { font-size: 10pt; margin: 20pt 0 5pt; string-set: s content() } p { margin: 0; font-size: 10pt }
	.b { break-before: page }</style>
	<p>intro</p><h2>One</h2><h2 class=b>Two</h2><p>x</p><h2>Three</h2><div class=b style="height:20pt"></div><h2>Four</h2>`)
	checkPages(t, footers(d), []string{"", "Two", "Three"})
}

// TestStringSetPageCounters checks counter(page) and counter(pages) in
// string-set (WPT css-gcpm string-set-005, -009): the page number is
// that of the page the assigning element is on, carried to later pages
// with the string, and the count is the document's.
func TestStringSetPageCounters(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 200pt 100pt; margin: 20pt; @top-center { content: string(s) } }
	body { margin: 0 } h1 { font-size: 10pt; margin: 0; string-set: s "p" counter(page, upper-roman) " of " counter(pages) }
	.b { break-before: page } p { margin: 0 }</style>
	<h1>One</h1><h1 class=b>Two</h1><p class=b>no heading</p>`)
	checkPages(t, footers(d), []string{"pI of 3", "pII of 3", "pII of 3"})
}

// TestStringSetDisplayNone checks an element with display: none still
// sets its named strings, where the content after it starts (WPT
// css-gcpm string-set-010, -011).
func TestStringSetDisplayNone(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 200pt 100pt; margin: 20pt; @top-center { content: string(s) } }
	body { margin: 0 } h1 { display: none; string-set: s content() } p { margin: 0 } .b { break-before: page }</style>
	<h1>One</h1><p>a</p><div class=b><h1>Two</h1><p>b</p></div><p class=b>c</p>`)
	checkPages(t, footers(d), []string{"One", "Two", "Two"})
}

// TestStringSetContentArgs checks the arguments of content() in
// string-set (css-gcpm-3 §1.1): text (the default), before and after
// (the element's ::before and ::after content, counters included) and
// first-letter; several strings set in one declaration.
func TestStringSetContentArgs(t *testing.T) {
	tests := []struct{ set, want string }{
		{`content()`, "Chapter Title"},
		{`content(text)`, "Chapter Title"},
		{`content(first-letter)`, "C"},
		{`content(before)`, "before-3"},
		{`content(after)`, "-after"},
		{`content(before) content() content(after)`, "before-3Chapter Title-after"},
		{`x content(first-letter), y content()`, "C"},
	}
	for _, tt := range tests {
		t.Run(tt.set, func(t *testing.T) {
			d := mustPaged(t, `<style>@page { size: 200pt 100pt; margin: 20pt; @top-center { content: string(x) } }
			body { margin: 0 } h1 { font-size: 10pt; margin: 0; counter-reset: n 3; string-set: x `+strings.TrimPrefix(tt.set, "x ")+` }
			h1::before { content: "before-" counter(n) } h1::after { content: "-after" }</style><h1>Chapter Title</h1>`)
			checkPages(t, footers(d), []string{tt.want})
		})
	}
}

// TestTableOfContents checks target-counter(attr(href), page) in the
// body: each entry shows the page its chapter starts on, with a counter
// style, and a link to a missing id shows no number.
func TestTableOfContents(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 20pt }
	body { margin: 0; font-size: 10pt } p, h1 { margin: 0; font-size: 10pt }
	h1 { break-before: page }
	.toc a::after { content: " p. " target-counter(attr(href), page) }
	.toc a.roman::after { content: " " target-counter(attr(href), page, lower-roman) }
	</style>
	<nav class=toc><p><a href="#c1">One</a></p><p><a href="#c2">Two</a></p><p><a class=roman href="#c3">Three</a></p><p><a href="#nowhere">Gone</a></p></nav>
	<h1 id=c1>One</h1><p>a</p><h1 id=c2>Two</h1><p>b</p><p style="break-before:page">b2</p><h1><span id=c3>Three</span></h1>`)
	if len(d.Pages) != 5 {
		t.Fatalf("%d pages, want 5", len(d.Pages))
	}
	got := fragText(d.Pages[0].Root)
	want := "One p. 2Two p. 3Three vGone p. "
	if got != want {
		t.Errorf("toc page %q, want %q", got, want)
	}
}

// TestRunningElements checks position: running(name) with element(name):
// the element leaves the flow and shows in the margin box of the page it
// falls on, and of later pages until another one replaces it.
func TestRunningElements(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 200pt 100pt; margin: 20pt; @top-center { content: element(hdr) } }
	.hdr { position: running(hdr); font-size: 10pt; margin: 0 } body { margin: 0 }
	h1 { break-before: page; font-size: 10pt; margin: 0 } h1.first { break-before: auto }
	</style><div class=hdr>Part <b>A</b></div><h1 class=first>One</h1><h1>Two</h1>
	<h1>Three</h1><div class=hdr>Part B</div>`)
	if len(d.Pages) != 3 {
		t.Fatalf("%d pages, want 3", len(d.Pages))
	}
	checkPages(t, footers(d), []string{"Part A", "Part A", "Part B"})
	for i, p := range d.Pages {
		if s := fragText(p.Root); strings.Contains(s, "Part") {
			t.Errorf("page %d body still holds the running element: %q", i+1, s)
		}
	}
}

// TestTargetCounterOscillation builds a table of contents whose entry
// wraps with "VIII" but not with "IX": the target then moves between
// pages 8 and 9 on every pass. Layout stops after the bounded number of
// passes with a diagnostic instead of looping.
func TestTargetCounterOscillation(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<style>@page { size: 100pt 100pt; margin: 0 } body, p { margin: 0; font-size: 10pt; line-height: 10pt }
	a::after { content: " " target-counter(attr(href), page, upper-roman) }</style>
	<p><a href="#t">aaaaaaaaaaaaaaaa</a></p>`)
	for range 78 {
		sb.WriteString("<p>x</p>")
	}
	sb.WriteString(`<p id=t>t</p>`)
	d := mustPaged(t, sb.String())
	found := false
	for _, dg := range d.Diagnostics {
		if strings.Contains(dg.Message, "did not settle") {
			found = true
		}
	}
	if !found {
		t.Errorf("no diagnostic about unsettled page numbers: %v (pages %d)", d.Diagnostics, len(d.Pages))
	}
}

// TestTableOfContentsLeaders checks leader('.') before target-counter:
// the page number ends at the right edge of the line and dots fill the
// gap after the entry's title.
func TestTableOfContentsLeaders(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 20pt }
	body { margin: 0; font-size: 10pt } p, h1 { margin: 0; font-size: 10pt; line-height: 1 }
	h1 { break-before: page }
	a::after { content: leader('.') " " target-counter(attr(href), page) }
	</style><p><a href="#c1">One</a></p><p><a href="#c2">Chapter two</a></p>
	<h1 id=c1>One</h1><h1 id=c2>Two</h1>`)
	var lines []*Line
	var walk func(*Fragment)
	walk = func(f *Fragment) {
		lines = append(lines, f.Lines...)
		for _, c := range f.Children {
			walk(c)
		}
	}
	walk(d.Pages[0].Root)
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2", len(lines))
	}
	wantNum := []string{" 2", " 3"}
	for i, ln := range lines {
		var sb strings.Builder
		for _, tx := range ln.Texts {
			sb.WriteString(tx.Text)
		}
		s := sb.String()
		last := ln.Texts[len(ln.Texts)-1]
		if last.Text != wantNum[i] || !pnear(last.X+last.Width, 180) {
			t.Errorf("line %d: last run %q ends at %v, want %q ending at 180", i+1, last.Text, last.X+last.Width, wantNum[i])
		}
		if !strings.Contains(s, "......") || !strings.HasSuffix(s, "."+wantNum[i]) && !strings.HasSuffix(strings.TrimRight(s, wantNum[i]), ".") {
			t.Errorf("line %d text %q, want dots before the number", i+1, s)
		}
		// each run stays in order and does not overlap the next
		for k := 1; k < len(ln.Texts); k++ {
			if a, b := ln.Texts[k-1], ln.Texts[k]; a.X+a.Width > b.X+0.01 {
				t.Errorf("line %d: run %q overlaps %q", i+1, a.Text, b.Text)
			}
		}
	}
}

// TestTableOfContentsTargetText checks a table of contents made of
// target-text(), leader() and target-counter(…, page) in one content
// list, and target-counter() of a chapter counter: titles, chapter
// numbers and page numbers all appear.
func TestTableOfContentsTargetText(t *testing.T) {
	d := mustPaged(t, `<style>@page { size: 300pt 200pt; margin: 20pt }
	body { margin: 0; font-size: 10pt; counter-reset: ch } p, h1 { margin: 0; font-size: 10pt; line-height: 1 }
	h1 { break-before: page; counter-increment: ch }
	.toc a::before { content: target-counter(attr(href), ch, upper-roman) ". " target-text(attr(href)) leader('.') target-counter(attr(href), page) }
	</style><nav class=toc><p><a href="#c1"></a></p><p><a href="#c2"></a></p></nav>
	<h1 id=c1>Getting started</h1><h1 id=c2>Deep waters</h1>`)
	got := fragText(d.Pages[0].Root)
	for _, want := range []string{"I. Getting started", "II. Deep waters", ".2", ".3"} {
		if !strings.Contains(got, want) {
			t.Errorf("toc page %q lacks %q", got, want)
		}
	}
}

// TestLeaderAnywhere checks leader() in generated content without
// target-counter (css-gcpm-3 §5.1): at the end of an ::after followed by
// other elements' text, at the start of a ::before, and in the middle of
// a content list. What follows the leader on its line ends at the line's
// right edge, the leader repeats its string in whole copies between, and
// no runs overlap.
func TestLeaderAnywhere(t *testing.T) {
	tests := []struct {
		name, css, body, leader, last string
	}{
		{"end of ::after", `.cn::after { content: leader(dotted) }`, `<p><span class=cn>Chapter</span> <span>12</span></p>`, ". ", "12"},
		{"start of ::before", `p::before { content: leader('~ ') }`, `<p>Ahab</p>`, "~ ", "Ahab"},
		{"middle of a list", `p::after { content: "A" leader(solid) "Z" }`, `<p>x</p>`, "_", "Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustPaged(t, `<style>@page { size: 200pt 200pt; margin: 20pt } body { margin: 0; font-size: 10pt } p { margin: 0 }`+tt.css+`</style>`+tt.body)
			var ln *Line
			var walk func(*Fragment)
			walk = func(f *Fragment) {
				if len(f.Lines) > 0 && ln == nil {
					ln = f.Lines[0]
				}
				for _, c := range f.Children {
					walk(c)
				}
			}
			walk(d.Pages[0].Root)
			if ln == nil {
				t.Fatal("no line")
			}
			last := ln.Texts[len(ln.Texts)-1]
			if !strings.HasSuffix(last.Text, tt.last) || !pnear(last.X+last.Width, 180) {
				t.Errorf("last run %q ends at %.2f, want %q ending at the line end 180", last.Text, last.X+last.Width, tt.last)
			}
			var lead *Text
			for _, tx := range ln.Texts {
				if tx.Box.Leader() != "" {
					lead = tx
				}
			}
			if lead == nil || strings.Count(lead.Text, tt.leader) < 10 || strings.ReplaceAll(lead.Text, tt.leader, "") != "" {
				t.Fatalf("leader run %v: want at least 10 whole copies of %q", lead, tt.leader)
			}
			for k := 1; k < len(ln.Texts); k++ {
				if a, b := ln.Texts[k-1], ln.Texts[k]; a.X+a.Width > b.X+0.01 {
					t.Errorf("run %q overlaps %q", a.Text, b.Text)
				}
			}
		})
	}
}
