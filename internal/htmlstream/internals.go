package htmlstream

import (
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"golang.org/x/net/html"
)

// parserState points into the state of the x/net/html parser that parses
// the document. Streaming needs it because the package's API shows the
// document only once the whole input is parsed, and because a text node
// that several tokens made keeps its text in the parser (textNodes) until
// the end of the parse. The fields are reached by reflection through a
// ParseOption (which the parser calls with itself) and checked by name and
// type: a version of x/net/html without them gives errInternals instead of
// a wrong tree (TestParserInternals fails first).
//
// They are read and written only while the parser goroutine waits in
// pauser.Read, so never concurrently with the parser.
type parserState struct {
	doc        **html.Node
	afe        *[]*html.Node
	textNodes  *map[*html.Node][]byte
	framesetOK *bool
}

// ErrUnsupported is wrapped by the error of a Parser whose version of
// golang.org/x/net/html is not the one the package reaches into: the
// caller parses the document whole instead.
var ErrUnsupported = errors.New("htmlstream: this version of golang.org/x/net/html is not supported")

// errInternals reports an x/net/html parser whose fields are not those this
// package was written for.
type errInternals struct{ field string }

func (e errInternals) Error() string {
	return fmt.Sprintf("%v (parser field %s missing or of another type)", ErrUnsupported, e.field)
}

func (e errInternals) Unwrap() error { return ErrUnsupported }

var (
	nodePtrType  = reflect.TypeOf((*html.Node)(nil))
	textMapType  = reflect.TypeOf(map[*html.Node][]byte(nil))
	boolType     = reflect.TypeOf(false)
	parseOptType = reflect.TypeOf(html.ParseOption(nil))
)

// bindOption returns a ParseOption that points s at the parser it is
// applied to, and sets *errp when that parser's fields are not the expected
// ones.
func bindOption(s *parserState, errp *error) html.ParseOption {
	fn := reflect.MakeFunc(parseOptType, func(args []reflect.Value) []reflect.Value {
		*errp = s.bind(args[0])
		return nil
	})
	return fn.Interface().(html.ParseOption)
}

// bind points s at the fields of the parser p (a *html.parser).
func (s *parserState) bind(p reflect.Value) error {
	if p.Kind() != reflect.Pointer || p.Elem().Kind() != reflect.Struct {
		return errInternals{"(parser is not a struct pointer)"}
	}
	e := p.Elem()
	field := func(name string, ok func(reflect.Type) bool) (unsafe.Pointer, error) {
		f := e.FieldByName(name)
		if !f.IsValid() || !ok(f.Type()) {
			return nil, errInternals{name}
		}
		return unsafe.Pointer(f.UnsafeAddr()), nil
	}
	is := func(want reflect.Type) func(reflect.Type) bool {
		return func(t reflect.Type) bool { return t == want }
	}
	nodeSlice := func(t reflect.Type) bool { return t.Kind() == reflect.Slice && t.Elem() == nodePtrType }
	doc, err := field("doc", is(nodePtrType))
	if err != nil {
		return err
	}
	afe, err := field("afe", nodeSlice)
	if err != nil {
		return err
	}
	text, err := field("textNodes", is(textMapType))
	if err != nil {
		return err
	}
	fs, err := field("framesetOK", is(boolType))
	if err != nil {
		return err
	}
	s.doc = (**html.Node)(doc)
	s.afe = (*[]*html.Node)(afe)
	s.textNodes = (*map[*html.Node][]byte)(text)
	s.framesetOK = (*bool)(fs)
	return nil
}

// flushText gives every text node the parser still holds the text of its
// text, as the parser does at the end of the parse. It changes nothing the
// parser sees: a text node it appends to again starts from its Data.
func (s *parserState) flushText() {
	for n, b := range *s.textNodes {
		n.Data = string(b)
		delete(*s.textNodes, n)
	}
}

// settle makes the complete subtree n independent of the parser: its text
// nodes get their text, and the active formatting elements in it (which
// the parser may copy later, attributes and all) are replaced in the
// parser's list by detached copies, so that the caller may change n.
func (s *parserState) settle(n, body *html.Node) {
	if len(*s.textNodes) > 0 {
		for d := range n.Descendants() {
			s.flushNode(d)
		}
		s.flushNode(n)
	}
	afe := *s.afe
	for i, f := range afe {
		if f.Type == html.ElementNode && inside(f, n, body) {
			afe[i] = detached(f)
		}
	}
}

func (s *parserState) flushNode(n *html.Node) {
	if n.Type != html.TextNode {
		return
	}
	if b, ok := (*s.textNodes)[n]; ok {
		n.Data = string(b)
		delete(*s.textNodes, n)
	}
}

// inside reports whether f is n or a descendant of n, stopping at body.
func inside(f, n, body *html.Node) bool {
	for ; f != nil && f != body; f = f.Parent {
		if f == n {
			return true
		}
	}
	return false
}

// detached is a parentless copy of the element f, as the parser's clone.
func detached(f *html.Node) *html.Node {
	return &html.Node{
		Type:      f.Type,
		DataAtom:  f.DataAtom,
		Data:      f.Data,
		Namespace: f.Namespace,
		Attr:      append([]html.Attribute(nil), f.Attr...),
	}
}
