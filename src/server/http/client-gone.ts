// A client that closes its connection before the answer is sent has its running reads cancelled
// on PostgreSQL (src/db/cancel.ts); without it an abandoned report ran to its statement timeout.
import type { Logger } from "../../common/log.js";
import { RequestWork, withRequestWork } from "../../db/cancel.js";
import type { PlainHandler } from "./direct-route.js";
import { requestIdOf } from "./error-responses.js";

export function cancelReadsWhenClientLeaves(log: Logger): PlainHandler {
  return (_req, res, next) => {
    const work = new RequestWork();
    // The request's deadline (limits/deadline.ts) cancels the same reads when it passes.
    res.locals.requestWork = work;
    res.on("close", () => {
      if (res.writableFinished) return;
      const cancelled = work.abandon();
      if (cancelled) log.info("client went away: reads cancelled", { requestId: requestIdOf(res), cancelled });
    });
    withRequestWork(work, next);
  };
}
