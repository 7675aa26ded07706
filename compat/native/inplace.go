package native

import (
	"bytes"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/inplace"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// InPlace reports that the native target writes into an existing native
// TOML file ([writeInPlace]).
func (nativeTarget) InPlace() bool { return true }

// InPlace reports that the hookcompat target writes into an existing
// native TOML file ([writeInPlace]).
func (hookcompatTarget) InPlace() bool { return true }

// provenance is the start of the comment convert writes above each hook
// of a native file.
const provenance = "from "

// writeInPlace writes the hooks of fresh (a whole native TOML file as
// Write renders it) into opts.Existing, a native TOML file: the
// [[hooks.<event>]] tables convert wrote before for one of the converted
// inputs' formats — native hooks calling the exec shim (target native),
// hooks whose protocol is one of those formats below a "# from …"
// comment (target hookcompat) — are replaced, with their "# from …"
// comment; every other table, key and comment of the file stays, its
// header included ([inplace.MergeTOML]). An empty file gets fresh whole.
func writeInPlace(target string, fresh []byte, opts *format.TargetOptions) ([]byte, []translate.Warning, error) {
	if len(bytes.TrimSpace(opts.Existing)) == 0 {
		return fresh, nil, nil
	}
	name := opts.OutputName()
	owner := inplace.Owner{Host: "", Protocols: opts.Protocols}
	owns := func(_ string, entry []byte, comments []string) bool {
		if target == TargetNative {
			var argv []string
			for _, a := range gjson.GetBytes(entry, "args").Array() {
				argv = append(argv, a.String())
			}
			return owner.OwnsArgv(argv)
		}
		from := false
		for _, c := range comments {
			from = from || strings.HasPrefix(c, provenance)
		}
		p := gjson.GetBytes(entry, "protocol").String()
		if !from || p == "" || p == settings.ProtocolNative {
			return false
		}
		for _, q := range opts.Protocols {
			if q == p {
				return true
			}
		}
		return false
	}
	res, err := inplace.MergeTOML(inplace.TOMLSpec{
		Name: name, Agent: "a native engine", Existing: opts.Existing, Fresh: fresh, Prefix: "hooks",
		Owns:         owns,
		OwnedComment: func(line string) bool { return strings.HasPrefix(line, provenance) },
		Prune:        opts.Prune,
	})
	if err != nil {
		return nil, nil, err
	}
	var warns []translate.Warning
	for _, n := range res.Notes {
		warns = append(warns, translate.Warning{File: name, Line: n.Line, Col: n.Col, Code: n.Code, Message: n.Message})
	}
	return res.Data, warns, nil
}
