package folio

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"
)

// Namespaces of XHTML documents.
const (
	nsXHTML  = "http://www.w3.org/1999/xhtml"
	nsSVG    = "http://www.w3.org/2000/svg"
	nsMathML = "http://www.w3.org/1998/Math/MathML"
	nsXLink  = "http://www.w3.org/1999/xlink"
	nsXML    = "http://www.w3.org/XML/1998/namespace"
)

// ErrXML is wrapped by the error for an XHTML document that is not
// well-formed XML; the message gives the line and column.
var ErrXML = errors.New("folio: the XHTML document is not well-formed XML")

// isXHTML reports whether a document is to be parsed as XML: its name
// ends in .xhtml or .xht, or it starts (after white space and comments)
// with an XML declaration and declares the XHTML namespace on its root.
func isXHTML(name string, src []byte) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xhtml", ".xht":
		return true
	}
	head := bytes.TrimLeft(src[:min(len(src), 1024)], " \t\r\n")
	return bytes.HasPrefix(head, []byte("<?xml")) && bytes.Contains(head, []byte(`xmlns="`+nsXHTML+`"`))
}

// parseXHTML parses an XHTML document (UTF-8, as decodeInput returns it)
// into the tree html.Parse builds: a document node whose element children
// carry the namespace html.Parse gives them ("" for XHTML, "svg", "math").
// The named HTML character entities are known (XHTML files use &nbsp;
// without a DTD); no DTD is read and no other entity is expanded.
// CDATA sections are text, so a style sheet inside one keeps its first
// rule. Nesting deeper than maxDepth fails with ErrLimit.
func parseXHTML(src []byte, maxDepth int) (*html.Node, error) {
	if maxDepth <= 0 {
		maxDepth = 512
	}
	dec := xml.NewDecoder(bytes.NewReader(src))
	dec.Strict = true
	dec.Entity = xml.HTMLEntity
	// the bytes are UTF-8 already, whatever the declaration says
	dec.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
	doc := &html.Node{Type: html.DocumentNode}
	stack := []*html.Node{doc}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			line, col := dec.InputPos()
			return nil, fmt.Errorf("%w: line %d, column %d: %v", ErrXML, line, col, xmlReason(err))
		}
		top := stack[len(stack)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) > maxDepth {
				return nil, fmt.Errorf("folio: XHTML nesting depth exceeds %d at <%s>: %w", maxDepth, t.Name.Local, ErrLimit)
			}
			n := &html.Node{Type: html.ElementNode, Data: t.Name.Local, Namespace: xhtmlNamespace(t.Name.Space)}
			if n.Namespace == "" {
				n.Data = strings.ToLower(n.Data)
			}
			for _, a := range t.Attr {
				if key, ok := xhtmlAttr(a.Name); ok {
					n.Attr = append(n.Attr, html.Attribute{Key: key, Val: a.Value})
				}
			}
			top.AppendChild(n)
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if top == doc {
				continue // white space around the root element
			}
			if last := top.LastChild; last != nil && last.Type == html.TextNode {
				last.Data += string(t)
				continue
			}
			top.AppendChild(&html.Node{Type: html.TextNode, Data: string(t)})
		case xml.Comment:
			top.AppendChild(&html.Node{Type: html.CommentNode, Data: string(t)})
		}
	}
	if doc.FirstChild == nil {
		return nil, fmt.Errorf("%w: no root element", ErrXML)
	}
	return doc, nil
}

// xhtmlNamespace maps an XML namespace to the one html.Parse gives.
func xhtmlNamespace(space string) string {
	switch space {
	case nsSVG:
		return "svg"
	case nsMathML:
		return "math"
	}
	return "" // XHTML, and elements of unknown namespaces, as HTML
}

// xhtmlAttr returns the key html.Parse would give attribute name, and
// false for namespace declarations and foreign attributes.
func xhtmlAttr(name xml.Name) (string, bool) {
	switch name.Space {
	case "":
		return name.Local, true
	case nsXLink, "xlink":
		return "xlink:" + name.Local, true
	case nsXML, "xml":
		return "xml:" + name.Local, true
	}
	return "", false // xmlns declarations and other namespaces
}

// xmlReason shortens encoding/xml's message ("XML syntax error on line
// 3: …") to its reason; the caller gives the position.
func xmlReason(err error) string {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return se.Msg
	}
	return err.Error()
}
