package compat

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// ModelView is what the model sees of one fired event when hooks of
// several formats (Claude, Phi, native, …) answered it: one ordered list
// of texts, each with its protocol, kind, placement and delivery
// (format.ModelText). Each protocol's texts are the ones its home agent
// sends for its own hooks ([format.ModelViewer]: a Claude hook's
// <system-reminder>, a native hook's HK-23 tool error, a Phi hook's
// <hook_context> block); the protocols come in hook order, the order in
// which the engine ran their groups (the group of the first hook first),
// and within a protocol the texts are in its agent's order. Texts a later
// request carries (async hooks) keep their place in the list and say
// Delivery "later". A protocol whose format has no model view adds
// nothing. vocab translates tool names (nil: the default). A nil out has
// no texts.
func ModelView(out *runner.Outcome, vocab *translate.Vocabulary) []format.ModelText {
	if out == nil {
		return []format.ModelText{}
	}
	if vocab == nil {
		vocab = translate.DefaultVocabulary
	}
	texts := []format.ModelText{}
	seen := map[string]bool{}
	for _, t := range out.Hooks {
		p := t.Protocol
		if p == "" {
			p = settings.ProtocolNative
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		f, ok := format.Lookup(p)
		if !ok {
			continue
		}
		if mv, ok := f.(format.ModelViewer); ok {
			texts = append(texts, mv.ModelView(out, vocab)...)
		}
	}
	return texts
}
