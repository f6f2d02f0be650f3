// Package htmlstream parses an HTML document with golang.org/x/net/html a
// piece at a time, so that a long document's body can be processed one
// top-level child at a time while the rest is still unparsed.
//
// The parser runs in a goroutine that reads the input through a reader
// which hands control back to the caller before every read: the tokenizer
// of x/net/html reads only when it needs more bytes, that is once the
// parser has processed every earlier token. The parser goroutine and the
// caller never run at the same time, so the caller may read the tree
// between calls without locks. The tree is the one html.Parse makes of the
// whole input: this package only decides when a part of it is complete.
//
// A child of the body is complete once a later sibling of it exists in the
// body (the parser only ever appends to the body after closing its last
// child), except for the child just before an open table that is the
// body's last child: foster parenting inserts nodes (and merges text)
// there. The parser state that this needs and that x/net/html does not
// export is reached by reflection (internals.go).
package htmlstream
