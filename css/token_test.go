package css

import (
	"fmt"
	"strings"
	"testing"
)

func describe(toks []Token) string {
	var parts []string
	for _, t := range toks {
		switch t.Kind {
		case Whitespace:
			parts = append(parts, "WS")
		case Ident:
			parts = append(parts, "ident:"+t.Text)
		case Function:
			parts = append(parts, fmt.Sprintf("fn:%s(%s)", t.Text, describe(t.Args)))
		case Block:
			parts = append(parts, fmt.Sprintf("block%s%s", t.Text, describe(t.Args)))
		case String:
			parts = append(parts, fmt.Sprintf("string:%q", t.Text))
		case URL:
			parts = append(parts, "url:"+t.Text)
		case Number:
			parts = append(parts, fmt.Sprintf("num:%g", t.Num))
		case Percentage:
			parts = append(parts, fmt.Sprintf("pct:%g", t.Num))
		case Dimension:
			parts = append(parts, fmt.Sprintf("dim:%g%s", t.Num, t.Unit))
		case Hash:
			parts = append(parts, "hash:"+t.Text)
		case Delim:
			parts = append(parts, "delim:"+t.Text)
		case AtKeyword:
			parts = append(parts, "at:"+t.Text)
		case Colon:
			parts = append(parts, ":")
		case Semicolon:
			parts = append(parts, ";")
		case Comma:
			parts = append(parts, ",")
		case UnicodeRange:
			parts = append(parts, "urange:"+t.Text)
		case Closer:
			parts = append(parts, "closer:"+t.Text)
		default:
			parts = append(parts, fmt.Sprintf("kind%d", t.Kind))
		}
	}
	return strings.Join(parts, " ")
}

func TestTokenize(t *testing.T) {
	tests := []struct{ src, want string }{
		{"12px", "dim:12px"},
		{"-1.5E2Em", "dim:-150em"},
		{"+.5", "num:0.5"},
		{"50%", "pct:50"},
		{"#F0a", "hash:F0a"},
		{`"a\"b"`, `string:"a\"b"`},
		{`'\41 \1F600'`, `string:"A😀"`},
		{`"line\` + "\n" + `cont"`, `string:"linecont"`},
		{`url( "a b.png" )`, "url:a b.png"},
		{`url(x\).png)`, "url:x).png"},
		{`\31 0px`, "ident:10px"},
		{`a\:b`, "ident:a:b"},
		{"calc(1px + 2%)", "fn:calc(dim:1px WS delim:+ WS pct:2)"},
		{"rgb(1 2 3 / 50%)", "fn:rgb(num:1 WS num:2 WS num:3 WS delim:/ WS pct:50)"},
		{"a/* c */b", "ident:a ident:b"},
		{"[a=b]", "block[ident:a delim:= ident:b"},
		{"(((x", "block(block(block(ident:x"},
		{"a)b", "ident:a closer:) ident:b"},
		{"U+0-7F", "urange:U+0-7F"},
		{"--my-var", "ident:--my-var"},
		{"@media", "at:media"},
		{"x\x00y", "ident:x\uFFFDy"},
	}
	for _, tt := range tests {
		if got := describe(Tokenize(tt.src, nil)); got != tt.want {
			t.Errorf("Tokenize(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestSerializeRoundTrip(t *testing.T) {
	for _, src := range []string{"a.b > c:not(.d) + e[f=\"g\"]", "calc(1px + 2%)", "url(x.png) no-repeat", `"x" counter(a, upper-roman)`} {
		if got := Serialize(Tokenize(src, nil)); got != src {
			t.Errorf("Serialize(Tokenize(%q)) = %q", src, got)
		}
	}
}

func TestEscapedSelector(t *testing.T) {
	s, err := CompileSelector(Tokenize(`.a\:b #\31 23`, nil))
	if err != nil {
		t.Fatal(err)
	}
	if s.KeyKind != KeyID || s.Key != "123" {
		t.Errorf("key = %v %q, want id 123", s.KeyKind, s.Key)
	}
}
