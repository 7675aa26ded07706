package gen

import (
	"github.com/hookcompat/hookcompat/conformance"
	"github.com/hookcompat/hookcompat/internal/oracletest"
)

func geminiSession(c *oracletest.Case, agent string) (*conformance.Session, string, error) {
	return nil, "not generated yet", nil
}

func crushSession(c *oracletest.Case) (*conformance.Session, string, error) {
	return nil, "not generated yet", nil
}
