package box

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// benchDoc is the document of BenchmarkStream: the file FOLIO_LONGDOC
// names (go run ./bench/longdoc -pages 1000 > /tmp/long1000.html), else
// 100 sections of headings, paragraphs, a list and a table.
func benchDoc(b *testing.B) string {
	if path := os.Getenv("FOLIO_LONGDOC"); path != "" {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		return string(src)
	}
	return longDoc(100)
}

// longDoc is a document of n sections of headings, paragraphs, loose
// text, a list and a table.
func longDoc(n int) string {
	var sb strings.Builder
	sb.WriteString(`<html><head><style>h2{string-set:c content()} section{counter-increment:s} h2::before{content:counter(s) ". "}</style></head><body>`)
	for i := range n {
		fmt.Fprintf(&sb, "<section><h2>Section %d</h2><p>Some <em>text</em> here.</p> loose text <ul><li>a<li>b</ul>", i)
		sb.WriteString("<table><tr><th>h<th>k<tr><td>1<td>2</table></section>\n")
	}
	return sb.String()
}

// BenchmarkStream compares building a long document's tree whole
// (Build) with building it a body child at a time (Stream).
func BenchmarkStream(b *testing.B) {
	doc, ss := parseStyled(b, benchDoc(b))
	body := findElement(doc, "body")
	var kids []*html.Node
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		kids = append(kids, c)
	}
	ctx := context.Background()
	want, err := Build(ctx, doc, ss, Options{})
	if err != nil {
		b.Fatal(err)
	}
	if d := treeDiff(want, streamBuild(b, doc, ss).tree, ss); d != "" {
		b.Fatal(d)
	}
	b.Run("Build", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Build(ctx, doc, ss, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Stream", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s, err := NewStream(ctx, doc, body, ss, Options{})
			if err != nil {
				b.Fatal(err)
			}
			for _, c := range kids {
				if _, err := s.Append(c); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := s.Finish(); err != nil {
				b.Fatal(err)
			}
			if w := s.Whole(); w != "" {
				b.Fatal(w)
			}
		}
	})
}
