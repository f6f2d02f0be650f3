// Package jsonscan reads the tokens of JSON text (white space, strings,
// numbers, literals and punctuation) and checks their syntax as
// encoding/json does, for the one-pass readers that skip encoding/json on
// well-formed input: the server's split of a request body into its
// members and the templates' decoding of template data. Both hand
// anything the scanner rejects to encoding/json, whose errors users see.
package jsonscan
