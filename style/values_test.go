package style

import (
	"testing"
)

// styleOf computes a document made of a <style> sheet and body markup and
// returns the style of the element with id t.
func styleOf(t *testing.T, sheet, body string) *Style {
	t.Helper()
	st, doc := compute(t, "<!DOCTYPE html><html><head><style>"+sheet+"</style></head><body>"+body+"</body></html>", Options{})
	n := find(doc, "t")
	if n == nil {
		t.Fatalf("no element #t in %q", body)
	}
	return st.Of(n, PseudoNone)
}

func TestComputedValues(t *testing.T) {
	const div = `<div id=p><div id=t>x</div></div>`
	tests := []struct {
		name, css, body, prop, want string
	}{
		// lengths and units
		{"px", "#t{width:100px}", div, "width", "75pt"},
		{"cm", "#t{width:2.54cm}", div, "width", "72pt"},
		{"mm q in pc", "#t{margin:10mm 40q 1in 1pc}", div, "margin", "28.35pt 28.35pt 72pt 12pt"},
		{"em", "#t{font-size:20pt;width:2em}", div, "width", "40pt"},
		{"rem", "html{font-size:10pt} #t{font-size:20pt;width:2rem}", div, "width", "20pt"},
		{"ex ch", "#t{font-size:20pt;margin:1ex 1ch 0 0}", div, "margin", "10pt 10pt 0pt 0pt"},
		{"percent", "#t{width:50%}", div, "width", "50%"},
		{"vw vh against A4 page area", "#t{width:10vw;height:10vh}", div, "width", "48.19pt"},
		{"vh inside page border and padding", "@page{size:500pt;margin:5% 10% 15% 20%;padding:20% 15% 10% 5%;border:10pt solid} #t{height:100vh}", div, "height", "230pt"},
		{"vw inside page border and padding", "@page{size:500pt;margin:5% 10% 15% 20%;padding:20% 15% 10% 5%;border:10pt solid} #t{width:100vw}", div, "width", "230pt"},
		{"negative margin", "#t{margin-left:-5pt}", div, "margin", "0pt 0pt 0pt -5pt"},
		{"negative padding dropped", "#t{padding-left:-5pt}", div, "padding", "0pt 0pt 0pt 0pt"},
		{"unitless zero", "#t{width:0}", div, "width", "0pt"},
		{"unitless non-zero dropped", "#t{width:10}", div, "width", "auto"},
		// calc
		{"calc", "#t{width:calc(10pt + 2 * 5pt)}", div, "width", "20pt"},
		{"calc mixed percent", "#t{width:calc(100% - 20pt)}", div, "width", "100%-20pt"},
		{"calc nested", "#t{width:calc((10pt + 2pt) * 2)}", div, "width", "24pt"},
		{"calc division", "#t{width:calc(30pt / 3)}", div, "width", "10pt"},
		{"min", "#t{width:min(10pt, 20pt, 5pt)}", div, "width", "5pt"},
		{"max", "#t{width:max(1in, 10pt)}", div, "width", "72pt"},
		{"clamp", "#t{width:clamp(10pt, 50pt, 30pt)}", div, "width", "30pt"},
		{"calc em", "#t{font-size:10pt;width:calc(2em + 1pt)}", div, "width", "21pt"},
		{"calc bad", "#t{width:calc(10pt + 5)}", div, "width", "auto"},
		// font-size
		{"font-size medium", "", div, "font-size", "12pt"},
		{"font-size keyword", "#t{font-size:x-large}", div, "font-size", "18pt"},
		{"font-size smaller", "#p{font-size:12pt} #t{font-size:smaller}", div, "font-size", "10pt"},
		{"font-size larger", "#p{font-size:10pt} #t{font-size:larger}", div, "font-size", "12pt"},
		{"font-size percent", "#p{font-size:10pt} #t{font-size:150%}", div, "font-size", "15pt"},
		{"font-size em of parent", "#p{font-size:10pt} #t{font-size:2em}", div, "font-size", "20pt"},
		// line-height
		{"line-height number inherits as number", "#p{font-size:10pt;line-height:1.5} #t{font-size:20pt}", div, "line-height", "1.5"},
		{"line-height percent inherits as length", "#p{font-size:10pt;line-height:150%} #t{font-size:20pt}", div, "line-height", "15pt"},
		{"line-height normal", "", div, "line-height", "auto"},
		// colors
		{"named", "#t{color:rebeccapurple}", div, "color", "#663399"},
		{"hex3", "#t{color:#f00}", div, "color", "#ff0000"},
		{"hex4", "#t{color:#f008}", div, "color", "#ff000088"},
		{"hex6", "#t{color:#123456}", div, "color", "#123456"},
		{"hex8", "#t{color:#12345680}", div, "color", "#12345680"},
		{"rgb comma", "#t{color:rgb(10, 20, 30)}", div, "color", "#0a141e"},
		{"rgba comma", "#t{color:rgba(10,20,30,0.5)}", div, "color", "#0a141e80"},
		{"rgb space", "#t{color:rgb(10 20 30 / 50%)}", div, "color", "#0a141e80"},
		{"rgb percent", "#t{color:rgb(100%, 0%, 50%)}", div, "color", "#ff0080"},
		{"hsl", "#t{color:hsl(120, 100%, 50%)}", div, "color", "#00ff00"},
		{"hsl deg space", "#t{color:hsl(240deg 100% 50% / 0.5)}", div, "color", "#0000ff80"},
		{"hsla", "#t{color:hsla(0, 100%, 50%, 1)}", div, "color", "#ff0000"},
		{"hwb", "#t{color:hwb(120 0% 0%)}", div, "color", "#00ff00"},
		{"hwb gray", "#t{color:hwb(0 60% 60%)}", div, "color", "#808080"},
		{"oklch red", "#t{color:oklch(62.8% 0.2577 29.23)}", div, "color", "#ff0000"},
		{"oklab white", "#t{color:oklab(1 0 0)}", div, "color", "#ffffff"},
		{"lab red", "#t{color:lab(54.29% 80.8 69.89)}", div, "color", "#ff0000"},
		{"lch blue alpha", "#t{color:lch(29.5683 131.201 301.364 / 0.5)}", div, "color", "#0000ff80"},
		{"transparent", "#t{background-color:transparent}", div, "background-color", "#00000000"},
		{"currentColor", "#t{color:red;background-color:currentColor}", div, "background-color", "#ff0000"},
		{"currentColor border default", "#t{color:blue;border:1px solid}", div, "border", "0.75pt/4/#0000ff 0.75pt/4/#0000ff 0.75pt/4/#0000ff 0.75pt/4/#0000ff"},
		{"bad color keeps earlier", "#t{color:red;color:notacolor}", div, "color", "#ff0000"},
		{"color inherits", "#p{color:green}", div, "color", "#008000"},
		// keywords
		{"display table-header-group", "#t{display:table-header-group}", div, "display", "table-header-group"},
		{"display two values", "#t{display:inline flow-root}", div, "display", "inline-block"},
		{"display none", "#t{display:none}", div, "display", "none"},
		{"float blockifies", "#t{display:inline;float:left}", div, "display", "block"},
		{"running", "#t{position:running(header)}", div, "position", "running(header)"},
		{"z-index", "#t{z-index:5}", div, "z-index", "5"},
		{"opacity percent", "#t{opacity:50%}", div, "opacity", "0.5"},
		{"white-space", "#t{white-space:pre-wrap}", div, "white-space", "pre-wrap"},
		{"text-align start rtl", "#t{direction:rtl;text-align:start}", div, "text-align", "start"}, // resolved by the layout
		{"text-align-last auto justify", "#t{text-align:justify}", div, "text-align-last", "start"},
		{"vertical-align length", "#t{vertical-align:-2pt}", div, "vertical-align", "-2pt"},
		{"letter-spacing", "#t{letter-spacing:1px}", div, "letter-spacing", "0.75pt"},
		{"font-weight bolder", "#p{font-weight:400} #t{font-weight:bolder}", div, "font-weight", "700"},
		{"font-weight number", "#t{font-weight:350}", div, "font-weight", "350"},
		{"font-family list", `#t{font-family:"Liberation Serif", Times  New Roman, SERIF}`, div, "font-family", "Liberation Serif|Times New Roman|serif"},
		{"background url", "#t{background:url(a.png) no-repeat #fff}", div, "background-image", "a.png"},
		{"background color", "#t{background:url(a.png) no-repeat #fff}", div, "background-color", "#ffffff"},
		// breaks
		{"break-before page", "#t{break-before:page}", div, "break", "before=3 after=0 inside=0"},
		{"page-break-before always", "#t{page-break-before:always}", div, "break", "before=3 after=0 inside=0"},
		{"page-break-inside avoid", "#t{page-break-inside:avoid}", div, "break", "before=0 after=0 inside=1"},
		{"page-break-after left", "#t{page-break-after:left}", div, "break", "before=0 after=4 inside=0"},
		{"orphans widows", "#p{orphans:3;widows:4}", div, "orphans", "3/4"},
		{"named page", "#t{page:wide}", div, "page", "wide"},
		// lang
		{"lang inherited", "", `<div lang="de-CH"><p id=t>x</p></div>`, "lang", "de-CH"},
		{"lang own", "", `<div lang="de"><p id=t lang=fr>x</p></div>`, "lang", "fr"},
		{"quotes from lang", "", `<div lang="de"><q id=t>x</q></div>`, "quotes", `["„" "“" "‚" "‘"]`},
		{"quotes explicit", `#t{quotes:"<" ">"}`, div, "quotes", `["<" ">"]`},
		// content and counters
		{"counters", "#t{counter-reset:a 2 b;counter-increment:a}", div, "counters", "reset[{a 2} {b 0}] increment[{a 1}] set[]"},
		{"display inline list-item", "#t{display:inline list-item}", div, "display", "inline list-item"},
		{"display inline flow-root list-item", "#t{display:inline flow-root list-item}", div, "display", "inline-block list-item"},
		{"display list-item", "#t{display:list-item}", div, "display", "list-item"},
		{"display inline after inline list-item", "#t{display:inline list-item} #t{display:inline}", div, "display", "inline"},
		{"counter()", "#t{content:counter(c, lower-roman)}", div, "content", "counter(c,lower-roman)"},
		{"counter(inherit) is invalid", "#t{content:counter(c)} #t{content:counter(inherit)}", div, "content", "counter(c,decimal)"},
		{"counters(none) is invalid", `#t{content:counter(c)} #t{content:counters(none, ".")}`, div, "content", "counter(c,decimal)"},
		{"string-set", "#t{string-set:title content(), chap attr(title) \" \" counter(c, upper-roman)}", div, "string-set", `title=contents, chap=attr(title) " " counter(c,upper-roman)`},
		// tables
		{"border-spacing", "#t{border-spacing:2px 4px}", div, "border-collapse", "0 spacing=1.5/3"},
		{"border-collapse inherits", "#p{border-collapse:collapse}", div, "border-collapse", "1 spacing=0/0"},
		// flex
		{"flex shorthand", "#t{flex:2 3 10pt}", div, "flex", "2 3 10pt row nowrap"},
		{"flex none", "#t{flex:none}", div, "flex", "0 0 auto row nowrap"},
		{"flex number", "#t{flex:1}", div, "flex", "1 1 0% row nowrap"},
		{"flex-flow", "#t{flex-flow:column wrap}", div, "flex", "0 1 auto column wrap"},
		{"gap", "#t{gap:1pt 2pt}", div, "gap", "1pt 2pt"},
		{"columns", "#t{columns:3 100pt}", div, "columns", "3 100pt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := styleOf(t, tt.css, tt.body)
			if got := prop(s, tt.prop); got != tt.want {
				t.Errorf("%s with %q = %q, want %q", tt.prop, tt.css, got, tt.want)
			}
		})
	}
}
