package phi

import "github.com/hookcompat/hookcompat/translate"

// Dialect is Phi's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as Phi does.
const Dialect translate.Dialect = "phi"

func init() { translate.RegisterDialect(Dialect, phiTools) }

// phiTools are Phi's tool names; Phi spells every argument as the native
// vocabulary does.
func phiTools() translate.DialectTable {
	return translate.DialectTable{
		Dialect: Dialect,
		Names: map[string]string{
			"shell": "bash", "read": "read", "write": "write", "edit": "edit", "glob": "glob",
			"grep": "grep", "web_fetch": "fetch", "web_search": "search",
		},
	}
}
