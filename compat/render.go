package compat

import (
	"errors"
	"fmt"

	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/runner"
	"github.com/hookcompat/hookcompat/translate"
)

// Render returns the model view of out in format name: what that
// format's agent shows the model and the user for it (for "claude", a
// *claude.Rendering: whether the tool runs, with which input, and every
// text that reaches the model), rendered with l's tool vocabulary (nil l:
// the default). The name [RenderModel] gives the view of every format at
// once ([ModelView]: a []format.ModelText). The value is JSON-encodable.
// It returns an error wrapping translate.ErrUnknownFormat when no
// registered format of that name has a model view, and [ErrNoOutcome]
// for a nil out.
func Render(l *Loaded, name string, out *runner.Outcome) (any, error) {
	if out == nil {
		return nil, fmt.Errorf("render %s: %w", name, ErrNoOutcome)
	}
	if name == RenderModel {
		var vocab *translate.Vocabulary
		if l != nil {
			vocab = l.Vocabulary
		}
		return ModelView(out, vocab), nil
	}
	f, ok := format.Lookup(name)
	r, renders := f.(format.Renderer)
	if !ok || !renders {
		return nil, fmt.Errorf("render: %w %q (formats with a model view: %v)", translate.ErrUnknownFormat, name, renderers())
	}
	vocab := translate.DefaultVocabulary
	if l != nil && l.Vocabulary != nil {
		vocab = l.Vocabulary
	}
	return r.Render(out, vocab), nil
}

// ErrNoOutcome is the error of [Render] for a nil outcome (an event
// that was not fired: Engine.Fire returned a nil outcome with its error).
var ErrNoOutcome = errors.New("no outcome to render (nil *runner.Outcome)")

// RenderModel is the [Render] name of the model view of every format
// (what `hookcompat run --render model` prints).
const RenderModel = "model"

func renderers() []string {
	var names []string
	for _, f := range format.All() {
		if _, ok := f.(format.Renderer); ok {
			names = append(names, f.Name())
		}
	}
	return append(names, RenderModel)
}
