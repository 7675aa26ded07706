//go:build !linux

package claude

// limitMemory is not available here: EnvFileExports runs in-process.
func limitMemory(uint64) {}
