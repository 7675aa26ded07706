package translate

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRegisterDialect: a dialect registered by its format joins the
// default vocabulary (built again when it was already built), is listed
// by Dialects, and cannot be registered twice or under the native name.
func TestRegisterDialect(t *testing.T) {
	before := DefaultVocabulary.Name(Native, "acme-test", "shell")
	assert.Equal(t, "shell", before, "an unregistered dialect passes names through")
	built := 0
	RegisterDialect("acme-test", func() DialectTable {
		built++
		return DialectTable{Dialect: "acme-test", Names: map[string]string{"shell": "Terminal", "rename_me": "Mv"},
			Args: map[string]map[string]string{"shell": {"timeout_ms": "wait"}}}
	})
	assert.Zero(t, built, "the table is built on first use, not at registration")
	assert.Equal(t, "Terminal", DefaultVocabulary.Name(Native, "acme-test", "shell"))
	assert.Equal(t, "shell", DefaultVocabulary.Name("acme-test", Native, "Terminal"))
	assert.Equal(t, "rename_me", DefaultVocabulary.Name("acme-test", Native, "Mv"), "a native tool no row has gets a row")
	assert.Equal(t, `{"wait":5}`, string(DefaultVocabulary.Args(Native, "acme-test", "shell", []byte(`{"timeout_ms":5}`))))
	DefaultVocabulary.Name(Native, "acme-test", "read")
	assert.Equal(t, 1, built, "built once")
	assert.Contains(t, Dialects(), Dialect("acme-test"))

	assert.Panics(t, func() { RegisterDialect("acme-test", func() DialectTable { return DialectTable{} }) }, "twice")
	assert.Panics(t, func() { RegisterDialect(Native, func() DialectTable { return DialectTable{} }) }, "native")
	assert.Panics(t, func() { RegisterDialect("", func() DialectTable { return DialectTable{} }) }, "empty")
	assert.Panics(t, func() { RegisterDialect("acme-nil", nil) }, "no table")
}

// TestRenamed: Rename remembers each tool's name before it, through
// several renames, and With keeps it; a vocabulary without renames has
// none.
func TestRenamed(t *testing.T) {
	_, ok := DefaultVocabulary.Renamed("shell")
	assert.False(t, ok)
	assert.False(t, DefaultVocabulary.HasRenames())

	v := DefaultVocabulary.Rename(map[string]string{"shell": "exec", "read": "cat"})
	assert.True(t, v.HasRenames())
	old, ok := v.Renamed("exec")
	assert.True(t, ok)
	assert.Equal(t, "shell", old)
	old, _ = v.Renamed("cat")
	assert.Equal(t, "read", old)
	_, ok = v.Renamed("shell")
	assert.False(t, ok, "the old name is an alias, not a renamed tool")

	v2 := v.Rename(map[string]string{"exec": "run"})
	old, ok = v2.Renamed("run")
	assert.True(t, ok)
	assert.Equal(t, "shell", old, "the first name, through several renames")
	_, ok = v2.Renamed("exec")
	assert.False(t, ok)

	back := v.Rename(map[string]string{"exec": "shell"})
	_, ok = back.Renamed("shell")
	assert.False(t, ok, "renamed back: not renamed")

	w := v.With(Tool{Native: "deploy"})
	old, ok = w.Renamed("exec")
	assert.True(t, ok, "With keeps the renames")
	assert.Equal(t, "shell", old)
	w = v.With(Tool{Native: "shell"})
	old, ok = w.Renamed("exec")
	assert.True(t, ok, "a new row named like the old name leaves the renamed tool renamed")
	assert.Equal(t, "shell", old)
	assert.False(t, NewVocabulary(v.Tools()).HasRenames(), "NewVocabulary builds a vocabulary of its rows alone")
}
