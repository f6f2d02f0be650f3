package layout

import (
	"math"
)

// resolveFlexible sets the main size of the items of ln in a container
// whose inner main size is avail (CSS Flexbox 1 §9.7): items grow or
// shrink by their flex factors, and an item that would violate its min
// or max size is frozen at it and the rest resolved again. Each pass
// freezes at least one item, so it ends after len(ln.items) passes.
func resolveFlexible(ln *flexLine, avail, gap float64) {
	used := gap * float64(len(ln.items)-1)
	for _, it := range ln.items {
		it.main = clamp(it.base, it.minMain, it.maxMain)
		used += it.main + it.mMain
	}
	if math.IsInf(avail, 1) || len(ln.items) == 0 {
		return
	}
	for _, it := range ln.items {
		it.autoMain = false
	}
	grow := used < avail
	frozen := make([]bool, len(ln.items))
	for i, it := range ln.items {
		f := it.shrink
		if grow {
			f = it.grow
		}
		if f == 0 || grow && it.base > it.main || !grow && it.base < it.main {
			frozen[i] = true
		}
	}
	initial := freeSpace(ln, frozen, avail, gap)
	for pass := 0; pass <= len(ln.items); pass++ {
		free := freeSpace(ln, frozen, avail, gap)
		// sum weighs the distribution (scaled shrink factors); factors
		// is the plain sum of flex-grow or flex-shrink, which below one
		// leaves part of the free space undistributed (§9.7 step 4b)
		sum, factors := 0.0, 0.0
		for i, it := range ln.items {
			if !frozen[i] {
				sum += flexFactor(it, grow)
				if grow {
					factors += it.grow
				} else {
					factors += it.shrink
				}
			}
		}
		if sum == 0 {
			break
		}
		if factors < 1 && math.Abs(initial*factors) < math.Abs(free) {
			free = initial * factors
		}
		violation := 0.0
		for i, it := range ln.items {
			if frozen[i] {
				continue
			}
			target := it.base + free*flexFactor(it, grow)/sum
			c := clamp(target, math.Max(it.minMain, 0), it.maxMain)
			violation += c - target
			it.main = c
		}
		done := true
		for i, it := range ln.items {
			if frozen[i] {
				continue
			}
			target := it.base + free*flexFactor(it, grow)/sum
			switch {
			case violation == 0,
				violation > 0 && it.main > target,
				violation < 0 && it.main < target:
				frozen[i] = true
			default:
				done = false
			}
		}
		if done {
			break
		}
	}
}

// flexFactor is item it's flex-grow when growing, else its flex-shrink
// scaled by its base size.
func flexFactor(it *flexItem, grow bool) float64 {
	if grow {
		return it.grow
	}
	return it.shrink * it.base
}

// freeSpace is the space left in a line of avail when the frozen items
// have their main sizes and the others their base sizes.
func freeSpace(ln *flexLine, frozen []bool, avail, gap float64) float64 {
	free := avail - gap*float64(len(ln.items)-1)
	for i, it := range ln.items {
		if frozen[i] {
			free -= it.main + it.mMain
		} else {
			free -= it.base + it.mMain
		}
	}
	return free
}
