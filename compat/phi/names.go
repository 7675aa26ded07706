package phi

import (
	"github.com/hookcompat/hookcompat/compat/format"
	"github.com/hookcompat/hookcompat/settings"
	"github.com/hookcompat/hookcompat/translate"
)

// Name is the format's name ([Format]'s): the protocol its hooks speak
// (settings.Hook.Protocol), its
// tool-vocabulary dialect ([Dialect]). The format registers each with
// the package that keeps it.
const Name = "phi"

// Dialect is Phi's dialect of tool names in the tool vocabulary
// ([translate.Vocabulary]): the format registers its table
// ([translate.RegisterDialect]), so that matchers, payloads and rendering
// of its hooks name tools as Phi does.
const Dialect translate.Dialect = Name

func init() {
	settings.RegisterProtocol(Name)
	translate.RegisterDialect(Dialect, phiTools)
}

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

// Sources are Phi hooks folders to load (compat.Options.Sources), each
// like <project>/.phi/hooks, in order: a later folder's hook replaces an
// earlier one of the same name, as Phi's project hooks replace its user
// hooks; a folder that does not exist gives a warning; one that cannot be
// listed loads no Phi hook at all, as in Phi (phi §1).
func Sources(dirs ...string) []format.Source {
	out := make([]format.Source, len(dirs))
	for i, d := range dirs {
		out[i] = format.Source{Format: Name, Path: d}
	}
	return out
}
