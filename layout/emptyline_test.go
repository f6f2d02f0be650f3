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
