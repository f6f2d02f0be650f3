package folio_test

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/seed28491532/folio"

// allowedImports lists, for each package of the module, the module packages
// it may import directly. Dependencies point down only
// (docs/ARCHITECTURE.md): the writer never sees layout, audit/ua reads
// PDFs only through pdfobj, and audit/wcag never depends on layout or
// pdfua. Packages under internal/ may be imported by anyone and import
// nothing but each other.
var allowedImports = map[string][]string{
	"css":          {},
	"fonts":        {},
	"audit":        {},
	"pdfua/pdfobj": {},
	"templates":    {},
	"pdfinfo":      {"pdfua/pdfobj"},
	"style":        {"css"},
	// svg parses and draws SVG into vector shapes; layout/box reads SVG
	// images with it, layout/display turns its shapes into items and
	// render paints them.
	"svg":            {"style", "css"},
	"pdfua":          {"pdfua/pdfobj", "fonts"},
	"audit/ua":       {"audit", "pdfua/pdfobj"},
	"audit/pdfa":     {"audit", "pdfua/pdfobj"},
	"audit/wcag":     {"audit", "style", "css"},
	"layout/box":     {"style", "css", "fonts", "svg"},
	"layout":         {"layout/box", "style", "css", "fonts"},
	"layout/display": {"layout", "layout/box", "style", "fonts", "svg"},
	"render":         {"layout/display", "layout", "layout/box", "style", "fonts", "pdfua", "pdfua/pdfobj", "svg"},
	"":               {"render", "layout/display", "layout", "layout/box", "style", "css", "fonts", "pdfua", "pdfua/pdfobj", "audit", "audit/ua", "audit/pdfa", "audit/wcag"},
	"server":         {"", "templates", "audit", "audit/pdfa", "pdfinfo"},
	"cli":            {"", "server", "templates", "audit", "audit/ua", "audit/pdfa", "pdfua/pdfobj", "pdfinfo"},
	"cmd/folio":      {"cli"},
	"bench/longdoc":  {},
	"conformance":    {"", "render", "audit", "audit/ua", "audit/wcag", "pdfua/pdfobj", "templates", "cli", "server"},
}

func TestDependenciesPointDown(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := rel(fields[0])
		internal := strings.HasPrefix(pkg, "internal/")
		allowed, known := allowedImports[pkg]
		if !known && !internal {
			t.Errorf("package %q is not in allowedImports: add it with its place in the layering", fields[0])
			continue
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			dep := rel(imp)
			if strings.HasPrefix(dep, "internal/") {
				continue
			}
			if internal || !contains(allowed, dep) {
				t.Errorf("%s imports %s, which the layering of docs/ARCHITECTURE.md does not allow", fields[0], imp)
			}
		}
	}
}

func rel(importPath string) string {
	if importPath == module {
		return ""
	}
	return strings.TrimPrefix(importPath, module+"/")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
