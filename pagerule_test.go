package folio_test

import (
	"strings"
	"testing"

	"github.com/seed28491532/folio"
)

func TestPageRule(t *testing.T) {
	tests := []struct {
		margin, width, height string
		want, err             string
	}{
		{"", "", "", "", ""},
		{"2cm", "", "", "@page { margin: 2cm }\n", ""},
		{" 1IN 2cm 0 .5in ", "100mm", "150mm", "@page { margin: 1in 2cm 0 .5in; size: 100mm 150mm }\n", ""},
		{"1 inch", "", "", "", `"1" is not a length`},
		{"1cm;}body{display:none", "", "", "", "not a length"},
		{"1cm 1cm 1cm 1cm 1cm", "", "", "", "1 to 4 lengths"},
		{"", "100mm", "", "", "go together"},
		{"", "0mm", "10mm", "", "positive lengths"},
		{"", "10mm", "0", "", "positive lengths"},
	}
	for _, tt := range tests {
		got, err := folio.PageRule(tt.margin, tt.width, tt.height)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("PageRule(%q, %q, %q) error %v, want one saying %q", tt.margin, tt.width, tt.height, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("PageRule(%q, %q, %q) = %q, %v; want %q", tt.margin, tt.width, tt.height, got, err, tt.want)
		}
	}
}
