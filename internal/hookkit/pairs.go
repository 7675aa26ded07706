package hookkit

// MapValue translates v through table, pairs of {agent value, native
// value}: to the native value when toNative, else back to the agent's.
// A value the table does not name is returned unchanged (an agent's
// value hookcompat has no native name for passes through as written).
func MapValue(table [][2]string, v string, toNative bool) string {
	for _, p := range table {
		from, to := p[0], p[1]
		if !toNative {
			from, to = to, from
		}
		if v == from {
			return to
		}
	}
	return v
}
