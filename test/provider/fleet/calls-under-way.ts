// One method of the API client wrapped to count its calls under way (begun, not yet answered):
// for the tests of how many member requests a fleet operation has in flight at once
// (member-posts.test.ts, member-deletes.test.ts).
import type { HostingApi } from "../../../provider/api";
import type { OperationContext } from "../../../provider/core/context";
import { withApi } from "../../helpers/test-process";

export interface CallsSeen {
  /** Calls under way now. */
  now: number;
  /** The most under way at once so far. */
  most: number;
  /** Calls answered (or failed) so far. */
  answered: number;
}

/** `ctx` whose client counts its `method` calls under way; `onAnswer` hears each answer's count. */
export function countingCalls(
  ctx: OperationContext, method: "createServer" | "deleteServer", onAnswer: (answered: number) => void = () => undefined,
): { ctx: OperationContext; seen: CallsSeen } {
  const api = ctx.api;
  const seen: CallsSeen = { now: 0, most: 0, answered: 0 };
  const counted = async (...args: unknown[]): Promise<unknown> => {
    seen.most = Math.max(seen.most, ++seen.now);
    try {
      return await (api[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    } finally {
      seen.now--;
      onAnswer(++seen.answered);
    }
  };
  return { ctx: withApi(ctx, { [method]: counted } as Partial<HostingApi>), seen };
}
