package box

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/style"
)

var update = flag.Bool("update", false, "rewrite golden files")

// pseudoStyles gives ::before/::after styles by element id; elements fall
// back to the built-in UA styles.
type pseudoStyles map[string]map[style.Pseudo]*style.Style

func (p pseudoStyles) Of(n *html.Node, ps style.Pseudo) *style.Style {
	id, _ := Attr(n, "id")
	return p[id][ps]
}

func build(t *testing.T, src string, ss StyleSource) *Tree {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Build(context.Background(), doc, ss, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s mismatch\n--- got\n%s--- want\n%s", name, got, want)
	}
}

func TestBuildGolden(t *testing.T) {
	before := InheritInline(nil).Clone()
	before.ContentMode = style.ContentList
	before.Content = []style.ContentItem{{Kind: style.ContentOpenQuote}, {Kind: style.ContentString, Text: "see "}, {Kind: style.ContentAttr, Name: "data-x"}}
	after := InheritInline(nil).Clone()
	after.ContentMode = style.ContentList
	after.Content = []style.ContentItem{{Kind: style.ContentCloseQuote}}
	ss := pseudoStyles{"q": {style.PseudoBefore: before, style.PseudoAfter: after}}
	cases := map[string]string{
		"anonymous": `<body><div>text <b>bold</b><p>para</p>  tail  </div></body>`,
		"whitespace": `<body><p>  a   b <i> c </i>  d </p><pre>  x
	y  </pre></body>`,
		"lists": `<body><ul><li>one<li>two<ol start=4><li>four<li value=9>nine<li>ten</ol></ul>` +
			`<ol style="x"><li>a</li></ol></body>`,
		"blockininline": `<body><p><a href="#">link <div>block</div> after</a></p></body>`,
		"pseudo":        `<body><p id=q data-x="X">quoted</p><p>none</p></body>`,
		"hidden":        `<body><head><title>t</title></head><p>a<br>b</p><img alt="" src="data:,x"></body>`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			golden(t, "build-"+name, Dump(build(t, src, ss).Root))
		})
	}
}

func TestFormatCounter(t *testing.T) {
	tests := []struct {
		v     int
		style string
		want  string
	}{
		{3, "decimal", "3"}, {3, "decimal-leading-zero", "03"}, {28, "lower-alpha", "ab"},
		{26, "upper-alpha", "Z"}, {1994, "upper-roman", "MCMXCIV"}, {4, "lower-roman", "iv"},
		{0, "lower-roman", "0"}, {2, "none", ""}, {1, "disc", "•"}, {5, `"-"`, "-"},
	}
	for _, tt := range tests {
		if got := FormatCounter(tt.v, tt.style); got != tt.want {
			t.Errorf("FormatCounter(%d, %s) = %q, want %q", tt.v, tt.style, got, tt.want)
		}
	}
}

func TestWhiteSpace(t *testing.T) {
	tests := []struct {
		in   string
		ws   style.WhiteSpace
		last bool
		want string
	}{
		{"  a \n\t b  ", style.WhiteSpaceNormal, false, " a b "},
		{"  a", style.WhiteSpaceNormal, true, "a"},
		{"a  \n  b", style.WhiteSpacePreLine, false, "a\nb"},
		{"a\tb", style.WhiteSpacePre, false, "a       b"},
		{"a\r\nb", style.WhiteSpacePreWrap, false, "a\nb"},
	}
	for _, tt := range tests {
		if got, _ := processWhiteSpace(tt.in, tt.ws, 8, tt.last); got != tt.want {
			t.Errorf("processWhiteSpace(%q, %d) = %q, want %q", tt.in, tt.ws, got, tt.want)
		}
	}
}

func TestImageDataURIAndRefusal(t *testing.T) {
	// 1x1 PNG.
	png := "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	tr := build(t, `<body><img src="`+png+`" alt="dot"><img src="missing.png" alt="m"></body>`, nil)
	var imgs []*Image
	tr.Root.Walk(func(b *Box) bool {
		if b.Image != nil {
			imgs = append(imgs, b.Image)
		}
		return true
	})
	if len(imgs) != 2 {
		t.Fatalf("got %d images", len(imgs))
	}
	if imgs[0].Err != nil || imgs[0].PixelWidth != 1 || imgs[0].Format != "png" {
		t.Errorf("data: image = %+v", imgs[0])
	}
	if imgs[1].Err == nil {
		t.Errorf("relative image without a loader loaded")
	}
	if len(tr.Diagnostics) != 1 || !strings.Contains(tr.Diagnostics[0].Message, "missing.png") {
		t.Errorf("diagnostics = %+v", tr.Diagnostics)
	}
}

// TestBodyOverflowPropagates checks the body's overflow goes to the
// viewport (its used value is visible) unless the root's is not visible.
func TestBodyOverflowPropagates(t *testing.T) {
	tests := []struct {
		src  string
		want style.Overflow
	}{
		{`<body style="overflow:hidden"><p>x</p></body>`, style.OverflowVisible},
		{`<html style="overflow:hidden"><body style="overflow:hidden"><p>x</p></body></html>`, style.OverflowHidden},
	}
	for _, tt := range tests {
		doc, err := html.Parse(strings.NewReader(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		st, err := style.Compute(context.Background(), doc, style.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tr, err := Build(context.Background(), doc, st, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var body *Box
		tr.Root.Walk(func(b *Box) bool {
			if b.Tag() == "body" {
				body = b
			}
			return body == nil
		})
		if body == nil || body.Style.Overflow != tt.want {
			t.Errorf("%s: body overflow %v, want %v", tt.src, body.Style.Overflow, tt.want)
		}
	}
}
