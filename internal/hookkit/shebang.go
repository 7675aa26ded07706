package hookkit

import (
	"bytes"
	"io"
	"os"
)

// Shebang reads the interpreter a script's #! line names (its first
// word, "\r" kept) and whether the line ends with a carriage return; ok is
// false when path cannot be read or has no #! line.
func Shebang(path string) (interpreter string, crlf, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", false, false
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if !bytes.HasPrefix(head, []byte("#!")) {
		return "", false, false
	}
	line := head[2:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	crlf = bytes.HasSuffix(line, []byte("\r"))
	fields := bytes.Fields(bytes.TrimLeft(line, " \t"))
	if len(fields) == 0 {
		return "", crlf, false
	}
	interpreter = string(fields[0])
	if crlf && len(fields) == 1 {
		// Fields splits at '\r' too: keep it, it is what the kernel sees.
		interpreter += "\r"
	}
	return interpreter, crlf, true
}
