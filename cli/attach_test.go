package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestParseAttach(t *testing.T) {
	for _, tc := range []struct {
		in                   string
		file, desc, relation string
	}{
		{"data.csv", "data.csv", "", ""},
		{"data.csv:Raw data", "data.csv", "Raw data", ""},
		{"data.csv:Raw data: 2025:source", "data.csv", "Raw data: 2025", "Source"},
		{"data.csv:Data", "data.csv", "", "Data"},
		{"data.csv::Alternative", "data.csv", "", "Alternative"},
		{"data.csv:The data: parent", "data.csv", "The data: parent", ""},
	} {
		s, err := parseAttach(tc.in)
		if err != nil || s.file != tc.file || s.description != tc.desc || s.relationship != tc.relation {
			t.Errorf("parseAttach(%q) = %+v, %v; want %q %q %q", tc.in, s, err, tc.file, tc.desc, tc.relation)
		}
	}
	if _, err := parseAttach(":x"); err == nil || !strings.Contains(err.Error(), "no file") {
		t.Errorf("parseAttach(:x) error = %v", err)
	}
}

// TestConvertPDFAFlags checks --pdf-a and --attach as the options the
// engine receives, and their refusals.
func TestConvertPDFAFlags(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "in.html", good)
	csv := write(t, dir, "figures.csv", "a,b\n1,2\n")
	out := filepath.Join(dir, "out.pdf")
	f := newFake()
	r := runCLI(t, f, "", "convert", "-i", in, "-o", out, "--pdf-a", "PDF/A-3U", "--attach", csv+":Table 1 figures:source")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	o, _ := f.options(good)
	if o.PDFA != "3u" || len(o.Attachments) != 1 {
		t.Fatalf("PDFA %q, attachments %+v", o.PDFA, o.Attachments)
	}
	if a := o.Attachments[0]; a.Name != "figures.csv" || a.Description != "Table 1 figures" || a.Relationship != "Source" || string(a.Data) != "a,b\n1,2\n" {
		t.Errorf("attachment %+v", a)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--pdf-a", "1b"}, ExitUsage, `unknown --pdf-a "1b"; allowed: 2a, 2b, 2u, 3a, 3b, 3u`},
		{[]string{"--attach", filepath.Join(dir, "missing.csv")}, ExitUsage, "--attach " + filepath.Join(dir, "missing.csv")},
	} {
		r := runCLI(t, newFake(), "", append([]string{"convert", "-i", in, "-o", out}, tc.args...)...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d naming %q", tc.args, r.code, r.stderr, tc.code, tc.want)
		}
	}
}
