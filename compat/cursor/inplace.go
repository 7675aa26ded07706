package cursor

import (
	"bytes"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/inplace"
	"github.com/hookcompat/hookcompat/translate"
)

// writeInPlace writes the entries of fresh (a whole hooks.json as Write
// renders it) into opts.Existing, a Cursor hooks.json: entries that call
// the shim for Cursor and one of the converted inputs' formats are
// replaced, every other entry and byte is kept (bytes that are not UTF-8
// included), and "version": 1 is added when the file has none
// ([inplace.MergeJSON]). An empty file gets fresh whole.
func writeInPlace(fresh []byte, opts *format.TargetOptions) ([]byte, []translate.Warning, error) {
	if len(bytes.TrimSpace(opts.Existing)) == 0 {
		return fresh, nil, nil
	}
	name := opts.OutputName()
	owner := inplace.Owner{Host: TargetName, Protocols: opts.Protocols}
	res, err := inplace.MergeJSON(inplace.JSONSpec{
		Name: name, Agent: "Cursor", Existing: opts.Existing, Fresh: fresh, Container: "hooks", Prune: opts.Prune,
		IsEvent: func(k string) bool { return stepNamed(k) != nil },
		Owns: func(_ string, entry []byte) bool {
			return owner.OwnsCommand(gjson.GetBytes(entry, "command").String())
		},
		BOMNote: "the file starts with a UTF-8 byte order mark, which Cursor's JSON.parse may reject (then none of its hooks run); the mark is kept: remove it",
		Top:     [][2]string{{"version", "1"}},
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
