package pdfobj

import (
	"bytes"
	"compress/zlib"
	"errors"
	"strings"
	"testing"
)

func zlibBytes(b []byte) []byte {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(b)
	w.Close()
	return z.Bytes()
}

func TestDecodeFilters(t *testing.T) {
	plain := []byte(strings.Repeat("TOBEORNOTTOBEORTOBEORNOT#", 300))
	// PNG Up predictor on 5-byte rows: filter byte 2 then differences.
	rows := [][]byte{{1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}, {2, 3, 4, 5, 6}}
	var png []byte
	prev := make([]byte, 5)
	for _, r := range rows {
		png = append(png, 2)
		for i := range r {
			png = append(png, r[i]-prev[i])
		}
		prev = r
	}
	tests := []struct {
		name   string
		data   []byte
		filter Object
		parms  Object
		want   []byte
	}{
		{"none", []byte("abc"), nil, nil, []byte("abc")},
		{"flate", zlibBytes(plain), Name("FlateDecode"), nil, plain},
		{"flate abbreviated", zlibBytes(plain), Name("Fl"), nil, plain},
		{"lzw", lzwEncode(plain), Name("LZWDecode"), nil, plain},
		{"asciihex", []byte("61 62 6\n3>"), Name("ASCIIHexDecode"), nil, []byte("abc")},
		{"asciihex odd", []byte("616>"), Name("AHx"), nil, []byte("a`")},
		{"ascii85", []byte("<~9jqo^BlbD-BleB1DJ+*+F(f,q~>"), Name("ASCII85Decode"), nil, []byte("Man is distinguished")},
		{"ascii85 z", []byte("z~>"), Name("A85"), nil, []byte{0, 0, 0, 0}},
		{"runlength", []byte{2, 'a', 'b', 'c', 254, 'x', 128}, Name("RunLengthDecode"), nil, []byte("abcxxx")},
		{"chain", []byte(strings.ToUpper("78 9c 4b 4c 4a 06 00 02 4d 01 27>")), Array{Name("ASCIIHexDecode"), Name("FlateDecode")}, nil, []byte("abc")},
		{"png up predictor", zlibBytes(png), Name("FlateDecode"), Dict{"Predictor": Int(12), "Columns": Int(5)}, bytes.Join(rows, nil)},
		{"tiff predictor", zlibBytes([]byte{1, 1, 1, 5, 1, 1}), Name("FlateDecode"), Dict{"Predictor": Int(2), "Columns": Int(3)}, []byte{1, 2, 3, 5, 6, 7}},
		{"dct passthrough", []byte{0xFF, 0xD8, 0xFF}, Name("DCTDecode"), nil, []byte{0xFF, 0xD8, 0xFF}},
		{"identity crypt filter first", zlibBytes(plain), Array{Name("Crypt"), Name("FlateDecode")}, Array{Dict{"Name": Name("Identity")}, Null{}}, plain},
		{"parms array", zlibBytes(png), Array{Name("FlateDecode")}, Array{Dict{"Predictor": Int(12), "Columns": Int(5)}}, bytes.Join(rows, nil)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeFilters(tt.data, tt.filter, tt.parms, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", clip(got), clip(tt.want))
			}
		})
	}
}

func TestDecodeBombCapped(t *testing.T) {
	bomb := zlibBytes(make([]byte, 8<<20))
	if _, err := DecodeFilters(bomb, Name("FlateDecode"), nil, 1<<20); !errors.Is(err, ErrTooLarge) {
		t.Errorf("flate bomb: err = %v, want ErrTooLarge", err)
	}
	if _, err := DecodeFilters(lzwEncode(make([]byte, 256<<10)), Name("LZWDecode"), nil, 64<<10); !errors.Is(err, ErrTooLarge) {
		t.Errorf("lzw bomb: err = %v, want ErrTooLarge", err)
	}
	rl := bytes.Repeat([]byte{129, 'x'}, 20000)
	if _, err := DecodeFilters(rl, Name("RunLengthDecode"), nil, 1<<20); !errors.Is(err, ErrTooLarge) {
		t.Errorf("runlength bomb: err = %v, want ErrTooLarge", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tt := range []struct {
		name   string
		data   string
		filter Object
	}{
		{"bad hex", "zz>", Name("ASCIIHexDecode")},
		{"bad a85", "vvvv~>", Name("ASCII85Decode")},
		{"unknown", "x", Name("Foo")},
		{"bad filter type", "x", Int(3)},
		{"bad predictor", string(zlibBytes([]byte{9, 1})), Name("FlateDecode")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var parms Object
			if tt.name == "bad predictor" {
				parms = Dict{"Predictor": Int(12)}
			}
			if _, err := DecodeFilters([]byte(tt.data), tt.filter, parms, 0); err == nil {
				t.Error("no error")
			}
		})
	}
}

func BenchmarkOpenAndWalk(b *testing.B) {
	data := sampleDoc(b)
	b.ReportAllocs()
	for b.Loop() {
		f, err := Open(data)
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range f.ObjectNumbers() {
			if s, ok := f.Resolve(Ref{Num: n}).(*Stream); ok {
				f.DecodeStream(s)
			}
		}
	}
}
