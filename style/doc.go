// Package style computes CSS styles: it collects the user-agent stylesheet,
// the document's stylesheets and style attributes, runs the cascade (origin,
// importance, specificity, order), inheritance, custom properties and var(),
// and produces typed computed values for every element and pseudo-element,
// and for every page and margin box. Layout reads these values and never
// parses CSS itself.
//
// # Sources
//
// The embedded user-agent stylesheet (ua.css) carries the HTML rendering
// defaults of a browser and @page { size: A4; margin: 2cm }. Author sheets
// come from <style> (honouring media and type), <link rel=stylesheet>
// and @import (through Options.Loader, with import loops and chains deeper
// than 16 reported), then Options.UserCSS, then style attributes. @media
// is evaluated for print against the page box (size from plain @page
// rules or Options.PageSize).
//
// # Matching
//
// Rules are bucketed by the id, class or tag of their rightmost compound
// (the way browsers do); a counting Bloom filter of the ancestors' tags,
// ids and classes rejects most descendant selectors before any tree walk.
//
// # Computed values
//
// Lengths are in points (16px = 12pt, medium = 12pt); em, rem, ex, ch, vw
// and vh are resolved (vw/vh against the page area of the default page;
// ex and ch are taken as 0.5em). calc(), min(), max() and clamp() are
// evaluated; a percentage mixed with lengths in calc() is kept as
// Length{Percent, Calc: offset}; min()/max()/clamp() mixing percentages
// and lengths cannot be decided before layout: their expression trees go
// to the document's CalcTable (interned, at most 256 terms each, nesting
// at most 32 deep) and the Length holds Unit CalcExpr, the index (in
// its padding, so that Length stays 16 bytes) and an approximation
// (first argument, clamp's preferred one) that Length.Resolve uses;
// Style.Resolve evaluates them exactly against the percentage base. Malformed math functions are reported with the reason
// (division by zero, a number added to a length, a limit). Percent word-spacing is taken against 0.25em.
// Unitless line-height is kept in LineHeightNum and inherits as a number.
// quotes: auto resolves from the element's lang. ::first-letter rules
// give the pseudo-element a style (see Styles.Of); so do ::first-line
// rules, whose properties reach the first line's content through
// FirstLineStyle. Cascade layers order
// author rules (unlayered last; reversed for !important); @page rules
// ignore layers. HTML presentational hints (align, bgcolor, table
// attributes, <font>) take part at author level below every rule.
//
// # The property table
//
// Each longhand is described once, in proptable.go: its name, whether it
// inherits, the group of Style it lives in, its initial value, the function that computes a declared
// value into the Style (apply_*.go, one file per group: font, box, flex,
// border and background, text, lists and content, paged media and
// tables) and the function that copies it for inherit, initial, unset and
// revert; each shorthand by its longhands and its expansion function
// (shorthand*.go). Validation, the cascade, var() substitution, the
// initial style and the name lookups are driven by the table.
//
// # Shared styles and caches
//
// Elements that match the same rules, with the same presentational hints,
// style attribute, language and custom properties, under parents that
// agree on every inherited property, get the same computed style: the
// cascade runs once and the elements share one *Style (a matched-
// properties cache, as browsers keep one, that lives for one Compute).
// Pseudo-elements share the same way. Within styles, the properties live
// in groups (font, text, box, size, margins, borders, background…, see
// groups.go) shared by pointer: a child shares the inherited groups of its
// parent that it sets nothing of, every style the non-inherited groups it
// sets nothing of, and equal groups computed one after the other are
// stored once. Styles returned by Of are therefore read-only; a derived
// style copies the Style and writes to groups from its Mut methods
// (TestNoWritesThroughSharedGroups checks the module for other writes).
// Options.Sheets, a SheetCache the caller owns, keeps parsed
// stylesheets across Computes keyed by their exact text, for servers that
// render the same template many times; for documents whose stylesheets it
// holds all of (and that @import nothing) it also keeps their rule set:
// declarations converted, rule indexes built, @page, @font-face and
// @counter-style rules (Styles.CounterStyle; invalid descriptors and
// rules whose system lacks its symbols are reported and dropped)
// and the default page box, keyed by the sheets, their names, base URLs
// and media attributes and the page-size override. The user-agent
// stylesheet is parsed and converted once per process.
//
// # Parallel cascade
//
// A stylesheet of 16 KiB or more is parsed on up to Options.Workers
// goroutines (default GOMAXPROCS), each a run of whole top-level
// statements, and the style rules of a sheet of 256 rules or more are
// converted likewise. A document of 1,000 elements or more is cascaded on
// as many: going down from the root along the largest child to the first
// element with enough children (typically body), its children are cut
// into contiguous groups of about equal size, four per goroutine, which
// the goroutines take in turn, each with its own matching scratch and
// sharing the matched-properties cache under a lock. Rules, styles and
// diagnostics (in document order) are the same as on one goroutine.
//
// # Streaming a long document's body
//
// ComputeStream computes the styles of a document whose body is still
// being parsed: the elements before the body's children, the body and
// their pseudo-elements, keeping the rule set, the walker's caches and
// the ancestor filter (html and body); ComputeChild then computes each
// body child and its subtree as it arrives, as Compute would (the same
// walk, on one goroutine), Release lets go of them, Done of the rule
// indexes. Streamable says which sheets allow it: none whose selectors
// look at later siblings or descendants of a possible body child (:has(),
// :nth-last-child() and relatives outside table rows and cells), nor
// whose declarations need the whole document before layout (running and
// fixed elements, footnotes, target-counter(), leader(), named pages,
// clip-path url(), background images on html or body, counter(pages) in
// string-set); a style sheet or such a style attribute inside a child
// makes ComputeChild fail with ErrWholeDocument. A child is computed once
// the next element is in the tree when a selector looks at it
// (:last-child, :only-child).
//
// # Limits
//
// A value that grows beyond MaxVarExpansion bytes through var() is invalid
// at computed-value time, as are custom properties in a reference cycle.
// See package css for the limits of parsing (stylesheet size, nesting,
// selector length).
package style
