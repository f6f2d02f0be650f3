//go:build !race

package pdfua

// raceEnabled says the race detector is on: it allocates, so the tests
// bounding allocations skip those bounds.
const raceEnabled = false
