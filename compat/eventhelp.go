package compat

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/tidwall/gjson"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// The fields of each native event are read from their sources, not
// listed here: runner.EventFields (what the engine's Session fills per
// event), the registered formats' payload keys (format.PayloadKeyer:
// what translation from each agent fills, and under which of the agent's
// names) and runner.Event's own field list. A new format's names are
// hints the day it is registered.

// CommonEventFields are the fields every native event carries (HK-50):
// those of runner.Event that it always encodes, in its order.
var CommonEventFields = commonEventFields()

func commonEventFields() []string {
	var out []string
	for _, f := range eventFieldOrder() {
		if !f.omitempty {
			out = append(out, f.name)
		}
	}
	return out
}

type eventField struct {
	name      string
	omitempty bool
	kind      reflect.Type
}

// eventFieldOrder is runner.Event's fields by their JSON names, in order.
func eventFieldOrder() []eventField {
	var out []eventField
	rt := reflect.TypeOf(runner.Event{})
	for i := 0; i < rt.NumField(); i++ {
		name, opts, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		out = append(out, eventField{name: name, omitempty: strings.Contains(opts, "omitempty"), kind: rt.Field(i).Type})
	}
	return out
}

// registered returns the registered formats in load order (a test adds
// one).
var registered = format.All

// fieldShape says what a field holds when its Go type does not (args, a
// raw JSON value, is always an object).
var fieldShape = map[string]string{"args": "an object", "result": "a JSON value"}

// agentKeys is one agent name of a native field on an event: the key,
// the value translations, and the formats that spell it so.
type agentKeys struct {
	key, field string
	values     [][2]string
	formats    []string
}

// payloadKeys returns the registered formats' payload keys of event e,
// grouped by key, field and values, in load order of the formats.
func payloadKeys(e settings.Event) []*agentKeys {
	var out []*agentKeys
	for _, f := range registered() {
		pk, ok := f.(format.PayloadKeyer)
		if !ok {
			continue
		}
		for _, k := range pk.PayloadKeys(e) {
			var found *agentKeys
			for _, g := range out {
				if g.key == k.Key && g.field == k.Field && fmt.Sprint(g.values) == fmt.Sprint(k.Values) {
					found = g
				}
			}
			if found == nil {
				found = &agentKeys{key: k.Key, field: k.Field, values: k.Values}
				out = append(out, found)
			}
			if n := len(found.formats); n == 0 || found.formats[n-1] != f.Name() {
				found.formats = append(found.formats, f.Name())
			}
		}
	}
	return out
}

// renames reports whether the agents' key is another name of the field,
// or translates its values.
func (g *agentKeys) renames() bool {
	if g.key != g.field {
		return true
	}
	for _, v := range g.values {
		if v[0] != v[1] {
			return true
		}
	}
	return false
}

// describe is "key (f1, f2; clear is new)".
func (g *agentKeys) describe() string {
	s := g.key + " (" + strings.Join(g.formats, ", ")
	var tr []string
	for _, v := range g.values {
		if v[0] != v[1] {
			tr = append(tr, fmt.Sprintf("%s is %s", v[0], v[1]))
		}
	}
	if len(tr) > 0 {
		s += "; " + strings.Join(tr, ", ")
	}
	return s + ")"
}

// NativeEventFields returns the fields a native event e carries beyond
// [CommonEventFields], in runner.Event's order, each "name" or "name:
// what it holds" (the native values of a field the agents' values
// translate to, "startup|resume|new"; "a boolean"): those the engine
// fills for e (runner.EventFields) and those the registered formats'
// payloads of e fill (format.PayloadKeyer). An extension event (one the
// native spec lacks) carries its foreign fields under "extra", which is
// also returned for it.
func NativeEventFields(e settings.Event) []string {
	if !e.Native() {
		return []string{"extra: the foreign payload's own fields, in their order"}
	}
	has := map[string]bool{}
	for _, f := range runner.EventFields(e) {
		has[f] = true
	}
	values := map[string][]string{}
	for _, g := range payloadKeys(e) {
		has[g.field] = true
		for _, v := range g.values {
			if !contains(values[g.field], v[1]) {
				values[g.field] = append(values[g.field], v[1])
			}
		}
	}
	var out []string
	for _, f := range eventFieldOrder() {
		if !has[f.name] || !f.omitempty || f.name == "extra" {
			continue
		}
		note := fieldShape[f.name]
		switch {
		case len(values[f.name]) > 0:
			note = strings.Join(values[f.name], "|")
		case f.kind.Kind() == reflect.Bool:
			note = "a boolean"
		}
		if note != "" {
			out = append(out, f.name+": "+note)
		} else {
			out = append(out, f.name)
		}
	}
	return out
}

// AgentFieldNames returns the registered formats' other names of the
// fields of native event e beyond [CommonEventFields] — or, for e "",
// of the common fields, over every event: lines "field ← key (format,
// …), key (format, …)", in runner.Event's order, the formats in load
// order, a key's value translations after its formats ("source (claude;
// clear is new)"). A field no agent names otherwise has no line.
func AgentFieldNames(e settings.Event) []string {
	if e != "" {
		return agentKeyLines(payloadKeys(e), func(f string) bool { return !contains(CommonEventFields, f) })
	}
	var all []*agentKeys
	for _, e := range append(settings.Events(), settings.ExtensionEvents()...) {
		for _, g := range payloadKeys(e) {
			var found *agentKeys
			for _, a := range all {
				if a.key == g.key && a.field == g.field && fmt.Sprint(a.values) == fmt.Sprint(g.values) {
					found = a
				}
			}
			if found == nil {
				found = &agentKeys{key: g.key, field: g.field, values: g.values}
				all = append(all, found)
			}
			for _, f := range g.formats {
				if !contains(found.formats, f) {
					found.formats = append(found.formats, f)
				}
			}
		}
	}
	formatRank := map[string]int{}
	for i, f := range registered() {
		formatRank[f.Name()] = i
	}
	for _, a := range all {
		sort.SliceStable(a.formats, func(i, j int) bool { return formatRank[a.formats[i]] < formatRank[a.formats[j]] })
	}
	return agentKeyLines(all, func(f string) bool { return contains(CommonEventFields, f) })
}

func agentKeyLines(groups []*agentKeys, want func(field string) bool) []string {
	var out []string
	for _, f := range eventFieldOrder() {
		if !want(f.name) {
			continue
		}
		var names []string
		for _, g := range groups {
			if g.field == f.name && g.renames() {
				names = append(names, g.describe())
			}
		}
		if len(names) > 0 {
			out = append(out, f.name+" ← "+strings.Join(names, ", "))
		}
	}
	return out
}

// foreignField is the native field an agent's payload key stands for,
// and the formats whose payloads spell it so.
type foreignField struct {
	field   string
	formats []string
}

// foreignFields returns the native fields that payload key stands for in
// the registered formats' payloads of event e, or, when none of e's does
// (or e is not known), of any event; most formats first.
func foreignFields(key string, e settings.Event) []foreignField {
	collect := func(events []settings.Event) []foreignField {
		var out []foreignField
		for _, ev := range events {
			for _, g := range payloadKeys(ev) {
				if g.key != key || g.key == g.field {
					continue
				}
				i := 0
				for i < len(out) && out[i].field != g.field {
					i++
				}
				if i == len(out) {
					out = append(out, foreignField{field: g.field})
				}
				for _, f := range g.formats {
					if !contains(out[i].formats, f) {
						out[i].formats = append(out[i].formats, f)
					}
				}
			}
		}
		sort.SliceStable(out, func(i, j int) bool { return len(out[i].formats) > len(out[j].formats) })
		return out
	}
	if e.Known() {
		if out := collect([]settings.Event{e}); len(out) > 0 {
			return out
		}
	}
	return collect(append(settings.Events(), settings.ExtensionEvents()...))
}

var unknownFieldRe = regexp.MustCompile(`unknown field "([^"]*)"`)

// eventFieldHint adds to err, a native event's decoding error naming an
// unknown field, the native field it stands for in the agents' payloads
// (each with the formats that name it so, when they differ) and the
// fields of the event's kind.
func eventFieldHint(err error, name settings.Event) error {
	m := unknownFieldRe.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	var hint []string
	if ff := foreignFields(m[1], name); len(ff) > 0 {
		var parts []string
		for _, f := range ff {
			parts = append(parts, fmt.Sprintf("%q (%s)", f.field, strings.Join(f.formats, ", ")))
		}
		if len(ff) == 1 {
			hint = append(hint, fmt.Sprintf("the native field is %s", parts[0]))
		} else {
			hint = append(hint, fmt.Sprintf("the native field is one of %s, by the agent named", strings.Join(parts, " or ")))
		}
	}
	if name.Native() {
		var names []string
		for _, f := range NativeEventFields(name) {
			n, _, _ := strings.Cut(f, ":")
			names = append(names, n)
		}
		hint = append(hint, fmt.Sprintf("%s carries %s besides the common fields", name, strings.Join(names, ", ")))
	}
	hint = append(hint, "hookcompat event --help lists every event's fields")
	return fmt.Errorf("%w (%s)", err, strings.Join(hint, "; "))
}

// eventName is the "event" of a native event's JSON, or "".
func eventName(data []byte) settings.Event {
	return settings.Event(gjson.GetBytes(data, "event").String())
}
