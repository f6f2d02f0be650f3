// Package wcag audits HTML documents for accessibility: WCAG 2.1 AA
// success criteria that can be checked on a static document, and the
// service's conformance rules (lang, title, headings, images, tables).
//
// The rules run on the parsed DOM (golang.org/x/net/html) and, for colour
// contrast and hidden content, on computed styles from package style. Rule
// ids follow axe-core where axe has the rule; RULES.md in the parent
// directory lists every rule with its severity, requirement and the
// deliberate differences from axe-core.
//
// Every finding carries its requirement ("WCAG 2.1 1.1.1"), a location —
// line:column of the element's start tag, a CSS selector path and a short
// snippet of the source — and a concrete repair hint. Positions come from
// tokenizing the source alongside the parse tree (x/net/html keeps no
// positions), matching each element to the start tag that produced it.
//
// Fix applies the repairs that are safe without a person (language and
// title from the request, unambiguous table header scopes, captions from
// labels or headings, alt text of images in links) and only when asked.
//
// Traversals are iterative, so deep nesting cannot exhaust the stack, and
// each rule is linear in the number of elements.
package wcag
