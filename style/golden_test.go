package style

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/seed28491532/folio/css"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/golden/*.txtar")

// archive is a minimal txtar archive: a comment and named files.
type archive struct {
	comment string
	files   []archiveFile
}

type archiveFile struct {
	name string
	data string
}

func parseArchive(data string) archive {
	var a archive
	lines := strings.SplitAfter(data, "\n")
	cur := -1
	var b strings.Builder
	flush := func() {
		if cur < 0 {
			a.comment = b.String()
		} else {
			a.files[cur].data = b.String()
		}
		b.Reset()
	}
	for _, l := range lines {
		t := strings.TrimRight(l, "\r\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			flush()
			a.files = append(a.files, archiveFile{name: strings.TrimSpace(t[3 : len(t)-3])})
			cur = len(a.files) - 1
			continue
		}
		b.WriteString(l)
	}
	flush()
	return a
}

func (a archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, f := range a.files {
		fmt.Fprintf(&b, "-- %s --\n%s", f.name, f.data)
		if !strings.HasSuffix(f.data, "\n") && f.data != "" {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func (a archive) file(name string) (string, bool) {
	for _, f := range a.files {
		if f.name == name {
			return f.data, true
		}
	}
	return "", false
}

// TestGolden runs every testdata/golden/*.txtar: input.html (plus
// optional user.css as Options.UserCSS) is cascaded and the queries of
// the "query" file are dumped and compared with "want". A query line is
// "<selector>[::pseudo] | prop prop…" or "@page [name][:first][:left|:right][:blank] [size=WxH]".
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/golden/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			a := parseArchive(string(raw))
			input, ok := a.file("input.html")
			if !ok {
				t.Fatal("no input.html")
			}
			query, _ := a.file("query")
			user, _ := a.file("user.css")
			st, doc := compute(t, input, Options{UserCSS: user})
			got := dumpQueries(t, st, doc, query)
			for _, d := range st.Diagnostics() {
				got += fmt.Sprintf("diagnostic: %s %d:%d: %s\n", d.Source, d.Line, d.Column, d.Message)
			}
			if *update {
				replaced := false
				for i := range a.files {
					if a.files[i].name == "want" {
						a.files[i].data = got
						replaced = true
					}
				}
				if !replaced {
					a.files = append(a.files, archiveFile{name: "want", data: got})
				}
				if err := os.WriteFile(file, []byte(a.format()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, _ := a.file("want")
			if got != want {
				t.Errorf("dump differs (run go test -run TestGolden -update to accept)\ngot:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func dumpQueries(t *testing.T, st *Styles, doc *html.Node, query string) string {
	var b bytes.Buffer
	for _, line := range strings.Split(query, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#!") {
			continue
		}
		if strings.HasPrefix(line, "@page") {
			dumpPage(&b, st, strings.Fields(line))
			continue
		}
		selText, props, _ := strings.Cut(line, "|")
		selText = strings.TrimSpace(selText)
		f := append([]string{selText}, strings.Fields(props)...)
		pseudo := PseudoNone
		for suffix, p := range map[string]Pseudo{"::before": PseudoBefore, "::after": PseudoAfter, "::marker": PseudoMarker} {
			if strings.HasSuffix(selText, suffix) {
				selText, pseudo = strings.TrimSuffix(selText, suffix), p
			}
		}
		sel, err := css.CompileSelector(css.Tokenize(selText, nil))
		if err != nil {
			t.Fatalf("query %q: %v", line, err)
		}
		n := firstMatch(doc, sel)
		if n == nil {
			fmt.Fprintf(&b, "%s: no element\n", f[0])
			continue
		}
		s := st.Of(n, pseudo)
		fmt.Fprintf(&b, "%s:", f[0])
		if s == nil {
			b.WriteString(" no box\n")
			continue
		}
		for _, p := range f[1:] {
			fmt.Fprintf(&b, " %s=%s;", p, prop(s, p))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func dumpPage(b *bytes.Buffer, st *Styles, f []string) {
	var pc PageContext
	for _, w := range f[1:] {
		parts := strings.Split(w, ":")
		pc.Name = parts[0]
		for _, p := range parts[1:] {
			switch p {
			case "first":
				pc.First = true
			case "left":
				pc.Left = true
			case "blank":
				pc.Blank = true
			}
		}
	}
	ps := st.Page(pc)
	fmt.Fprintf(b, "%s: size=%sx%s margin=%s font-size=%s\n", strings.Join(f, " "), num(ps.Size[0]), num(ps.Size[1]),
		prop(ps.Box, "margin"), prop(ps.Box, "font-size"))
	for i, m := range ps.Margins {
		if m == nil {
			continue
		}
		fmt.Fprintf(b, "  @%s: content=%s; font-size=%s; color=%s; text-align=%s\n", marginName(i), prop(m, "content"),
			prop(m, "font-size"), prop(m, "color"), prop(m, "text-align"))
	}
}

func marginName(i int) string {
	for _, n := range []string{"top-left-corner", "top-left", "top-center", "top-right", "top-right-corner",
		"right-top", "right-middle", "right-bottom", "bottom-right-corner", "bottom-right", "bottom-center",
		"bottom-left", "bottom-left-corner", "left-bottom", "left-middle", "left-top"} {
		if css.MarginBoxIndex(n) == i {
			return n
		}
	}
	return "?"
}

func firstMatch(n *html.Node, sel *css.Selector) *html.Node {
	if n.Type == html.ElementNode && sel.Match(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if m := firstMatch(c, sel); m != nil {
			return m
		}
	}
	return nil
}
