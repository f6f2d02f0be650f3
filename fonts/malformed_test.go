package fonts

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// tableAt returns the offset and length of a table of an sfnt font.
func tableAt(t *testing.T, data []byte, tag string) (int, int) {
	t.Helper()
	n := int(binary.BigEndian.Uint16(data[4:]))
	for i := 0; i < n; i++ {
		rec := data[12+16*i:]
		if string(rec[:4]) == tag {
			return int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		}
	}
	t.Fatalf("no %s table", tag)
	return 0, 0
}

// TestMalformedFontMessage: a font whose tables make the parser panic
// (a loca offset far past the glyf table: slice bounds out of range in
// go-text's glyf parser) is refused with a message naming the table,
// never the Go panic text.
func TestMalformedFontMessage(t *testing.T) {
	data := append([]byte(nil), testFontData()...)
	head, _ := tableAt(t, data, "head")
	if binary.BigEndian.Uint16(data[head+50:]) != 1 {
		t.Fatal("the test font has short loca offsets")
	}
	loca, _ := tableAt(t, data, "loca")
	binary.BigEndian.PutUint32(data[loca+4*3:], 14039384)
	err := NewRegistry(Options{}).AddFace("Broken", 400, StyleNormal, data)
	if err == nil {
		t.Fatal("the broken font was accepted")
	}
	msg := err.Error()
	if !strings.Contains(msg, `"Broken"`) || !strings.Contains(msg, "malformed font: its glyf table cannot be read") {
		t.Errorf("error %q does not name the font and the glyf table", msg)
	}
	for _, leak := range []string{"runtime error", "slice bounds", "out of range", "panic"} {
		if strings.Contains(msg, leak) {
			t.Errorf("error %q shows Go panic text %q", msg, leak)
		}
	}
}

// TestRecoverMalformedFallback: a panic outside go-text's table parsers
// names the table the parser was reading.
func TestRecoverMalformedFallback(t *testing.T) {
	parse := func() (err error) {
		table := "hmtx"
		defer recoverMalformed("X", &table, &err)
		var b []byte
		_ = b[:len(table)]
		return nil
	}
	err := parse()
	if err == nil || err.Error() != "malformed font: its hmtx table cannot be read" {
		t.Errorf("err = %v", err)
	}
	if errors.Unwrap(err) != nil {
		t.Errorf("err wraps %v", errors.Unwrap(err))
	}
}

func TestTableTag(t *testing.T) {
	for in, want := range map[string]string{"Glyf": "glyf", "GPOS": "GPOS", "Os2": "OS/2", "Layout": "GSUB/GPOS", "Cmap": "cmap", "HVAR": "HVAR", "": ""} {
		if got := tableTag(in); got != want {
			t.Errorf("tableTag(%q) = %q, want %q", in, got, want)
		}
	}
}
