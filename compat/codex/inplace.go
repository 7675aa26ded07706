package codex

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/inplace"
	"github.com/hookcompat/hookcompat/internal/tomlpos"
	"github.com/hookcompat/hookcompat/translate"
)

// positionNote is what removing a converted group before the file's own
// groups means to Codex, which names a reviewed hook by its position.
const positionNote = "removing a converted group moves your own groups after it: Codex names a reviewed hook by its position (<file>:<event>:<group>:<handler>), so it asks to review them again in /hooks"

// writeInPlace writes the hooks of fresh (a whole hooks.json as Write
// renders it) into opts.Existing: a hooks.json, or — when opts.Path ends
// in .toml — a config.toml, whose [[hooks.<Event>]] tables change and
// nothing else ([inplace.MergeJSON], [inplace.MergeTOML]). An empty file
// gets the whole file in its form.
func writeInPlace(fresh []byte, opts *format.TargetOptions) ([]byte, []translate.Warning, error) {
	name := opts.OutputName()
	owner := inplace.Owner{Host: "codex", Protocols: opts.Protocols}
	owns := func(_ string, entry []byte) bool {
		hs := gjson.GetBytes(entry, "hooks").Array()
		if len(hs) == 0 {
			return false
		}
		for _, h := range hs {
			if !owner.OwnsCommand(h.Get("command").String()) {
				return false
			}
		}
		return true
	}
	toml := isTOML(name)
	if toml {
		freshTOML := hooksTOML(fresh)
		if len(bytes.TrimSpace(opts.Existing)) == 0 {
			return []byte(freshTOML), nil, nil
		}
		res, err := inplace.MergeTOML(inplace.TOMLSpec{
			Name: name, Agent: "Codex", Existing: opts.Existing, Fresh: []byte(freshTOML), Prefix: "hooks",
			Owns:            func(ev string, entry []byte, _ []string) bool { return owns(ev, entry) },
			PositionMatters: positionNote, Prune: opts.Prune,
		})
		if err != nil {
			return nil, nil, err
		}
		return res.Data, notes(name, res.Notes), nil
	}
	if len(bytes.TrimSpace(opts.Existing)) == 0 {
		return fresh, nil, nil
	}
	res, err := inplace.MergeJSON(inplace.JSONSpec{
		Name: name, Agent: "Codex", Existing: opts.Existing, Fresh: fresh, Container: "hooks",
		IsEvent: func(k string) bool {
			_, ok := events.Get().byCodex[k]
			return ok
		},
		Owns:            owns,
		DuplicateError:  "Codex refuses the file (serde: duplicate field) and loads none of its hooks",
		PositionMatters: positionNote, Prune: opts.Prune,
	})
	if err != nil {
		return nil, nil, err
	}
	return res.Data, notes(name, res.Notes), nil
}

func notes(name string, ns []inplace.Note) []translate.Warning {
	var out []translate.Warning
	for _, n := range ns {
		out = append(out, translate.Warning{File: name, Line: n.Line, Col: n.Col, Code: n.Code, Message: n.Message})
	}
	return out
}

// hooksTOML renders the groups of a hooks.json as config.toml tables:
// [[hooks.<Event>]] with the group's matcher, then [[hooks.<Event>.hooks]]
// per handler, fields in the hooks.json's order.
func hooksTOML(hooksJSON []byte) string {
	var b strings.Builder
	first := true
	gjson.GetBytes(hooksJSON, "hooks").ForEach(func(ev, groups gjson.Result) bool {
		for _, g := range groups.Array() {
			if !first {
				b.WriteString("\n")
			}
			first = false
			fmt.Fprintf(&b, "[[hooks.%s]]\n", tomlBareKey(ev.String()))
			g.ForEach(func(k, v gjson.Result) bool {
				if k.String() != "hooks" {
					b.WriteString(tomlBareKey(k.String()) + " = " + tomlInline(v) + "\n")
				}
				return true
			})
			for _, h := range g.Get("hooks").Array() {
				fmt.Fprintf(&b, "\n[[hooks.%s.hooks]]\n", tomlBareKey(ev.String()))
				h.ForEach(func(k, v gjson.Result) bool {
					b.WriteString(tomlBareKey(k.String()) + " = " + tomlInline(v) + "\n")
					return true
				})
			}
		}
		return true
	})
	return b.String()
}

func tomlBareKey(k string) string {
	for _, c := range k {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return tomlpos.Quote(k)
		}
	}
	if k == "" {
		return `""`
	}
	return k
}

func tomlInline(v gjson.Result) string {
	switch v.Type {
	case gjson.String:
		return tomlpos.Quote(v.String())
	case gjson.True:
		return "true"
	case gjson.False:
		return "false"
	case gjson.Number:
		return v.Raw
	}
	if v.IsArray() {
		var parts []string
		for _, x := range v.Array() {
			parts = append(parts, tomlInline(x))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	if v.IsObject() {
		var parts []string
		v.ForEach(func(k, x gjson.Result) bool {
			parts = append(parts, tomlBareKey(k.String())+" = "+tomlInline(x))
			return true
		})
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return `""`
}

// InPlace reports that the codex target writes into an existing
// hooks.json or config.toml ([writeInPlace]).
func (target) InPlace() bool { return true }

// Carries reports the fields Codex's handlers have: statusMessage.
func (target) Carries(field string) bool { return field == format.FieldStatusMessage }
