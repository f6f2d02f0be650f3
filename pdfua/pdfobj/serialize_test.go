package pdfobj

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestFormat(t *testing.T) {
	tests := []struct {
		name string
		in   Object
		want string
	}{
		{"plain name", Name("Type"), "/Type"},
		{"name with space", Name("A B"), "/A#20B"},
		{"name with hash", Name("a#b"), "/a#23b"},
		{"name with delimiters", Name("x(y)/z"), "/x#28y#29#2Fz"},
		{"name non-ascii", Name("é"), "/#C3#A9"},
		{"empty name", Name(""), "/"},
		{"string escapes", String("a(b)c\\d"), `(a\(b\)c\\d)`},
		{"string controls", String("l1\nl2\r\t\b\f"), `(l1\nl2\r\t\b\f)`},
		{"string low byte", String([]byte{0x01, 0x7F}), `(\001\177)`},
		{"string high byte kept", String([]byte{0xE9}), "(\xE9)"},
		{"hex string", HexString([]byte{0x00, 0xAB}), "<00AB>"},
		{"int", Int(-42), "-42"},
		{"real integral", Real(3), "3"},
		{"real fraction", Real(0.5), "0.5"},
		{"real five decimals", Real(1.0 / 3), "0.33333"},
		{"real tiny negative", Real(-0.000001), "0"},
		{"real negative", Real(-12.25), "-12.25"},
		{"real huge no exponent", Real(1e20), "100000000000000000000"},
		{"bool", Bool(true), "true"},
		{"null", Null{}, "null"},
		{"nil", nil, "null"},
		{"ref", Ref{Num: 12, Gen: 0}, "12 0 R"},
		{"ref with generation", Ref{Num: 7, Gen: 3}, "7 3 R"},
		{"array", Array{Int(1), Name("A"), Array{}}, "[1 /A []]"},
		{"dict sorted", Dict{"b": Int(2), "a": Int(1), "C": Int(0)}, "<</C 0/a 1/b 2>>"},
		{"stream length", &Stream{Dict: Dict{"Length": Int(99)}, Data: []byte("abc")}, "<</Length 3>>\nstream\nabc\nendstream"},
		{"stream length among keys", &Stream{Dict: Dict{"Type": Name("X"), "Filter": Name("F"), "Length1": Int(7), "L": Int(1)}, Data: []byte("ab")},
			"<</Filter /F/L 1/Length 2/Length1 7/Type /X>>\nstream\nab\nendstream"},
		{"stream length last", &Stream{Dict: Dict{"A": Int(1)}, Data: nil}, "<</A 1/Length 0>>\nstream\n\nendstream"},
		{"stream length first", &Stream{Dict: Dict{"X": Int(1)}, Data: []byte("a")}, "<</Length 1/X 1>>\nstream\na\nendstream"},
		{"raw verbatim", Array{Raw("<</A 1>>"), Int(2)}, "[<</A 1>> 2]"},
		{"dict of many keys", Dict{"k": Int(0), "j": Int(0), "i": Int(0), "h": Int(0), "g": Int(0), "f": Int(0), "e": Int(0), "d": Int(0), "c": Int(0),
			"b": Int(0), "a": Int(0), "Z": Int(0), "Y": Int(0), "X": Int(0), "W": Int(0), "V": Int(0), "U": Int(0)},
			"<</U 0/V 0/W 0/X 0/Y 0/Z 0/a 0/b 0/c 0/d 0/e 0/f 0/g 0/h 0/i 0/j 0/k 0>>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Format(tt.in); got != tt.want {
				t.Errorf("Format = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFormatParseRoundTrip checks that what the serialiser writes, the
// parser reads back unchanged.
func TestFormatParseRoundTrip(t *testing.T) {
	objs := []Object{
		Name("A B#(x)/é"),
		String("a(b)c\\d\n\r\t\x00\xff"),
		HexString("\x00\x01\xfe"),
		Dict{"K": Array{Int(1), Real(2.5), Bool(false), Ref{Num: 3}, Dict{"N": Name("x y")}}},
		TextString("Grüße ✓"),
	}
	for _, o := range objs {
		got, err := ParseObject([]byte(Format(o)))
		if err != nil {
			t.Fatalf("parse %q: %v", Format(o), err)
		}
		if Format(got) != Format(o) {
			t.Errorf("round trip %q → %q", Format(o), Format(got))
		}
	}
}

func TestTextString(t *testing.T) {
	if got := TextString("abc"); !bytes.Equal(got, []byte("abc")) {
		t.Errorf("ascii: %q", got)
	}
	s := TextString("é𝄞")
	want := []byte{0xFE, 0xFF, 0x00, 0xE9, 0xD8, 0x34, 0xDD, 0x1E}
	if !bytes.Equal(s, want) {
		t.Errorf("utf16 = % X, want % X", []byte(s), want)
	}
	if Text(s) != "é𝄞" {
		t.Errorf("Text(TextString) = %q", Text(s))
	}
	if Text(String("\x8Dx\x8E")) != "“x”" {
		t.Errorf("PDFDocEncoding: %q", Text(String("\x8Dx\x8E")))
	}
}

// appendRealExact is AppendReal's reference: strconv's correctly rounded
// five decimals, trimmed.
func appendRealExact(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return "0"
	}
	s := strconv.FormatFloat(f, 'f', 5, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

// TestAppendRealMatchesStrconv checks the fast path against strconv on
// values a content stream holds, on ties and near-ties of the fifth
// decimal, and on large and tiny magnitudes.
func TestAppendRealMatchesStrconv(t *testing.T) {
	vals := []float64{0.015625, -0.015625, 1.000005, 2.5e-6, -2.5e-6, 4.9999e-6, 5e-6, 0.123455, 12345.678905,
		999999.999995, 1e6 + 0.5, 123456789.123456, 1e-300, -1e-7, 0.1, 0.2, 0.3, 842, 595.28, 841.89, 1.0 / 3, 2.0 / 3,
		1e-5, -1e-5, 9.9, 10.01, 99.5, 100.25, 999999.99999, 100000, 0.00010, 7, -7.5}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		switch r.IntN(4) {
		case 0:
			vals = append(vals, (r.Float64()-0.5)*2000)
		case 1:
			vals = append(vals, float64(r.IntN(100000000))/1e5+r.Float64()*1e-9)
		case 2:
			// Ties of the sixth decimal, with and without binary error.
			vals = append(vals, (float64(r.IntN(2000000))+0.5)/1e5)
		default:
			vals = append(vals, math.Float64frombits(r.Uint64()))
		}
	}
	for _, f := range vals {
		if got, want := string(AppendReal(nil, f)), appendRealExact(f); got != want {
			t.Fatalf("AppendReal(%v) = %s, want %s", f, got, want)
		}
	}
}

func BenchmarkAppendReal(b *testing.B) {
	vals := []float64{50, 800.5, 0.2, 12.34567, -3.14159, 595.28, 1.0 / 3, 0.75}
	buf := make([]byte, 0, 64)
	for b.Loop() {
		for _, f := range vals {
			buf = AppendReal(buf[:0], f)
		}
	}
}
