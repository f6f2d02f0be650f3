package templates

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// parseJSON decodes data into a generic value (objects as map[string]any,
// numbers as json.Number), reporting malformed input with line and column.
func parseJSON(data []byte) (any, error) {
	if len(data) > MaxDataSize {
		return nil, fmt.Errorf("templates: data is %.1f MiB, over the %d MiB limit: %w",
			float64(len(data))/(1<<20), MaxDataSize>>20, ErrDataTooLarge)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &SyntaxError{Line: 1, Column: 1, Msg: "data is empty; expected a JSON object"}
	}
	if !utf8.Valid(data) {
		off := invalidUTF8Offset(data)
		line, col := position(data, off)
		return nil, &SyntaxError{Line: line, Column: col, Offset: int64(off), Msg: "invalid UTF-8"}
	}
	if v, ok := parseTree(data); ok {
		return v, nil
	}
	// Malformed (or very deep) input: encoding/json finds the error.
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, syntaxError(data, dec, err)
	}
	// Anything but white space after the value is an error.
	off := int(dec.InputOffset())
	for off < len(data) && isSpace(data[off]) {
		off++
	}
	if off < len(data) {
		line, col := position(data, off)
		return nil, &SyntaxError{Line: line, Column: col, Offset: int64(off), Msg: "unexpected data after the JSON value"}
	}
	return v, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// syntaxError converts a decoder error into a *SyntaxError with position.
func syntaxError(data []byte, dec *json.Decoder, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		// Offset counts the bytes read before the error, including the
		// offending one.
		off := int(se.Offset) - 1
		if off < 0 {
			off = 0
		}
		line, col := position(data, off)
		return &SyntaxError{Line: line, Column: col, Offset: int64(off), Msg: se.Error()}
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		line, col := position(data, len(data))
		return &SyntaxError{Line: line, Column: col, Offset: int64(len(data)), Msg: "unexpected end of JSON input"}
	case errors.As(err, &te):
		line, col := position(data, int(te.Offset))
		return &SyntaxError{Line: line, Column: col, Offset: te.Offset, Msg: te.Error()}
	}
	off := int(dec.InputOffset())
	line, col := position(data, off)
	return &SyntaxError{Line: line, Column: col, Offset: int64(off), Msg: err.Error()}
}

// position returns the 1-based line and column (in characters) of byte
// offset off in data.
func position(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line = 1 + bytes.Count(data[:off], []byte{'\n'})
	lineStart := bytes.LastIndexByte(data[:off], '\n') + 1
	col = 1 + utf8.RuneCount(data[lineStart:off])
	return line, col
}

func invalidUTF8Offset(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}
