package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"sort"
	"strconv"
	"strings"
)

// maxParts bounds the parts of a multipart body.
const maxParts = 1000

// bodyKind is how a request body is encoded.
type bodyKind int

const (
	bodyJSON bodyKind = iota
	bodyMultipart
	bodyPDF
	bodyHTML
)

// mediaType classifies r's Content-Type among accepted. It returns a 415
// problem for anything else.
func mediaType(r *http.Request, accepted ...bodyKind) (bodyKind, map[string]string, error) {
	ct := r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	kind := bodyKind(-1)
	if err == nil {
		switch {
		case mt == "application/json" || strings.HasSuffix(mt, "+json"):
			kind = bodyJSON
		case mt == "multipart/form-data":
			kind = bodyMultipart
		case mt == "application/pdf":
			kind = bodyPDF
		case mt == "text/html" || mt == "application/xhtml+xml":
			kind = bodyHTML
		}
	}
	var names []string
	for _, a := range accepted {
		if a == kind {
			return kind, params, nil
		}
		names = append(names, [...]string{"application/json", "multipart/form-data", "application/pdf", "text/html"}[a])
	}
	if ct == "" {
		ct = "none"
	}
	return 0, nil, newProblem(http.StatusUnsupportedMediaType, CodeUnsupportedMedia,
		fmt.Sprintf("Content-Type %s is not accepted here; send one of: %s", ct, strings.Join(names, ", ")))
}

// maxPrealloc bounds the buffer readBody sizes from Content-Length before
// any of the body has arrived: a client announcing a large body and
// sending little must not make the server allocate it.
const maxPrealloc = 1 << 20

// readBody reads the whole body under the size limit, into a buffer of
// the declared Content-Length when there is one (up to maxPrealloc; larger
// bodies grow the buffer as they arrive).
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	size := int64(512)
	if r.ContentLength > 0 && r.ContentLength <= s.cfg.MaxBodyBytes {
		size = min(r.ContentLength+1, maxPrealloc) // the extra byte lets ReadFrom see EOF without growing
	}
	buf := bytes.NewBuffer(make([]byte, 0, size))
	if _, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes)); err != nil {
		return nil, s.bodyError(err)
	}
	return buf.Bytes(), nil
}

// bodyError turns a body read error into a problem.
func (s *Server) bodyError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return newProblem(http.StatusRequestEntityTooLarge, CodeBodyTooLarge,
			fmt.Sprintf("request body exceeds the limit of %d bytes", mbe.Limit))
	}
	return newProblem(http.StatusBadRequest, CodeMalformedBody, "reading request body: "+err.Error())
}

// readJSONObject reads the body under the size limit and decodes it as a
// JSON object (see decodeJSONObject).
func (s *Server) readJSONObject(w http.ResponseWriter, r *http.Request) (*jsonFields, error) {
	body, err := s.readBody(w, r)
	if err != nil {
		return nil, err
	}
	return decodeJSONObject(body)
}

// jsonFields is a decoded JSON object body whose fields are taken one by
// one, so that every problem names its field.
type jsonFields struct {
	raw  map[string]json.RawMessage
	used map[string]bool
	errs []FieldError
}

// decodeJSONObject parses body as a JSON object. Syntax errors become a 400
// problem with the byte offset, line and column.
func decodeJSONObject(body []byte) (*jsonFields, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, newProblem(http.StatusBadRequest, CodeMalformedJSON, "request body is empty; expected a JSON object")
	}
	if raw, ok := splitObject(body); ok {
		return &jsonFields{raw: raw, used: make(map[string]bool, len(raw))}, nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			pos := position(body, se.Offset)
			p := newProblem(http.StatusBadRequest, CodeMalformedJSON,
				fmt.Sprintf("malformed JSON at line %d, column %d (byte %d): %v", pos.Line, pos.Column, pos.Offset, se))
			p.Position = &pos
			return nil, p
		case errors.As(err, &te):
			return nil, newProblem(http.StatusBadRequest, CodeMalformedJSON,
				"request body must be a JSON object, not "+te.Value)
		}
		return nil, newProblem(http.StatusBadRequest, CodeMalformedJSON, "malformed JSON: "+err.Error())
	}
	if raw == nil {
		return nil, newProblem(http.StatusBadRequest, CodeMalformedJSON, "request body must be a JSON object, not null")
	}
	return &jsonFields{raw: raw, used: map[string]bool{}}, nil
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
	f.used[name] = true
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

// fieldErrors returns the errors met so far plus one for each field
// nobody asked for. Call it after reading every known field.
func (f *jsonFields) fieldErrors() []FieldError {
	var unknown []string
	for k := range f.raw {
		if !f.used[k] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		f.errs = append(f.errs, FieldError{Field: k, Code: "unknown", Message: "unknown field " + strconv.Quote(k)})
	}
	return f.errs
}

// fieldProblem turns field errors into a problem: 400 when fields are only
// missing, 422 when a value is wrong.
func fieldProblem(errs []FieldError) error {
	if len(errs) == 0 {
		return nil
	}
	status, code := http.StatusBadRequest, CodeMissingField
	for _, e := range errs {
		if e.Code != "missing" {
			status, code = http.StatusUnprocessableEntity, CodeInvalidField
			break
		}
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Message
	}
	p := newProblem(status, code, strings.Join(msgs, "; "))
	p.Errors = errs
	return p
}

// multipartForm is a parsed multipart/form-data body: plain fields by
// name, and file parts by their (cleaned, relative) file name.
type multipartForm struct {
	fields map[string]string
	files  []formFile
}

type formFile struct {
	field, name string
	data        []byte
}

// readMultipart reads a whole multipart body under the size limit.
func (s *Server) readMultipart(w http.ResponseWriter, r *http.Request, params map[string]string) (*multipartForm, error) {
	boundary := params["boundary"]
	if boundary == "" {
		return nil, newProblem(http.StatusBadRequest, CodeMalformedMultipart, "multipart Content-Type has no boundary parameter")
	}
	mr := multipart.NewReader(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes), boundary)
	form := &multipartForm{fields: map[string]string{}}
	for n := 0; ; n++ {
		part, err := mr.NextRawPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, s.multipartError(err)
		}
		if n >= maxParts {
			return nil, newProblem(http.StatusBadRequest, CodeMalformedMultipart, fmt.Sprintf("more than %d parts", maxParts))
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return nil, s.multipartError(err)
		}
		disp, dp, err := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
		if err != nil || disp != "form-data" || dp["name"] == "" {
			return nil, newProblem(http.StatusBadRequest, CodeMalformedMultipart,
				fmt.Sprintf("part %d has no form-data Content-Disposition with a name", n+1))
		}
		filename, isFile := dp["filename"]
		if !isFile {
			form.fields[dp["name"]] = string(data)
			continue
		}
		name, ok := cleanAssetName(filename)
		if !ok {
			p := newProblem(http.StatusUnprocessableEntity, CodeInvalidField,
				fmt.Sprintf("file part %q: file name %q must be a relative path inside the document", dp["name"], filename))
			p.Errors = []FieldError{{Field: dp["name"], Code: "invalid", Message: "file name " + strconv.Quote(filename) + " is not a relative path"}}
			return nil, p
		}
		form.files = append(form.files, formFile{field: dp["name"], name: name, data: data})
	}
	return form, nil
}

func (s *Server) multipartError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return s.bodyError(err)
	}
	return newProblem(http.StatusBadRequest, CodeMalformedMultipart, "malformed multipart body: "+err.Error())
}

// cleanAssetName normalises a multipart file name to a slash-separated
// relative path. Absolute names and names leaving the document's directory
// are refused.
func cleanAssetName(name string) (string, bool) {
	name = strings.ReplaceAll(name, `\`, "/")
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, ":") {
		return "", false
	}
	clean := path.Clean(name)
	if clean == "." || clean == ".." || strings.HasPrefix(clean, "../") {
		return "", false
	}
	return clean, true
}

// formBool parses a multipart boolean field.
func formBool(v string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "false", "0", "no", "off":
		return false, true
	case "true", "1", "yes", "on":
		return true, true
	}
	return false, false
}
