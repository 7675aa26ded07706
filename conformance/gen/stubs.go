package gen

import (
	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/internal/oracletest"
)

// geminiSession would read Gemini CLI and Qwen Code recordings; kit 1
// leaves them out, each named in the manifest with this reason.
func geminiSession(_ *oracletest.Case, agent string) (*conformance.Session, string, error) {
	return nil, "this generator reads no " + agent + " recordings yet (their layout and model view are not ported)", nil
}
