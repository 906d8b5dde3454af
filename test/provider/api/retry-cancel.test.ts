// The engine's Cancel against a request already sent (provider/api/http/retry.ts): the answer
// that comes after the signal aborted is the call's result, so a POST's server is never lost
// (p-retry itself drops it); a back-off sleep under way ends at once with the signal's reason.
import { expect } from "chai";
import { withRetries, type RetryPolicy } from "../../../provider/api/http/retry";
import { NetworkError } from "../../../provider/api/http/errors";

const POLICY: RetryPolicy = { retries: 3, minRetryDelayMs: 60_000, maxRetryDelayMs: 60_000, maxRateLimitRetries: 3, logger: () => undefined, onRetry: () => undefined };

describe("api: retries and the engine's Cancel", () => {
  it("returns the answer of an attempt that was under way when the signal aborted", async () => {
    const controller = new AbortController();
    let answer!: (v: string) => void;
    const call = withRetries(() => new Promise<string>((r) => (answer = r)), POLICY, { method: "POST", path: "/v1/servers", safeToRepeat: true, signal: controller.signal });
    await new Promise((r) => setImmediate(r));
    controller.abort(new Error("cancelled"));
    answer("server 1");
    expect(await call).to.equal("server 1");
  });

  it("ends a back-off sleep at once with the signal's reason", async () => {
    const controller = new AbortController();
    let attempts = 0;
    const call = withRetries(async () => {
      attempts++;
      throw new NetworkError("GET", "/v1/servers", "ECONNRESET", "reset", "http://127.0.0.1");
    }, POLICY, { method: "GET", path: "/v1/servers", safeToRepeat: true, signal: controller.signal });
    await new Promise((r) => setImmediate(r));
    controller.abort(new Error("cancelled"));
    const error = await call.then(() => undefined, (e: Error) => e);
    expect(error?.message).to.equal("cancelled");
    expect(attempts).to.equal(1);
  });
});
