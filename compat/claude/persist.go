package claude

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"github.com/hookcompat/hookcompat/runner"
)

// Claude Code 2.1.332 saves a hook's context (or plain stdout used as
// context) longer than [PersistLimit] UTF-16 code units to a file under
// the session's tool-results directory and shows the model a preview in
// its place (recorded; each field of each hook is measured on its own).
const (
	// PersistLimit is the longest context Claude shows whole.
	PersistLimit = 10000
	// PreviewLimit is the preview's length before it is cut back to a
	// line break.
	PreviewLimit = 2000
)

// Persisted is one output Claude saved to a file.
type Persisted struct {
	// Path is the file: <transcript dir>/<session>/tool-results/
	// hook-<id>-<Event>-<hex32>-<field>.txt (plain stdout:
	// hook-<id>-<hex32>-stdout.txt).
	Path string `json:"path"`
	// Chars is the text's length in UTF-16 code units, as Claude counts.
	Chars int `json:"chars"`
	// Written reports that hookcompat wrote the file (it tries; the
	// directory may not be writable).
	Written bool `json:"written"`
}

// utf16Len is the length of s in UTF-16 code units (JavaScript's length).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// utf16Prefix returns the first n UTF-16 code units of s (a surrogate
// pair is not split: a character that would cross n is left out).
func utf16Prefix(s string, n int) string {
	u := utf16.Encode([]rune(s))
	if len(u) <= n {
		return s
	}
	return string(utf16.Decode(u[:n]))
}

// persistPreview is the text Claude shows instead of a persisted output:
// the size (length/1024 with one decimal, KB, rounded half up like
// JavaScript's toFixed), the file and the first 2,000 code units, cut back
// to the last line break before them when that is past the first 1,000
// (recorded).
func persistPreview(text, path string) string {
	preview := utf16Prefix(text, PreviewLimit)
	if utf16Len(text) > PreviewLimit {
		if i := strings.LastIndexByte(preview, '\n'); i >= 0 && utf16Len(preview[:i]) > PreviewLimit/2 {
			preview = preview[:i]
		}
	}
	return fmt.Sprintf("<persisted-output>\nOutput too large (%s). Full output saved to: %s\n\nPreview (first 2KB):\n%s\n...\n</persisted-output>",
		sizeLabel(utf16Len(text)), path, preview)
}

// sizeLabel formats a length as Claude does: KB (MB from 1 MiB) with one
// decimal, half up.
func sizeLabel(n int) string {
	v, unit := float64(n)/1024, "KB"
	if n >= 1024*1024 {
		v, unit = float64(n)/(1024*1024), "MB"
	}
	return fmt.Sprintf("%.1f%s", math.Floor(v*10+0.5)/10, unit)
}

// persist returns the preview that replaces a hook's text over
// PersistLimit and records the file in the rendering; ok is false for a
// text Claude shows whole. field is "additionalContext", "systemMessage"
// or "stdout".
func (c *renderCtx) persist(text, field string) (string, bool) {
	preview, p, ok := persistOutput(c.row, c.ev, text, field)
	if ok {
		c.r.Persisted = append(c.r.Persisted, p)
	}
	return preview, ok
}

// persistOutput saves text, a hook's output over PersistLimit on the
// row's event, to the file Claude would (best effort) and returns the
// preview Claude shows instead. The random parts of Claude's file name
// (a UUID, 32 hex digits) are derived from the event and the text, so the
// name is reproducible and the same for the native reply and the
// rendering.
func persistOutput(row *event, ev *runner.Event, text, field string) (string, Persisted, bool) {
	n := utf16Len(text)
	if n <= PersistLimit {
		return "", Persisted{}, false
	}
	seed := fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%s\x00%s", ev.SessionID, ev.PromptID, ev.ToolCallID, row.name, field, text)
	sum := sha256.Sum256([]byte(seed))
	hex32 := hex.EncodeToString(sum[:16])
	id := ev.ToolCallID
	switch row.persistID {
	case idUUID:
		id = uuidOf(sum[16:])
	case idHookUUID:
		id = "hook-" + uuidOf(sum[16:])
	}
	name := fmt.Sprintf("hook-%s-%s-%s-%s.txt", id, row.name, hex32, field)
	if field == "stdout" {
		name = fmt.Sprintf("hook-%s-%s-stdout.txt", id, hex32)
	}
	dir := toolResultsDir(ev)
	path := filepath.Join(dir, name)
	p := Persisted{Path: path, Chars: n}
	if filepath.IsAbs(dir) {
		if err := os.MkdirAll(dir, 0o700); err == nil {
			p.Written = os.WriteFile(path, []byte(text), 0o600) == nil
		}
	}
	return persistPreview(text, path), p, true
}

// toolResultsDir is <transcript path without .jsonl>/tool-results, where
// Claude saves large outputs of the session.
func toolResultsDir(ev *runner.Event) string {
	home, _ := os.UserHomeDir()
	return filepath.Join(strings.TrimSuffix(transcriptPath(ev, home), ".jsonl"), "tool-results")
}

// uuidOf formats 16 bytes as a version 4 UUID.
func uuidOf(b []byte) string {
	u := make([]byte, 16)
	copy(u, b)
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	h := hex.EncodeToString(u)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}
