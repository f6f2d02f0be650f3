package cli

import (
	"strings"
	"testing"
)

// TestServeMemoryBudgetSettings reads the admission settings from the
// environment and refuses bad values naming the variable.
func TestServeMemoryBudgetSettings(t *testing.T) {
	cases := []struct {
		env                   map[string]string
		budget, base, perByte int64
		err                   string
	}{
		{env: map[string]string{}},
		{env: map[string]string{"FOLIO_MEMORY_BUDGET": "96MiB", "FOLIO_RENDER_BASE_BYTES": "1MiB", "FOLIO_RENDER_BYTES_PER_BYTE": "60"},
			budget: 96 << 20, base: 1 << 20, perByte: 60},
		{env: map[string]string{"FOLIO_MEMORY_BUDGET": "lots"}, err: "FOLIO_MEMORY_BUDGET"},
		{env: map[string]string{"FOLIO_RENDER_BASE_BYTES": "-3"}, err: "FOLIO_RENDER_BASE_BYTES"},
		{env: map[string]string{"FOLIO_RENDER_BYTES_PER_BYTE": "-1"}, err: "FOLIO_RENDER_BYTES_PER_BYTE"},
	}
	for _, tc := range cases {
		e := &env{getenv: func(k string) string { return tc.env[k] }}
		s, err := e.serveDefaults()
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: err %v, want one naming %s", tc.env, err, tc.err)
			}
			continue
		}
		if err != nil || s.memoryBudget != tc.budget || s.renderBase != tc.base || s.renderPerByte != tc.perByte {
			t.Errorf("%v: budget %d base %d per byte %d (%v)", tc.env, s.memoryBudget, s.renderBase, s.renderPerByte, err)
		}
	}
}
