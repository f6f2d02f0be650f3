package style

import "testing"

func TestPresentationalHints(t *testing.T) {
	tests := []struct {
		name, css, body, prop, want string
	}{
		{"td align", "", `<table><tr><td id=t align=right>x</td></tr></table>`, "text-align", "right"},
		{"td valign", "", `<table><tr><td id=t valign=top>x</td></tr></table>`, "vertical-align", "top"},
		{"td bgcolor", "", `<table><tr><td id=t bgcolor="#ff0000">x</td></tr></table>`, "background-color", "#ff0000"},
		{"td nowrap", "", `<table><tr><td id=t nowrap>x</td></tr></table>`, "white-space", "nowrap"},
		{"td width percent", "", `<table><tr><td id=t width="30%">x</td></tr></table>`, "width", "30%"},
		{"table width px", "", `<table id=t width=400><tr><td>x</td></tr></table>`, "width", "300pt"},
		{"cellpadding", "", `<table cellpadding=4><tr><td id=t>x</td></tr></table>`, "padding", "3pt 3pt 3pt 3pt"},
		{"cellspacing", "", `<table id=t cellspacing=0><tr><td>x</td></tr></table>`, "border-collapse", "0 spacing=0/0"},
		{"table border cells", "", `<table border=1><tr><td id=t>x</td></tr></table>`, "border", "0.75pt/8/#808080 0.75pt/8/#808080 0.75pt/8/#808080 0.75pt/8/#808080"},
		{"author rule beats hint", "td{text-align:left}", `<table><tr><td id=t align=right>x</td></tr></table>`, "text-align", "left"},
		{"hint beats UA", "", `<table><tr><th id=t align=left>x</th></tr></table>`, "text-align", "left"},
		{"p align", "", `<p id=t align=center>x</p>`, "text-align", "center"},
		{"font color size face", "", `<font id=t color=green size=5 face="Arial, sans-serif">x</font>`, "color", "#008000"},
		{"font size", "", `<font id=t size=+2>x</font>`, "font-size", "18pt"},
		{"font face", "", `<font id=t face="Arial, sans-serif">x</font>`, "font-family", "Arial|sans-serif"},
		{"bad color ignored", "", `<table><tr><td id=t bgcolor="red;x">x</td></tr></table>`, "background-color", "#00000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := styleOf(t, tt.css, tt.body)
			if got := prop(s, tt.prop); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.prop, got, tt.want)
			}
		})
	}
}
