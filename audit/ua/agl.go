package ua

import (
	_ "embed"
	"strings"
	"sync"
)

// aglText is the Adobe Glyph List's glyph names, one a line after the
// list's notice (lines starting with #).
//
//go:embed aglnames.txt
var aglText string

// aglNames is the set of Adobe Glyph List names, built on first use.
var aglNames = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, 4400)
	for _, line := range strings.Split(aglText, "\n") {
		if line != "" && line[0] != '#' {
			m[line] = true
		}
	}
	return m
})

// inAGL reports whether name is in the Adobe Glyph List (as veraPDF
// reads 7.21.6: uniXXXX names and the like are not).
func inAGL(name string) bool { return aglNames()[name] }
