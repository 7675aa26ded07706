package jsonpos

import "fmt"

// Payload is the start every format's reader of an agent's hook payload
// shares: data parsed ([Parse]), which must be one JSON object with a
// string "hook_event_name". It returns the object and that name; an
// error, prefixed "<agent> payload: ", says the payload is not JSON, not
// an object, or has no event name.
func Payload(agent string, data []byte) (root *Node, event string, err error) {
	root, err = Parse(data)
	if err != nil {
		return nil, "", fmt.Errorf("%s payload: %w", agent, err)
	}
	if root.Kind != Object {
		return nil, "", fmt.Errorf("%s payload: want a JSON object, got %s", agent, root.Kind)
	}
	name := root.Get("hook_event_name")
	if name == nil || name.Kind != String {
		return nil, "", fmt.Errorf("%s payload: missing hook_event_name", agent)
	}
	return root, name.Str, nil
}
