package templates

import "strings"

// contentEscapes are the replacements html/template's escaper makes in
// HTML element content: the characters template.HTMLEscapeString escapes
// and also "+" (for UTF-7 sniffing), with NUL replaced by U+FFFD.
var contentEscapes = [...]string{
	0:    "\uFFFD",
	'"':  "&#34;",
	'&':  "&amp;",
	'\'': "&#39;",
	'+':  "&#43;",
	'<':  "&lt;",
	'>':  "&gt;",
}

// writeContent writes s to b escaped exactly as html/template escapes a
// string printed by {{.}} in element content, for markup built in Go that
// replaces such an action (TestWriteContentMatchesHTMLTemplate).
func writeContent(b *strings.Builder, s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if int(c) >= len(contentEscapes) || contentEscapes[c] == "" {
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(contentEscapes[c])
		last = i + 1
	}
	b.WriteString(s[last:])
}
