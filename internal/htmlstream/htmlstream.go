package htmlstream

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// defaultChunk is the most a Read of the underlying reader asks for: the
// parser never gets ahead of the caller by more than this.
const defaultChunk = 32 << 10

// errClosed is returned by every method after Close.
var errClosed = errors.New("htmlstream: parser closed")

// errStopped is what the paused reader gives the parser when Close stops it.
var errStopped = errors.New("htmlstream: parse stopped")

// Parser parses one HTML document incrementally (see the package
// documentation). Its methods must be called from one goroutine at a time.
// Close must be called once the caller is done with it.
type Parser struct {
	ctx   context.Context
	r     io.Reader
	opts  []html.ParseOption
	chunk int

	state   parserState
	bindErr error // set by the bind option, before the first read

	turn   chan bool     // caller to parser: true to read on, false to stop
	back   chan struct{} // parser to caller: paused before a read, or finished
	exited chan struct{} // closed when the parser goroutine returns

	started  bool  // the parser goroutine runs
	finished bool  // the parse ended (parseErr tells how)
	parseErr error // what html.ParseWithOptions returned
	err      error // the error every later call returns
	closed   bool

	doc, html, body *html.Node
	docScan         *html.Node // the last child of doc findBody looked at
	htmlScan        *html.Node // the last child of html findBody looked at
	bodyDone        bool
	htmlAttr        []html.Attribute // html's attributes when Body returned
	bodyAttr        []html.Attribute // body's attributes when Body returned

	yielded bool       // Next returned a node
	next    *html.Node // the node after the last one Next returned
}

// New starts parsing r (UTF-8) in a goroutine that waits between reads of
// r; opts are passed to html.ParseWithOptions. Nothing is read before Body
// (the goroutine starts there). A read of r is not interrupted when ctx is
// cancelled: r should return promptly.
func New(ctx context.Context, r io.Reader, opts ...html.ParseOption) *Parser {
	return &Parser{ctx: ctx, r: r, opts: opts, chunk: defaultChunk}
}

// Body parses until the body element exists (explicit <body> or implied),
// and returns the document and the body element: everything before the
// body (the head) is complete. A frameset document, or any document without
// a body element once parsed whole, gives body == nil and the document
// parsed whole.
//
// A body that the parser implied may still be replaced by a <frameset>
// while the parser's "frameset-ok" flag is set, so Body parses on until the
// flag is cleared (by the first text or most elements) or the parse ends.
func (p *Parser) Body() (doc, body *html.Node, err error) {
	if err := p.check(); err != nil {
		return nil, nil, err
	}
	for !p.bodyDone {
		if p.started {
			p.findBody()
		}
		if p.body != nil && (p.finished || !*p.state.framesetOK) || p.finished {
			p.settleBody()
			break
		}
		if err := p.step(); err != nil {
			return nil, nil, err
		}
	}
	return p.doc, p.body, nil
}

// findBody finds the html and body elements (body stays nil while there is
// none, or when a frameset replaced it). It looks only at the nodes added
// since its last call: the nodes before html and before body stay.
func (p *Parser) findBody() {
	p.doc = *p.state.doc
	if p.html == nil {
		p.html, p.docScan = scan(p.doc, p.docScan, atom.Html)
		if p.html == nil {
			return
		}
	}
	if p.body != nil && p.body.Parent != p.html {
		p.body = nil // a frameset replaced it
	}
	if p.body == nil {
		p.body, p.htmlScan = scan(p.html, p.htmlScan, atom.Body)
	}
}

// scan looks for an HTML element a among the children of parent after
// from (from the first if from is nil). It returns the element, or nil and
// the last child it looked at.
func scan(parent, from *html.Node, a atom.Atom) (found, last *html.Node) {
	c := parent.FirstChild
	if from != nil {
		c = from.NextSibling
	}
	for last = from; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == a && c.Namespace == "" {
			return c, last
		}
		last = c
	}
	return nil, last
}

// settleBody ends Body: the texts parsed so far get their text, and the
// attributes of html and body are kept for Changed.
func (p *Parser) settleBody() {
	p.bodyDone = true
	if !p.finished {
		p.state.flushText()
	}
	if p.html != nil {
		p.htmlAttr = slices.Clone(p.html.Attr)
	}
	if p.body != nil {
		p.bodyAttr = slices.Clone(p.body.Attr)
	}
}

// Next returns the next child of the body (element, text or comment node),
// in order, once it is complete: a later sibling of it exists in the body,
// or the parse has ended. It returns nil, nil after the last.
//
// Between calls the caller may read the tree, change the nodes Next
// returned (their attributes and descendants) and remove them from the
// body; it must not change the rest of the tree. The children Next has not
// returned may be incomplete: the text of a text node made of several
// tokens, in particular, is set only when its body child is returned (or
// at the end of the parse). Comments after </body> become children of the
// html element, after the body: Next does not return them.
func (p *Parser) Next() (*html.Node, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if !p.bodyDone {
		return nil, errors.New("htmlstream: Next called before Body")
	}
	if p.body == nil {
		return nil, nil
	}
	for {
		c := p.next
		if !p.yielded {
			c = p.body.FirstChild
		}
		if c != nil && p.complete(c) {
			if !p.finished {
				p.state.settle(c, p.body)
			}
			p.yielded, p.next = true, c.NextSibling
			return c, nil
		}
		if p.finished {
			return nil, nil
		}
		if err := p.step(); err != nil {
			return nil, err
		}
	}
}

// complete reports whether the parser will not change the body child c
// any more.
func (p *Parser) complete(c *html.Node) bool {
	if p.finished {
		return true
	}
	s := c.NextSibling
	if s == nil {
		return false // the last child: text merges into it, elements may be open
	}
	last := p.body.LastChild
	// An open table at the end of the body gets foster-parented nodes
	// before it, and foster-parented text merges into a text before it.
	return !(s == last && last.Type == html.ElementNode && last.DataAtom == atom.Table)
}

// Finish parses the rest of the document: the DOM is then the one
// html.Parse makes of the whole input (children not yet returned by Next
// stay in the body; Next may still return them).
func (p *Parser) Finish() error {
	if err := p.check(); err != nil {
		return err
	}
	for !p.finished {
		if err := p.step(); err != nil {
			return err
		}
	}
	if !p.bodyDone {
		p.findBody()
		p.settleBody()
	}
	return nil
}

// Changed reports whether the attributes of the html or body element
// changed since Body returned (a later <body> or <html> start tag adds
// attributes: the caller styled them already).
func (p *Parser) Changed() bool {
	if !p.bodyDone {
		return false
	}
	return p.html != nil && !slices.Equal(p.html.Attr, p.htmlAttr) ||
		p.body != nil && !slices.Equal(p.body.Attr, p.bodyAttr)
}

// Close stops the parse (if running) and waits for its goroutine; safe to
// call more than once and after the end. Every method after Close returns
// an error.
func (p *Parser) Close() {
	if p.closed {
		return
	}
	p.closed = true
	p.stop()
}

// stop ends the parser goroutine if it runs, and waits for it.
func (p *Parser) stop() {
	if !p.started || p.finished {
		return
	}
	p.turn <- false
	<-p.back
	<-p.exited
	p.finished = true
}

// check returns the error every method returns once the parser is closed,
// failed or its context is done.
func (p *Parser) check() error {
	if p.closed {
		return errClosed
	}
	if p.err != nil {
		return p.err
	}
	if err := p.ctx.Err(); err != nil {
		p.fail(fmt.Errorf("htmlstream: parse stopped: %w", err))
		return p.err
	}
	return nil
}

// fail records err for every later call and stops the parser goroutine.
func (p *Parser) fail(err error) {
	p.err = err
	p.stop()
}

// step lets the parser read one more chunk of the input and parse it, and
// waits until it asks for the next one or the parse ends.
func (p *Parser) step() error {
	if err := p.check(); err != nil {
		return err
	}
	if p.finished {
		return nil
	}
	if !p.started {
		p.started = true
		p.turn = make(chan bool)
		p.back = make(chan struct{})
		p.exited = make(chan struct{})
		go p.run()
	}
	p.turn <- true
	<-p.back
	if !p.finished {
		return nil
	}
	<-p.exited
	if p.parseErr != nil {
		p.err = p.parseErr
		return p.err
	}
	return nil
}

// run is the parser goroutine: it waits for its first turn, then parses
// the document through a pauser.
func (p *Parser) run() {
	defer close(p.exited)
	if !<-p.turn {
		p.finished = true
		p.back <- struct{}{}
		return
	}
	opts := append(slices.Clip(p.opts), bindOption(&p.state, &p.bindErr))
	_, err := html.ParseWithOptions(&pauser{p: p}, opts...)
	p.parseErr = parseError(err)
	p.finished = true
	p.back <- struct{}{}
}

// parseError wraps an error html.ParseWithOptions returned.
func parseError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errStopped):
		return err
	case errors.As(err, new(errInternals)):
		return err
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("htmlstream: parse stopped: %w", err)
	case errors.As(err, new(readError)):
		return fmt.Errorf("htmlstream: reading the document: %w", err)
	}
	return fmt.Errorf("htmlstream: parsing the document: %w", err)
}

// pauser is the reader the parser reads: before every read but the first
// it hands control back to the caller and waits for its turn.
type pauser struct {
	p     *Parser
	reads int
}

// Read reads at most the parser's chunk size from the document.
func (r *pauser) Read(b []byte) (int, error) {
	p := r.p
	if r.reads > 0 {
		p.back <- struct{}{}
		if !<-p.turn {
			return 0, errStopped
		}
	}
	r.reads++
	if p.bindErr != nil {
		return 0, p.bindErr
	}
	if err := p.ctx.Err(); err != nil {
		return 0, err
	}
	if len(b) > p.chunk {
		b = b[:p.chunk]
	}
	n, err := p.r.Read(b)
	if err != nil && err != io.EOF {
		err = readError{err}
	}
	return n, err
}

// readError is an error of the document's reader.
type readError struct{ err error }

func (e readError) Error() string { return e.err.Error() }
func (e readError) Unwrap() error { return e.err }
