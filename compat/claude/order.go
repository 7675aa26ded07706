package claude

import (
	"sort"
	"time"

	"github.com/hookcompat/hookcompat/runner"
)

// TieWindow is how close in time two hooks' ends must be for hookcompat
// to keep them in configured order although Claude Code would order them
// by completion (claude §7.2, recorded: Claude starts every matching hook
// at once and reads their results as they finish, so the one deny reason
// it shows, the order of joined contexts and separate reminders, and the
// winning updatedInput or updatedToolOutput follow completion).
//
// Hooks that answer at once (spawn, print, exit: a few milliseconds,
// tens under load) finish within the window of each other and so keep
// configured order, which makes outputs deterministic; a hook that waits
// (a sleep, a network call, a slow check: the recorded slow hooks wait
// 300 ms and more) is ordered by when it ended. 100 ms is well above the
// spawn jitter of instant hooks on a loaded machine and well below the
// gaps that recorded races show.
const TieWindow = 100 * time.Millisecond

// completionOrder returns the positions 0…n-1 of a group's hooks in the
// order Claude Code reads their results, given when each ended: by
// completion, in runs of ends within [TieWindow] of the run's first end
// kept in configured order. Each run starts at the earliest end not yet
// placed and takes every hook that ended at most TieWindow after it, so
// two hooks are placed against their completion order only when they
// ended within TieWindow of each other, and equal inputs always give the
// same order.
func completionOrder(n int, ended func(int) time.Duration) []int {
	byEnd := make([]int, n)
	for i := range byEnd {
		byEnd[i] = i
	}
	sort.SliceStable(byEnd, func(a, b int) bool { return ended(byEnd[a]) < ended(byEnd[b]) })
	out := make([]int, 0, n)
	for start := 0; start < n; {
		end := start + 1
		for end < n && ended(byEnd[end])-ended(byEnd[start]) <= TieWindow {
			end++
		}
		run := byEnd[start:end]
		sort.Ints(run)
		out = append(out, run...)
		start = end
	}
	return out
}

// inCompletionOrder returns replies reordered by [completionOrder] of
// their Ended (the slice itself when it is already in that order).
func inCompletionOrder(replies []runner.HookReply) []runner.HookReply {
	order := completionOrder(len(replies), func(i int) time.Duration { return replies[i].Ended })
	sorted := true
	for i, j := range order {
		sorted = sorted && i == j
	}
	if sorted {
		return replies
	}
	out := make([]runner.HookReply, len(replies))
	for i, j := range order {
		out[i] = replies[j]
	}
	return out
}

// viewsInCompletionOrder returns views reordered by [completionOrder] of
// their replies' Ended, as [Protocol.Combine] orders the replies.
func viewsInCompletionOrder(views []*view) []*view {
	order := completionOrder(len(views), func(i int) time.Duration { return views[i].rep.Ended })
	out := make([]*view, len(views))
	for i, j := range order {
		out[i] = views[j]
	}
	return out
}
