package pdfua

import (
	"strconv"
	"unicode/utf8"
)

func itoa(i int) string { return strconv.Itoa(i) }

func decodeRune(s string) (rune, int) { return utf8.DecodeRuneInString(s) }
