// Command reftest measures CSS conformance on the public web-platform-tests
// subset in ../shared/wpt: it renders every reftest of the chosen folders
// and its references with folio (in-process) and with Chromium (one
// headless browser driven over the DevTools protocol, printing to PDF),
// rasterises every page with pdftoppm at 96 dpi, and compares test and
// reference pixels, honouring the tests' fuzzy tolerances. It prints the
// pass counts per folder as a Markdown table, for CONFORMANCE.md.
//
// It is a benchmark, not a unit test: it needs the wpt subset, poppler and
// (for -engines chromium) the chromium package, and takes minutes. It is
// its own Go module so that the browser driver stays out of folio's
// dependencies.
//
// Usage (from the repository root):
//
//	cd bench/reftest && go run . -wpt ../../../shared/wpt -engines folio,chromium \
//	    css/css-page css/CSS2/backgrounds
//
// Tests not meant for paged output assume an 800×600 px viewport: they are
// rendered on one 800×600 px page (an @page rule is added to a private
// copy of the tree, which also maps the suite's root-relative URLs such as
// /fonts/ahem.css to files in it). Files named *-print.* keep their own
// page rules and compare every page. Chromium's results are cached in a
// JSON file (-cache) keyed by test and Chromium version, as the browser's
// numbers change only when it does.
package main
