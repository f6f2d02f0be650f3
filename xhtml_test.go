package folio

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestParseXHTML(t *testing.T) {
	src := `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en"><head><title>T</title>
<style type="text/css"><![CDATA[ p > b { color: red } ]]></style></head>
<body><p>a&nbsp;b &amp; <b>c</b></p><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><use xlink:href="#x"/></svg></body></html>`
	doc, err := parseXHTML([]byte(src), 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			s := n.Namespace + ":" + n.Data
			for _, a := range n.Attr {
				s += " " + a.Key + "=" + a.Val
			}
			got = append(got, s)
		case html.TextNode:
			if strings.TrimSpace(n.Data) != "" {
				got = append(got, "text "+n.Data)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	want := []string{":html xmlns=http://www.w3.org/1999/xhtml xml:lang=en", ":head", ":title", "text T", ":style type=text/css", "text  p > b { color: red } ",
		":body", ":p", "text a\u00a0b & ", ":b", "text c", "svg:svg xmlns=http://www.w3.org/2000/svg width=10 height=10", "svg:use xlink:href=#x"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("tree\n got %q\nwant %q", got, want)
	}
}

func TestParseXHTMLErrors(t *testing.T) {
	_, err := parseXHTML([]byte("<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<body><p>open</body></html>"), 0)
	if !errors.Is(err, ErrXML) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("mismatched tag: err = %v, want ErrXML naming line 2", err)
	}
	_, err = parseXHTML([]byte(`<html><p>&bogus;</p></html>`), 0)
	if !errors.Is(err, ErrXML) {
		t.Errorf("unknown entity: err = %v, want ErrXML", err)
	}
	deep := strings.Repeat("<div>", 40) + strings.Repeat("</div>", 40)
	if _, err := parseXHTML([]byte(deep), 20); !errors.Is(err, ErrLimit) {
		t.Errorf("40 levels with a limit of 20: err = %v, want ErrLimit", err)
	}
}

func TestIsXHTML(t *testing.T) {
	cases := []struct {
		name, src string
		want      bool
	}{
		{"a.xht", "<html>", true},
		{"a.XHTML", "<html>", true},
		{"a.html", "<html>", false},
		{"", `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">`, true},
		{"", `<html xmlns="http://www.w3.org/1999/xhtml">`, false},
		{"", `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">`, false},
	}
	for _, c := range cases {
		if got := isXHTML(c.name, []byte(c.src)); got != c.want {
			t.Errorf("isXHTML(%q, %q) = %v, want %v", c.name, c.src, got, c.want)
		}
	}
}
