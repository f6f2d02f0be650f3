package style

// column-span and column-fill (css-multicol-1 §6, §7); the column rule
// is in apply_column.go.

func applyColumnSpan(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() || x.kw != "none" && x.kw != "all" {
		return false
	}
	s.ColumnSpanAll = x.kw == "all"
	return true
}

func applyColumnFill(_ applier, s *Style, _ propID, x value) bool {
	if !x.single() || x.kw != "auto" && x.kw != "balance" && x.kw != "balance-all" {
		return false
	}
	s.ColumnFillAuto = x.kw == "auto"
	return true
}
