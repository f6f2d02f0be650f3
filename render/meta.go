package render

import (
	"strings"

	"golang.org/x/net/html"
)

// Metadata is what a document says about itself.
type Metadata struct {
	Title    string // <title>
	Author   string // <meta name=author>
	Lang     string // <html lang>
	Subject  string // <meta name=description>
	Keywords string // <meta name=keywords>
	// FirstHeading is the text of the first h1, a fallback title.
	FirstHeading string
}

// ReadMetadata extracts the metadata of an HTML document.
func ReadMetadata(doc *html.Node) Metadata {
	var m Metadata
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "html":
				m.Lang = strings.TrimSpace(attr(n, "lang"))
			case "title":
				if m.Title == "" {
					m.Title = textOf(n)
				}
			case "meta":
				switch strings.ToLower(attr(n, "name")) {
				case "author":
					m.Author = strings.TrimSpace(attr(n, "content"))
				case "description":
					m.Subject = strings.TrimSpace(attr(n, "content"))
				case "keywords":
					m.Keywords = strings.TrimSpace(attr(n, "content"))
				}
			case "h1":
				if m.FirstHeading == "" {
					m.FirstHeading = textOf(n)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return m
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// textOf returns the text content of n with white space collapsed.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
		case html.ElementNode:
			if n.Data == "img" {
				b.WriteString(" " + attr(n, "alt") + " ")
			}
			if n.Data == "script" || n.Data == "style" {
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}
