package cli

import (
	"bytes"
	"context"
	"strings"

	"github.com/seed28491532/folio"
)

// convertMerged converts several input files into the one PDF out, in the
// order given (convert with -i repeated or several files).
func (e *env) convertMerged(inputs []string, out string, asJSON bool, doc *docFlags) error {
	if out == "" {
		return usageErr("%d inputs are merged into one PDF: give it with -o FILE (or -o - for standard output)", len(inputs))
	}
	if len(inputs) > folio.MaxSources {
		return usageErr("%d inputs, more than the %d that can be merged into one PDF", len(inputs), folio.MaxSources)
	}
	stdin := 0
	for _, in := range inputs {
		if in == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return usageErr("standard input (-) given %d times; it can be read once", stdin)
	}
	opts, err := doc.options()
	if err != nil {
		return err
	}
	ctx, cancel := withDeadline(e.ctx, opts.Deadline)
	defer cancel()
	sources := make([]folio.Source, len(inputs))
	for i, in := range inputs {
		html, dir, err := e.readInput(ctx, in)
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(html)) == 0 {
			return inputErr("%s is empty", displayName(in))
		}
		// The shared options take the first input's location; each
		// source then resolves against its own (resources sets the root,
		// the base URL and the user style sheets).
		var o folio.Options
		if err := doc.resources(&o, dir); err != nil {
			return err
		}
		if i == 0 {
			opts.BaseDir, opts.BaseURL, opts.UserCSS = o.BaseDir, o.BaseURL, o.UserCSS
		}
		// the name also says whether it is XHTML (.xhtml, .xht)
		sources[i] = folio.Source{HTML: bytes.NewBuffer(html), Name: displayName(in), BaseDir: o.BaseDir, BaseURL: o.BaseURL,
			Reopen: reopener(in)}
	}
	o := output{name: out}
	if o.stream, err = e.openStream(o); err != nil {
		return err
	}
	defer o.stream.abort()
	if o.stream != nil {
		opts.Output = o.stream // the PDF goes to the file as it is assembled
	}
	res, err := e.convertAll(ctx, sources, opts)
	report := e.stdout
	if out == "-" {
		report = e.stderr
	}
	return e.finishConvert(report, strings.Join(inputs, " + "), o, asJSON, res, err)
}

// convertAll is convert for several documents.
func (e *env) convertAll(ctx context.Context, sources []folio.Source, opts folio.Options) (*folio.Result, error) {
	ctx, cancel := withDeadline(ctx, opts.Deadline)
	defer cancel()
	return await(ctx, e.stopGrace(), func() (*folio.Result, error) {
		return e.engine.ConvertAll(ctx, sources, opts)
	})
}
