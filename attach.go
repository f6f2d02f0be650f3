package folio

import (
	"context"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/internal/resource"
	"github.com/seed28491532/folio/pdfua"
)

// Attachment is a file embedded in the PDF.
type Attachment struct {
	// Name is the file name shown by viewers; unique in a document.
	Name string
	// Description describes the file (PDF/UA-1 7.11); empty: the name.
	Description string
	// MIME is the media type; empty: guessed from the name's extension
	// (application/octet-stream when unknown).
	MIME string
	// Relationship is how the file relates to the document: Source,
	// Data, Alternative, Supplement or Unspecified (the default).
	Relationship string
	Data         []byte
}

// EInvoiceName is the file name of the embedded Factur-X invoice.
const EInvoiceName = "factur-x.xml"

// eInvoiceLevel is the Factur-X profile of Options.EInvoice.
const eInvoiceLevel = "EN 16931"

// mediaTypes are the media types guessed from file extensions: a fixed
// table, so the output does not depend on the machine's mime.types.
var mediaTypes = map[string]string{
	".xml": "text/xml", ".csv": "text/csv", ".txt": "text/plain", ".json": "application/json",
	".pdf": "application/pdf", ".html": "text/html", ".htm": "text/html", ".md": "text/markdown",
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".svg": "image/svg+xml",
	".zip": "application/zip", ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	".odt":  "application/vnd.oasis.opendocument.text", ".ods": "application/vnd.oasis.opendocument.spreadsheet",
}

// MediaType returns the media type folio gives a file of this name when
// none is given.
func MediaType(name string) string {
	if t, ok := mediaTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}

// writerAttachment converts a to the writer's form, filling defaults.
func writerAttachment(a Attachment) pdfua.Attachment {
	w := pdfua.Attachment{Name: a.Name, Description: strings.TrimSpace(a.Description), MIME: a.MIME,
		Relationship: a.Relationship, Data: a.Data}
	if w.Description == "" {
		w.Description = a.Name
	}
	if w.MIME == "" {
		w.MIME = MediaType(a.Name)
	}
	return w
}

// archive resolves the PDF/A conformance, the attachments (those of
// opts, then the document's links) and the e-invoice of opts into the
// render options, refusing combinations the conformance does not allow.
// Convert calls it before styling, so a refusal costs no layout.
func (c *conversion) archive(opts Options, links []pdfua.Attachment, ro *renderArchive) error {
	p, err := pdfua.ParsePDFA(opts.PDFA)
	if err != nil {
		return fmt.Errorf("folio: PDFA: %w", err)
	}
	for _, a := range opts.Attachments {
		ro.attachments = append(ro.attachments, writerAttachment(a))
	}
	for _, l := range links {
		if slices.ContainsFunc(ro.attachments, func(a pdfua.Attachment) bool { return a.Name == l.Name }) {
			c.diag(Diagnostic{Stage: "resource", Message: fmt.Sprintf("<link rel=\"attachment\"> %q not embedded: a file of that name is attached already", l.Name)})
			continue
		}
		ro.attachments = append(ro.attachments, l)
	}
	if len(opts.EInvoice) > 0 {
		if slices.ContainsFunc(ro.attachments, func(a pdfua.Attachment) bool { return a.Name == EInvoiceName }) {
			return fmt.Errorf("folio: an attachment is named %s, the name of the e-invoice", EInvoiceName)
		}
		if p == "" {
			p = pdfua.PDFA3A
		}
		if p.Part() != 3 {
			return fmt.Errorf("folio: an e-invoice (Factur-X) needs PDF/A-3, not PDF/A-%s", p)
		}
		ro.attachments = append(ro.attachments, pdfua.Attachment{Name: EInvoiceName,
			Description: "Factur-X invoice (UN/CEFACT CII, EN 16931)", MIME: "text/xml", Relationship: "Data", Data: opts.EInvoice})
		ro.facturX = &pdfua.FacturX{FileName: EInvoiceName, Level: eInvoiceLevel}
	}
	if p.Part() == 2 && len(ro.attachments) > 0 {
		return fmt.Errorf("folio: PDF/A-2 embeds only PDF/A files, and attachment %q is not known to be one: use PDF/A-3 (3a, 3b or 3u)",
			ro.attachments[0].Name)
	}
	ro.pdfa = p
	return nil
}

// renderArchive is what archive resolves.
type renderArchive struct {
	pdfa        pdfua.PDFA
	attachments []pdfua.Attachment
	facturX     *pdfua.FacturX
}

// linkAttachments loads the files of the document's
// <link rel="attachment" href="…" title="…"> elements through the
// resource policy. The title is the description; type, when present,
// the media type; data-relationship the relationship. A file that cannot
// be loaded is a diagnostic.
func (c *conversion) linkAttachments(ctx context.Context, doc *html.Node, loader *resource.Policy, base string) []pdfua.Attachment {
	var out []pdfua.Attachment
	seen := map[string]bool{}
	stack := []*html.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for ch := n.LastChild; ch != nil; ch = ch.PrevSibling {
			stack = append(stack, ch)
		}
		if n.Type != html.ElementNode || n.Data != "link" || !hasToken(attrOf(n, "rel"), "attachment") {
			continue
		}
		href := strings.TrimSpace(attrOf(n, "href"))
		if href == "" {
			c.diag(Diagnostic{Stage: "resource", Message: "<link rel=\"attachment\"> without href ignored"})
			continue
		}
		data, _, err := loader.Load(ctx, href, base)
		if err != nil {
			c.diag(Diagnostic{Stage: "resource", Message: fmt.Sprintf("attachment %s not embedded: %v", href, err)})
			continue
		}
		name := attachmentName(href)
		if seen[name] {
			c.diag(Diagnostic{Stage: "resource", Message: fmt.Sprintf("attachment %s not embedded: a file named %q is attached already", href, name)})
			continue
		}
		seen[name] = true
		rel, ok := pdfua.ParseRelationship(strings.TrimSpace(attrOf(n, "data-relationship")))
		if !ok {
			c.diag(Diagnostic{Stage: "resource", Message: fmt.Sprintf("attachment %s: unknown data-relationship %q; Unspecified is used", href, attrOf(n, "data-relationship"))})
			rel = "Unspecified"
		}
		out = append(out, writerAttachment(Attachment{Name: name, Description: attrOf(n, "title"),
			MIME: strings.TrimSpace(attrOf(n, "type")), Relationship: rel, Data: data}))
	}
	return out
}

// attachmentName is the file name of an attachment's URL: its last path
// segment, unescaped ("attachment" for a data: URI).
func attachmentName(href string) string {
	if strings.HasPrefix(strings.ToLower(href), "data:") {
		return "attachment"
	}
	p := href
	if u, err := url.Parse(href); err == nil {
		p = u.Path
	}
	name := path.Base(p)
	if name == "." || name == "/" || name == "" {
		return "attachment"
	}
	return name
}

func attrOf(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasToken(list, token string) bool {
	for _, f := range strings.Fields(list) {
		if strings.EqualFold(f, token) {
			return true
		}
	}
	return false
}
