package svg

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html"
)

// Limits bound the work one SVG document may cause. Zero fields take
// the defaults of DefaultLimits.
type Limits struct {
	// MaxBytes bounds the size of the SVG source.
	MaxBytes int
	// MaxElements bounds the elements of the document.
	MaxElements int
	// MaxDepth bounds how deeply elements nest.
	MaxDepth int
	// MaxPathSegments bounds the path segments of the whole drawing.
	MaxPathSegments int
	// MaxExpanded bounds the elements drawn once <use> references are
	// expanded (a "use bomb" of nested references grows exponentially).
	MaxExpanded int
}

// DefaultLimits are the limits taken for zero fields of Limits.
var DefaultLimits = Limits{
	MaxBytes:        16 << 20,
	MaxElements:     200_000,
	MaxDepth:        256,
	MaxPathSegments: 2_000_000,
	MaxExpanded:     100_000,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.MaxBytes > 0 {
		d.MaxBytes = l.MaxBytes
	}
	if l.MaxElements > 0 {
		d.MaxElements = l.MaxElements
	}
	if l.MaxDepth > 0 {
		d.MaxDepth = l.MaxDepth
	}
	if l.MaxPathSegments > 0 {
		d.MaxPathSegments = l.MaxPathSegments
	}
	if l.MaxExpanded > 0 {
		d.MaxExpanded = l.MaxExpanded
	}
	return d
}

// ErrLimit is wrapped by every *LimitError.
var ErrLimit = errors.New("svg: limit exceeded")

// LimitError reports that a document went past one of its Limits.
type LimitError struct {
	// Name is the Limits field at fault (MaxElements…), Limit its value.
	Name  string
	Limit int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("svg: document exceeds %s (%d)", e.Name, e.Limit)
}

// Unwrap returns ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }

// ErrNotSVG is wrapped when the document's root element is not <svg>.
var ErrNotSVG = errors.New("svg: root element is not <svg>")

// Sniff reports whether data looks like an SVG document: its first
// element (after the XML declaration, comments and a DOCTYPE) is svg.
func Sniff(data []byte) bool {
	data = bytes.TrimLeft(data, "\ufeff \t\r\n")
	for i := 0; i < 16 && len(data) > 0; i++ {
		if !bytes.HasPrefix(data, []byte("<")) {
			return false
		}
		if bytes.HasPrefix(data, []byte("<svg")) || bytes.HasPrefix(data, []byte("<svg:svg")) {
			return true
		}
		end := []byte(">")
		if bytes.HasPrefix(data, []byte("<!--")) {
			end = []byte("-->")
		}
		j := bytes.Index(data, end)
		if j < 0 {
			return false
		}
		data = bytes.TrimLeft(data[j+len(end):], " \t\r\n")
	}
	return false
}

// Parse reads an SVG document into a tree of nodes whose root is the svg
// element (Namespace "svg", as the HTML parser makes them). DTDs are
// skipped and entities other than XML's five predefined ones are errors:
// nothing is expanded or fetched. It fails with a *LimitError when the
// source, its element count or its nesting exceed lim.
func Parse(r io.Reader, lim Limits) (*html.Node, error) {
	lim = lim.withDefaults()
	data, err := io.ReadAll(io.LimitReader(r, int64(lim.MaxBytes)+1))
	if err != nil {
		return nil, fmt.Errorf("svg: reading: %w", err)
	}
	if len(data) > lim.MaxBytes {
		return nil, &LimitError{Name: "MaxBytes", Limit: lim.MaxBytes}
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	// no charset readers: SVG is UTF-8 (or declared as such)
	dec.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		if strings.EqualFold(label, "utf-8") || strings.EqualFold(label, "us-ascii") {
			return in, nil
		}
		return nil, fmt.Errorf("svg: unsupported encoding %q", label)
	}
	var root *html.Node
	var stack []*html.Node
	elements := 0
	for {
		tok, err := dec.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("svg: malformed XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			elements++
			if elements > lim.MaxElements {
				return nil, &LimitError{Name: "MaxElements", Limit: lim.MaxElements}
			}
			if len(stack) >= lim.MaxDepth {
				return nil, &LimitError{Name: "MaxDepth", Limit: lim.MaxDepth}
			}
			n := &html.Node{Type: html.ElementNode, Data: t.Name.Local, Namespace: "svg"}
			for _, a := range t.Attr {
				key := a.Name.Local
				switch a.Name.Space {
				case "", "svg":
				case "xlink":
					key = "xlink:" + key
				case "xml":
					key = "xml:" + key
				default:
					continue // other namespaces (xmlns declarations, editors' data)
				}
				n.Attr = append(n.Attr, html.Attribute{Key: key, Val: a.Value})
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, errors.New("svg: more than one root element")
				}
				root = n
			} else {
				stack[len(stack)-1].AppendChild(n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1].Data != t.Name.Local {
				return nil, fmt.Errorf("svg: malformed XML: unexpected end tag </%s>", t.Name.Local)
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				if c := p.LastChild; c != nil && c.Type == html.TextNode {
					c.Data += string(t)
				} else {
					p.AppendChild(&html.Node{Type: html.TextNode, Data: string(t)})
				}
			}
		}
	}
	if root == nil || len(stack) != 0 {
		return nil, errors.New("svg: no complete root element")
	}
	if root.Data != "svg" {
		return nil, fmt.Errorf("%w (it is <%s>)", ErrNotSVG, root.Data)
	}
	return root, nil
}
