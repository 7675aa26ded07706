package qwen

import (
	"time"
)

// qwenTimeout writes a duration in Qwen Code's command timeout unit:
// whole seconds below 1000 s, else milliseconds (values of 1000 and more
// are milliseconds to Qwen).
func qwenTimeout(d time.Duration) int64 {
	s := int64((d + time.Second - 1) / time.Second)
	if s < 1 {
		s = 1
	}
	if s < 1000 {
		return s
	}
	return d.Milliseconds()
}
