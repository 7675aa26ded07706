package runner

import "strings"

// Merge combines the replies of several hooks (or of several protocol
// groups) for one event into one reply. It is a pure function of its
// input; replies must be in configured order, never completion order.
//
// Rules (HK-20, HK-53, HK-60, HK-61):
//   - decision: block/deny > ask > allow > none. Among replies of the
//     highest rank the first one counts: its decision and its reason
//     ("the first blocking hook wins", HK-20).
//   - reason: the winning reply's reason; when no reply decided, the
//     first non-empty reason of a reply that set continue.
//   - continue: false if any reply says false ("stop" wins), else true if
//     any says true, else unset (HK-53: any continue counts).
//   - stop_reason: the first non-empty one.
//   - additional_context: every non-empty context, trimmed, joined with a
//     blank line in order (HK-53: contexts are joined).
//   - updated_args: the first reply that has them (HK-60: the first hook's
//     win; later hooks see them).
//   - updated_result: the first reply that has one.
//   - system_message: every non-empty message joined with a newline (HK-61).
func Merge(replies []Reply) Reply {
	var out Reply
	best := -1
	var ctx, sys []string
	for i := range replies {
		r := &replies[i]
		if r.Decision != DecisionNone && (best < 0 || r.Decision.rank() > replies[best].Decision.rank()) {
			best = i
		}
		if r.Continue != nil {
			if !*r.Continue {
				stop := false
				out.Continue = &stop
			} else if out.Continue == nil {
				goOn := true
				out.Continue = &goOn
			}
		}
		if out.StopReason == "" {
			out.StopReason = r.StopReason
		}
		if c := strings.TrimSpace(r.AdditionalContext); c != "" {
			ctx = append(ctx, c)
		}
		if out.UpdatedArgs == nil && r.UpdatedArgs != nil {
			out.UpdatedArgs = cloneRaw(r.UpdatedArgs)
		}
		if out.UpdatedResult == nil && r.UpdatedResult != nil {
			out.UpdatedResult = cloneRaw(r.UpdatedResult)
		}
		if s := strings.TrimSpace(r.SystemMessage); s != "" {
			sys = append(sys, s)
		}
	}
	if best >= 0 {
		out.Decision = replies[best].Decision
		out.Reason = replies[best].Reason
	} else {
		for i := range replies {
			if replies[i].Continue != nil && replies[i].Reason != "" {
				out.Reason = replies[i].Reason
				break
			}
		}
	}
	out.AdditionalContext = strings.Join(ctx, "\n\n")
	out.SystemMessage = strings.Join(sys, "\n")
	return out
}
