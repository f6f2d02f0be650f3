package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
)

// TemplateList is the body of GET /api/v1/templates.
type TemplateList struct {
	Templates []TemplateInfo `json:"templates"`
}

func (s *Server) handleTemplates(w http.ResponseWriter, r *http.Request) {
	list := s.engine.Templates()
	if list == nil {
		list = []TemplateInfo{}
	}
	writeJSON(w, http.StatusOK, TemplateList{Templates: list})
}

func (s *Server) handleTemplate(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	t, err := s.engine.Template(id)
	if errors.Is(err, ErrUnknownTemplate) {
		s.fail(w, r, newProblem(http.StatusNotFound, CodeTemplateNotFound,
			"no template "+quote(id)+"; available: "+strings.Join(s.templateIDs(), ", ")))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if t.Required == nil {
		t.Required = []string{}
	}
	writeJSON(w, http.StatusOK, t)
}

// templateIDs lists the ids of the available templates. The engine's
// list is read once, when the server is made.
func (s *Server) templateIDs() []string { return s.tmplIDs }

// engineTemplateIDs asks the engine for the ids of its templates.
func engineTemplateIDs(e Engine) []string {
	var ids []string
	for _, t := range e.Templates() {
		ids = append(ids, t.ID)
	}
	return ids
}

// templateJSONFields are the members of a render-template body.
var templateJSONFields = map[string]bool{
	"template_id": true, "data": true, "title": true, "author": true, "lang": true, "size": true,
	"orientation": true, "format": true, "audit": true, "strict": true, "fix": true,
	"date": true, "timeout": true, "margin": true, "page_width": true, "page_height": true, "user_css": true,
	"pdf_a": true, "e_invoice": true, "attachments": true,
}

func (s *Server) handleRenderTemplate(w http.ResponseWriter, r *http.Request) {
	if _, _, err := mediaType(r, bodyJSON); err != nil {
		s.fail(w, r, err)
		return
	}
	resv, err := s.admitBody(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer resv.release()
	f, err := s.readJSONObject(w, r, templateJSONFields)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	id := f.str("template_id")
	if _, ok := f.get("template_id"); !ok {
		f.errs = append(f.errs, FieldError{Field: "template_id", Code: "missing", Message: "template_id is required"})
	} else if id != "" {
		ids := s.templateIDs()
		if _, known := enumValue(id, ids); !known {
			f.errs = append(f.errs, FieldError{Field: "template_id", Code: "invalid",
				Message: "template_id " + quote(id) + " is not one of " + strings.Join(ids, ", "), Allowed: ids})
		}
	}
	data, ok := f.get("data")
	if !ok {
		f.errs = append(f.errs, FieldError{Field: "data", Code: "missing", Message: "data is required (a JSON object)"})
	} else if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		f.errs = append(f.errs, FieldError{Field: "data", Code: "type", Message: "data must be a JSON object"})
	}
	p := jsonRenderParams(f)
	p.EInvoice = f.boolean("e_invoice")
	attachments := jsonAttachments(f)
	errs, unlisted := f.fieldErrors()
	errs = p.check(errs)
	errs = checkAttachments(p, attachments, errs)
	if p.EInvoice && strings.HasPrefix(p.PDFA, "2") {
		errs = append(errs, FieldError{Field: "pdf_a", Code: "invalid",
			Message: "an e-invoice (Factur-X) needs PDF/A-3: pdf_a must be 3a, 3b or 3u, not " + p.PDFA, Allowed: PDFALevels[3:]})
	}
	if err := fieldProblem(errs, unlisted); err != nil {
		s.fail(w, r, err)
		return
	}
	asJSON, err := negotiate(p.Format, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	opts := s.options(p, nil)
	opts.Attachments = attachments
	if p.EInvoice {
		xml, err := s.eInvoice(r.Context(), id, json.RawMessage(data))
		if err != nil {
			s.fail(w, r, err)
			return
		}
		opts.EInvoice = xml
	}
	source := func(ctx context.Context) ([]byte, string, error) {
		html, err := s.engine.RenderTemplate(ctx, id, json.RawMessage(data))
		// Hold what the HTML is estimated to need rather than what the
		// data's length suggested.
		resv.refit(s.cost.render(int64(len(html)), attachmentBytes(attachments)+int64(len(opts.EInvoice))))
		return html, "utf-8", err // templates render UTF-8
	}
	p.Audit = p.Audit || asJSON // the JSON form always carries the audit report
	s.convertAndRespond(w, r, "render_template", source, opts, asJSON, id)
}

// eInvoice asks the engine for the template's e-invoice XML.
func (s *Server) eInvoice(ctx context.Context, id string, data json.RawMessage) ([]byte, error) {
	ei, ok := s.engine.(EInvoicer)
	if !ok {
		return nil, newProblem(http.StatusUnprocessableEntity, CodeInvalidField, "e_invoice: this server's engine cannot write e-invoices")
	}
	return ei.EInvoice(ctx, id, data)
}
