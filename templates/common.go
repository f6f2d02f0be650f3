package templates

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// input is template data: the JSON text and the tree parseJSON made of it.
type input struct {
	raw  []byte
	tree any
}

// decodeInto fills a model (a pointer) from schema-valid data: from the
// parsed tree when the model's types allow (see assigner), otherwise by
// decoding the text with encoding/json, which gives the same result. The
// schema has checked every type, so an error here means the schema and
// the model disagree; it is reported as a problem rather than a panic.
func decodeInto(in input, v any, ps *problems) bool {
	dst := reflect.ValueOf(v)
	if in.tree != nil && dst.Kind() == reflect.Pointer && !dst.IsNil() {
		if (&assigner{}).assign(in.tree, dst.Elem()) == nil {
			return true
		}
		dst.Elem().SetZero() // start again from the text
	}
	dec := json.NewDecoder(bytes.NewReader(in.raw))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		ps.add("data", "cannot be decoded: %v", err)
		return false
	}
	return true
}

// Image is a base64 data: URI of a PNG or JPEG image, checked by
// checkImage before a template sees it.
type Image string

// URL returns the image as a URL html/template accepts in src. Only data
// URIs of PNG or JPEG images pass; anything else becomes an empty
// fragment.
func (i Image) URL() template.URL {
	if strings.HasPrefix(string(i), "data:image/png;base64,") || strings.HasPrefix(string(i), "data:image/jpeg;base64,") {
		return template.URL(i)
	}
	return template.URL("#")
}

// checkImage adds a problem unless s is a well-formed base64 data: URI whose
// bytes are the PNG or JPEG image it declares.
func checkImage(path string, s Image, ps *problems) {
	mime, payload, ok := strings.Cut(string(s), ";base64,")
	if !ok || (mime != "data:image/png" && mime != "data:image/jpeg") {
		ps.add(path, "expected a data: URI of a PNG or JPEG image (data:image/png;base64,… or data:image/jpeg;base64,…)")
		return
	}
	raw, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		ps.add(path, "expected valid base64 image data: %v", err)
		return
	}
	switch {
	case mime == "data:image/png" && !bytes.HasPrefix(raw, []byte("\x89PNG\r\n\x1a\n")):
		ps.add(path, "declared image/png but the data is not a PNG image")
	case mime == "data:image/jpeg" && !bytes.HasPrefix(raw, []byte{0xFF, 0xD8, 0xFF}):
		ps.add(path, "declared image/jpeg but the data is not a JPEG image")
	}
}

// Table is a data table: a caption, column headings and rows of cells.
type Table struct {
	Caption string     `json:"caption"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
	// RowHeaders makes the first cell of each row a row header
	// (th scope="row"); default true.
	RowHeaders *bool `json:"row_headers"`
}

// HasRowHeaders reports whether the first cell of each row is a header.
func (t Table) HasRowHeaders() bool { return t.RowHeaders == nil || *t.RowHeaders }

// checkTable adds a problem for every row whose length differs from the
// number of columns.
func checkTable(path string, t Table, ps *problems) {
	for i, r := range t.Rows {
		if len(r) != len(t.Columns) {
			ps.add(path+".rows["+strconv.Itoa(i)+"]", "expected %s (one per column), got %d", plural(len(t.Columns), "cell"), len(r))
		}
	}
}

// formatDate writes an ISO date for the document language: "21 November
// 2026" (en), "November 21, 2026" (en-US), "21. November 2026" (de),
// "21 novembre 2026" (fr), and the ISO form otherwise.
func formatDate(lang, iso string) string {
	t, err := time.Parse("2006-01-02", iso)
	if err != nil {
		return iso
	}
	tag := strings.ToLower(lang)
	primary, _, _ := strings.Cut(tag, "-")
	switch {
	case tag == "en-us":
		return t.Format("January 2, 2006")
	case primary == "en" || primary == "":
		return t.Format("2 January 2006")
	case primary == "de":
		return strconv.Itoa(t.Day()) + ". " + germanMonths[t.Month()-1] + " " + strconv.Itoa(t.Year())
	case primary == "fr":
		return strconv.Itoa(t.Day()) + " " + frenchMonths[t.Month()-1] + " " + strconv.Itoa(t.Year())
	}
	return iso
}

var (
	germanMonths = [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"}
	frenchMonths = [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
)

// funcs are the helpers every template may call.
var funcs = template.FuncMap{
	"date": formatDate,
	"inc":  func(i int) int { return i + 1 },
	"iban": groupIBAN,
	"pair": func(p, l any) map[string]any { return map[string]any{"P": p, "L": l} },
}

// groupIBAN writes an IBAN in groups of four characters for reading.
func groupIBAN(s string) string {
	s = strings.ReplaceAll(s, " ", "")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
