package geminicore

import (
	"bytes"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/compat/internal/inplace"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// writeInPlace writes the hook groups of fresh (a whole settings file as
// Write renders it) into opts.Existing, the agent's settings file (JSON
// with comments): a group is replaced when every handler in it is named
// hc-… and calls the shim for this agent and one of the converted
// inputs' formats; every other group, comment and byte is kept, comments
// among the groups included ([inplace.MergeJSON]). The agent reads the
// last of two "hooks" members, so the hooks go there. An empty file gets
// fresh whole.
func (t Target) writeInPlace(fresh []byte, opts *format.TargetOptions) ([]byte, []translate.Warning, error) {
	if len(bytes.TrimSpace(opts.Existing)) == 0 {
		return fresh, nil, nil
	}
	a := t.Agent
	name := opts.OutputName()
	owner := inplace.Owner{Host: a.Proto, Protocols: opts.Protocols}
	res, err := inplace.MergeJSON(inplace.JSONSpec{
		Name: name, Agent: a.Title, Existing: opts.Existing, Fresh: fresh, Container: "hooks", Comments: true, Prune: opts.Prune,
		IsEvent: func(k string) bool { _, ok := a.Event(k); return ok },
		Owns: func(_ string, group []byte) bool {
			hs := gjson.GetBytes(group, "hooks").Array()
			if len(hs) == 0 {
				return false
			}
			for _, h := range hs {
				if !bytes.HasPrefix([]byte(h.Get("name").String()), []byte(NamePrefix)) || !owner.OwnsCommand(h.Get("command").String()) {
					return false
				}
			}
			return true
		},
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

// status is the statusMessage convert writes for h: its status text when
// the agent's handlers have one.
func (a *Agent) status(h *settings.Hook) string {
	if a.StatusMessage {
		return h.StatusMessage
	}
	return ""
}

// Carries reports the fields the agent's handlers have: statusMessage
// where [Agent.StatusMessage] says so (Qwen Code).
func (t Target) Carries(field string) bool {
	return field == format.FieldStatusMessage && t.Agent.StatusMessage
}
