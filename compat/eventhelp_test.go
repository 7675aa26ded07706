package compat

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
)

// TestNativeEventFieldsAreEventFields: every native event has its fields
// listed, and each named field is one of runner.Event's.
func TestNativeEventFieldsAreEventFields(t *testing.T) {
	tags := map[string]bool{}
	rt := reflect.TypeOf(runner.Event{})
	for i := 0; i < rt.NumField(); i++ {
		name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
		tags[name] = true
	}
	for _, f := range CommonEventFields {
		assert.True(t, tags[f], f)
	}
	for _, e := range append(settings.Events(), settings.ExtensionEvents()[0]) {
		_, listed := nativeEventFields[e]
		assert.True(t, listed || !e.Known() || e == settings.ExtensionEvents()[0], "%s has no fields listed", e)
		for _, f := range NativeEventFields(e) {
			name, _, _ := strings.Cut(f, ":")
			assert.True(t, tags[name], "%s: %s is no field of runner.Event", e, name)
		}
	}
	for _, native := range foreignFieldHint {
		assert.True(t, tags[native], native)
	}
}

// TestUnknownEventFieldHint: a native event written with an agent's
// field name fails, naming the native field meant and the event's own.
func TestUnknownEventFieldHint(t *testing.T) {
	_, _, err := ParseEventWith([]byte(`{"event":"session_start","source":"startup"}`), "/w", nil)
	require.Error(t, err)
	assert.Equal(t, `native event: unknown field "source" (the native field is "reason"; session_start carries reason besides the common fields; hookcompat event --help lists every event's fields)`, err.Error())
	_, _, err = ParseEventWith([]byte(`{"event":"pre_tool","tool":"shell","args":{},"bogus":1}`), "/w", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown field "bogus" (pre_tool carries tool, tool_call_id, args besides`)
	ev, _, err := ParseEventWith([]byte(`{"event":"session_start","reason":"startup"}`), "/w", nil)
	require.NoError(t, err)
	b, _ := json.Marshal(ev.Reason)
	assert.Equal(t, `"startup"`, string(b))
}
