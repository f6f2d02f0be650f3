package server

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// Bounds on what an error response repeats of a request: a body with a
// million unknown members gets a problem of a few kilobytes, not one the
// size of the body.
const (
	// maxListed is the most field errors a problem lists; the detail
	// counts the others.
	maxListed = 20
	// maxEcho is the most bytes of a client's name or value an error
	// message repeats.
	maxEcho = 64
)

// readJSONObject reads the body under the size limit and decodes it as a
// JSON object keeping the members named in known (see decodeJSONObject).
func (s *Server) readJSONObject(w http.ResponseWriter, r *http.Request, known map[string]bool) (*jsonFields, error) {
	body, err := s.readBody(w, r)
	if err != nil {
		return nil, err
	}
	return decodeJSONObject(body, known)
}

// jsonFields is a decoded JSON object body. The members the endpoint reads
// are kept and taken one by one, so that every problem names its field;
// the others are only counted, and the first maxListed named.
type jsonFields struct {
	raw   map[string]json.RawMessage // the known members
	known map[string]bool            // nil: keep every member
	// unknown are the first maxListed unknown member names, shortened to
	// maxEcho bytes; nUnknown counts every unknown member.
	unknown  []string
	nUnknown int
	errs     []FieldError
}

func newJSONFields(known map[string]bool) *jsonFields {
	return &jsonFields{raw: make(map[string]json.RawMessage, len(known)), known: known}
}

// keep reports whether the member named key is kept, noting it as
// unknown otherwise. It allocates only for kept and listed names.
func (f *jsonFields) keep(key []byte) bool {
	if f.known == nil || f.known[string(key)] {
		return true
	}
	f.nUnknown++
	if len(f.unknown) < maxListed {
		name := shorten(string(key))
		for _, u := range f.unknown {
			if u == name {
				return false
			}
		}
		f.unknown = append(f.unknown, name)
	}
	return false
}

// decodeJSONObject parses body as a JSON object, keeping the members named
// in known (every member when known is nil) and counting the others.
// Syntax errors become a 400 problem with the byte offset, line and
// column.
func decodeJSONObject(body []byte, known map[string]bool) (*jsonFields, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, newProblem(http.StatusBadRequest, CodeMalformedJSON, "request body is empty; expected a JSON object")
	}
	f := newJSONFields(known)
	if splitObject(body, f) {
		return f, nil
	}
	// Validate without building anything: decoding into an empty struct
	// skips every member.
	if err := json.Unmarshal(body, new(struct{})); err != nil {
		return nil, jsonProblem(body, err)
	}
	if string(bytes.TrimSpace(body)) == "null" {
		return nil, newProblem(http.StatusBadRequest, CodeMalformedJSON, "request body must be a JSON object, not null")
	}
	// Valid, but nested deeper than splitObject follows.
	f = newJSONFields(known)
	if err := decodeMembers(body, f); err != nil {
		return nil, newProblem(http.StatusBadRequest, CodeMalformedJSON, "malformed JSON: "+err.Error())
	}
	return f, nil
}

// jsonProblem turns an encoding/json error about body into a problem.
func jsonProblem(body []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		pos := position(body, se.Offset)
		p := newProblem(http.StatusBadRequest, CodeMalformedJSON,
			fmt.Sprintf("malformed JSON at line %d, column %d (byte %d): %v", pos.Line, pos.Column, pos.Offset, se))
		p.Position = &pos
		return p
	case errors.As(err, &te):
		return newProblem(http.StatusBadRequest, CodeMalformedJSON,
			"request body must be a JSON object, not "+te.Value)
	}
	return newProblem(http.StatusBadRequest, CodeMalformedJSON, "malformed JSON: "+err.Error())
}

// decodeMembers reads the members of the valid JSON object body one by
// one with encoding/json, keeping those f keeps.
func decodeMembers(body []byte, f *jsonFields) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("expected a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		if f.keep([]byte(key)) {
			f.raw[key] = v
		}
	}
	return nil
}

// position converts a byte offset of body into a Position. encoding/json
// reports the offset just past the offending byte.
func position(body []byte, offset int64) Position {
	if offset > int64(len(body)) {
		offset = int64(len(body))
	}
	at := offset - 1
	if at < 0 {
		at = 0
	}
	line, col := 1, 1
	for _, c := range body[:at] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Position{Offset: at, Line: line, Column: col}
}

func (f *jsonFields) get(name string) (json.RawMessage, bool) {
	v, ok := f.raw[name]
	if !ok || string(v) == "null" {
		return nil, false
	}
	return v, true
}

func (f *jsonFields) typeErr(name, want string) {
	f.errs = append(f.errs, FieldError{Field: name, Code: "type", Message: name + " must be " + want})
}

// str returns a string field ("" when absent).
func (f *jsonFields) str(name string) string {
	v, ok := f.get(name)
	if !ok {
		return ""
	}
	if s, ok := plainString(v); ok {
		return s
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		f.typeErr(name, "a string")
	}
	return s
}

// text returns a string field as bytes (nil when absent). A string
// without escapes is returned in place, sharing the body, so that a large
// document is not copied.
func (f *jsonFields) text(name string) []byte {
	v, ok := f.get(name)
	if !ok {
		return nil
	}
	if b, ok := plainBytes(v); ok {
		return b
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		f.typeErr(name, "a string")
	}
	return []byte(s)
}

// texts returns a field that is an array of strings (nil when absent),
// with a type error naming the first element that is not a string.
func (f *jsonFields) texts(name string) [][]byte {
	v, ok := f.get(name)
	if !ok {
		return nil
	}
	var raw []json.RawMessage
	if json.Unmarshal(v, &raw) != nil {
		f.typeErr(name, "an array of strings")
		return nil
	}
	out := make([][]byte, len(raw))
	for i, e := range raw {
		if b, ok := plainBytes(e); ok {
			out[i] = b
			continue
		}
		var s string
		if json.Unmarshal(e, &s) != nil {
			f.typeErr(name+"["+strconv.Itoa(i)+"]", "a string")
			return nil
		}
		out[i] = []byte(s)
	}
	return out
}

// boolean returns a boolean field (false when absent).
func (f *jsonFields) boolean(name string) bool {
	v, ok := f.get(name)
	if !ok {
		return false
	}
	var b bool
	if json.Unmarshal(v, &b) != nil {
		f.typeErr(name, "true or false")
	}
	return b
}

// fieldErrors returns the errors met so far plus one for each of the
// first maxListed unknown members; unlisted counts the unknown members
// left out.
func (f *jsonFields) fieldErrors() (errs []FieldError, unlisted int) {
	for _, k := range f.unknown {
		f.errs = append(f.errs, FieldError{Field: k, Code: "unknown", Message: "unknown field " + strconv.Quote(k)})
	}
	return f.errs, f.nUnknown - len(f.unknown)
}

// fieldProblem turns field errors into a problem: 400 when fields are only
// missing, 422 when a value is wrong. It lists at most maxListed errors;
// the detail counts the others and the unlisted ones the caller left out.
func fieldProblem(errs []FieldError, unlisted int) error {
	if len(errs) == 0 && unlisted == 0 {
		return nil
	}
	status, code := http.StatusBadRequest, CodeMissingField
	if unlisted > 0 {
		status, code = http.StatusUnprocessableEntity, CodeInvalidField
	}
	for _, e := range errs {
		if e.Code != "missing" {
			status, code = http.StatusUnprocessableEntity, CodeInvalidField
			break
		}
	}
	if len(errs) > maxListed {
		// The errors about the fields the endpoint knows come first, so
		// that a flood of unknown members does not hide them.
		errs = slices.Clone(errs)
		slices.SortStableFunc(errs, func(a, b FieldError) int {
			return cmp.Compare(boolRank(a.Code == "unknown"), boolRank(b.Code == "unknown"))
		})
		unlisted += len(errs) - maxListed
		errs = errs[:maxListed]
	}
	msgs := make([]string, len(errs), len(errs)+1)
	for i, e := range errs {
		msgs[i] = e.Message
	}
	if unlisted > 0 {
		msgs = append(msgs, fmt.Sprintf("and %d more problems not listed", unlisted))
	}
	p := newProblem(status, code, strings.Join(msgs, "; "))
	p.Errors = errs
	return p
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// shorten cuts s to at most maxEcho bytes at a character boundary,
// marking the cut with an ellipsis.
func shorten(s string) string { return truncate(s, maxEcho) }
