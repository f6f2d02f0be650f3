package templates

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"log/slog"
	"time"
)

// page is the value every HTML template executes on.
type page struct {
	labeler // F formats labels with arguments in the document's language
	// T and A are the fixed labels in the document's language (see
	// labelSet). They are fields of page itself, not of an embedded
	// struct: text/template looks a field up by name on every use, and a
	// name found among a struct's own fields costs a short scan, while one
	// promoted from an embedded struct costs reflect's breadth-first
	// search with its allocations.
	T     map[string]template.HTML
	A     map[string]string
	Lang  string       // BCP 47 tag for <html lang>
	Title string       // the document <title>
	CSS   template.CSS // the trusted, embedded print stylesheet
	Doc   any          // the template-specific view
}

// Validate checks data against the template's schema and rules. It returns
// nil, an error matching ErrUnknownTemplate or ErrDataTooLarge, a
// *SyntaxError for malformed JSON or a *ValidationError listing every
// problem.
func Validate(id string, data []byte) error {
	_, err := prepare(id, data)
	return err
}

// Render validates data and executes the template, returning a complete
// HTML document. The context cancels the execution of very large documents.
func Render(ctx context.Context, id string, data []byte) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("templates: render %s: %w", id, err)
	}
	start := time.Now()
	p, err := prepare(id, data)
	if err != nil {
		return nil, err
	}
	e, _ := lookup(id)
	// The output is about the stylesheet, the template's text and the data
	// (escaped, formatted): one allocation for the samples, where 4 KiB
	// plus twice the data grew the buffer twice.
	var buf bytes.Buffer
	buf.Grow(len(p.CSS) + e.textSize + len(data)*2)
	if err := e.baked[p.labeler].ExecuteTemplate(&ctxWriter{ctx: ctx, w: &buf}, id+".html.tmpl", p); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, fmt.Errorf("templates: render %s: %w", id, ctxErr)
		}
		return nil, fmt.Errorf("templates: render %s: %w", id, err)
	}
	slog.DebugContext(ctx, "template rendered", "template", id, "bytes", buf.Len(), "duration", time.Since(start))
	return buf.Bytes(), nil
}

// prepare runs the whole validation and returns the page to execute.
func prepare(id string, data []byte) (*page, error) {
	e, err := lookup(id)
	if err != nil {
		return nil, err
	}
	v, err := parseJSON(data)
	if err != nil {
		return nil, err
	}
	ps := &problems{}
	(&validator{root: e.schema, ps: ps}).validate(e.schema, v, rootPath())
	if err := ps.err(id); err != nil {
		return nil, err
	}
	view, lang, title := e.build(input{raw: data, tree: v}, ps)
	if err := ps.err(id); err != nil {
		return nil, err
	}
	if lang == "" {
		lang = "en"
	}
	loc, fallback := localeFor(lang)
	css := e.sheets[loc]
	lb := labeler{loc: loc, fallback: fallback}
	set := labelSets[lb]
	return &page{labeler: lb, T: set.T, A: set.A, Lang: lang, Title: title, CSS: css, Doc: view}, nil
}

// ctxWriter stops template execution once the context is done.
type ctxWriter struct {
	ctx context.Context
	w   *bytes.Buffer
	n   int
}

func (c *ctxWriter) Write(p []byte) (int, error) {
	c.n++
	if c.n%1024 == 0 {
		if err := c.ctx.Err(); err != nil {
			return 0, err
		}
	}
	return c.w.Write(p)
}
