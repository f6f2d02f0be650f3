package main

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// reftest is one test page and the references it must match or not.
type reftest struct {
	// Path is the test's path in the suite, with slashes.
	Path     string
	Match    []string // references, suite paths
	Mismatch []string
	Fuzzy    fuzzy
}

// fuzzy is a test's tolerance: at most MaxDiff in any colour channel, in
// at most Pixels pixels.
type fuzzy struct {
	MaxDiff, Pixels int
}

var (
	linkTag  = regexp.MustCompile(`(?is)<link\b[^>]*>`)
	metaTag  = regexp.MustCompile(`(?is)<meta\b[^>]*>`)
	attrRe   = regexp.MustCompile(`(?is)\b(rel|href|name|content)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)`)
	rangeEnd = regexp.MustCompile(`(\d+)\s*$`)
)

func attrs(tag string) map[string]string {
	m := map[string]string{}
	for _, a := range attrRe.FindAllStringSubmatch(tag, -1) {
		m[strings.ToLower(a[1])] = strings.Trim(a[2], `"'`)
	}
	return m
}

// findReftests lists the reftests under dirs (suite paths) of the suite
// at root, sorted by path.
func findReftests(root string, dirs []string) ([]reftest, error) {
	var out []reftest
	seen := map[string]bool{}
	for _, dir := range dirs {
		err := filepath.WalkDir(filepath.Join(root, filepath.FromSlash(dir)), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !isPage(p) {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			rel = filepath.ToSlash(rel)
			if seen[rel] {
				return nil
			}
			seen[rel] = true
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if t, ok := parseReftest(rel, string(data)); ok {
				out = append(out, t)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// parseReftest reads the match and mismatch links and the fuzzy meta of
// the page at suite path rel.
func parseReftest(rel, page string) (reftest, bool) {
	t := reftest{Path: rel}
	for _, tag := range linkTag.FindAllString(page, -1) {
		a := attrs(tag)
		href := a["href"]
		if href == "" {
			continue
		}
		ref := path.Clean(path.Join(path.Dir(rel), href))
		if strings.HasPrefix(href, "/") {
			ref = strings.TrimPrefix(path.Clean(href), "/")
		}
		switch strings.ToLower(a["rel"]) {
		case "match":
			t.Match = append(t.Match, ref)
		case "mismatch":
			t.Mismatch = append(t.Mismatch, ref)
		}
	}
	for _, tag := range metaTag.FindAllString(page, -1) {
		a := attrs(tag)
		if strings.ToLower(a["name"]) == "fuzzy" {
			t.Fuzzy = parseFuzzy(a["content"])
		}
	}
	return t, len(t.Match)+len(t.Mismatch) > 0
}

// parseFuzzy reads "maxDifference=0-3;totalPixels=0-200", "0-3;0-200" or
// either with a reference URL and a colon before it, keeping the upper
// ends of the ranges.
func parseFuzzy(s string) fuzzy {
	if i := strings.LastIndex(s, ":"); i >= 0 {
		s = s[i+1:]
	}
	var f fuzzy
	for i, part := range strings.Split(s, ";") {
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			val = name
			name = []string{"maxdifference", "totalpixels"}[min(i, 1)]
		}
		m := rangeEnd.FindStringSubmatch(val)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "maxdifference":
			f.MaxDiff = n
		case "totalpixels":
			f.Pixels = n
		}
	}
	return f
}
