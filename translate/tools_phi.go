package translate

// phiTools are Phi's tool names; Phi spells every argument as the native
// vocabulary does.
func phiTools() DialectTable {
	return DialectTable{
		Dialect: Phi,
		Names: map[string]string{
			"shell": "bash", "read": "read", "write": "write", "edit": "edit", "glob": "glob",
			"grep": "grep", "web_fetch": "fetch", "web_search": "search",
		},
	}
}
