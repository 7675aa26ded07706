package qwen

import (
	"encoding/json"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
)

func jsonStr(s string) json.RawMessage { return jsonwire.RawString(s) }

// mergeOutputs combines the outputs of one event's hooks, in plan order,
// by the row's strategy (hookAggregator.mergeOutputs); nil when there is
// none or the event ignores them. One output is used as it is.
func mergeOutputs(r *geminicore.Row, outs []*geminicore.Output) *geminicore.Output {
	if len(outs) == 0 || r.Merge == geminicore.MergeNone {
		return nil
	}
	if len(outs) == 1 {
		return outs[0]
	}
	var f runner.Fields
	switch r.Merge {
	case geminicore.MergeOr:
		f = mergeOr(outs)
	case geminicore.MergePermission:
		f = mergePermission(outs)
	default:
		var ctxs []string
		for _, o := range outs {
			if c, ok := geminicore.SpecificString(o, "additionalContext"); ok {
				ctxs = append(ctxs, c)
			}
			for _, kv := range geminicore.ObjectFields(o.JSON) {
				if kv.Key != "terminalSequence" {
					f.Set(kv.Key, kv.Value)
				}
			}
		}
		if len(ctxs) > 0 {
			spec := geminicore.ObjectFields(fieldValue(f, "hookSpecificOutput"))
			spec.Set("additionalContext", jsonStr(strings.Join(ctxs, "\n")))
			b, _ := spec.MarshalJSON()
			f.Set("hookSpecificOutput", b)
		}
	}
	b, _ := f.MarshalJSON()
	return geminicore.NewOutput(b)
}

func fieldValue(f runner.Fields, k string) json.RawMessage { v, _ := f.Get(k); return v }

// mergeOr is mergeWithOrLogic.
func mergeOr(outs []*geminicore.Output) runner.Fields {
	var f runner.Fields
	var reasons, ctxs []string
	hasBlock, hasAllow, hasStop := false, false, false
	stopReason := ""
	var other runner.Fields
	for _, o := range outs {
		d, _ := o.StringField("decision")
		switch d {
		case "block", "deny":
			hasBlock = true
		case "allow":
			hasAllow = true
		}
		if s, ok := o.Text("reason"); ok {
			reasons = append(reasons, s)
		}
		if o.ContinueFalse() {
			hasStop = true
			if s, ok := o.Text("stopReason"); ok {
				stopReason = s
			}
		}
		if c, ok := geminicore.SpecificString(o, "additionalContext"); ok {
			ctxs = append(ctxs, c)
		}
		for _, kv := range o.Specific() {
			if kv.Key != "additionalContext" && kv.Key != "artifacts" {
				other.Set(kv.Key, kv.Value)
			}
		}
		if v := o.Value("suppressOutput"); v != nil {
			f.Set("suppressOutput", v)
		}
		if v := o.Value("systemMessage"); v != nil {
			f.Set("systemMessage", v)
		}
	}
	switch {
	case hasBlock:
		f.Set("decision", jsonStr("block"))
	case hasAllow:
		f.Set("decision", jsonStr("allow"))
	}
	if len(reasons) > 0 {
		f.Set("reason", jsonStr(strings.Join(reasons, "\n")))
	}
	if hasStop {
		f.Set("continue", json.RawMessage("false"))
		if stopReason != "" {
			f.Set("stopReason", jsonStr(stopReason))
		}
	}
	if len(ctxs) > 0 {
		other.Set("additionalContext", jsonStr(strings.Join(ctxs, "\n")))
	}
	if len(other) > 0 {
		b, _ := other.MarshalJSON()
		f.Set("hookSpecificOutput", b)
	}
	return f
}

// mergePermission is mergePermissionRequestOutputs.
func mergePermission(outs []*geminicore.Output) runner.Fields {
	var f runner.Fields
	var msgs []string
	deny, allow, interrupt := false, false, false
	var updated json.RawMessage
	for _, o := range outs {
		d, ok := o.Specific().Get("decision")
		if !ok || !geminicore.TruthyJSON(d) {
			continue
		}
		g := gjson.ParseBytes(d)
		switch g.Get("behavior").String() {
		case "deny":
			deny = true
		case "allow":
			allow = true
		}
		if m, ok := geminicore.JSText(g.Get("message")); ok {
			msgs = append(msgs, m)
		}
		if g.Get("interrupt").Type == gjson.True {
			interrupt = true
		}
		if u := g.Get("updatedInput"); u.Exists() && geminicore.TruthyJSON(json.RawMessage(u.Raw)) {
			updated = json.RawMessage(u.Raw)
		}
		if v := o.Value("continue"); v != nil {
			f.Set("continue", v)
		}
		if v := o.Value("reason"); v != nil {
			f.Set("reason", v)
		}
	}
	var dec runner.Fields
	switch {
	case deny:
		dec.Set("behavior", jsonStr("deny"))
	case allow:
		dec.Set("behavior", jsonStr("allow"))
	}
	if len(msgs) > 0 {
		dec.Set("message", jsonStr(strings.Join(msgs, "\n")))
	}
	if interrupt {
		dec.Set("interrupt", json.RawMessage("true"))
	}
	if updated != nil {
		dec.Set("updatedInput", updated)
	}
	db, _ := dec.MarshalJSON()
	var spec runner.Fields
	spec.Set("decision", db)
	sb, _ := spec.MarshalJSON()
	f.Set("hookSpecificOutput", sb)
	return f
}
