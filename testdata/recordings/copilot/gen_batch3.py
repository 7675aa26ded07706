from gen_hc import *
for mx, used in [(60000, 58000), (120000, 110000)]:
    case("hc_x_compact_%dk" % (mx // 1000), "COPILOT_PROVIDER_MAX_PROMPT_TOKENS=%d; turns report %d prompt tokens: auto compaction and preCompact?" % (mx, used),
         hooks=all_events(CAMEL), scripts={"cap": CAP}, env={"COPILOT_PROVIDER_MAX_PROMPT_TOKENS": str(mx)},
         turns=[turn(shell("echo RAN | tee -a ran.log"), usage={"prompt_tokens": used, "completion_tokens": 5, "total_tokens": used + 5}),
                turn(shell("echo RAN2 | tee -a ran.log"), usage={"prompt_tokens": used, "completion_tokens": 5, "total_tokens": used + 5}),
                turn(text("done"), usage={"prompt_tokens": used, "completion_tokens": 5, "total_tokens": used + 5})])
