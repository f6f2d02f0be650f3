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
// line and column. Specificity is computed here (:where() counts zero).
//
// Selector matching is split per compound. Compounds made of a type
// selector, #id, .class, [attr], [attr=value i], :root and :not()/:is()/
// :where() of such compounds (the bulk of real stylesheets) are matched
// here; structural pseudo-classes (:nth-child() and relatives) are
// answered from an element's sibling position, which a SiblingIndex caches
// per parent so that striping a long table stays linear (and follows
// children appended to a parent, for a document matched as it is
// parsed); everything else
// goes through github.com/andybalholm/cascadia, with :is(), :where() and
// :matches() rewritten onto cascadia's :not(). A stylesheet's selectors
// share compiled compounds written alike, and with ParseOptions.ShareValues
// its declarations share values written alike. With ParseOptions.Workers a
// large stylesheet is cut after qualified rules into runs of statements
// parsed on several goroutines; the rules and diagnostics are those of a
// parse on one.
//
// ::first-line and ::first-letter are parsed (their rules are valid);
// the style package applies both.
package css
