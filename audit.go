package folio

import (
	"context"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/audit/pdfa"
	"github.com/seed28491532/folio/audit/ua"
	"github.com/seed28491532/folio/audit/wcag"
	"github.com/seed28491532/folio/style"
)

// AuditHTML audits an HTML document against the WCAG rules and the service's
// conformance rules without converting it. With opts.Fix the safe repairs
// are applied first (to the audited copy only) and listed in the report.
func AuditHTML(ctx context.Context, r io.Reader, opts Options) (*audit.Report, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("folio: reading HTML: %w", err)
	}
	in, err := decodeInput(raw, opts.Charset)
	if err != nil {
		return nil, err
	}
	src := in.src
	var sheets *style.SheetCache
	if opts.Fonts != nil {
		sheets = opts.Fonts.sheets
	}
	rep, err := wcag.AuditHTML(ctx, src, wcag.Options{
		Style:      style.Options{Sheets: sheets},
		Fix:        opts.Fix,
		FixOptions: wcag.FixOptions{Lang: opts.Lang, Title: opts.Title},
	})
	if err != nil {
		return nil, fmt.Errorf("folio: HTML audit: %w", err)
	}
	var diags []Diagnostic
	for _, n := range in.notes {
		diags = append(diags, Diagnostic{Stage: "encoding", Message: n})
	}
	rep = audit.Merge(rep, diagnosticReport(diags))
	return &rep, nil
}

// AuditPDF audits PDF bytes against the machine-checkable PDF/UA-1 rules.
// Input that is not a PDF at all fails with an error wrapping ua.ErrNotPDF;
// damaged, encrypted or untagged PDFs give findings.
func AuditPDF(ctx context.Context, pdf []byte) (*audit.Report, error) {
	rep, err := ua.Audit(ctx, pdf, ua.Options{SpecRules: true})
	if err != nil {
		return nil, fmt.Errorf("folio: PDF audit: %w", err)
	}
	return &rep, nil
}

// applyFixes runs the safe automatic repairs on doc when opts.Fix is set,
// with the request's language and title, and returns what was changed.
func applyFixes(doc *html.Node, opts Options) []string {
	if !opts.Fix {
		return nil
	}
	return wcag.Fix(doc, wcag.FixOptions{Lang: opts.Lang, Title: opts.Title})
}

// auditConversion audits a finished conversion: the HTML rules on the
// (possibly repaired) document and its computed styles, merged with the
// PDF rules on the produced bytes (see finishAudit).
func auditConversion(ctx context.Context, doc *html.Node, src []byte, styles *style.Styles, pdf []byte, opts Options, fixes []string, diags []Diagnostic) (*audit.Report, error) {
	htmlRep, err := auditHTMLOf(ctx, doc, src, styles, opts)
	if err != nil {
		return nil, err
	}
	return finishAudit(ctx, []audit.Report{htmlRep}, pdf, opts, fixes, diags)
}

// auditHTMLOf runs the HTML rules on a converted document with the
// request's language and title in force.
func auditHTMLOf(ctx context.Context, doc *html.Node, src []byte, styles *style.Styles, opts Options) (audit.Report, error) {
	applyOverrides(doc, opts)
	rep, err := wcag.Audit(ctx, doc, src, styles, wcag.Options{})
	if err != nil {
		return rep, fmt.Errorf("folio: HTML audit: %w", err)
	}
	return rep, nil
}

// finishAudit merges the HTML reports with the PDF/UA-1 audit of pdf (and,
// for a PDF/A file, the PDF/A rules) and the refused resources. In strict mode a report with errors turns into
// an error wrapping ErrAuditFailed.
func finishAudit(ctx context.Context, htmlReps []audit.Report, pdf []byte, opts Options, fixes []string, diags []Diagnostic) (*audit.Report, error) {
	pdfRep, err := ua.Audit(ctx, pdf, ua.Options{})
	if err != nil {
		return nil, fmt.Errorf("folio: PDF/UA audit of the output: %w", err)
	}
	if opts.PDFA != "" || len(opts.EInvoice) > 0 {
		// The PDF/A rules too, for the part the file claims.
		aRep, err := pdfa.Audit(ctx, pdf, pdfa.Options{})
		if err != nil {
			return nil, fmt.Errorf("folio: PDF/A audit of the output: %w", err)
		}
		pdfRep = audit.Merge(pdfRep, aRep)
	}
	rep := htmlReps[0]
	for _, r := range htmlReps[1:] {
		rep = audit.Merge(rep, r)
	}
	rep = audit.Merge(audit.Merge(rep, pdfRep), diagnosticReport(diags))
	rep.Fixes = append(rep.Fixes, fixes...)
	if opts.Strict && !rep.Passed {
		return &rep, fmt.Errorf("%w: score %d, %d errors (first: %s)", ErrAuditFailed, rep.Score, len(rep.Errors), rep.Errors[0].Message)
	}
	return &rep, nil
}

// diagnosticRules are the conversion diagnostics the audit reports as
// warnings, by stage (and text): refused resources (DESIGN.md's resource
// policy), so a missing image or stylesheet is never a silent hole in an
// audited render; text decoding problems, so a document whose "é" came
// out as U+FFFD does not score 100; and characters no font has.
var diagnosticRules = []struct {
	stage, contains, rule, hint string
}{
	{"resource", "", "resource-refused", "embed the resource as a data: URI, place it inside the input's directory " +
		"(or send it as a multipart part), or allow its host; refused content is missing from the PDF"},
	{"encoding", "", "text-encoding", "save the document as UTF-8, or declare its encoding with <meta charset> " +
		"(or the Content-Type charset); text decoded with the wrong encoding reads wrongly"},
	{"font", "no font covers", "glyph-missing", "characters no font has are drawn as an empty box: supply a font " +
		"that has them with @font-face, or convert with installed fonts (--system-fonts, --font-dir)"},
}

// diagnosticReport turns the diagnostics of diagnosticRules into warnings.
func diagnosticReport(diags []Diagnostic) audit.Report {
	var findings []audit.Finding
	var results []audit.RuleResult
	for _, r := range diagnosticRules {
		n := 0
		for _, d := range diags {
			if d.Stage != r.stage || !strings.Contains(d.Message, r.contains) {
				continue
			}
			n++
			findings = append(findings, audit.Finding{
				Rule:     r.rule,
				Severity: audit.Warning,
				Message:  d.Message,
				Location: audit.Location{Line: d.Line, Column: d.Column},
				Hint:     r.hint,
			})
		}
		if n > 0 {
			results = append(results, audit.RuleResult{Rule: r.rule, Severity: audit.Warning, Checked: n, Failed: n})
		}
	}
	if len(findings) == 0 {
		return audit.NewReport(nil, nil)
	}
	return audit.NewReport(findings, results)
}

// applyOverrides writes the request's language and title into doc, so the
// HTML audit judges the document the PDF was made from: a request that
// supplies lang or title has given the PDF its /Lang or title, and the audit
// must not report them missing. Call it only after rendering.
func applyOverrides(doc *html.Node, opts Options) {
	root := firstElement(doc, "html")
	if root == nil {
		return
	}
	if opts.Lang != "" {
		setAttr(root, "lang", opts.Lang)
	}
	if opts.Title == "" {
		return
	}
	title := firstElement(root, "title")
	if title == nil {
		head := firstElement(root, "head")
		if head == nil {
			return
		}
		title = &html.Node{Type: html.ElementNode, Data: "title", DataAtom: atom.Title}
		head.AppendChild(title)
	}
	for c := title.FirstChild; c != nil; c = title.FirstChild {
		title.RemoveChild(c)
	}
	title.AppendChild(&html.Node{Type: html.TextNode, Data: opts.Title})
}

// firstElement returns the first element named name in n's subtree (n
// included), searching depth-first without recursion.
func firstElement(n *html.Node, name string) *html.Node {
	stack := []*html.Node{n}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cur.Type == html.ElementNode && cur.Data == name {
			return cur
		}
		for c := cur.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return nil
}

func setAttr(n *html.Node, key, val string) {
	for i := range n.Attr {
		if n.Attr[i].Namespace == "" && n.Attr[i].Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}
