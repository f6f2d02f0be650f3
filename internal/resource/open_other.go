//go:build !unix

package resource

// oNonblock is zero where opening a file cannot wait for a writer.
const oNonblock = 0
