package codex

import (
	"errors"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
)

type target struct{}

func (target) Name() string { return settings.ProtocolCodex }

func (target) Write(cfg *settings.Config, opts *format.TargetOptions) (*format.Output, error) {
	return nil, errors.New("not yet")
}
