package conformance

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// tool returns the path of an external program the suite needs, failing
// the test (never skipping it) when the program is not installed.
func tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("conformance: %s is not installed; the suite needs poppler-utils (pdftotext, pdfinfo) and qpdf — `bash scripts/test.sh` installs them", name)
	}
	return p
}

// run runs an external program and returns its standard output; a non-zero
// exit fails the test with the program's standard error.
func run(t testing.TB, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(tool(t, name), args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, stderr.String(), stdout.String())
	}
	return stdout.String()
}

// writePDF stores pdf in a temporary file for the external tools.
func writePDF(t testing.TB, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "out.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// pdfText extracts the text of pages first..last (0 = all) with pdftotext
// in content-stream order (-raw), which is the order folio writes the
// document in; the default mode reorders table columns by position.
func pdfText(t testing.TB, path string, first, last int) string {
	t.Helper()
	return pdfTextMode(t, path, first, last, "-raw")
}

// pdfTextMode is pdfText with the pdftotext mode flag: "-raw" for content
// order, "" for pdftotext's physical (and bidi-reordered) order.
func pdfTextMode(t testing.TB, path string, first, last int, mode string) string {
	t.Helper()
	args := []string{"-enc", "UTF-8"}
	if mode != "" {
		args = append(args, mode)
	}
	if first > 0 {
		args = append(args, "-f", strconv.Itoa(first), "-l", strconv.Itoa(last))
	}
	return run(t, "pdftotext", append(args, path, "-")...)
}

var pageSizeLine = regexp.MustCompile(`(?m)^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts`)

// pageSizes returns the MediaBox size of every page as pdfinfo reports it.
func pageSizes(t testing.TB, path string) [][2]float64 {
	t.Helper()
	out := run(t, "pdfinfo", "-f", "1", "-l", "100000", path)
	var sizes [][2]float64
	for _, m := range pageSizeLine.FindAllStringSubmatch(out, -1) {
		w, _ := strconv.ParseFloat(m[2], 64)
		h, _ := strconv.ParseFloat(m[3], 64)
		sizes = append(sizes, [2]float64{w, h})
	}
	return sizes
}

var (
	objectRef  = regexp.MustCompile(`Object \d+ \d+`)
	bboxAttr   = regexp.MustCompile(`(?m)^\s+/BBox .*\n`)
	attrsColon = regexp.MustCompile(`(?m)^(\s+[A-Za-z]+( \((block|inline)\))?):$`)
)

// structOutline returns pdfinfo -struct-text normalised for golden files:
// object numbers (which change whenever the writer's numbering does)
// become "Object", /BBox attributes (positions, which change with every
// layout tweak) are dropped, and so is the colon pdfinfo puts after an
// element that has attributes. Element types, nesting, text and the
// semantic attributes (/Scope, /ListNumbering, spans, …) stay.
func structOutline(t testing.TB, path string) string {
	t.Helper()
	out := objectRef.ReplaceAllString(run(t, "pdfinfo", "-struct-text", path), "Object")
	out = bboxAttr.ReplaceAllString(out, "")
	return attrsColon.ReplaceAllString(out, "$1")
}

// qpdfCheck fails the test unless qpdf --check finds the file clean.
func qpdfCheck(t testing.TB, path string) {
	t.Helper()
	cmd := exec.Command(tool(t, "qpdf"), "--check", path)
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("No syntax or stream encoding errors found")) || bytes.Contains(out, []byte("WARNING")) {
		t.Errorf("qpdf --check is not clean (%v):\n%s", err, out)
	}
}

// normalizeSpace collapses every run of white space to one space.
func normalizeSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// golden compares got with testdata/golden/name, rewriting it with -update.
func golden(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file: %v (run `go test ./conformance -update` to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (run with -update after checking the change):\n%s", path, firstDiff(string(want), got))
	}
}

// firstDiff describes where two texts start to differ, line by line.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, w, g)
		}
	}
	return "(same lines, different line endings)"
}

var structString = regexp.MustCompile(`(?m)^\s*"(.*)"$`)

// structText returns the text of the structure tree's content in tree
// order (the reading order assistive technology follows): the quoted
// strings of pdfinfo -struct-text, one per line.
func structText(outline string) string {
	var b strings.Builder
	for _, m := range structString.FindAllStringSubmatch(outline, -1) {
		b.WriteString(m[1])
		b.WriteByte('\n')
	}
	return b.String()
}
