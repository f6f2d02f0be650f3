// Package style computes CSS styles: it collects the user-agent stylesheet,
// the document's stylesheets and style attributes, runs the cascade (origin,
// importance, specificity, order), inheritance, custom properties and var(),
// and produces typed computed values for every element and pseudo-element,
// and for every page and margin box. Layout reads these values and never
// parses CSS itself.
package style
