package layout

import "testing"

// TestEmptyLineZeroHeight checks CSS 2.1 §9.4.2: a line holding no text,
// no preserved white space, no atomic inline and no inline box with
// margin, border or padding at its start or end (only empty inline boxes
// and out-of-flow boxes) is zero-height; a forced break, a preserved
// space or an inline box edge gives it the strut's height.
func TestEmptyLineZeroHeight(t *testing.T) {
	const page = `<style>@page{size:400pt 300pt; margin:0} body{margin:0; font-size:10pt; line-height:20pt}
	  .abs { position: absolute; width: 30pt; height: 20pt }</style>`
	tests := []struct {
		name string
		body string
		want float64
	}{
		{"empty span and abspos", `<span style="position:relative"> <div class=abs></div> </span>`, 0},
		{"abspos alone", ` <div class=abs></div> `, 0},
		{"empty span, vertical padding only", `<span style="padding:5pt 0"><div class=abs></div></span>`, 0},
		{"forced break", `<span><br></span>`, 20},
		{"preserved space", `<span style="white-space:pre"> </span><div class=abs></div>`, 20},
		{"start padding", `<span style="padding-left:1pt"><div class=abs></div></span>`, 20},
		{"text", `<span>x</span>`, 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, page+`<div id=x>`+tc.body+`</div>`)
			f := fragByID(d.Pages[0], "x")
			if f == nil {
				t.Fatal("no fragment of #x")
			}
			if f.H != tc.want {
				t.Errorf("block is %gpt tall, want %gpt", f.H, tc.want)
			}
		})
	}
}

// TestEmptyEdgeAfterSpace checks where an inline box whose start edge
// follows a space at a line's end starts: with no margin, border or
// padding at its start it opens on that line, at the end of its text
// (the hanging space after it), so it forms its absolutely positioned
// boxes' containing block from there; with a start border it opens on
// the next line, with its content.
func TestEmptyEdgeAfterSpace(t *testing.T) {
	const page = `<style>@page{size:400pt 300pt; margin:0} body{margin:0; font-size:10pt; line-height:20pt}</style>`
	tests := []struct {
		name  string
		span  string
		first int // the line the span opens on
	}{
		{"empty edge", `<span id=s style="position:relative">bbb</span>`, 0},
		{"start border", `<span id=s style="border-left:1pt solid">bbb</span>`, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := mustPaged(t, page+`<div id=x style="width:1pt">aaa `+tc.span+`</div>`)
			f := fragByID(d.Pages[0], "x")
			if f == nil || len(f.Lines) != 2 {
				t.Fatal("want two lines")
			}
			for i, ln := range f.Lines {
				for _, in := range ln.Inlines {
					if id, _ := in.Box.Attr("id"); id == "s" && in.First {
						if i != tc.first {
							t.Fatalf("span opens on line %d, want %d", i, tc.first)
						}
						if i == 0 && in.Rect.X > ln.Texts[0].X+ln.Texts[0].Width-ln.Texts[0].Width/4 {
							t.Errorf("span opens at x=%g, after the hanging space (text ends at %g)", in.Rect.X, ln.Texts[0].X+ln.Texts[0].Width)
						}
						return
					}
				}
			}
			t.Fatal("the span never opens")
		})
	}
}
