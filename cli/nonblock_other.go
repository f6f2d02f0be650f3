//go:build !unix

package cli

// oNonblock is zero where opening a file cannot wait for the other end.
const oNonblock = 0
