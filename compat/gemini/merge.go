package gemini

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/internal/geminicore"
	"github.com/hookcompat/hookcompat/internal/jsonwire"
	"github.com/hookcompat/hookcompat/runner"
)

// mergeOutputs combines the outputs of one event's hooks, in plan order,
// by the row's strategy (hookAggregator.mergeOutputs); nil when no hook
// gave an output.
func mergeOutputs(r *geminicore.Row, outs []*geminicore.Output) *geminicore.Output {
	if len(outs) == 0 {
		return nil
	}
	var f runner.Fields
	switch r.Merge {
	case geminicore.MergeOr:
		f = mergeOr(outs)
	case geminicore.MergeReplace:
		for _, o := range outs {
			spec := spreadFields(specificOf(f), geminicore.ObjectFields(o.Value("hookSpecificOutput")))
			for _, kv := range geminicore.ObjectFields(o.JSON) {
				f.Set(kv.Key, kv.Value)
			}
			b, _ := spec.MarshalJSON()
			f.Set("hookSpecificOutput", b)
		}
	case geminicore.MergeToolSelection:
		f = mergeToolSelection(outs)
	default:
		for _, o := range outs {
			for _, kv := range geminicore.ObjectFields(o.JSON) {
				f.Set(kv.Key, kv.Value)
			}
		}
	}
	b, _ := f.MarshalJSON()
	return geminicore.NewOutput(b)
}

func specificOf(f runner.Fields) runner.Fields {
	v, _ := f.Get("hookSpecificOutput")
	return geminicore.ObjectFields(v)
}

func spreadFields(a, b runner.Fields) runner.Fields {
	out := a.Clone()
	for _, kv := range b {
		out.Set(kv.Key, kv.Value)
	}
	return out
}

func jsonStr(s string) json.RawMessage { return jsonwire.RawString(s) }

// mergeOr is mergeWithOrDecision (BeforeTool, AfterTool, BeforeAgent,
// AfterAgent, SessionStart).
func mergeOr(outs []*geminicore.Output) runner.Fields {
	var f runner.Fields
	f.Set("continue", json.RawMessage("true"))
	f.Set("suppressOutput", json.RawMessage("false"))
	var stops, reasons, sms, ctxs []string
	var decision string
	hasBlock, hasAsk, hasStop := false, false, false
	var spec runner.Fields
	clear := false
	for _, o := range outs {
		if o.ContinueFalse() {
			hasStop = true
			f.Set("continue", json.RawMessage("false"))
			if s, ok := o.Text("stopReason"); ok {
				stops = append(stops, s)
			}
		}
		d, _ := o.StringField("decision")
		switch {
		case d == "block" || d == "deny":
			hasBlock, decision = true, d
		case d == "ask":
			hasAsk = true
			if !hasBlock {
				decision = d
			}
		}
		if s, ok := o.Text("reason"); ok {
			reasons = append(reasons, s)
		}
		if s, ok := o.Text("systemMessage"); ok {
			sms = append(sms, s)
		}
		if o.Truthy("suppressOutput") {
			f.Set("suppressOutput", json.RawMessage("true"))
		}
		own := o.Specific()
		if v, ok := own.Get("clearContext"); ok && strings.TrimSpace(string(v)) == "true" {
			clear = true
		}
		for _, kv := range own {
			if kv.Key != "clearContext" {
				spec.Set(kv.Key, kv.Value)
			}
		}
		if v, ok := own.Get("additionalContext"); ok {
			if r := gjson.ParseBytes(v); r.Type == gjson.String {
				ctxs = append(ctxs, r.Str)
			}
		}
	}
	if clear {
		spec.Set("clearContext", json.RawMessage("true"))
	}
	switch {
	case decision != "":
		f.Set("decision", jsonStr(decision))
	case !hasBlock && !hasAsk && !hasStop:
		f.Set("decision", jsonStr("allow"))
	}
	if len(stops) > 0 {
		f.Set("stopReason", jsonStr(strings.Join(stops, "\n")))
	}
	if len(reasons) > 0 {
		f.Set("reason", jsonStr(strings.Join(reasons, "\n")))
	}
	if len(sms) > 0 {
		f.Set("systemMessage", jsonStr(strings.Join(sms, "\n")))
	}
	if len(ctxs) > 0 {
		spec.Set("additionalContext", jsonStr(strings.Join(ctxs, "\n")))
	}
	if spec != nil {
		b, _ := spec.MarshalJSON()
		f.Set("hookSpecificOutput", b)
	}
	return f
}

// mergeToolSelection is mergeToolSelectionOutputs: NONE if any hook says
// NONE (no function names), else ANY if any says ANY, else AUTO; the
// function names of all hooks, deduplicated and sorted. Any output at
// all yields a toolConfig.
func mergeToolSelection(outs []*geminicore.Output) runner.Fields {
	names := map[string]bool{}
	none, anyMode := false, false
	for _, o := range outs {
		tc, ok := o.Specific().Get("toolConfig")
		if !ok {
			continue
		}
		r := gjson.ParseBytes(tc)
		if !r.IsObject() {
			continue
		}
		switch r.Get("mode").String() {
		case "NONE":
			none = true
		case "ANY":
			anyMode = true
		}
		for _, n := range r.Get("allowedFunctionNames").Array() {
			names[n.String()] = true
		}
	}
	mode := "AUTO"
	list := []string{}
	switch {
	case none:
		mode = "NONE"
	case anyMode:
		mode = "ANY"
	}
	if !none {
		for n := range names {
			list = append(list, n)
		}
		sort.Strings(list)
	}
	tc := jsonwire.NewObject(jsonwire.JSRoundTrip)
	tc.Str("mode", mode)
	nb, _ := json.Marshal(list)
	tc.Raw("allowedFunctionNames", nb)
	tcb, _ := tc.Bytes()
	var spec runner.Fields
	spec.Set("hookEventName", jsonStr("BeforeToolSelection"))
	spec.Set("toolConfig", tcb)
	sb, _ := spec.MarshalJSON()
	var f runner.Fields
	f.Set("hookSpecificOutput", sb)
	return f
}
