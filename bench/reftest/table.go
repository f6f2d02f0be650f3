package main

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// table prints, per folder named on the command line and per folder of
// tests under it, the reftests and each engine's passes, with folio's
// share of Chromium's count when both ran.
func table(tests []reftest, all map[string]map[string]result, engines []string, dirs []string) string {
	type row struct {
		tests  int
		passes map[string]int
	}
	rows := map[string]*row{}
	add := func(key string, t reftest) {
		r := rows[key]
		if r == nil {
			r = &row{passes: map[string]int{}}
			rows[key] = r
		}
		r.tests++
		for _, e := range engines {
			if all[e][t.Path].Pass {
				r.passes[e]++
			}
		}
	}
	for _, t := range tests {
		for _, d := range dirs {
			d = strings.Trim(d, "/")
			if strings.HasPrefix(t.Path, d+"/") {
				add(d+" (all)", t)
				if sub := path.Dir(t.Path); sub != d {
					add(sub, t)
				}
			}
		}
	}
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var sb strings.Builder
	sb.WriteString("| folder | reftests |")
	for _, e := range engines {
		fmt.Fprintf(&sb, " %s |", e)
	}
	share := len(all["folio"]) > 0 && len(all["chromium"]) > 0
	if share {
		sb.WriteString(" folio / chromium |")
	}
	sb.WriteString("\n|---|---:|" + strings.Repeat("---:|", len(engines)))
	if share {
		sb.WriteString("---:|")
	}
	sb.WriteString("\n")
	for _, k := range keys {
		r := rows[k]
		fmt.Fprintf(&sb, "| %s | %d |", k, r.tests)
		for _, e := range engines {
			fmt.Fprintf(&sb, " %d |", r.passes[e])
		}
		if share {
			if c := r.passes["chromium"]; c > 0 {
				fmt.Fprintf(&sb, " %.0f %% |", 100*float64(r.passes["folio"])/float64(c))
			} else {
				sb.WriteString(" – |")
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}
