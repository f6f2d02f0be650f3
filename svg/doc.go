// Package svg reads SVG documents and draws them as vector shapes.
//
// Parse reads SVG XML with encoding/xml into a tree of *html.Node (the
// same tree the HTML parser builds for inline <svg>, so both take one
// path), without DTDs or entity expansion and within Limits. New
// resolves the tree into a Document: ids, the <style> sheets, the
// intrinsic size, and the expanded size of <use> references, which is
// bounded before anything is drawn. Document.Render turns it into a flat
// list of Shapes (paths with their transform, fill, stroke, clip and
// text) that the display list paints. Group opacity and masks come as
// marks in that list (GroupOp): the shapes between a GroupBegin and its
// GroupEnd are composited together, through the luminance mask drawn
// between a MaskBegin and its MaskEnd; text filled with a pattern is a
// TextClipBegin whose glyphs clip the pattern's tiles up to its
// TextClipEnd. Shapes inside an <a> point to its Link.
// Document.ClipPath gives the clip of a clipPath element to an HTML box
// (CSS clip-path: url(#id)).
//
// <script>, event attributes, <foreignObject> and external references
// are ignored: nothing is fetched.
package svg
