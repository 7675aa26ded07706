package gen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookcompat/hookcompat/conformance"
)

// Licenses knows public files (a corpus of real hook configs and scripts
// with their origin and license) so that a recording that holds a copy
// of one is attributed — or left out when its license does not allow
// redistribution.
type Licenses struct {
	byContent map[string]licensed
}

type licensed struct {
	repo, path, commit, license string
}

// Redistributable are the licenses (as a corpus manifest spells them)
// under which a copied file may go into the suite, with attribution.
var Redistributable = map[string]bool{
	"MIT": true, "Apache-2.0": true, "BSD-2-Clause": true, "BSD-3-Clause": true, "ISC": true,
	"0BSD": true, "Unlicense": true, "CC0-1.0": true, "MPL-2.0": true, "Zlib": true,
}

// ReadLicenses reads a corpus manifest (tab-separated, a header line with
// the columns file, source_repo, source_path, commit and license; file
// relative to the manifest's folder) and the files it lists.
func ReadLicenses(manifest string) (*Licenses, error) {
	f, err := os.Open(manifest)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	l := &Licenses{byContent: map[string]licensed{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	col := map[string]int{}
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Split(sc.Text(), "\t")
		if line == 1 {
			for i, h := range fields {
				col[h] = i
			}
			for _, need := range []string{"file", "source_repo", "source_path", "license"} {
				if _, ok := col[need]; !ok {
					return nil, fmt.Errorf("%s: no %s column", manifest, need)
				}
			}
			continue
		}
		get := func(k string) string {
			if i, ok := col[k]; ok && i < len(fields) {
				return fields[i]
			}
			return ""
		}
		data, err := os.ReadFile(filepath.Join(filepath.Dir(manifest), get("file")))
		if err != nil {
			continue // listed but absent: nothing to recognise
		}
		e := licensed{repo: get("source_repo"), path: get("source_path"), commit: get("commit"), license: get("license")}
		for _, k := range contentKeys(data) {
			l.byContent[k] = e
		}
	}
	return l, sc.Err()
}

// contentKeys are the keys a file is recognised by: its bytes and, for
// JSON, its value whatever the layout.
func contentKeys(data []byte) []string {
	keys := []string{"b:" + hash(data)}
	var v any
	if json.Unmarshal(data, &v) == nil {
		b, _ := json.Marshal(v)
		keys = append(keys, "j:"+hash(b))
	}
	return keys
}

// attribute adds the attributions of s's files that are copies of
// public files, or returns why s cannot be in the suite.
func (l *Licenses) attribute(s *conformance.Session) string {
	if l == nil {
		return ""
	}
	paths := make([]string, 0, len(s.Files))
	for p := range s.Files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		for _, k := range contentKeys([]byte(s.Files[p])) {
			e, ok := l.byContent[k]
			if !ok {
				continue
			}
			if !Redistributable[e.license] {
				return fmt.Sprintf("%s is a copy of %s/%s, whose license (%s) does not allow redistribution", p, e.repo, e.path, e.license)
			}
			s.Attribution = append(s.Attribution, conformance.Attribution{File: p, Repo: e.repo, Path: e.path, Commit: e.commit, License: e.license})
			break
		}
	}
	return ""
}
