// Package golden is hookcompat's conformance corpus: one case per txtar
// file under golden/<area>/, each named after the rule or recording it
// reproduces (HK-20, claude §6.3, oracle case name, Bxx). The cases are
// pure data; golden_test.go runs them and `go test ./golden -update`
// rewrites only their want/ sections. See README.md for the format.
package golden
