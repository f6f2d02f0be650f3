package server

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/seed28491532/folio"
)

// RenderResponse is the JSON form of a render result.
type RenderResponse struct {
	// PDF is the document, base64-encoded in JSON.
	PDF         []byte             `json:"pdf"`
	Pages       int                `json:"pages"`
	Bytes       int                `json:"bytes"`
	Audit       *Report            `json:"audit"`
	Diagnostics []folio.Diagnostic `json:"diagnostics"`
}

// htmlPartNames are the multipart fields and file names that carry the
// document itself.
var htmlPartNames = map[string]bool{"html": true, "file": true}

func (s *Server) handleRender(w http.ResponseWriter, r *http.Request) {
	kind, params, err := mediaType(r, bodyJSON, bodyMultipart)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	release, err := s.admitBody(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer release()
	var (
		p           renderParams
		html        []byte
		htmlCharset string
		assets      map[string][]byte
		errs        []FieldError
		unlisted    int
	)
	switch kind {
	case bodyJSON:
		f, err := s.readJSONObject(w, r, renderFormFields)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		html = f.text("html")
		_, hasURL := f.get("url")
		if _, hasHTML := f.get("html"); !hasHTML && !hasURL {
			f.errs = append(f.errs, FieldError{Field: "html", Code: "missing", Message: "html (or url) is required"})
		} else if hasHTML && hasURL {
			f.errs = append(f.errs, FieldError{Field: "url", Code: "invalid", Message: "give either html or url, not both"})
		} else if hasHTML && len(bytes.TrimSpace(html)) == 0 && len(f.errs) == 0 {
			f.errs = append(f.errs, FieldError{Field: "html", Code: "invalid", Message: "html is empty"})
		}
		p = jsonRenderParams(f)
		errs, unlisted = f.fieldErrors()
	case bodyMultipart:
		form, err := s.readMultipart(w, r, params)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		html, htmlCharset, assets, errs = form.document()
		p, errs = formRenderParams(form.fields, errs)
	}
	errs = p.check(errs)
	if err := fieldProblem(errs, unlisted); err != nil {
		s.fail(w, r, err)
		return
	}
	asJSON, err := negotiate(p.Format, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p.Audit = p.Audit || asJSON // the JSON form always carries the audit report
	opts := s.options(p, assets)
	// A JSON string is Unicode whatever its <meta charset> says.
	charset := "utf-8"
	if kind == bodyMultipart {
		charset = htmlCharset
	}
	source := func(context.Context) ([]byte, string, error) { return html, charset, nil }
	if p.URL != "" {
		source = func(ctx context.Context) ([]byte, string, error) { return s.fetchPage(ctx, p.URL) }
		opts.BaseURL = p.URL
	}
	s.convertAndRespond(w, r, "render", source, opts, asJSON, "document")
}

// jsonRenderParams takes the render options from a JSON body.
func jsonRenderParams(f *jsonFields) renderParams {
	return renderParams{
		Title:       f.str("title"),
		Author:      f.str("author"),
		Lang:        f.str("lang"),
		Size:        f.str("size"),
		Orientation: f.str("orientation"),
		Format:      f.str("format"),
		Audit:       f.boolean("audit"),
		Strict:      f.boolean("strict"),
		Fix:         f.boolean("fix"),
		Date:        f.str("date"),
		Timeout:     f.str("timeout"),
		Margin:      f.str("margin"),
		PageWidth:   f.str("page_width"),
		PageHeight:  f.str("page_height"),
		UserCSS:     f.str("user_css"),
		URL:         f.str("url"),
	}
}

// renderFormFields are the plain multipart fields and the JSON members
// render accepts.
var renderFormFields = map[string]bool{
	"html": true, "title": true, "author": true, "lang": true, "size": true,
	"orientation": true, "format": true, "audit": true, "strict": true, "fix": true,
	"date": true, "timeout": true, "margin": true, "page_width": true, "page_height": true, "user_css": true,
	"url": true,
}

// formRenderParams takes the render options from multipart fields.
func formRenderParams(fields map[string]string, errs []FieldError) (renderParams, []FieldError) {
	b := func(name string) bool {
		v, ok := formBool(fields[name])
		if !ok {
			errs = append(errs, FieldError{Field: name, Code: "type", Message: name + " must be true or false"})
		}
		return v
	}
	p := renderParams{
		Title:       fields["title"],
		Author:      fields["author"],
		Lang:        fields["lang"],
		Size:        fields["size"],
		Orientation: fields["orientation"],
		Format:      fields["format"],
		Audit:       b("audit"),
		Strict:      b("strict"),
		Fix:         b("fix"),
		Date:        fields["date"],
		Timeout:     fields["timeout"],
		Margin:      fields["margin"],
		PageWidth:   fields["page_width"],
		PageHeight:  fields["page_height"],
		UserCSS:     fields["user_css"],
		URL:         fields["url"],
	}
	for name := range fields {
		if !renderFormFields[name] {
			name = shorten(name)
			errs = append(errs, FieldError{Field: name, Code: "unknown", Message: "unknown field " + strconv.Quote(name)})
		}
	}
	return p, errs
}

// document picks the HTML out of a multipart form (field html, or a file
// part named html/file or called index.html) and returns it with the
// charset its part's Content-Type declares, and the other file parts as
// assets by relative name.
func (f *multipartForm) document() ([]byte, string, map[string][]byte, []FieldError) {
	var html []byte
	charset := ""
	found := false
	if v, ok := f.fields["html"]; ok {
		html, found = []byte(v), true
	}
	assets := map[string][]byte{}
	for _, file := range f.files {
		if !found && (htmlPartNames[file.field] || file.name == "index.html") {
			html, charset, found = file.data, file.charset, true
			continue
		}
		assets[file.name] = file.data
	}
	if !found {
		return nil, "", nil, []FieldError{{Field: "html", Code: "missing",
			Message: "html is required: send it as field html or as a file part named html or file (or a file called index.html)"}}
	}
	if len(bytes.TrimSpace(html)) == 0 {
		return nil, "", nil, []FieldError{{Field: "html", Code: "invalid", Message: "html is empty"}}
	}
	return html, charset, assets, nil
}

// convertAndRespond produces the HTML with source (which also gives the
// charset its transport declared, "" for none) and converts it, both
// in one render slot under one deadline, then writes the PDF or JSON
// response. name is the download name without a title.
func (s *Server) convertAndRespond(w http.ResponseWriter, r *http.Request, op string, source func(context.Context) ([]byte, string, error), opts folio.Options, asJSON bool, name string) {
	opts.Logger = s.log.With("request_id", requestID(r.Context()))
	var res *folio.Result
	err := s.work(r, op, func(ctx context.Context) error {
		html, charset, err := source(ctx)
		if err != nil {
			return err
		}
		opts.Charset = charset
		res, err = s.engine.Convert(ctx, bytes.NewReader(html), opts)
		return err
	})
	if err != nil {
		if errors.Is(err, folio.ErrAuditFailed) {
			p := newProblem(http.StatusUnprocessableEntity, CodeAuditFailed,
				"strict mode: the accessibility audit found errors")
			if res != nil && res.Report != nil {
				p.Audit = ReportFrom(res.Report)
				p.Detail += ": " + res.Report.Summary
				s.metrics.auditScore.WithLabelValues("render").Observe(float64(res.Report.Score))
			}
			s.fail(w, r, p)
			return
		}
		s.fail(w, r, err)
		return
	}
	if res == nil {
		s.fail(w, r, errors.New("engine returned no result"))
		return
	}
	s.metrics.pages.Add(float64(res.Pages))
	if res.Report != nil {
		s.metrics.auditScore.WithLabelValues("render").Observe(float64(res.Report.Score))
		w.Header().Set("X-Audit-Score", strconv.Itoa(res.Report.Score))
		w.Header().Set("X-Audit-Passed", strconv.FormatBool(res.Report.Passed))
	}
	w.Header().Set("X-Pages", strconv.Itoa(res.Pages))
	w.Header().Set("Cache-Control", "no-store")
	if asJSON {
		diags := res.Diagnostics
		if diags == nil {
			diags = []folio.Diagnostic{}
		}
		writeJSON(w, http.StatusOK, RenderResponse{PDF: res.PDF, Pages: res.Pages, Bytes: len(res.PDF), Audit: ReportFrom(res.Report), Diagnostics: diags})
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": pdfFileName(cmp.Or(opts.Title, name))}))
	w.Header().Set("Content-Length", strconv.Itoa(len(res.PDF)))
	w.WriteHeader(http.StatusOK)
	w.Write(res.PDF)
}

// pdfFileName derives a download name from a title: letters, digits and
// dashes, at most 80 characters, "document.pdf" without a title.
func pdfFileName(title string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(title) {
		ok := c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c > 0x7f && c != 0xfffd
		if !ok {
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(c)
		if b.Len() >= 80 {
			break
		}
	}
	if b.Len() == 0 {
		return "document.pdf"
	}
	return b.String() + ".pdf"
}
