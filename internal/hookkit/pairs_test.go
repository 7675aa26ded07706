package hookkit

import "testing"

func TestMapValue(t *testing.T) {
	table := [][2]string{{"startup", "startup"}, {"clear", "new"}}
	for _, tc := range []struct {
		v        string
		toNative bool
		want     string
	}{
		{"clear", true, "new"},
		{"new", false, "clear"},
		{"new", true, "new"},      // not an agent value: unchanged
		{"clear", false, "clear"}, // not a native value: unchanged
		{"other", true, "other"},
	} {
		if got := MapValue(table, tc.v, tc.toNative); got != tc.want {
			t.Errorf("MapValue(%q, %v) = %q, want %q", tc.v, tc.toNative, got, tc.want)
		}
	}
}
