package style

import (
	"strings"
	"testing"
)

func TestCascadeOrder(t *testing.T) {
	tests := []struct {
		name, css, body, prop, want string
	}{
		{"later wins", "p{color:red} p{color:blue}", `<p id=t>x</p>`, "color", "#0000ff"},
		{"class beats type", ".c{color:red} p{color:blue}", `<p id=t class=c>x</p>`, "color", "#ff0000"},
		{"id beats class", "#t{color:red} .c.d.e{color:blue}", `<p id=t class="c d e">x</p>`, "color", "#ff0000"},
		{"two types beat one", "div p{color:red} p{color:blue}", `<div><p id=t>x</p></div>`, "color", "#ff0000"},
		{"attribute counts as class", "p[lang]{color:red} div p{color:blue}", `<div><p id=t lang=en>x</p></div>`, "color", "#ff0000"},
		{"where is zero", ":where(#t){color:red} p{color:blue}", `<p id=t>x</p>`, "color", "#0000ff"},
		{"is takes max", ":is(#t, p){color:red} p.c{color:blue}", `<p id=t class=c>x</p>`, "color", "#ff0000"},
		{"not counts argument", "p:not(#x){color:red} p.c{color:blue}", `<p id=t class=c>x</p>`, "color", "#ff0000"},
		{"important beats specificity", "p{color:red !important} #t{color:blue}", `<p id=t>x</p>`, "color", "#ff0000"},
		{"style attribute beats id", "#t{color:red}", `<p id=t style="color:blue">x</p>`, "color", "#0000ff"},
		{"important beats style attribute", "#t{color:red!important}", `<p id=t style="color:blue">x</p>`, "color", "#ff0000"},
		{"important style attribute wins", "#t{color:red!important}", `<p id=t style="color:blue !important">x</p>`, "color", "#0000ff"},
		{"author beats UA", "h1{font-weight:300}", `<h1 id=t>x</h1>`, "font-weight", "300"},
		{"UA default", "", `<h1 id=t>x</h1>`, "font-weight", "700"},
		{"invalid declaration falls back", "p{color:red} p{color:12px}", `<p id=t>x</p>`, "color", "#ff0000"},
		{"nth-child", "li:nth-child(2){color:red}", `<ul><li>a<li id=t>b</ul>`, "color", "#ff0000"},
		{"last-child", "li:last-child{color:red}", `<ul><li>a<li id=t>b</ul>`, "color", "#ff0000"},
		{"has", "div:has(> em){color:red}", `<div id=t><em>x</em></div>`, "color", "#ff0000"},
		{"first-of-type", "p:first-of-type{color:red}", `<div><h1>a</h1><p id=t>b</p><p>c</p></div>`, "color", "#ff0000"},
		{"media print applies", "@media print{#t{color:red}}", `<p id=t>x</p>`, "color", "#ff0000"},
		{"media screen does not", "#t{color:blue} @media screen{#t{color:red}}", `<p id=t>x</p>`, "color", "#0000ff"},
		{"media min-width vs page", "@media (min-width: 500pt){#t{color:red}}", `<p id=t>x</p>`, "color", "#ff0000"},
		{"media max-width vs page", "#t{color:blue} @media (max-width: 500pt){#t{color:red}}", `<p id=t>x</p>`, "color", "#0000ff"},
		{"media against @page size", "@page{size:A5} #t{color:blue} @media (max-width: 500pt){#t{color:red}}", `<p id=t>x</p>`, "color", "#ff0000"},
		{"nesting", ".a{ color:blue; & > p{color:red} }", `<div class=a><p id=t>x</p></div>`, "color", "#ff0000"},
		{"nested media", "p{ @media print { color:red } }", `<p id=t>x</p>`, "color", "#ff0000"},
		{"style media attribute", "", `<style media=screen>#t{color:red}</style><p id=t>x</p>`, "color", "#000000"},
		{"supports", "@supports (display:flex){#t{color:red}}", `<p id=t>x</p>`, "color", "#ff0000"},
		{"supports not", "#t{color:blue} @supports not (display:flex){#t{color:red}}", `<p id=t>x</p>`, "color", "#0000ff"},
		{"hover never matches", "#t{color:blue} #t:hover{color:red}", `<p id=t>x</p>`, "color", "#0000ff"},
		{"ul in ol is circle", "", `<ol><li><ul><li id=t>x</ul></ol>`, "list-style", "circle outside "},
		{"ol in ul stays decimal", "", `<ul><li><ol><li id=t>x</ol></ul>`, "list-style", "decimal outside "},
		// cascade layers
		{"unlayered beats layered", "p{color:blue} @layer base { #t{color:red} }", `<p id=t>x</p>`, "color", "#0000ff"},
		{"later layer beats earlier", "@layer a, b; @layer b { p{color:blue} } @layer a { #t{color:red} }", `<p id=t>x</p>`, "color", "#0000ff"},
		{"layer order by first appearance", "@layer b { p{color:blue} } @layer a { p{color:red} } @layer b { p{font-weight:700} }", `<p id=t>x</p>`, "color", "#ff0000"},
		{"sublayer before parent rules", "@layer a { p{color:blue} @layer sub { p{color:red} } }", `<p id=t>x</p>`, "color", "#0000ff"},
		{"dotted sublayer", "@layer a.b { p{color:red} } @layer a { p{color:blue} }", `<p id=t>x</p>`, "color", "#0000ff"},
		{"important reverses layers", "@layer a, b; @layer a { p{color:red!important} } @layer b { p{color:blue!important} }", `<p id=t>x</p>`, "color", "#ff0000"},
		{"layered important beats unlayered important", "p{color:blue!important} @layer a { p{color:red!important} }", `<p id=t>x</p>`, "color", "#ff0000"},
		{"anonymous layer", "@layer { #t{color:red} } p{color:blue}", `<p id=t>x</p>`, "color", "#0000ff"},
		// inheritance and css-wide keywords
		{"inherited property", "div{font-style:italic}", `<div><span id=t>x</span></div>`, "font-style", "italic"},
		{"non-inherited property", "div{padding:5pt}", `<div><p id=t>x</p></div>`, "padding", "0pt 0pt 0pt 0pt"},
		{"inherit", "div{padding:5pt} #t{padding:inherit}", `<div><p id=t>x</p></div>`, "padding", "5pt 5pt 5pt 5pt"},
		{"initial on inherited", "div{color:red} #t{color:initial}", `<div><p id=t>x</p></div>`, "color", "#000000"},
		{"unset inherited", "div{color:red} #t{color:green} #t{color:unset}", `<div><p id=t>x</p></div>`, "color", "#ff0000"},
		{"unset non-inherited", "#t{margin-top:unset}", `<p id=t>x</p>`, "margin", "0pt 0pt 12pt 0pt"},
		{"revert to UA", "p{margin:0} #t{margin-top:revert}", `<p id=t>x</p>`, "margin", "12pt 0pt 0pt 0pt"},
		{"revert shorthand", "h1{font:10pt serif} h1{font:revert}", `<h1 id=t>x</h1>`, "font-weight", "700"},
		{"all unset", "div{color:red} #t{margin:3pt;color:blue;all:unset}", `<div><p id=t>x</p></div>`, "margin", "0pt 0pt 0pt 0pt"},
		{"all unset inherits", "div{color:red} #t{color:blue;all:unset}", `<div><p id=t>x</p></div>`, "color", "#ff0000"},
		{"all revert", "p{margin:0;all:revert}", `<p id=t>x</p>`, "margin", "12pt 0pt 12pt 0pt"},
		{"inherit shorthand", "div{margin:3pt} #t{margin:inherit}", `<div><p id=t>x</p></div>`, "margin", "3pt 3pt 3pt 3pt"},
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

func TestShorthands(t *testing.T) {
	const p = `<p id=t>x</p>`
	tests := []struct {
		css, prop, want string
	}{
		{"#t{margin:1pt}", "margin", "1pt 1pt 1pt 1pt"},
		{"#t{margin:1pt 2pt}", "margin", "1pt 2pt 1pt 2pt"},
		{"#t{margin:1pt 2pt 3pt}", "margin", "1pt 2pt 3pt 2pt"},
		{"#t{margin:1pt 2pt 3pt 4pt}", "margin", "1pt 2pt 3pt 4pt"},
		{"#t{margin:0 auto}", "margin", "0pt auto 0pt auto"},
		{"#t{margin:1pt 2pt 3pt 4pt 5pt}", "margin", "12pt 0pt 12pt 0pt"},
		{"#t{padding:1pt 2pt}", "padding", "1pt 2pt 1pt 2pt"},
		{"#t{inset:1pt 2pt}", "inset", "1pt 2pt 1pt 2pt"},
		{"#t{margin-inline:3pt 4pt}", "margin", "12pt 4pt 12pt 3pt"},
		{"#t{border:2pt dashed red}", "border", "2pt/3/#ff0000 2pt/3/#ff0000 2pt/3/#ff0000 2pt/3/#ff0000"},
		{"#t{border:solid}", "border", "2.25pt/4/#000000 2.25pt/4/#000000 2.25pt/4/#000000 2.25pt/4/#000000"},
		{"#t{border-top:thin solid blue}", "border", "0.75pt/4/#0000ff 0pt/0/#000000 0pt/0/#000000 0pt/0/#000000"},
		{"#t{border-width:1pt 2pt;border-style:solid double}", "border", "1pt/4/#000000 2pt/5/#000000 1pt/4/#000000 2pt/5/#000000"},
		{"#t{border-color:red green;border-style:solid}", "border", "2.25pt/4/#ff0000 2.25pt/4/#008000 2.25pt/4/#ff0000 2.25pt/4/#008000"},
		{"#t{border:1pt solid red;border-left:none}", "border", "1pt/4/#ff0000 1pt/4/#ff0000 1pt/4/#ff0000 0pt/0/#000000"},
		{"#t{border-radius:1pt 2pt / 3pt}", "border-radius", "1pt/3pt 2pt/3pt 1pt/3pt 2pt/3pt"},
		{"#t{border-radius:10%}", "border-radius", "10%/10% 10%/10% 10%/10% 10%/10%"},
		{"#t{background:#eef3ee}", "background-color", "#eef3ee"},
		{"#t{background:red;background:none}", "background-color", "#00000000"},
		{"#t{font:italic bold 10pt/1.2 Georgia, serif}", "font-style", "italic"},
		{"#t{font:italic bold 10pt/1.2 Georgia, serif}", "font-weight", "700"},
		{"#t{font:italic bold 10pt/1.2 Georgia, serif}", "font-size", "10pt"},
		{"#t{font:italic bold 10pt/1.2 Georgia, serif}", "line-height", "1.2"},
		{"#t{font:italic bold 10pt/1.2 Georgia, serif}", "font-family", "Georgia|serif"},
		{"#t{font:small-caps 12pt \"Liberation Sans\"}", "font-variant", "small-caps"},
		{"#t{line-height:2;font:10pt serif}", "line-height", "auto"},
		{"#t{font:10pt}", "font-size", "12pt"},
		{"#t{list-style:square inside}", "list-style", "square inside "},
		{"#t{list-style:none}", "list-style", "none outside "},
		{"#t{list-style:url(m.png) lower-roman}", "list-style", "lower-roman outside m.png"},
		{"#t{text-decoration:underline overline dotted red}", "text-decoration", "underline overline"},
		{"#t{text-decoration:none}", "text-decoration", "none"},
		{"#t{place-items:center start;place-content:space-between}", "flex", "0 1 auto row nowrap"},
		{"#t{overflow:hidden auto}", "overflow", "1"},
		{"#t{word-wrap:break-word}", "?", "?"},
	}
	for _, tt := range tests {
		if tt.prop == "?" {
			continue
		}
		t.Run(tt.css, func(t *testing.T) {
			s := styleOf(t, tt.css, p)
			if got := prop(s, tt.prop); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.prop, got, tt.want)
			}
		})
	}
}

func TestCustomProperties(t *testing.T) {
	const body = `<div id=p><p id=t>x</p></div>`
	tests := []struct {
		name, css, prop, want string
	}{
		{"simple", ":root{--c:red} #t{color:var(--c)}", "color", "#ff0000"},
		{"inherited", "#p{--w:10pt} #t{width:var(--w)}", "width", "10pt"},
		{"fallback", "#t{color:var(--missing, green)}", "color", "#008000"},
		{"nested fallback", "#t{color:var(--a, var(--b, blue))}", "color", "#0000ff"},
		{"chain", ":root{--a:var(--b);--b:5pt} #t{width:var(--a)}", "width", "5pt"},
		{"computed at declaring element", ":root{--a:var(--b);--b:1pt} #p{--b:2pt} #t{width:var(--a)}", "width", "1pt"},
		{"cycle is invalid", "#t{--a:var(--b);--b:var(--a);color:red;color:var(--a)}", "color", "#000000"},
		{"self cycle uses fallback? no: invalid", "#t{--a:var(--a, 1pt);width:var(--a, 7pt)}", "width", "7pt"},
		{"missing without fallback is unset", "#p{color:green} #t{color:red;color:var(--nope)}", "color", "#008000"},
		{"shorthand with var", ":root{--m:1pt 2pt} #t{margin:var(--m)}", "margin", "1pt 2pt 1pt 2pt"},
		{"longhand after var shorthand", ":root{--m:1pt} #t{margin:var(--m);margin-left:9pt}", "margin", "1pt 1pt 1pt 9pt"},
		{"var shorthand after longhand", ":root{--m:1pt} #t{margin-left:9pt;margin:var(--m)}", "margin", "1pt 1pt 1pt 1pt"},
		{"calc with var", ":root{--n:3} #t{width:calc(var(--n) * 2pt)}", "width", "6pt"},
		{"initial custom", ":root{--c:red} #t{--c:initial;color:var(--c, blue)}", "color", "#0000ff"},
		{"case-sensitive names", ":root{--C:red} #t{color:var(--c, blue)}", "color", "#0000ff"},
		{"content with var", ":root{--s:\"hi\"} #t{string-set:x var(--s)}", "string-set", `x="hi"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := styleOf(t, tt.css, body)
			if got := prop(s, tt.prop); got != tt.want {
				t.Errorf("%s = %q, want %q", tt.prop, got, tt.want)
			}
		})
	}
}

func TestVarExpansionBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString(":root{--v0: xxxxxxxxxxxxxxxx;")
	for i := 1; i < 40; i++ {
		b.WriteString("--v")
		b.WriteString(itoa(i))
		b.WriteString(": var(--v" + itoa(i-1) + ") var(--v" + itoa(i-1) + ");")
	}
	b.WriteString("} #t{font-family: var(--v39); width: 3pt; width: var(--v39, 5pt)}")
	s := styleOf(t, b.String(), `<p id=t>x</p>`)
	if got := prop(s, "width"); got != "auto" {
		// --v39 is invalid (too large), so the fallback is not used: var()
		// of an invalid custom property uses the fallback.
		if got != "5pt" {
			t.Errorf("width = %q, want the fallback 5pt", got)
		}
	}
	if got := prop(s, "font-family"); got != "serif" {
		t.Errorf("font-family = %q, want inherited serif (invalid at computed time)", got)
	}
}

func itoa(i int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + string(rune('0'+i/10)) + string(rune('0'+i%10)))
}
