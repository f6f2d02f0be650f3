package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/seed28491532/folio/server"
)

func listTemplatesCommand() *command {
	return &command{
		name:    "list-templates",
		summary: "print the built-in templates",
		usage:   "[--json]",
		help: `Prints each template's id, title, required top-level data fields and
description. With --json prints {"templates": [...]} as the API does.`,
		run: runListTemplates,
	}
}

func runListTemplates(e *env, args []string) error {
	c := listTemplatesCommand()
	fs := newFlags(c)
	asJSON := fs.Bool("json", false, "print JSON")
	pos, err := e.parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErr("unexpected argument %q", pos[0])
	}
	list := e.engine.Templates()
	if list == nil {
		list = []server.TemplateInfo{}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(server.TemplateList{Templates: list}); err != nil {
			return internalErr("%v", err)
		}
		return nil
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "no templates in this build")
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tREQUIRED DATA")
	for _, t := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", t.ID, t.Title, strings.Join(t.Required, ", "))
	}
	tw.Flush()
	fmt.Fprintln(e.stdout)
	for _, t := range list {
		fmt.Fprintf(e.stdout, "%s: %s\n", t.ID, t.Description)
	}
	return nil
}

func renderTemplateCommand() *command {
	return &command{
		name:    "render-template",
		summary: "render a built-in template with JSON data to PDF",
		usage:   "-t ID -d data.json -o out.pdf [--audit] [--strict] [--html out.html] [--sample] [--json] [--e-invoice]",
		help: `-d - reads the data from standard input; --sample uses the template's own
sample data instead of -d; --html also writes the HTML the template produced.
Invalid data is reported field by field (exit 2). 'folio list-templates'
lists the ids.

examples:
  folio render-template -t invoice -d invoice.json -o invoice.pdf
  folio render-template -t accessible_report --sample -o sample.pdf --audit
  folio render-template -t invoice -d invoice.json --e-invoice -o invoice.pdf`,
		run: runRenderTemplate,
	}
}

func runRenderTemplate(e *env, args []string) error {
	c := renderTemplateCommand()
	fs := newFlags(c)
	var (
		id, dataFile, out, htmlOut string
		sample, asJSON, eInvoice   bool
		doc                        docFlags
	)
	fs.StringVar(&id, "t", "", "template `id`")
	fs.StringVar(&dataFile, "d", "", "JSON data `file` (- for standard input)")
	fs.StringVar(&out, "o", "", "output PDF `file` (- for standard output)")
	fs.StringVar(&htmlOut, "html", "", "also write the rendered HTML to `file`")
	fs.BoolVar(&sample, "sample", false, "use the template's sample data")
	fs.BoolVar(&asJSON, "json", false, "print the result (pages, bytes, audit report) as JSON")
	fs.BoolVar(&eInvoice, "e-invoice", false, "invoice only: embed the Factur-X XML (EN 16931) as factur-x.xml in a PDF/A-3 file (--pdf-a defaults to 3a)")
	doc.register(fs)
	pos, err := e.parseFlags(c, fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usageErr("unexpected argument %q", pos[0])
	case id == "":
		return usageErr("no template: give -t ID (see folio list-templates)")
	case dataFile == "" && !sample:
		return usageErr("no data: give -d FILE, -d - or --sample")
	case dataFile != "" && sample:
		return usageErr("give either -d or --sample, not both")
	case out == "" && htmlOut == "":
		return usageErr("no output: give -o FILE (or -o -)")
	}
	opts, err := doc.options()
	if err != nil {
		return err
	}
	if err := doc.resources(&opts, ""); err != nil {
		return err
	}
	// As for convert, the deadline covers reading the data.
	ctx, cancel := withDeadline(e.ctx, opts.Deadline)
	defer cancel()
	var data []byte
	if sample {
		t, err := e.engine.Template(id)
		if err != nil {
			return convertErr("template "+id, err)
		}
		data = t.Sample
	} else if data, _, err = e.readInput(ctx, dataFile); err != nil {
		return err
	}
	if err := checkJSON(data); err != nil {
		return inputErr("%s: not valid JSON: %v", displayName(dataFile), err)
	}
	if eInvoice {
		if strings.HasPrefix(opts.PDFA, "2") {
			return usageErr("--e-invoice needs PDF/A-3: give --pdf-a 3a, 3b or 3u, not %s", opts.PDFA)
		}
		ei, ok := e.engine.(server.EInvoicer)
		if !ok {
			return convertErr("template "+id, errors.New("this engine cannot write e-invoices"))
		}
		if opts.EInvoice, err = ei.EInvoice(ctx, id, data); err != nil {
			return convertErr("template "+id, err)
		}
	}
	html, err := e.engine.RenderTemplate(ctx, id, data)
	if err != nil {
		return convertErr("template "+id, err)
	}
	if htmlOut != "" {
		if err := e.writeOutput(e.ctx, output{name: htmlOut}, html); err != nil {
			return err
		}
	}
	if out == "" {
		return nil
	}
	res, err := e.convert(ctx, html, opts)
	report := e.stdout
	if out == "-" {
		report = e.stderr
	}
	return e.finishConvert(report, "template "+id, output{name: out}, asJSON, res, err)
}

// checkJSON reports why data is not one JSON value, with the line and
// column of a syntax error.
func checkJSON(data []byte) error {
	if json.Valid(data) {
		return nil
	}
	var v any
	err := json.Unmarshal(data, &v)
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	// The offset is just past the offending byte.
	line, col := 1, 1
	for _, c := range data[:max(0, min(se.Offset, int64(len(data)))-1)] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Errorf("line %d, column %d: %w", line, col, err)
}
