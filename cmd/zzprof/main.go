package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/seed28491532/folio"
)

func main() {
	f, _ := os.Open(os.Args[1])
	out, _ := os.Create("/tmp/zzprof.pdf")
	done := make(chan bool)
	go func() {
		k := 0
		for {
			select {
			case <-done:
				return
			case <-time.After(3 * time.Second):
			}
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			fmt.Fprintln(os.Stderr, "heap inuse", ms.HeapInuse>>20, "alloc", ms.HeapAlloc>>20)
			h, _ := os.Create(fmt.Sprintf("/tmp/zzheap%d.prof", k))
			pprof.WriteHeapProfile(h)
			h.Close()
			k++
		}
	}()
	runtime.MemProfileRate = 64 << 10
	_, err := folio.ConvertTo(context.Background(), out, f, folio.Options{MaxPages: 20000, Deadline: 10 * time.Minute, Now: time.Unix(0, 0)})
	close(done)
	fmt.Fprintln(os.Stderr, err)
}
