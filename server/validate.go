package server

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/audit/pdfa"
)

// isPDF reports whether data is a PDF: the %PDF- header within the first
// 1024 bytes, as readers accept it.
func isPDF(data []byte) bool {
	head := data
	if len(head) > 1024 {
		head = head[:1024]
	}
	return bytes.Contains(head, []byte("%PDF-"))
}

// validateJSONFields are the members of a validate body.
var validateJSONFields = map[string]bool{"html": true, "pdf": true}

// decodeBase64 decodes standard base64 into a buffer of the decoded size.
func decodeBase64(b64 []byte) ([]byte, error) {
	doc := make([]byte, base64.StdEncoding.DecodedLen(len(b64)))
	n, err := base64.StdEncoding.Decode(doc, b64)
	return doc[:n], err
}

func (s *Server) handleValidate(w http.ResponseWriter, r *http.Request) {
	kind, params, err := mediaType(r, bodyJSON, bodyMultipart, bodyPDF, bodyHTML)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	resv, err := s.admitBody(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer resv.release()
	var (
		doc     []byte
		asPDF   bool
		charset string // declared by the transport for HTML
	)
	switch kind {
	case bodyJSON:
		f, err := s.readJSONObject(w, r, validateJSONFields)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		html := f.text("html")
		_, hasHTML := f.get("html")
		pdf, hasPDF := f.get("pdf")
		switch {
		case hasHTML && hasPDF:
			f.errs = append(f.errs, FieldError{Field: "pdf", Code: "invalid", Message: "send either html or pdf, not both"})
		case hasHTML && len(bytes.TrimSpace(html)) == 0 && len(f.errs) == 0:
			f.errs = append(f.errs, FieldError{Field: "html", Code: "invalid", Message: "html is empty"})
		case hasHTML:
			doc, charset = html, "utf-8" // a JSON string is Unicode
		case hasPDF:
			if pdf[0] != '"' {
				f.errs = append(f.errs, FieldError{Field: "pdf", Code: "type", Message: "pdf must be a base64 string"})
			} else if doc, err = decodeBase64(f.text("pdf")); err != nil {
				f.errs = append(f.errs, FieldError{Field: "pdf", Code: "invalid", Message: "pdf is not valid base64: " + err.Error()})
			} else if !isPDF(doc) {
				f.errs = append(f.errs, FieldError{Field: "pdf", Code: "invalid", Message: "pdf does not start with a %PDF- header"})
			}
			asPDF = true
		default:
			f.errs = append(f.errs, FieldError{Field: "html", Code: "missing", Message: "html (a string) or pdf (base64) is required"})
		}
		if err := fieldProblem(f.fieldErrors()); err != nil {
			s.fail(w, r, err)
			return
		}
	case bodyMultipart:
		form, err := s.readMultipart(w, r, params)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		found := false
		for _, file := range form.files {
			if file.field == "file" || file.field == "html" || file.field == "pdf" {
				doc, charset, found = file.data, file.charset, true
				break
			}
		}
		if !found {
			if v, ok := form.fields["html"]; ok {
				doc, found = []byte(v), true
			}
		}
		if !found {
			s.fail(w, r, fieldProblem([]FieldError{{Field: "file", Code: "missing",
				Message: "a file part named file (HTML or PDF) is required"}}, 0))
			return
		}
		asPDF = isPDF(doc)
	case bodyPDF, bodyHTML:
		body, err := s.readBody(w, r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		doc, asPDF, charset = body, kind == bodyPDF, params["charset"]
		if asPDF && !isPDF(doc) {
			s.fail(w, r, fieldProblem([]FieldError{{Field: "body", Code: "invalid", Message: "body does not start with a %PDF- header"}}, 0))
			return
		}
	}
	part, perr := validateProfile(r.URL.Query().Get("profile"), asPDF)
	if perr != nil {
		s.fail(w, r, perr)
		return
	}
	var rep *audit.Report
	kindLabel := "html"
	resv.refit(s.cost.render(int64(len(doc)), 0))
	if asPDF {
		kindLabel = "pdf"
		resv.refit(s.cost.pdf(int64(len(doc))))
	}
	err = s.work(r, "validate_"+kindLabel, func(ctx context.Context) error {
		var err error
		if asPDF {
			rep, err = s.engine.AuditPDF(ctx, doc)
			if err != nil && ctx.Err() == nil {
				// The audit reads the PDF; what it cannot read is bad input.
				return newProblem(http.StatusUnprocessableEntity, CodeInvalidInput, "the PDF could not be audited: "+err.Error())
			}
			if err == nil && part != 0 {
				arep, aerr := pdfa.Audit(ctx, doc, pdfa.Options{Part: part})
				if aerr != nil {
					return aerr
				}
				merged := audit.Merge(*rep, arep)
				rep = &merged
			}
		} else {
			opts := s.options(renderParams{}, nil)
			opts.Charset = charset
			rep, err = s.engine.AuditHTML(ctx, bytes.NewReader(doc), opts)
		}
		return err
	})
	if err == nil && rep == nil {
		err = errors.New("engine returned no report")
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.metrics.auditScore.WithLabelValues(kindLabel).Observe(float64(rep.Score))
	w.Header().Set("X-Audit-Score", strconv.Itoa(rep.Score))
	w.Header().Set("X-Audit-Passed", strconv.FormatBool(rep.Passed))
	writeJSON(w, http.StatusOK, ReportFrom(rep))
}

// validateProfile reads the profile query parameter: "pdfa-2" or
// "pdfa-3" add the PDF/A audit of that part to a PDF's report.
func validateProfile(profile string, asPDF bool) (int, error) {
	var part int
	switch profile {
	case "":
		return 0, nil
	case "pdfa-2":
		part = 2
	case "pdfa-3":
		part = 3
	default:
		return 0, fieldProblem([]FieldError{{Field: "profile", Code: "invalid",
			Message: "profile " + quote(profile) + " is not one of pdfa-2, pdfa-3", Allowed: []string{"pdfa-2", "pdfa-3"}}}, 0)
	}
	if !asPDF {
		return 0, fieldProblem([]FieldError{{Field: "profile", Code: "invalid", Message: "profile " + profile + " checks PDFs; this is HTML"}}, 0)
	}
	return part, nil
}
