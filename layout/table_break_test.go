package layout

import (
	"fmt"
	"strings"
	"testing"
)

// TestTableRowGroupBreaks checks breaks at and inside row groups: a group
// with break-inside: avoid starts on the next page when it fits there
// (moving the whole table when it is the table's first), is split when it
// is taller than a page, and forced breaks before and after row groups
// (and header and footer groups) break between their rows.
func TestTableRowGroupBreaks(t *testing.T) {
	rows := func(prefix string, n int) string {
		var sb strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&sb, "<tr><td>%s%d</td></tr>", prefix, i)
		}
		return sb.String()
	}
	seq := func(prefix string, from, to int) string {
		s := make([]string, 0, to-from+1)
		for i := from; i <= to; i++ {
			s = append(s, fmt.Sprintf("%s%d", prefix, i))
		}
		return strings.Join(s, " ")
	}
	lines := func(n int) string {
		s := make([]string, n)
		for i := range s {
			s[i] = fmt.Sprintf("l%d", i+1)
		}
		return strings.Join(s, "<br>")
	}
	// the page area is 180pt tall and every row 10pt: 155pt of block
	// leave room for two rows and a half on the first page
	const filler = `<div style="height:155pt">x</div>`
	tests := []struct {
		name, src, want string
	}{
		{"group without avoid splits",
			filler + `<table><tbody><tr><td>a</td></tr></tbody><tbody>` + rows("b", 3) + `</tbody></table>`,
			"x a b1 | b2 b3"},
		{"avoid group moves whole",
			filler + `<table><tbody><tr><td>a</td></tr></tbody><tbody style="break-inside:avoid">` + rows("b", 3) + `</tbody></table>`,
			"x a | b1 b2 b3"},
		{"avoid first group moves the table",
			filler + `<table><tbody style="break-inside:avoid">` + rows("b", 3) + `</tbody></table>`,
			"x | b1 b2 b3"},
		{"avoid group taller than a page splits on a fresh page",
			filler + `<table><tbody><tr><td>a</td></tr></tbody><tbody style="break-inside:avoid">` + rows("r", 25) + `</tbody></table>`,
			"x a | " + seq("r", 1, 18) + " | " + seq("r", 19, 25)},
		{"avoid group taller than a page at the top splits",
			`<table><tbody style="break-inside:avoid">` + rows("r", 25) + `</tbody></table>`,
			seq("r", 1, 18) + " | " + seq("r", 19, 25)},
		{"avoid group part before a forced break inside it fits",
			filler + `<table><tbody style="break-inside:avoid"><tr><td>b1</td></tr><tr style="break-before:page"><td>b2</td></tr><tr><td>b3</td></tr></tbody></table>`,
			"x b1 | b2 b3"},
		{"avoid row after a header that does not repeat moves",
			`<table><thead><tr><td><div style="height:100pt">h</div></td></tr></thead><tbody><tr style="break-inside:avoid"><td>` + lines(10) + `</td></tr></tbody></table>`,
			"h | " + seq("l", 1, 10)},
		{"avoid group after a header that does not repeat moves",
			`<table><thead><tr><td><div style="height:100pt">h</div></td></tr></thead><tbody style="break-inside:avoid">` + rows("b", 9) + `</tbody></table>`,
			"h | " + seq("b", 1, 9)},
		{"footer that does not repeat breaks like a body group",
			filler + `<table><tfoot>` + rows("f", 3) + `</tfoot></table>`,
			"x f1 f2 | f3"},
		{"avoid footer moves the table",
			filler + `<table><tfoot style="break-inside:avoid">` + rows("f", 3) + `</tfoot></table>`,
			"x | f1 f2 f3"},
		{"break-after on the header group",
			`<table><thead style="break-after:page"><tr><td>h</td></tr></thead><tbody><tr><td>b</td></tr></tbody></table>`,
			"h | h b"},
		{"break-before on a body group",
			`<table><tbody><tr><td>a</td></tr></tbody><tbody style="break-before:page"><tr><td>b</td></tr></tbody></table>`,
			"a | b"},
		{"break-after on a body group",
			`<table><tbody style="break-after:page"><tr><td>a</td></tr></tbody><tbody><tr><td>b</td></tr></tbody></table>`,
			"a | b"},
		{"break-before on the first row group propagates to the table",
			`<div>x</div><table><tbody style="break-before:page"><tr><td>a</td></tr></tbody></table>`,
			"x | a"},
		{"break-before on the first row propagates to the table",
			`<div>x</div><table><tr style="break-before:page"><td>a</td></tr></table>`,
			"x | a"},
		{"break-after on the footer propagates after the table",
			`<table><tfoot style="break-after:page"><tr><td>f</td></tr></tfoot><tr><td>a</td></tr></table><div>y</div>`,
			"a f | y"},
		{"a caption above the rows takes the break-before of none",
			`<div>x</div><table><caption>c</caption><tbody style="break-before:page"><tr><td>a</td></tr></tbody></table>`,
			"x c a"},
		{"break-after on a row",
			`<table><tr style="break-after:page"><td>a</td></tr><tr><td>b</td></tr></table>`,
			"a | b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := layoutCSS(t, tableBase+tt.src)
			if got := strings.Join(lineTexts(d), " "); got != tt.want {
				t.Errorf("lines %q\nwant  %q", got, tt.want)
			}
		})
	}
}
