package gemini

import "time"

// millis is a timeout in Gemini CLI's unit, within Node's timer range.
func millis(d time.Duration) int64 {
	ms := d.Milliseconds()
	if ms < 1 {
		ms = 1
	}
	if ms > maxTimerMS {
		ms = maxTimerMS
	}
	return ms
}
