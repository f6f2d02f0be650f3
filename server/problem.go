package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"unicode/utf8"
)

// Problem is an RFC 9457 problem document, the body of every error
// response (Content-Type application/problem+json).
type Problem struct {
	// Type is "urn:folio:problem:" followed by Code.
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail,omitempty"`
	// Instance is the request path.
	Instance string `json:"instance,omitempty"`
	// Code is the stable machine-readable error code; see the constants.
	Code string `json:"code"`
	// RequestID repeats the X-Request-ID of the request.
	RequestID string `json:"request_id,omitempty"`
	// Errors names each offending field.
	Errors []FieldError `json:"errors"`
	// Audit is the report of a strict render that failed its audit.
	Audit *Report `json:"audit,omitempty"`
	// Position locates a syntax error in a JSON body.
	Position *Position `json:"position,omitempty"`
}

// Position is a place in a request body: a byte offset (0-based) and a
// 1-based line and column.
type Position struct {
	Offset int64 `json:"offset"`
	Line   int   `json:"line"`
	Column int   `json:"column"`
}

// Stable problem codes.
const (
	CodeMalformedJSON      = "malformed_json"
	CodeMalformedMultipart = "malformed_multipart"
	CodeMalformedBody      = "malformed_body"
	CodeMissingField       = "missing_field"
	CodeInvalidField       = "invalid_field"
	CodeUnauthorized       = "unauthorized"
	CodeNotFound           = "not_found"
	CodeTemplateNotFound   = "template_not_found"
	CodeMethodNotAllowed   = "method_not_allowed"
	CodeBodyTooLarge       = "body_too_large"
	CodeUnsupportedMedia   = "unsupported_media_type"
	CodeNotAcceptable      = "not_acceptable"
	CodeTemplateData       = "invalid_template_data"
	CodeAuditFailed        = "audit_failed"
	CodeLimitExceeded      = "limit_exceeded"
	CodeOverloaded         = "overloaded"
	CodeDeadlineExceeded   = "deadline_exceeded"
	CodeInvalidInput       = "invalid_input"
	CodeInternal           = "internal_error"
	CodeClientClosed       = "client_closed_request"
)

// problemTypePrefix prefixes Code in Problem.Type.
const problemTypePrefix = "urn:folio:problem:"

// newProblem returns a problem with the standard title of status.
func newProblem(status int, code, detail string) *Problem {
	title := http.StatusText(status)
	if title == "" {
		title = "Error"
	}
	return &Problem{
		Type:   problemTypePrefix + code,
		Title:  title,
		Status: status,
		Detail: detail,
		Code:   code,
		Errors: []FieldError{},
	}
}

// Bounds on the text of a problem, whatever produced it: field errors
// from template data, messages quoting a document's content, error texts.
const (
	maxDetail       = 4096
	maxFieldName    = 256
	maxFieldMessage = 512
)

// boundProblem caps what p repeats: at most maxListed field errors (the
// detail counts the rest) and bounded texts, so that no input makes an
// error response large.
func boundProblem(p *Problem) {
	if p.Errors == nil {
		p.Errors = []FieldError{}
	}
	p.Detail = truncate(p.Detail, maxDetail)
	if n := len(p.Errors) - maxListed; n > 0 {
		p.Errors = p.Errors[:maxListed:maxListed]
		p.Detail += fmt.Sprintf(" (%d more problems not listed)", n)
	}
	for i := range p.Errors {
		e := &p.Errors[i]
		e.Field = truncate(e.Field, maxFieldName)
		e.Message = truncate(e.Message, maxFieldMessage)
	}
}

// truncate cuts s to at most limit bytes at a character boundary, marking
// the cut with an ellipsis.
func truncate(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// writeProblem sends p, filling in the request id and instance.
func writeProblem(w http.ResponseWriter, r *http.Request, p *Problem) {
	p.RequestID = requestID(r.Context())
	if p.Instance == "" {
		p.Instance = r.URL.Path
	}
	boundProblem(p)
	body, err := json.Marshal(p)
	if err != nil {
		body = []byte(`{"type":"urn:folio:problem:internal_error","title":"Internal Server Error","status":500,"code":"internal_error","errors":[]}`)
		p.Status = http.StatusInternalServerError
	}
	h := w.Header()
	h.Set("Content-Type", "application/problem+json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Cache-Control", "no-store")
	h.Del("Content-Disposition")
	w.WriteHeader(p.Status)
	w.Write(body)
}
