package codex

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strconv"

	"github.com/hookcompat/hookcompat/internal/jsonwire"
)

// Codex's per-hook review (/hooks) records, for the key
// "<source file>:<event_snake>:<group>:<handler>", the hash of the hook
// as the user reviewed it ([hooks.state."<key>"] trusted_hash). At every
// start Codex hashes each hook again and compares: equal is Trusted, a
// different record is Modified, no record is Untrusted; only Trusted
// (and managed) hooks run unless --dangerously-bypass-hook-trust is
// given, and enabled = false keeps a hook out whatever its hash.
//
// The hash is over a normalised identity of the one handler, the same
// for a hooks.json and a config.toml [hooks] source (read in Codex
// 0.169.0's hooks/src/engine/discovery.rs, hook_hash, and
// config/src/fingerprint.rs, version_for_toml; checked against the
// hashes the real binary reports and acts on: testdata/hooks_list and
// the recordings):
//
//   - an object {event_name, matcher, hooks: [handler]}: event_name is
//     the snake-case event (the key's); matcher is the group's as
//     written ("" and "*" kept), absent when the group has none or the
//     event ignores matchers;
//   - the handler {type: "command", command, timeout, async,
//     statusMessage, additionalContextLimit}: command as written (before
//     any ${VAR} substitution; commandWindows never counts); timeout in
//     seconds always present, defaulted and bounded as Codex runs it
//     (600, at least 1; SessionEnd and Interrupt: 1, within 1..3); async
//     always present as written; statusMessage when given, even empty;
//     additionalContextLimit when given for an event that can add
//     context (PreToolUse, PostToolUse, SessionStart, UserPromptSubmit,
//     SubagentStart) and not the default 2500;
//   - serialised as compact JSON with every object's keys sorted and
//     serde_json's string escapes, hashed with SHA-256, written
//     "sha256:<64 lowercase hex digits>".

// trustHash is Codex's identity hash of the command handler h
// ("sha256:<hex>"), the value /hooks records as trusted_hash.
func trustHash(h *handler) string {
	hook := map[string]any{
		"type":    "command",
		"command": h.command,
		"timeout": hashTimeout(h),
		"async":   h.async,
	}
	if h.hasStatus {
		hook["statusMessage"] = h.status
	}
	if h.contextLimit != nil && h.ev.ContextLimit && *h.contextLimit != defaultContextLimit {
		hook["additionalContextLimit"] = *h.contextLimit
	}
	identity := map[string]any{
		"event_name": h.ev.Snake,
		"hooks":      []any{hook},
	}
	if h.hasMatcher && h.ev.Match != matchNone {
		identity["matcher"] = h.matcher
	}
	var b bytes.Buffer
	canonicalJSON(&b, identity)
	sum := sha256.Sum256(b.Bytes())
	return "sha256:" + hex.EncodeToString(sum[:])
}

// hashTimeout is h's timeout in whole seconds as Codex normalises it
// before hashing: the event's default when unset (600 s; SessionEnd and
// Interrupt 1 s), at least 1, at most the event's cap (SessionEnd and
// Interrupt 3 s).
func hashTimeout(h *handler) uint64 {
	def := uint64(DefaultTimeout.Seconds())
	if h.ev.Timeout > 0 {
		def = uint64(h.ev.Timeout.Seconds())
	}
	t := def
	if h.timeout != nil {
		t = *h.timeout
	}
	t = max(t, 1)
	if h.ev.TimeoutCap > 0 {
		t = min(t, uint64(h.ev.TimeoutCap.Seconds()))
	}
	return t
}

// canonicalJSON writes v (map[string]any, []any, string, bool, uint64)
// as serde_json's compact form with sorted object keys; strings are
// escaped as serde_json escapes them ([jsonwire.WriteString]).
func canonicalJSON(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys) // byte order, as Rust's str ordering
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			jsonwire.WriteString(b, k)
			b.WriteByte(':')
			canonicalJSON(b, v[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			canonicalJSON(b, e)
		}
		b.WriteByte(']')
	case string:
		jsonwire.WriteString(b, v)
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case uint64:
		b.WriteString(strconv.FormatUint(v, 10))
	}
}
