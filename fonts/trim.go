package fonts

// DropShapeCache empties the registry's cache of shaped words (as it
// empties itself when it reaches its bound): a long-running process
// sharing one registry gives the memory back once idle, and shapes the
// words it meets next afresh. Shape calls in progress keep the tables
// they hold. It is safe to call concurrently with shaping.
func (r *Registry) DropShapeCache() {
	c := &r.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	c.styles.Store(nil)
	c.words.Store(0)
}
