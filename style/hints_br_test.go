package style

import "testing"

// TestBrClearHint checks HTML's br[clear] presentational hint (HTML
// §15.3.2): left and right clear that side, all and both clear both,
// anything else nothing; on other elements the attribute means nothing.
func TestBrClearHint(t *testing.T) {
	tests := []struct {
		body string
		want Clear
	}{
		{`<br id=t clear=left>`, ClearLeft},
		{`<br id=t clear=RIGHT>`, ClearRight},
		{`<br id=t clear=all>`, ClearBoth},
		{`<br id=t clear=both>`, ClearBoth},
		{`<br id=t clear=none>`, ClearNone},
		{`<br id=t clear=bogus>`, ClearNone},
		{`<div id=t clear=all>x</div>`, ClearNone},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			if got := styleOf(t, "", tt.body).Clear; got != tt.want {
				t.Errorf("clear = %v, want %v", got, tt.want)
			}
		})
	}
}
