package server

import (
	"context"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/internal/resource"
)

// PageSizes are the page-size names accepted by size (case-insensitive).
var PageSizes = []string{"A3", "A4", "A5", "A6", "B4", "B5", "letter", "legal", "ledger", "tabloid", "executive"}

// Orientations are the accepted values of orientation.
var Orientations = []string{"portrait", "landscape"}

// PDFALevels are the accepted values of pdf_a: PDF/A part and
// conformance level, made alongside PDF/UA-1.
var PDFALevels = []string{"2a", "2b", "2u", "3a", "3b", "3u"}

// AttachmentRelationships are the relationships an attachment may have
// to the document (its /AFRelationship).
var AttachmentRelationships = []string{"Source", "Data", "Alternative", "Supplement", "Unspecified"}

// Formats are the accepted values of format.
var Formats = []string{"pdf", "json"}

// langTag matches the form of a BCP 47 language tag.
var langTag = regexp.MustCompile(`^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`)

// renderParams are the fields common to render and render-template.
type renderParams struct {
	Title, Author, Lang, Size, Orientation, Format string
	Audit, Strict, Fix                             bool
	// PDFA is the PDF/A conformance (pdf_a); EInvoice embeds the
	// template's Factur-X invoice (e_invoice, render-template only).
	PDFA     string
	EInvoice bool
	// Date (RFC 3339 or YYYY-MM-DD), Timeout (a Go duration such as
	// "10s", or seconds), the page set-up, a user style sheet and the URL
	// of the page to convert (render only).
	Date, Timeout, Margin, PageWidth, PageHeight, UserCSS, URL string
	// checked values of the fields above
	now      time.Time
	deadline time.Duration
	pageRule string
}

// enumValue finds v among allowed ignoring case and returns the canonical
// spelling.
func enumValue(v string, allowed []string) (string, bool) {
	for _, a := range allowed {
		if strings.EqualFold(v, a) {
			return a, true
		}
	}
	return "", false
}

// check validates and canonicalises the fields, appending a FieldError for
// each bad one.
func (p *renderParams) check(errs []FieldError) []FieldError {
	enum := func(field string, v *string, allowed []string) {
		if *v == "" {
			return
		}
		c, ok := enumValue(strings.TrimSpace(*v), allowed)
		if !ok {
			errs = append(errs, FieldError{Field: field, Code: "invalid",
				Message: field + " " + quote(*v) + " is not one of " + strings.Join(allowed, ", "), Allowed: allowed})
			return
		}
		*v = c
	}
	enum("size", &p.Size, PageSizes)
	enum("orientation", &p.Orientation, Orientations)
	enum("format", &p.Format, Formats)
	enum("pdf_a", &p.PDFA, PDFALevels)
	if fixed := strings.ReplaceAll(strings.TrimSpace(p.Lang), "_", "-"); fixed != p.Lang && langTag.MatchString(fixed) {
		p.Lang = fixed // en_US, as the CLI accepts it
	}
	if p.Lang != "" && !langTag.MatchString(p.Lang) {
		errs = append(errs, FieldError{Field: "lang", Code: "invalid",
			Message: "lang " + quote(p.Lang) + " is not a language tag such as en or en-US"})
	}
	return p.checkSetup(errs)
}

// checkSetup validates the date, timeout and page set-up fields.
func (p *renderParams) checkSetup(errs []FieldError) []FieldError {
	invalid := func(field, msg string) {
		errs = append(errs, FieldError{Field: field, Code: "invalid", Message: truncate(msg, 512)})
	}
	if p.Date != "" {
		t, err := folio.ParseDate(p.Date)
		if err != nil {
			invalid("date", err.Error())
		}
		p.now = t
	}
	if p.Timeout != "" {
		d, err := time.ParseDuration(strings.TrimSpace(p.Timeout))
		if err != nil {
			secs, serr := strconv.ParseFloat(strings.TrimSpace(p.Timeout), 64)
			d, err = time.Duration(secs*float64(time.Second)), serr
		}
		if err != nil || d <= 0 {
			invalid("timeout", "timeout "+quote(p.Timeout)+" is not a positive duration such as \"10s\" or a number of seconds")
		}
		p.deadline = d
	}
	if p.PageWidth != "" && p.Size != "" {
		invalid("page_width", "size and page_width/page_height both set the page size: give one")
	}
	// checked apart to name the field at fault, then made one rule
	_, merr := folio.PageRule(p.Margin, "", "")
	if merr != nil {
		invalid("margin", merr.Error())
	}
	_, serr := folio.PageRule("", p.PageWidth, p.PageHeight)
	if serr != nil {
		invalid("page_width", serr.Error())
	}
	if merr == nil && serr == nil {
		p.pageRule, _ = folio.PageRule(p.Margin, p.PageWidth, p.PageHeight)
	}
	if p.URL != "" {
		if u, err := url.Parse(p.URL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			invalid("url", "url "+quote(p.URL)+" is not an http or https URL")
		}
	}
	return errs
}

// quote quotes a client's value for a message, shortened (see shorten).
func quote(s string) string {
	return `"` + shorten(s) + `"`
}

// options converts the parameters into folio options with the server's
// resource policy: nothing but the request's own assets is readable.
func (s *Server) options(p renderParams, assets map[string][]byte) folio.Options {
	return folio.Options{
		Title:        p.Title,
		Author:       p.Author,
		Lang:         p.Lang,
		Size:         p.Size,
		Orientation:  folio.Orientation(p.Orientation),
		Assets:       assets,
		Audit:        p.Audit || p.Strict,
		Strict:       p.Strict,
		Fix:          p.Fix,
		MaxPages:     s.cfg.MaxPages,
		MaxTextBytes: max(s.cfg.MaxTextBytes, 0),
		Deadline:     s.deadline(p.deadline),
		Logger:       s.log,
		Fonts:        s.fonts,
		Now:          p.now,
		UserCSS:      strings.TrimSpace(p.UserCSS + "\n" + p.pageRule),
		AllowHosts:   s.cfg.AllowHosts,
		PDFA:         p.PDFA,
	}
}

// deadline is a request's timeout, which may shorten the server's render
// timeout but not lengthen it.
func (s *Server) deadline(asked time.Duration) time.Duration {
	if asked > 0 && asked < s.cfg.RenderTimeout {
		return asked
	}
	return s.cfg.RenderTimeout
}

// negotiate is wantJSON for a request: it returns a 406 problem when the
// Accept header allows neither a PDF nor a JSON response.
func negotiate(format string, r *http.Request) (asJSON bool, err error) {
	asJSON, ok := wantJSON(format, r.Header.Get("Accept"))
	if !ok {
		return false, newProblem(http.StatusNotAcceptable, CodeNotAcceptable,
			"Accept allows neither application/pdf nor application/json")
	}
	return asJSON, nil
}

// wantJSON decides between the PDF stream and the JSON response: the
// format field wins, then the Accept header. It returns ok false when the
// Accept header allows neither.
func wantJSON(format, accept string) (json bool, ok bool) {
	switch format {
	case "json":
		return true, true
	case "pdf":
		return false, true
	}
	if strings.TrimSpace(accept) == "" {
		return false, true
	}
	pdfQ, jsonQ := -1.0, -1.0
	for _, rng := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(rng))
		if err != nil {
			continue
		}
		q := 1.0
		if qs, has := params["q"]; has {
			q = parseQ(qs)
		}
		switch mt {
		case "application/pdf":
			pdfQ = max(pdfQ, q)
		case "application/json", "application/problem+json":
			jsonQ = max(jsonQ, q)
		case "*/*", "application/*":
			if pdfQ < 0 {
				pdfQ = q - 0.0001 // a wildcard ranks below an explicit type
			}
		}
	}
	switch {
	case jsonQ > 0 && jsonQ > pdfQ:
		return true, true
	case pdfQ > 0:
		return false, true
	}
	return false, false
}

// parseQ parses an Accept q value; malformed values count as 0.
func parseQ(s string) float64 {
	q, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || q < 0 {
		return 0
	}
	return min(q, 1)
}

// fetchPage fetches the page of a render request's url field under the
// server's host allow-list and address rules, and returns it with the
// Content-Type its server sent (for the charset).
func (s *Server) fetchPage(ctx context.Context, pageURL string) ([]byte, string, error) {
	if len(s.cfg.AllowHosts) == 0 {
		return nil, "", newProblem(http.StatusUnprocessableEntity, CodeInvalidField,
			"url: this server fetches no remote pages (no allowed hosts are configured); send the html instead")
	}
	p := &resource.Policy{AllowHosts: s.cfg.AllowHosts}
	data, _, contentType, err := p.Fetch(ctx, pageURL, "")
	if err != nil {
		return nil, "", newProblem(http.StatusUnprocessableEntity, CodeInvalidField, "url: "+truncate(err.Error(), 512))
	}
	return data, contentType, nil
}
