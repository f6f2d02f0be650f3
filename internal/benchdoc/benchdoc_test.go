package benchdoc

import (
	"strings"
	"testing"
)

func TestHundredPages(t *testing.T) {
	for _, c := range []struct {
		margins bool
		paras   int
	}{{false, 9}, {true, 2}} {
		doc := string(HundredPages(c.margins, c.paras))
		if n := strings.Count(doc, "<h1>"); n != 100 {
			t.Errorf("%d chapters, want 100", n)
		}
		if n := strings.Count(doc, "<p>"); n != 100*c.paras {
			t.Errorf("%d paragraphs, want %d", n, 100*c.paras)
		}
		if got := strings.Contains(doc, MarginRules); got != c.margins {
			t.Errorf("margin rules present: %v, want %v", got, c.margins)
		}
	}
}
