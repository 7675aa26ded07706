package qwen

// Names the external tests use for what the package does not export.

var Matches = matches

var Payload = payloadBytes

var PromptDecision = promptDecision
