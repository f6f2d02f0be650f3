package cli

import (
	"flag"
	"os"
	"strings"
	"time"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/server"
)

// docFlags are the conversion flags shared by convert, render-template and
// batch.
type docFlags struct {
	title, author, lang, size, orientation string
	audit, strict, fix                     bool
	maxPages                               int
	timeout                                time.Duration
	// where resources come from (resolve.go)
	root, baseURL           string
	allowHosts, stylesheets listFlag
	// page set-up and date (page.go)
	margin, pageWidth, pageHeight, date string
	// PDF/A and attachments (attach.go)
	pdfA   string
	attach listFlag
	// input encoding and fonts beyond the bundled ones
	charset     string
	systemFonts bool
	fontDirs    listFlag
}

func (d *docFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&d.title, "title", "", "document `title` (overrides <title>)")
	fs.StringVar(&d.author, "author", "", "document `author`")
	fs.StringVar(&d.lang, "lang", "", "document `language` tag, e.g. en-US (overrides <html lang>)")
	fs.StringVar(&d.size, "size", "", "page `size`: "+strings.Join(server.PageSizes, ", ")+" (case-insensitive)")
	fs.StringVar(&d.orientation, "orientation", "", "`orientation`: portrait or landscape")
	fs.BoolVar(&d.audit, "audit", false, "run the accessibility audit of the HTML and the PDF")
	fs.BoolVar(&d.strict, "strict", false, "fail (exit 1, no output) when the audit finds errors")
	fs.BoolVar(&d.fix, "fix", false, "apply safe automatic accessibility repairs first")
	fs.IntVar(&d.maxPages, "max-pages", 0, "page limit (0: 2000)")
	fs.DurationVar(&d.timeout, "timeout", 0, "conversion deadline per document (0: 30s)")
	fs.StringVar(&d.root, "root", "", "`directory` bounding the files the document may read (default: the input's directory)")
	fs.StringVar(&d.baseURL, "base-url", "", "`URL` relative URLs resolve against (default: the input's location)")
	fs.Var(&d.allowHosts, "allow-host", "fetch http(s) resources from this `host` (repeatable; private and loopback addresses stay refused)")
	fs.Var(&d.stylesheets, "stylesheet", "apply this user style sheet `file` after the document's (repeatable)")
	fs.StringVar(&d.margin, "margin", "", "page `margins`, 1 to 4 CSS lengths as for margin, e.g. \"2cm\" or \"1in 2cm\"")
	fs.StringVar(&d.pageWidth, "page-width", "", "page `width` as a CSS length (with --page-height; overrides --size)")
	fs.StringVar(&d.pageHeight, "page-height", "", "page `height` as a CSS length (with --page-width)")
	fs.StringVar(&d.pdfA, "pdf-a", "", "also make the PDF PDF/A of this `conformance`: "+strings.Join(server.PDFALevels, ", ")+" (attachments need part 3)")
	fs.Var(&d.attach, "attach", "embed `FILE[:DESCRIPTION[:RELATIONSHIP]]` in the PDF (repeatable; relationship Source, Data, Alternative, Supplement or Unspecified)")
	fs.StringVar(&d.date, "date", "", "creation `date` written in the PDF: RFC 3339 or YYYY-MM-DD (default: SOURCE_DATE_EPOCH, else now)")
	fs.StringVar(&d.charset, "charset", "", "character `encoding` of the input, e.g. iso-8859-1 or shift_jis (overrides <meta charset>; default: the document's own, else UTF-8 or windows-1252)")
	fs.BoolVar(&d.systemFonts, "system-fonts", false, "use installed system fonts, by name and for characters the bundled fonts lack (output then depends on the machine)")
	fs.Var(&d.fontDirs, "font-dir", "use the fonts in this `directory` like system fonts (repeatable)")
}

// options validates the flags and returns folio options.
func (d *docFlags) options() (folio.Options, error) {
	o := folio.Options{
		Title: d.title, Author: d.author, Lang: d.lang,
		Audit: d.audit || d.strict, Strict: d.strict, Fix: d.fix,
		MaxPages: d.maxPages, Deadline: d.timeout,
	}
	if d.size != "" {
		s, ok := lookup(d.size, server.PageSizes)
		if !ok {
			return o, usageErr("unknown --size %q; allowed: %s", d.size, strings.Join(server.PageSizes, ", "))
		}
		o.Size = s
	}
	if d.orientation != "" {
		s, ok := lookup(d.orientation, server.Orientations)
		if !ok {
			return o, usageErr("unknown --orientation %q; allowed: portrait, landscape", d.orientation)
		}
		o.Orientation = folio.Orientation(s)
	}
	if d.pdfA != "" {
		s, ok := lookup(strings.TrimPrefix(strings.ToLower(strings.TrimSpace(d.pdfA)), "pdf/a-"), server.PDFALevels)
		if !ok {
			return o, usageErr("unknown --pdf-a %q; allowed: %s", d.pdfA, strings.Join(server.PDFALevels, ", "))
		}
		o.PDFA = s
	}
	if d.maxPages < 0 || d.timeout < 0 {
		return o, usageErr("--max-pages and --timeout must not be negative")
	}
	if err := d.pageOptions(&o); err != nil {
		return o, err
	}
	o.AllowHosts = d.allowHosts
	o.Charset, o.SystemFonts = d.charset, d.systemFonts
	for _, dir := range d.fontDirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return o, inputErr("--font-dir %s is not a directory", dir)
		}
		o.FontDirs = append(o.FontDirs, dir)
	}
	return o, nil
}

// lookup finds v among allowed ignoring case.
func lookup(v string, allowed []string) (string, bool) {
	for _, a := range allowed {
		if strings.EqualFold(v, a) {
			return a, true
		}
	}
	return "", false
}
