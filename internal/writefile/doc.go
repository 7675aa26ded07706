// Package writefile rewrites a user's file the way a careful editor does:
// the new content replaces the old at once or not at all, and nothing
// about the file but its content changes.
//
// [Read] reads a file and remembers what it read; [File.Replace] writes
// new content in its place:
//
//   - Atomic. The new bytes go to a temporary file in the same directory,
//     which is synced, then renamed over the file, and the directory is
//     synced: a reader — the agent starting at that moment — sees the old
//     file or the new one, never a mix, and a crash keeps one of them. On
//     Linux the temporary file is anonymous (O_TMPFILE) until it is
//     complete, so a kill -9 at any moment leaves no partial file beside
//     the original; elsewhere, a named temporary file a killed run left is
//     removed by the next write into that directory.
//   - The file's identity is kept: its mode (setuid, setgid and sticky bits
//     included) and its owner and group. A file whose owner cannot be kept
//     (not root, and not its owner) is not written.
//   - A symbolic link is written through: its target gets the new content
//     and the link stays ([File.Link] says so, for the caller to tell the
//     user).
//   - A file with more than one hard link is rewritten in its own inode,
//     so that every name sees the new content (a rename would leave the
//     other names with the old one). That rewrite cannot be atomic; a
//     complete copy of the old content is written first, atomically, as
//     .NAME.hookcompat-backup-PID beside it and removed once the new
//     content is synced, so that an interrupted rewrite loses nothing:
//     [Read] of that file then fails, naming the copy. The blocks the new
//     content needs are reserved first (fallocate, on Linux), so that a
//     full disk, a quota or a file size limit fails before the first byte
//     is overwritten; a rewrite that still fails part way puts the old
//     content back. Either way the file is left whole and the error says
//     it is unchanged.
//   - A new file (a missing one, or a dangling link's target) gets mode
//     0666 less the umask, as a shell's > gives it.
//   - A read-only file (no write bit for its owner) is not written: its
//     owner asked for it to stay as it is.
//   - A file that changed since it was read (another program, an editor
//     saving) is not written over: Replace reads it again just before the
//     rename and fails with [ErrChanged] when it differs.
//   - Signals: while a write is under way, the signals that would end the
//     process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE,
//     SIGALRM, …) are held and delivered once it is done, so that they end
//     the process after the rename, never in the middle.
//
// Every error names the file as the caller gave it.
package writefile
