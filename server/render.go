package server

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"path"
	"regexp"
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
	resv, err := s.admitBody(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer resv.release()
	var (
		p        renderParams
		docs     [][]byte
		kinds    []docKind // per document, from its multipart part; JSON strings are Unicode HTML
		assets   map[string][]byte
		errs     []FieldError
		unlisted int
		// attachments are the multipart file parts named attachment
		attachments []folio.Attachment
	)
	switch kind {
	case bodyJSON:
		f, err := s.readJSONObject(w, r, renderJSONFields)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		docs = jsonDocuments(f)
		p = jsonRenderParams(f)
		attachments = jsonAttachments(f)
		errs, unlisted = f.fieldErrors()
	case bodyMultipart:
		form, err := s.readMultipart(w, r, params)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		docs, kinds, assets, errs = form.documents()
		attachments = form.attachments()
		p, errs = formRenderParams(form.fields, errs)
	}
	errs = p.check(errs)
	errs = checkAttachments(p, attachments, errs)
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
	opts.Attachments = attachments
	if kinds == nil {
		kinds = make([]docKind, len(docs))
		for i := range kinds {
			kinds[i].charset = "utf-8" // a JSON string is Unicode whatever its <meta charset> says
		}
	}
	// The content is known: hold what it is estimated to need rather
	// than what its body's length suggested.
	other := attachmentBytes(attachments)
	for _, a := range assets {
		other += int64(len(a))
	}
	resv.refit(s.cost.documentsCost(docs, other))
	if len(docs) > 1 || len(docs) == 1 && kinds[0].xhtml {
		s.convertAllAndRespond(w, r, docs, kinds, opts, asJSON)
		return
	}
	var source func(context.Context) ([]byte, string, error)
	if p.URL != "" {
		source = func(ctx context.Context) ([]byte, string, error) {
			page, charset, err := s.fetchPage(ctx, p.URL)
			resv.refit(s.cost.render(int64(len(page)), other))
			return page, charset, err
		}
		opts.BaseURL = p.URL
	} else {
		source = func(context.Context) ([]byte, string, error) { return docs[0], kinds[0].charset, nil }
	}
	s.convertAndRespond(w, r, "render", source, opts, asJSON, "document")
}

// jsonDocuments takes the document (html), the documents to merge
// (documents) or neither (url) from a JSON body, recording what is
// missing or contradictory in f's errors.
func jsonDocuments(f *jsonFields) [][]byte {
	_, hasURL := f.get("url")
	_, hasHTML := f.get("html")
	_, hasDocs := f.get("documents")
	given := 0
	for _, b := range []bool{hasURL, hasHTML, hasDocs} {
		if b {
			given++
		}
	}
	switch {
	case given == 0:
		f.errs = append(f.errs, FieldError{Field: "html", Code: "missing", Message: "html (or documents, or url) is required"})
		return nil
	case given > 1:
		field := "url"
		if !hasURL {
			field = "documents"
		}
		f.errs = append(f.errs, FieldError{Field: field, Code: "invalid", Message: "give one of html, documents and url"})
		return nil
	case hasURL:
		return nil
	case hasHTML:
		html := f.text("html")
		if len(bytes.TrimSpace(html)) == 0 && len(f.errs) == 0 {
			f.errs = append(f.errs, FieldError{Field: "html", Code: "invalid", Message: "html is empty"})
		}
		return [][]byte{html}
	}
	docs := f.texts("documents")
	if len(f.errs) > 0 {
		return nil
	}
	return checkDocuments(docs, "documents", &f.errs)
}

// checkDocuments checks the documents to merge: at least one, at most
// folio.MaxSources, none empty (field names the list in errors).
func checkDocuments(docs [][]byte, field string, errs *[]FieldError) [][]byte {
	switch {
	case len(docs) == 0:
		*errs = append(*errs, FieldError{Field: field, Code: "invalid", Message: field + " is empty: give at least one document"})
		return nil
	case len(docs) > folio.MaxSources:
		*errs = append(*errs, FieldError{Field: field, Code: "invalid",
			Message: fmt.Sprintf("%s has %d documents, more than the %d that can be merged into one PDF", field, len(docs), folio.MaxSources)})
		return nil
	}
	for i, d := range docs {
		if len(bytes.TrimSpace(d)) == 0 {
			*errs = append(*errs, FieldError{Field: field + "[" + strconv.Itoa(i) + "]", Code: "invalid", Message: "document " + strconv.Itoa(i+1) + " is empty"})
			return nil
		}
	}
	return docs
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
		PDFA:        f.str("pdf_a"),
	}
}

// renderFormFields are the plain multipart fields and the JSON members
// render accepts.
var renderFormFields = map[string]bool{
	"html": true, "title": true, "author": true, "lang": true, "size": true,
	"orientation": true, "format": true, "audit": true, "strict": true, "fix": true,
	"date": true, "timeout": true, "margin": true, "page_width": true, "page_height": true, "user_css": true,
	"url": true, "documents": true, "pdf_a": true,
}

// renderJSONFields are the JSON members render accepts: the form fields
// and attachments, which multipart sends as file parts instead.
var renderJSONFields = withKeys(renderFormFields, "attachments")

// withKeys returns a copy of set with keys added.
func withKeys(set map[string]bool, keys ...string) map[string]bool {
	out := make(map[string]bool, len(set)+len(keys))
	for k := range set {
		out[k] = true
	}
	for _, k := range keys {
		out[k] = true
	}
	return out
}

// maxAttachments bounds the attachments of one request.
const maxAttachments = 100

// jsonAttachments reads the attachments member of a JSON body: an array
// of {name, description, relationship, media_type, data (base64)}.
func jsonAttachments(f *jsonFields) []folio.Attachment {
	v, ok := f.get("attachments")
	if !ok {
		return nil
	}
	var list []struct {
		Name         string `json:"name"`
		Description  string `json:"description"`
		Relationship string `json:"relationship"`
		MediaType    string `json:"media_type"`
		Data         string `json:"data"`
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&list); err != nil {
		f.errs = append(f.errs, FieldError{Field: "attachments", Code: "type",
			Message: "attachments must be an array of {name, description, relationship, media_type, data}: " + truncate(err.Error(), 200)})
		return nil
	}
	if len(list) > maxAttachments {
		f.errs = append(f.errs, FieldError{Field: "attachments", Code: "invalid",
			Message: fmt.Sprintf("%d attachments, more than the limit of %d", len(list), maxAttachments)})
		return nil
	}
	out := make([]folio.Attachment, 0, len(list))
	for i, a := range list {
		field := fmt.Sprintf("attachments[%d]", i)
		data, err := decodeBase64([]byte(a.Data))
		rel, relOK := enumValue(a.Relationship, AttachmentRelationships)
		switch {
		case strings.TrimSpace(a.Name) == "":
			f.errs = append(f.errs, FieldError{Field: field + ".name", Code: "missing", Message: field + ".name is required"})
		case err != nil:
			f.errs = append(f.errs, FieldError{Field: field + ".data", Code: "invalid", Message: field + ".data is not valid base64: " + err.Error()})
		case a.Relationship != "" && !relOK:
			f.errs = append(f.errs, FieldError{Field: field + ".relationship", Code: "invalid",
				Message: field + ".relationship " + quote(a.Relationship) + " is not one of " + strings.Join(AttachmentRelationships, ", "), Allowed: AttachmentRelationships})
		case a.MediaType != "" && !mediaTypePattern.MatchString(a.MediaType):
			f.errs = append(f.errs, FieldError{Field: field + ".media_type", Code: "invalid", Message: field + ".media_type " + quote(a.MediaType) + " is not a media type such as text/csv"})
		default:
			out = append(out, folio.Attachment{Name: path.Base(a.Name), Description: a.Description, Relationship: rel, MIME: a.MediaType, Data: data})
		}
	}
	return out
}

// attachmentBytes is the size of the attachments' data.
func attachmentBytes(atts []folio.Attachment) int64 {
	var n int64
	for _, a := range atts {
		n += int64(len(a.Data))
	}
	return n
}

// mediaTypePattern matches type/subtype media types.
var mediaTypePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,63}$`)

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
		PDFA:        fields["pdf_a"],
	}
	for name := range fields {
		if !renderFormFields[name] {
			name = shorten(name)
			errs = append(errs, FieldError{Field: name, Code: "unknown", Message: "unknown field " + strconv.Quote(name)})
		}
	}
	return p, errs
}

// documents picks the HTML out of a multipart form (field html, or the
// file parts named html or file, several of which are merged in their
// order, or else a file called index.html) and returns each with the
// charset its part's Content-Type declares and whether it is XHTML, and
// the other file parts as assets by relative name.
func (f *multipartForm) documents() ([][]byte, []docKind, map[string][]byte, []FieldError) {
	var docs [][]byte
	var kinds []docKind
	if v, ok := f.fields["html"]; ok {
		docs = append(docs, []byte(v))
		kinds = append(kinds, docKind{})
	}
	assets := map[string][]byte{}
	for _, file := range f.files {
		switch {
		case file.field == attachmentPart:
		case htmlPartNames[file.field]:
			docs = append(docs, file.data)
			kinds = append(kinds, file.kind())
		default:
			assets[file.name] = file.data
		}
	}
	if len(docs) == 0 {
		for _, file := range f.files {
			if file.name == "index.html" && file.field != attachmentPart {
				delete(assets, "index.html")
				docs, kinds = append(docs, file.data), append(kinds, file.kind())
				break
			}
		}
	}
	if len(docs) == 0 {
		return nil, nil, nil, []FieldError{{Field: "html", Code: "missing",
			Message: "html is required: send it as field html or as a file part named html or file (or a file called index.html); several html/file parts are merged into one PDF"}}
	}
	var errs []FieldError
	if len(docs) == 1 {
		if len(bytes.TrimSpace(docs[0])) == 0 {
			return nil, nil, nil, []FieldError{{Field: "html", Code: "invalid", Message: "html is empty"}}
		}
		return docs, kinds, assets, nil
	}
	docs = checkDocuments(docs, "html", &errs)
	return docs, kinds, assets, errs
}

// attachmentPart is the name of the multipart file parts embedded in the
// PDF as attachments rather than offered to the document as assets.
const attachmentPart = "attachment"

// attachments returns the file parts named attachment, each embedded
// under its file name (without folders), described by it, with the media type its
// extension gives.
func (f *multipartForm) attachments() []folio.Attachment {
	var out []folio.Attachment
	for _, file := range f.files {
		if file.field == attachmentPart {
			out = append(out, folio.Attachment{Name: path.Base(file.name), Data: file.data})
		}
	}
	return out
}

// checkAttachments refuses attachment parts with the same file name and
// attachments in a PDF/A-2 file (which embeds only PDF/A files).
func checkAttachments(p renderParams, atts []folio.Attachment, errs []FieldError) []FieldError {
	seen := map[string]bool{}
	for _, a := range atts {
		if seen[a.Name] {
			errs = append(errs, FieldError{Field: attachmentPart, Code: "invalid",
				Message: "two attachment parts are named " + quote(a.Name) + "; attachment names must be unique"})
			break
		}
		seen[a.Name] = true
	}
	if len(atts) > 0 && strings.HasPrefix(p.PDFA, "2") {
		errs = append(errs, FieldError{Field: "pdf_a", Code: "invalid",
			Message: "pdf_a " + p.PDFA + " (PDF/A-2) embeds only PDF/A files: use 3a, 3b or 3u with attachments", Allowed: PDFALevels[3:]})
	}
	return errs
}

// convertAndRespond produces the HTML with source (which also gives the
// charset its transport declared, "" for none) and converts it, both in
// one render slot under one deadline, then writes the PDF or JSON
// response. name is the download name without a title.
func (s *Server) convertAndRespond(w http.ResponseWriter, r *http.Request, op string, source func(context.Context) ([]byte, string, error), opts folio.Options, asJSON bool, name string) {
	opts.Logger = s.log.With("request_id", requestID(r.Context()))
	s.respondConversion(w, r, op, func(ctx context.Context) (*folio.Result, error) {
		html, charset, err := source(ctx)
		if err != nil {
			return nil, err
		}
		opts.Charset = charset
		return s.engine.Convert(ctx, bytes.NewReader(html), opts)
	}, opts, asJSON, name)
}

// convertAllAndRespond merges docs into one PDF (see convertAndRespond).
func (s *Server) convertAllAndRespond(w http.ResponseWriter, r *http.Request, docs [][]byte, kinds []docKind, opts folio.Options, asJSON bool) {
	opts.Logger = s.log.With("request_id", requestID(r.Context()))
	s.respondConversion(w, r, "render", func(ctx context.Context) (*folio.Result, error) {
		sources := make([]folio.Source, len(docs))
		for i, d := range docs {
			sources[i] = folio.Source{HTML: bytes.NewReader(d), Charset: kinds[i].charset, XHTML: kinds[i].xhtml}
		}
		return s.engine.ConvertAll(ctx, sources, opts)
	}, opts, asJSON, "document")
}

// respondConversion runs convert in one render slot under one deadline,
// then writes the PDF or JSON response.
func (s *Server) respondConversion(w http.ResponseWriter, r *http.Request, op string, convert func(context.Context) (*folio.Result, error), opts folio.Options, asJSON bool, name string) {
	var res *folio.Result
	err := s.work(r, op, func(ctx context.Context) error {
		var err error
		res, err = convert(ctx)
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
