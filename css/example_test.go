package css_test

import (
	"fmt"

	"github.com/seed28491532/folio/css"
)

func ExampleParse() {
	sheet, diags := css.Parse(`
.card { padding: 4pt; & > h2 { margin: 0 } color: red }
p { color blue }
@media print { p { widows: 3 } }`, css.ParseOptions{})
	for _, r := range sheet.Rules {
		switch r := r.(type) {
		case *css.StyleRule:
			fmt.Println(r.Selectors[0].Text, r.Selectors[0].Spec, len(r.Decls))
		case *css.MediaRule:
			fmt.Println("@media", len(r.Rules), "rule(s)")
		}
	}
	for _, d := range diags {
		fmt.Printf("%d:%d %s\n", d.Line, d.Col, d.Message)
	}
	// Output:
	// .card [0 1 0] 1
	// .card > h2 [0 1 1] 1
	// .card [0 1 0] 1
	// @media 1 rule(s)
	// 3:5 invalid declaration "color blue": dropped
}
