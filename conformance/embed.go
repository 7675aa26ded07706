package conformance

import (
	"embed"
	"io/fs"
)

//go:generate go run ./gen/gencases -recordings ../testdata/recordings -out cases -corpus ../../shared/corpus/MANIFEST.tsv

//go:embed cases
var embedded embed.FS

// Embedded is the suite this package ships (the cases/ folder beside it),
// as a file system rooted at that folder: pass it to [Load] with root
// ".".
func Embedded() fs.FS {
	f, err := fs.Sub(embedded, "cases")
	if err != nil {
		panic(err)
	}
	return f
}
