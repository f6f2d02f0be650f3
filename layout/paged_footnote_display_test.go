package layout

import (
	"strings"
	"testing"
)

// TestFootnotePseudoElementsStyled checks ::footnote-call and
// ::footnote-marker rules: their content (counter(footnote) in any
// counter style, strings) replaces the default number and "n. ", and
// their other properties apply (a call not raised sits on the baseline).
func TestFootnotePseudoElementsStyled(t *testing.T) {
	d := mustPaged(t, footnotePage+`<style>
	  .fn::footnote-call { content: "[" counter(footnote, lower-roman) "]"; vertical-align: baseline; font-size: 100% }
	  .fn::footnote-marker { content: "Note " counter(footnote, upper-alpha) ": " }
	  .plain::footnote-call { content: none }</style>
	  <p>One<span class=fn>first</span> two<span class=fn>second</span> three<span class="fn plain">third</span>.</p>`)
	p := d.Pages[0]
	if got, want := fragText(p.Root), "One[i] two[ii] three."; got != want {
		t.Errorf("body %q, want %q (styled calls; content: none leaves no call text)", got, want)
	}
	if p.Footnotes == nil {
		t.Fatal("no footnote area")
	}
	if got, want := fragText(p.Footnotes), "Note A: firstNote B: secondNote C: third"; got != want {
		t.Errorf("footnote area %q, want %q", got, want)
	}
}

// TestFootnoteDisplay checks footnote-display: inline footnotes share a
// line of the footnote area; compact ones do when they fit on a line and
// are blocks when not; block ones (the default) each start a line.
func TestFootnoteDisplay(t *testing.T) {
	long := strings.Repeat("long ", 30)
	tests := []struct {
		name, class string
		lines       int // lines of the footnote area
	}{
		{"block", "", 3},
		{"inline", "footnote-display: inline", 1},
		{"compact, short notes", "footnote-display: compact", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, footnotePage+`<style>.fn { `+tc.class+` }</style>
			  <p>A<span class=fn>one</span> B<span class=fn>two</span> C<span class=fn>three</span></p>`)
			fa := d.Pages[0].Footnotes
			if fa == nil {
				t.Fatal("no footnote area")
			}
			if got := len(fragLines(fa)); got != tc.lines {
				t.Errorf("%d lines in the footnote area, want %d", got, tc.lines)
			}
			if got := fragText(fa); got != "1. one2. two3. three" {
				t.Errorf("footnote area %q, want the three notes in order", got)
			}
		})
	}
	// a compact footnote too long for one line is a block of its own
	d := mustPaged(t, footnotePage+`<style>.fn { footnote-display: compact }</style>
	  <p>A<span class=fn>one</span> B<span class=fn>`+long+`</span> C<span class=fn>three</span></p>`)
	fa := d.Pages[0].Footnotes
	if fa == nil {
		t.Fatal("no footnote area")
	}
	if got := len(fa.Children); got != 3 {
		t.Errorf("%d blocks in the footnote area, want 3 (one, the long note, three)", got)
	}
}

// fragLines returns the line boxes in f and its descendants.
func fragLines(f *Fragment) []*Line {
	out := append([]*Line(nil), f.Lines...)
	for _, c := range f.Children {
		out = append(out, fragLines(c)...)
	}
	return out
}

// TestFootnotePolicy checks what moves to the next page with a call
// whose footnote does not fit: its line (auto, line), or its whole
// paragraph (block).
func TestFootnotePolicy(t *testing.T) {
	// 7 lines of 20 pt, then a paragraph of two lines whose second holds
	// the call: both lines fit the 200 pt area, the footnote does not
	body := strings.Repeat("<p>line</p>", 7) + `<p>first<br>call<span class=fn>the<br>long<br>note</span></p>`
	tests := []struct {
		policy string
		page1  string // the body text left on page 1
	}{
		{"auto", strings.Repeat("line", 7) + "first"},
		{"line", strings.Repeat("line", 7) + "first"},
		{"block", strings.Repeat("line", 7)},
	}
	for _, tc := range tests {
		t.Run(tc.policy, func(t *testing.T) {
			d := mustPaged(t, footnotePage+`<style>.fn { footnote-policy: `+tc.policy+` } p { orphans: 1; widows: 1 }</style>`+body)
			if len(d.Pages) != 2 {
				t.Fatalf("%d pages, want 2", len(d.Pages))
			}
			if got := fragText(d.Pages[0].Root); got != tc.page1 {
				t.Errorf("page 1 body %q, want %q", got, tc.page1)
			}
			if fa := d.Pages[1].Footnotes; fa == nil || fragText(fa) != "1. thelongnote" {
				t.Errorf("page 2 should hold the footnote")
			}
		})
	}
}
