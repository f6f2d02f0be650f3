// Package css parses CSS stylesheets into a rule model the cascade works
// on: style rules with compiled selectors and specificity, declarations
// with component-value tokens and !important, @media with print-media
// evaluation, @page with page selectors and the sixteen margin-box rules,
// @font-face, @import, @layer, @supports and CSS nesting (flattened into
// plain rules at parse time).
//
// Tokenisation uses github.com/tdewolff/parse/v2/css; the rule grammar,
// error recovery and nesting follow css-syntax-3 and css-nesting-1 and are
// implemented here so that every dropped construct is reported with its
// line and column. Selectors are matched through
// github.com/andybalholm/cascadia; :is(), :where() and :matches() are
// rewritten onto cascadia's :not(), and specificity is computed here
// (:where() counts zero).
//
// ::first-line and ::first-letter are parsed (their rules are valid) but
// the rules are kept apart and never applied.
package css
