package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// pageRule is added to the copies of tests meant for a screen: they
// assume an 800×600 px viewport, so they get one page of that size. The
// tests' own @page rules come later and win.
const pageRule = `<style>@page { size: 800px 600px; margin: 0 }</style>`

// rootRelative matches the suite's root-relative URLs (served by WPT's
// server, absent from a file tree) after a quote or parenthesis.
var rootRelative = regexp.MustCompile(`(["'(=]\s*)/(fonts|css|images|resources|support|common)/`)

var (
	headTag = regexp.MustCompile(`(?i)<head(\s[^>]*)?>`)
	htmlTag = regexp.MustCompile(`(?i)<html(\s[^>]*)?>`)
	doctype = regexp.MustCompile(`(?i)<!doctype[^>]*>`)
)

// isPage reports whether name is an HTML page of the suite.
func isPage(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm", ".xht", ".xhtml":
		return true
	}
	return false
}

// isPrint reports whether the page at name is meant for paged output.
func isPrint(name string) bool {
	return strings.Contains(filepath.Base(name), "-print")
}

// mirror copies the suite at src into dst, mapping root-relative URLs to
// relative ones in pages, style sheets and SVG, and adding pageRule to
// every page not meant for print.
func mirror(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		ext := strings.ToLower(filepath.Ext(p))
		if isPage(p) || ext == ".css" || ext == ".svg" || ext == ".xml" {
			up := strings.Repeat("../", strings.Count(filepath.ToSlash(rel), "/"))
			if up == "" {
				up = "./"
			}
			data = rootRelative.ReplaceAll(data, []byte("${1}"+up+"${2}/"))
		}
		if isPage(p) && !isPrint(p) {
			data = addPageRule(data)
		}
		if err := os.WriteFile(out, data, 0o644); err != nil {
			return fmt.Errorf("mirror: %w", err)
		}
		return nil
	})
}

// addPageRule inserts pageRule after the <head> start tag, else after
// <html>, else after the doctype, else at the start.
func addPageRule(page []byte) []byte {
	for _, re := range []*regexp.Regexp{headTag, htmlTag, doctype} {
		if loc := re.FindIndex(page); loc != nil {
			out := make([]byte, 0, len(page)+len(pageRule))
			out = append(out, page[:loc[1]]...)
			out = append(out, pageRule...)
			return append(out, page[loc[1]:]...)
		}
	}
	return append([]byte(pageRule), page...)
}
