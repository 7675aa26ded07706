package gemini

// Names the external tests use for what the package does not export.

var ExpandCommand = expandCommand

var FromPayload = fromPayload

var Payload = payloadBytes

var ShellQuote = shellQuote

var ToolMatches = toolMatches
