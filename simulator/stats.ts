// Request counters for the admin API: by "METHOD /route/pattern STATUS", 429s included,
// so tests can assert on what the server saw rather than on what the client says it did;
// and the same per API key (named by keyLabel, never the key itself), to show which key
// made which calls when several share one deployment. `answerMs` is how long the API was busy
// answering /v1 requests (answer-time.ts).
import { createHash } from "crypto";
import { AnswerTime } from "./answer-time";

/** How stats name a key: the first 12 hex digits of its SHA-256. */
export function keyLabel(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 12);
}

export class Stats {
  total = 0;
  rateLimited = 0;
  byRoute: Record<string, number> = {};
  byKey: Record<string, Record<string, number>> = {};
  readonly answering = new AnswerTime();

  constructor(private readonly nowMs: () => number = () => performance.now()) {}

  /** A /v1 request arrived; `answered` when its answer has been sent or its socket closed. */
  begin(): void {
    this.answering.begin(this.nowMs());
  }

  answered(): void {
    this.answering.end(this.nowMs());
  }

  count(method: string, pattern: string, status: number | "reset" | "lost", key?: string): void {
    this.total++;
    if (status === 429) this.rateLimited++;
    const k = `${method} ${pattern} ${status}`;
    this.byRoute[k] = (this.byRoute[k] ?? 0) + 1;
    if (key === undefined) return;
    const mine = (this.byKey[keyLabel(key)] ??= {});
    mine[k] = (mine[k] ?? 0) + 1;
  }

  reset(): void {
    this.total = 0;
    this.rateLimited = 0;
    this.byRoute = {};
    this.byKey = {};
    this.answering.reset(this.nowMs());
  }

  toJSON(): unknown {
    return {
      total: this.total,
      rateLimited: this.rateLimited,
      answerMs: Math.round(this.answering.totalMs(this.nowMs()) * 1000) / 1000,
      byRoute: this.byRoute,
      byKey: this.byKey,
    };
  }
}
