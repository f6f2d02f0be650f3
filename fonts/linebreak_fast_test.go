package fonts

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// lbAlphabet holds one or more characters of every class the fast path
// handles, plus characters it must hand to the segmenter.
var lbAlphabet = []rune{
	'a', 'Z', 'é', 'ß', 'Ł', 'ж', '0', '7', ' ', '\t', '\n', '\r', '\v', '\f',
	'-', '|', '\u00AD', '–', '—', '…', '!', '?', '"', '\'', '«', '»', '‘', '’', '“', '”',
	',', '.', ':', ';', '/', '$', '+', '\\', '%', '(', '[', '{', ')', ']', '}',
	'\u00A0', '#', '&', '*', '<', '=', '>', '@', '^', '_', '`', '~', '€', '°', 'Ω',
}

// checkFast compares the fast path with the segmenter on text. It reports
// whether the fast path handled text.
func checkFast(t *testing.T, text string) bool {
	t.Helper()
	got, ok := appendFastLineBreaks(nil, text)
	if !ok {
		return false
	}
	want := segmentLineBreaks(text)
	if len(got) == 0 && len(want) == 0 {
		return true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%q: fast path %v, segmenter %v", text, got, want)
	}
	return true
}

// TestFastLineBreaksMatchExhaustive compares every string of up to three
// characters of lbAlphabet, and every string of four characters of a
// smaller set covering one character per class, with the segmenter.
func TestFastLineBreaksMatchExhaustive(t *testing.T) {
	n := len(lbAlphabet)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			checkFast(t, string([]rune{lbAlphabet[i], lbAlphabet[j]}))
			for k := 0; k < n; k++ {
				checkFast(t, string([]rune{lbAlphabet[i], lbAlphabet[j], lbAlphabet[k]}))
			}
		}
	}
	classes := []rune{'a', '1', ' ', '\n', '\r', '\v', '-', '|', '—', '…', '!', '"', '“', '”', ',', '/', '$', '%', '(', ')', '}', '\u00A0'}
	if testing.Short() {
		classes = classes[:12]
	}
	m := len(classes)
	buf := make([]rune, 4)
	for x := 0; x < m*m*m*m; x++ {
		v := x
		for p := range buf {
			buf[p] = classes[v%m]
			v /= m
		}
		checkFast(t, string(buf))
	}
}

// TestFastLineBreaksLetterRanges checks every letter and symbol the fast
// path classes outside ASCII next to every character of lbAlphabet.
func TestFastLineBreaksLetterRanges(t *testing.T) {
	var letters []rune
	for r := rune(0xC0); r <= 0x24F; r++ {
		letters = append(letters, r)
	}
	for r := rune(0x400); r <= 0x45F; r++ {
		letters = append(letters, r)
	}
	for r := rune(0x388); r <= 0x3CE; r++ {
		if r != 0x38B && r != 0x38D && r != 0x3A2 {
			letters = append(letters, r)
		}
	}
	letters = append(letters, 'Ά', '¦', '§', '©', '®', 'µ', '¶', '·', '•', '£', '±', '€', '¢', '°', '‰')
	for _, r := range letters {
		for _, c := range lbAlphabet {
			for _, s := range []string{string([]rune{r, c}), string([]rune{c, r}), string([]rune{c, ' ', r}), string([]rune{'-', r, c})} {
				if !checkFast(t, s) {
					t.Errorf("%q: fast path not taken", s)
				}
			}
		}
	}
}

// TestFastLineBreaksMatchRandom compares long random strings, where the
// rules with unbounded context (OP SP*, numeric sequences, quotes before
// spaces) come into play.
func TestFastLineBreaksMatchRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	handled := 0
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		size := 1 + rng.IntN(24)
		for i := 0; i < size; i++ {
			if rng.IntN(4) == 0 {
				b.WriteByte(' ')
				continue
			}
			b.WriteRune(lbAlphabet[rng.IntN(len(lbAlphabet))])
		}
		if checkFast(t, b.String()) {
			handled++
		}
	}
	if handled < 20000 {
		t.Errorf("fast path handled %d of 20000 strings over its own alphabet", handled)
	}
}

// TestFastLineBreaksMatchCorpus compares the text of the sample documents
// and typical prose; the Latin ones must take the fast path.
func TestFastLineBreaksMatchCorpus(t *testing.T) {
	texts := []string{
		"The quick brown fox jumps over the lazy dog.",
		"Price: $1,234.56 (incl. 20% VAT) — see p. 7/8; call +1-555-0100!",
		"“Quoted,” she said, ‘single’ and «guillemets» … well-known co\u00ADop.",
		"Größe: 10\u00A0kg – naïve café, Łódź, Привет мир.",
		"a (b) [c] {d} e! f? g: h; i/j k\\l 3.14 -5 +6 .5 1e-3 x-y (1) 2(3)",
	}
	files, err := filepath.Glob("../conformance/testdata/corpus/*.html")
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus documents missing (expected in conformance/testdata/corpus): %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, strings.Split(string(data), "\n")...)
	}
	for _, text := range texts[:5] {
		if !checkFast(t, text) {
			t.Errorf("%q: fast path not taken", text)
		}
	}
	for _, text := range texts[5:] {
		checkFast(t, text)
	}
}

// TestLineBreaksFallsBack checks that text outside the fast path's classes
// still goes through the segmenter.
func TestLineBreaksFallsBack(t *testing.T) {
	for _, text := range []string{"中文字", "a\u200Bb", "e\u0301x", "a\x01b", "\xff", "שלום עולם", "a\u2028b"} {
		if _, ok := appendFastLineBreaks(nil, text); ok {
			t.Errorf("%q: fast path taken", text)
		}
		if got, want := LineBreaks(text), segmentLineBreaks(text); !reflect.DeepEqual(got, want) {
			t.Errorf("LineBreaks(%q) = %v, segmenter %v", text, got, want)
		}
	}
}

// FuzzFastLineBreaks compares the fast path with the segmenter on
// arbitrary strings.
func FuzzFastLineBreaks(f *testing.F) {
	for _, s := range []string{"", "a b", "(1) 2", "“a” b", "— —", "x\r\ny", " .5", "$(1)", "-a", "a\u00A0-b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkFast(t, text)
		// Random bytes rarely form text the fast path takes: also read
		// them as indexes into its alphabet.
		runes := make([]rune, len(text))
		for i := 0; i < len(text); i++ {
			runes[i] = lbAlphabet[int(text[i])%len(lbAlphabet)]
		}
		if !checkFast(t, string(runes)) {
			t.Errorf("%q: fast path not taken", string(runes))
		}
	})
}

// BenchmarkLineBreaks compares the fast path with the segmenter on a
// paragraph of English prose.
func BenchmarkLineBreaks(b *testing.B) {
	text := strings.Repeat("The quick brown fox (aged 3.5) jumps over the lazy dog, twice — “really”. ", 8)
	b.Run("fast", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			LineBreaks(text)
		}
	})
	b.Run("segmenter", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			segmentLineBreaks(text)
		}
	})
}

// TestFastLineBreaksLetterRuns checks the skip over runs of ASCII letters:
// runs of every length up to 6, between every pair of characters of
// lbAlphabet and before a number, against the segmenter.
func TestFastLineBreaksLetterRuns(t *testing.T) {
	for n := 1; n <= 6; n++ {
		word := "Wordyx"[:n]
		for _, a := range lbAlphabet {
			for _, b := range lbAlphabet {
				checkFast(t, string(a)+word+string(b))
				checkFast(t, "1"+string(a)+word+string(b)+"2")
				checkFast(t, word+string(a)+word+string(b)+word)
			}
		}
	}
}
