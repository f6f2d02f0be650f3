// Command auditdiff is the differential harness of folio's HTML audit
// (audit/wcag) against axe-core: it audits every HTML file it is given
// with folio (in-process) and with axe-core running in a headless
// Chromium (one browser driven over the DevTools protocol), matches the
// elements both report through the browser's DOM, and prints per-rule
// agreement on the rules both tools ran:
//
//   - recall: of the elements axe reports as violations, the share folio
//     fails (error or warning);
//   - precision: of the elements folio fails, the share axe reports as
//     violations;
//   - pass agreement: of the elements axe passes, the share folio does not
//     fail;
//   - review: of the elements axe leaves incomplete, the share folio says
//     need review.
//
// Elements are matched by their place in the browser's DOM: folio's
// finding selectors and axe's targets are both resolved with
// document.querySelector and compared as element-child index paths.
// Findings about the whole page (document-title, html-has-lang, …) are
// matched per document. With -v every disagreement is listed with the
// file, the element and both outcomes.
//
// It is a benchmark, not a unit test: it needs Chromium and axe-core
// (npm install axe-core; not kept in this repository) and takes minutes.
// It is its own Go module so that the browser driver stays out of
// folio's dependencies.
//
// Usage: bench/auditdiff/run.sh [more.html|dir ...] does these three
// steps (from the repository root):
//
//	npm install --prefix .cache/npm axe-core@4
//	FOLIO_FIXTURE_DIR=/tmp/fx go test ./audit/wcag -run 'TestRuleFixtures|TestDefects|TestNewRuleCases|TestAxeDiffCases'
//	cd bench/auditdiff && go run . -axe ../../.cache/npm/node_modules/axe-core/axe.min.js [-v] testdata /tmp/fx
//
// The fixtures in testdata are small documents written for this harness,
// several elements each, passing and failing, per rule both tools have;
// the dumped ones are the single-case fixtures of audit/wcag's tests.
// A page that navigates away (a meta refresh) is skipped with a note.
// axe-core runs with its default rule set; it is injected into the
// frames the page can reach (srcdoc frames; origins are all allowed,
// the pages are local files), and of its results inside frames only
// frame-focusable-content is kept, on the frame element: folio does not
// audit frame documents otherwise.
package main
