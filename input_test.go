package folio

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// latin1 is "Café" in ISO-8859-1 / windows-1252.
const latin1 = "Caf\xe9"

func TestDecodeInputEncodings(t *testing.T) {
	long := strings.Repeat("<p>ascii</p>\n", 100) // pushes the é past 1024 bytes
	tests := []struct {
		name, src, transport string
		wantText, wantEnc    string
		wantNote             string // "" for none
	}{
		{"utf-8 undeclared", "<p>Café</p>", "", "Café", "utf-8", ""},
		{"utf-8 undeclared, é after 1024 bytes", long + "<p>Café</p>", "", "Café", "utf-8", ""},
		{"utf-8 BOM", "\xEF\xBB\xBF<p>Café</p>", "", "Café", "utf-8", ""},
		{"utf-16le BOM", "\xFF\xFE<\x00p\x00>\x00C\x00a\x00f\x00\xe9\x00", "", "Café", "utf-16le", ""},
		{"utf-16be BOM", "\xFE\xFF\x00<\x00p\x00>\x00C\x00a\x00f\x00\xe9", "", "Café", "utf-16be", ""},
		{"meta charset iso-8859-1", `<meta charset="iso-8859-1"><p>` + latin1, "", "Café", "windows-1252", ""},
		{"meta charset unquoted upper case", `<META CHARSET=ISO-8859-1><p>` + latin1, "", "Café", "windows-1252", ""},
		{"meta http-equiv", `<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>` + latin1, "", "Café", "windows-1252", ""},
		{"meta http-equiv quoted charset", `<meta content="text/html;charset='shift_jis'" http-equiv="content-type"><p>` + "\x93\xfa\x96\x7b", "", "日本", "shift_jis", ""},
		{"meta shift_jis", `<meta charset="Shift_JIS"><p>` + "\x93\xfa\x96\x7b\x8c\xea", "", "日本語", "shift_jis", ""},
		{"meta after a comment", `<!-- <meta charset="koi8-r"> --><meta charset="iso-8859-1"><p>` + latin1, "", "Café", "windows-1252", ""},
		{"meta utf-16 means utf-8", `<meta charset="utf-16"><p>Café`, "", "Café", "utf-8", ""},
		{"meta past 1024 bytes ignored", long + `<meta charset="iso-8859-1"><p>` + latin1, "", "Café", "windows-1252", "declares no character encoding"},
		{"Content-Type charset wins over meta", `<meta charset="utf-8"><p>` + latin1, "text/html; charset=ISO-8859-1", "Café", "windows-1252", ""},
		{"bare transport label", `<p>` + latin1, "latin1", "Café", "windows-1252", ""},
		{"BOM wins over Content-Type", "\xEF\xBB\xBF<p>Café", "text/html; charset=iso-8859-1", "Café", "utf-8", ""},
		{"transport utf-16le without BOM", "<\x00p\x00>\x00C\x00a\x00f\x00\xe9\x00", "text/html; charset=utf-16le", "Café", "utf-16le", ""},
		{"unknown transport label", `<meta charset="iso-8859-1"><p>` + latin1, "text/html; charset=klingon", "Café", "windows-1252", `"klingon" is not a known encoding`},
		{"unknown meta label", `<meta charset="klingon"><p>Café`, "", "Café", "utf-8", `unknown encoding "klingon"`},
		{"undeclared and not utf-8", `<p>` + latin1, "", "Café", "windows-1252", "declares no character encoding and is not valid UTF-8"},
		{"declared utf-8 but latin-1", `<meta charset="utf-8"><p>` + latin1, "", "Caf\xe9", "utf-8", "not valid UTF-8 although its <meta> charset says it is"},
		{"undecodable shift_jis", `<meta charset="shift_jis"><p>` + "\x93\xfa\x80\xff", "", "日", "shift_jis", "could not be decoded as shift_jis"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := decodeInput([]byte(tc.src), tc.transport)
			if err != nil {
				t.Fatalf("decodeInput: %v", err)
			}
			if !bytes.Contains(in.src, []byte(tc.wantText)) {
				t.Errorf("decoded %q, want it to contain %q", in.src, tc.wantText)
			}
			if bytes.HasPrefix(in.src, []byte("\xEF\xBB\xBF")) {
				t.Errorf("the byte order mark was kept")
			}
			if in.encoding != tc.wantEnc {
				t.Errorf("encoding %q, want %q", in.encoding, tc.wantEnc)
			}
			notes := strings.Join(in.notes, "\n")
			if tc.wantNote == "" && notes != "" || !strings.Contains(notes, tc.wantNote) {
				t.Errorf("notes %q, want %q", notes, tc.wantNote)
			}
		})
	}
}

func TestDecodeInputRefusesBinary(t *testing.T) {
	random := make([]byte, 2048)
	x := uint32(1)
	for i := range random {
		x = x*1664525 + 1013904223
		random[i] = byte(x >> 24)
	}
	tests := []struct {
		name, src, want string
	}{
		{"pdf", "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "a PDF document"},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG image"},
		{"jpeg", "\xFF\xD8\xFF\xE0\x00\x10JFIF", "a JPEG image"},
		{"gif", "GIF89a\x01\x00\x01\x00", "a GIF image"},
		{"webp", "RIFF\x24\x00\x00\x00WEBPVP8 ", "a WebP image"},
		{"zip", "PK\x03\x04\x14\x00", "a ZIP archive"},
		{"NUL-rich", "<html>" + strings.Repeat("\x00\x01\x02abc", 50), "binary data (150 control bytes, 50 of them NUL"},
		{"random bytes", string(random), "binary data"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := decodeInput([]byte(tc.src), "")
			if !errors.Is(err, ErrNotHTML) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want ErrNotHTML naming %q", err, tc.want)
			}
		})
	}
	// Text with a few stray control bytes (under 1 %) is still text.
	text := strings.Repeat("<p>Some ordinary text in a paragraph.</p>\n", 40) + "\x00\x07"
	if _, err := decodeInput([]byte(text), ""); err != nil {
		t.Fatalf("text with two stray control bytes refused: %v", err)
	}
}

func TestCharsetFromContent(t *testing.T) {
	tests := map[string]string{
		"text/html; charset=iso-8859-1":      "iso-8859-1",
		"text/html;charset = \"koi8-r\"":     "koi8-r",
		"text/html; charset='x'; foo":        "x",
		"text/html; charset=utf-8;x=y":       "utf-8",
		"text/html; charsetx charset=latin1": "latin1",
		"text/html":                          "",
		"text/html; charset=\"unterminated":  "",
	}
	for in, want := range tests {
		if got := charsetFromContent(in); got != want {
			t.Errorf("charsetFromContent(%q) = %q, want %q", in, got, want)
		}
	}
}
