package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/audit"
	"github.com/seed28491532/folio/server"
)

func convertCommand() *command {
	return &command{
		name:    "convert",
		summary: "convert an HTML file to a tagged PDF (PDF/UA-1)",
		usage:   "-i in.html [-i more.html …] -o out.pdf [--audit] [--strict] [--fix] [--json] [--title T] [--lang L] [--size S] [--orientation O] [--url URL] [--root DIR] [--margin M] …",
		help: `The input is -i FILE, a positional FILE, or - for standard input; -o - writes
the PDF to standard output. Without -o the PDF is written next to the input
with the extension .pdf. Relative URLs (images, stylesheets, fonts) resolve
against the input's location (--base-url to change it), and only files inside
--root (default: the input file's directory) are read; with standard input
they resolve only under --root. Nothing is fetched from the network unless
--allow-host names the host (never loopback or private addresses).

Several inputs (-i repeated, or several files) are merged into one PDF in
the order given, with -o naming it: each document keeps its own styles,
@page rules and page numbers, and is tagged as a Part of the PDF's
Document; the title and language come from the first unless --title and
--lang set them. Each document's resources resolve against its own
directory (and stay inside it, unless --root names a common root).

--stylesheet adds user style sheets after the document's; --margin,
--page-width/--page-height set the page margins and size (overriding the
document's @page rules); --date fixes the creation date (default:
SOURCE_DATE_EPOCH, else the current time).

Only regular files are read: a named pipe, device or directory is refused,
as is an input that is a symbolic link leading out of its directory. The
PDF is written through a temporary file renamed into place. A link at the
output is replaced, not followed, unless the output was named with -o: then
the link is written through (-o /dev/stdout), and a pipe or device named
with -o (/dev/null) is written in place. --timeout bounds reading the input and
the conversion; SIGINT or SIGTERM ends the command within about 2s, exit 3.

With --audit the audit report is printed (on standard output, or standard
error when the PDF goes to standard output); the PDF is written whatever
the audit finds. With --strict an audit with errors writes no PDF and the
exit code is 1.

examples:
  folio convert -i report.html -o report.pdf --audit
  cat page.html | folio convert - -o page.pdf
  folio convert page.html -o - --size letter > page.pdf
  folio convert cover.html ch1.html ch2.html -o book.pdf`,
		run: runConvert,
	}
}

// convertResult is the --json output of convert and render-template.
type convertResult struct {
	Input       string             `json:"input,omitempty"`
	Output      string             `json:"output"`
	Pages       int                `json:"pages"`
	Bytes       int                `json:"bytes"`
	Audit       *server.Report     `json:"audit,omitempty"`
	Diagnostics []folio.Diagnostic `json:"diagnostics"`
}

func runConvert(e *env, args []string) error {
	c := convertCommand()
	fs := newFlags(c)
	var (
		out, baseDir, fromURL string
		inputs                listFlag
		asJSON                bool
		doc                   docFlags
	)
	fs.Var(&inputs, "i", "input HTML `file` (- for standard input; repeat to merge several into one PDF)")
	fs.StringVar(&out, "o", "", "output PDF `file` (- for standard output)")
	fs.StringVar(&baseDir, "base-dir", "", "the older name of --root: `directory` bounding the files the document may read")
	fs.StringVar(&fromURL, "url", "", "convert the page at this http(s) `URL` (its host must be allowed with --allow-host)")
	fs.BoolVar(&asJSON, "json", false, "print the result (pages, bytes, audit report) as JSON")
	doc.register(fs)
	pos, err := e.parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(inputs) > 0 && len(pos) > 0 {
		return usageErr("give the inputs either with -i or as files, not both (-i %s and %s)", inputs[0], pos[0])
	}
	inputs = append(inputs, pos...)
	var in string
	switch {
	case fromURL != "" && len(inputs) > 0:
		return usageErr("give either --url or an input file, not both")
	case fromURL != "" && out == "":
		return usageErr("no output: give -o FILE (or -o - for standard output) with --url")
	case fromURL != "":
		in = fromURL
	case len(inputs) == 0:
		return usageErr("no input: give -i FILE or - for standard input")
	case len(inputs) > 1:
		if baseDir != "" && doc.root == "" {
			doc.root = baseDir // the older name of --root
		}
		return e.convertMerged(inputs, out, asJSON, &doc)
	default:
		in = inputs[0]
	}
	derived := out == ""
	if derived {
		if in == "-" {
			return usageErr("no output: give -o FILE (or -o - for standard output)")
		}
		out = strings.TrimSuffix(in, filepath.Ext(in)) + ".pdf"
	}
	opts, err := doc.options()
	if err != nil {
		return err
	}
	// The deadline covers reading the input: standard input that never
	// ends cannot hold the command past --timeout.
	ctx, cancel := withDeadline(e.ctx, opts.Deadline)
	defer cancel()
	var html []byte
	var reopen func() (io.ReadCloser, error)
	var dir string
	if fromURL != "" {
		var contentType string
		html, contentType, err = fetchPage(ctx, fromURL, doc.allowHosts)
		if opts.Charset == "" {
			opts.Charset = contentType // its charset, if any, applies
		}
		if doc.baseURL == "" {
			doc.baseURL = fromURL
		}
	} else {
		html, dir, err = e.readInput(ctx, in)
		reopen = reopener(in)
	}
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(html)) == 0 {
		return inputErr("%s is empty", displayName(in))
	}
	if baseDir != "" && doc.root == "" {
		doc.root = baseDir // the older name of --root
	}
	if err := doc.resources(&opts, dir); err != nil {
		return err
	}
	o := output{name: out, derived: derived}
	if o.stream, err = e.openStream(o); err != nil {
		return err
	}
	defer o.stream.abort()
	if o.stream != nil {
		opts.Output = o.stream // the PDF goes to the file as it is assembled
	}
	// the input's name says whether it is XHTML (.xhtml, .xht)
	res, err := e.convertAll(ctx, []folio.Source{{HTML: bytes.NewBuffer(html), Name: in, Reopen: reopen}}, opts)
	report := e.stdout
	if out == "-" {
		report = e.stderr
	}
	return e.finishConvert(report, in, o, asJSON, res, err)
}

// finishConvert writes the PDF and reports the result and the audit.
func (e *env) finishConvert(report io.Writer, in string, o output, asJSON bool, res *folio.Result, err error) error {
	out := o.name
	auditFailed := errors.Is(err, folio.ErrAuditFailed)
	if err != nil && !auditFailed {
		return convertErr("convert "+displayName(in), err)
	}
	if res == nil {
		return internalErr("convert %s: no result", displayName(in))
	}
	e.printDiagnostics(res.Diagnostics)
	if !auditFailed {
		var err error
		if o.stream != nil && res.PDF == nil {
			err = o.stream.commit()
		} else {
			err = e.writeOutput(e.ctx, o, res.PDF)
		}
		if err != nil {
			return err
		}
	}
	if asJSON {
		diags := res.Diagnostics
		if diags == nil {
			diags = []folio.Diagnostic{}
		}
		enc := json.NewEncoder(report)
		enc.SetIndent("", "  ")
		if err := enc.Encode(convertResult{Input: in, Output: out, Pages: res.Pages, Bytes: pdfSize(res), Audit: server.ReportFrom(res.Report), Diagnostics: diags}); err != nil {
			return internalErr("writing result: %v", err)
		}
	} else {
		if !auditFailed && out != "-" {
			fmt.Fprintf(e.stderr, "wrote %s: %d %s, %d bytes\n", out, res.Pages, plural(res.Pages, "page", "pages"), pdfSize(res))
		}
		if res.Report != nil {
			if err := res.Report.WriteText(report); err != nil {
				return internalErr("%v", err)
			}
		}
	}
	if auditFailed {
		return findingsErr("audit failed (--strict): %s; no PDF written", summary(res.Report))
	}
	if res.Report != nil && !res.Report.Passed {
		fmt.Fprintf(e.stderr, "note: the audit found errors (%s); the PDF was written anyway; --strict fails instead\n", summary(res.Report))
	}
	return nil
}

// pdfSize is the length of the result's PDF, returned or written to
// Options.Output.
func pdfSize(res *folio.Result) int {
	if res.PDF != nil {
		return len(res.PDF)
	}
	return int(res.Size)
}

func summary(r *audit.Report) string {
	if r == nil {
		return "no report"
	}
	return r.Summary
}

// printDiagnostics lists conversion diagnostics on stderr (at most 20).
func (e *env) printDiagnostics(diags []folio.Diagnostic) {
	for i, d := range diags {
		if i == 20 {
			fmt.Fprintf(e.stderr, "note: … and %d more\n", len(diags)-20)
			break
		}
		loc := ""
		if d.Line > 0 {
			loc = fmt.Sprintf(" %d:%d", d.Line, d.Column)
		}
		fmt.Fprintf(e.stderr, "note: %s%s: %s\n", d.Stage, loc, d.Message)
	}
}

func displayName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
