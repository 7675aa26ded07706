package native

import (
	"fmt"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Protocol returns the native protocol of an engine whose tool
// vocabulary is vocab: nil — the runner's own ([runner.Native]) — unless
// vocab renames tools ([translate.Vocabulary.Rename]); then the native
// protocol with the renamed tools also known by their old names (the
// names convert writes and the exec shim reads, [translate.Vocabulary.Renamed]):
// a native glob naming the old name selects the tool's calls
// ([format.SelectsNative]), and a hook that runs the exec shim gets the
// event with the old name, so that the hook it wraps sees its own
// agent's name for the tool and its matcher applies. Native hooks that
// are not shim calls get the event as fired, with the host's names.
func (nativeFormat) Protocol(vocab *translate.Vocabulary) runner.Protocol {
	if vocab == nil || !vocab.HasRenames() {
		return nil
	}
	return &renamedProtocol{Protocol: runner.Native(), vocab: vocab}
}

// renamedProtocol is the native protocol under a vocabulary that renames
// tools (nativeFormat.Protocol).
type renamedProtocol struct {
	runner.Protocol
	vocab *translate.Vocabulary
}

// Selects also compares a native glob with a renamed tool's old name.
func (p *renamedProtocol) Selects(h *settings.Hook, ev *runner.Event) bool {
	return format.SelectsNative(p.vocab, h, ev)
}

// SelectKey is the native protocol's: the old name of a renamed tool is a
// function of its name.
func (p *renamedProtocol) SelectKey(ev *runner.Event) string { return format.NativeSelectKey(ev) }

// Prepare gives a hook that runs the exec shim the event with a renamed
// tool's old name (the payload of the other hooks is the event as fired).
func (p *renamedProtocol) Prepare(h *settings.Hook, ev *runner.Event, pl *runner.Payload) (*runner.Invocation, error) {
	inv, err := p.Protocol.Prepare(h, ev, pl)
	if err != nil || ev.Tool == "" {
		return inv, err
	}
	old, ok := p.vocab.Renamed(ev.Tool)
	if !ok || !format.IsShimHook(h) {
		return inv, nil
	}
	renamed := *ev
	renamed.Tool = old
	enc, err := p.Protocol.Encode(&renamed, pl.Env)
	if err != nil {
		return nil, fmt.Errorf("encoding event for the exec shim: %w", err)
	}
	inv.Stdin, inv.Event = enc.Stdin, &renamed // Event is what Stdin encodes
	return inv, nil
}

var _ runner.SelectKeyer = (*renamedProtocol)(nil)
