package compat

import (
	"fmt"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// carries reports whether target writes field ([format.FieldCarrier];
// hookcompat TOML carries every field).
func carries(target, field string) bool {
	if target == TargetHookcompat {
		return true
	}
	t, err := format.GetTarget(target)
	if err != nil {
		return false
	}
	fc, ok := t.(format.FieldCarrier)
	return ok && fc.Carries(field)
}

// droppedFields warns, for each hook of cfg, about the fields that the
// target has no place for: a status message (status-message-dropped, a
// note: UI only) and Claude's shell "powershell" (field-dropped, a loss:
// the shim runs the command with /bin/sh). A target that has the field
// carries it.
func droppedFields(cfg *settings.Config, target string) []translate.Warning {
	var out []translate.Warning
	for i := range cfg.Hooks {
		h := &cfg.Hooks[i]
		if h.StatusMessage != "" && !carries(target, format.FieldStatusMessage) {
			out = append(out, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: "status-message-dropped",
				Message: fmt.Sprintf("statusMessage %q: the %s target has no status text for a running hook; it is left out", h.StatusMessage, target)})
		}
		if h.Shell != "" && h.Shell != "bash" && target != TargetHookcompat && !(h.EffectiveProtocol() == target) {
			out = append(out, translate.Warning{File: h.Source.File, Line: h.Source.Line, Col: h.Source.Col, Code: CodeFieldDropped,
				Message: fmt.Sprintf("shell %q: the exec shim runs the command with /bin/sh, not %s; convert with --target hookcompat to keep it", h.Shell, h.Shell)})
		}
	}
	return out
}
