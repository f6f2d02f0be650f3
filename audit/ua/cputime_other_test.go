//go:build !unix

package ua

func cpuTime() int64 { return 0 }
