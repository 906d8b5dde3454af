// The receiver against the spec's retry ladder: a delivery retried after 1 min,
// 5 min, 30 min, 2 h and 12 h carries the same body, so the same `timestamp`; every attempt
// must be acceptable once, and a copy of an accepted one must be dropped, across a restart
// when the ids are on a file. The receiver answers before the user's handler has finished.
// Real HTTP on loopback; the clock is injected, so 14 h 36 min take no time.
import { expect } from "chai";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { WEBHOOK_ANSWER_WITHIN_MS } from "../../protocol/events";
import { signWebhookBody } from "../../protocol/signature";
import { FileReplayStore, MemoryReplayStore, startWebhookReceiver, type ReceiverOptions, type ReplayStore } from "../../provider/receiver";

const SECRET = "receiver-retries-secret";
const T0 = Date.parse("2026-11-21T12:00:00Z");
const MIN = 60_000;

/** The spec's attempts after the first, as offsets from the event: +1, +6, +36 min, +2 h 36 min, +14 h 36 min. */
export const RETRY_OFFSETS_MS = [1 * MIN, 6 * MIN, 36 * MIN, 156 * MIN, 876 * MIN];

const BODY = JSON.stringify({ id: "evt-retry-1", event: "server.created", timestamp: new Date(T0).toISOString(), data: { server: { id: "srv-1" } } });

async function post(url: string, body = BODY, signature = signWebhookBody(SECRET, body)): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: "POST", headers: { "X-Service-Signature": signature, "Content-Type": "application/json" }, body });
  return { status: res.status, text: await res.text() };
}

async function withReceiver<T>(options: Partial<ReceiverOptions>, fn: (r: Awaited<ReturnType<typeof startWebhookReceiver>>) => Promise<T>): Promise<T> {
  const receiver = await startWebhookReceiver({ secret: SECRET, ...options });
  try {
    return await fn(receiver);
  } finally {
    await receiver.close();
  }
}

describe("webhook receiver: the spec's retry ladder, replay store and answer time", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "receiver-retries-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const offset of RETRY_OFFSETS_MS) {
    it(`accepts the retry at +${offset / MIN} min once (the earlier attempts failed), and drops a second copy`, async () => {
      await withReceiver({ now: () => T0 + offset }, async (receiver) => {
        expect(await post(receiver.url)).to.include({ status: 200, text: "ok" });
        expect(await post(receiver.url)).to.include({ status: 200, text: "duplicate event evt-retry-1 dropped" });
        expect(receiver.events.map((e) => e.id)).to.deep.equal(["evt-retry-1"]);
      });
    });
  }

  it("refuses the same body after the window (+14 h 47 min) and still refuses forged, altered and unsigned ones inside it", async () => {
    await withReceiver({ now: () => T0 + 887 * MIN }, async (receiver) => {
      expect((await post(receiver.url)).status).to.equal(400);
    });
    await withReceiver({ now: () => T0 + 876 * MIN }, async (receiver) => {
      expect((await post(receiver.url, BODY, signWebhookBody("forged", BODY))).status).to.equal(401);
      expect((await post(receiver.url, BODY.replace("srv-1", "srv-2"), signWebhookBody(SECRET, BODY))).status, "altered after signing").to.equal(401);
      expect((await post(receiver.url, BODY, "")).status).to.equal(401);
    });
  });

  it("with the file store, a receiver restarted between every attempt accepts the first and drops the other four", async () => {
    const file = path.join(dir, "seen.jsonl");
    const answers: string[] = [];
    for (const offset of RETRY_OFFSETS_MS) {
      const store = new FileReplayStore(file);
      await withReceiver({ now: () => T0 + offset, store }, async (receiver) => {
        answers.push((await post(receiver.url)).text);
      });
    }
    expect(answers).to.deep.equal(["ok", ...Array(4).fill("duplicate event evt-retry-1 dropped")]);
    expect(fs.statSync(file).mode & 0o777, "the store file is 0600").to.equal(0o600);
  });

  it("a replay after a restart is dropped with the file store, and accepted with the memory store (which forgets)", async () => {
    const file = path.join(dir, "seen.jsonl");
    const now = () => T0 + 6 * MIN;
    await withReceiver({ now, store: new FileReplayStore(file) }, async (r) => expect((await post(r.url)).text).to.equal("ok"));
    await withReceiver({ now, store: new FileReplayStore(file) }, async (r) => {
      expect((await post(r.url)).text).to.equal("duplicate event evt-retry-1 dropped");
      expect(r.events).to.have.length(0);
    });
    await withReceiver({ now, store: new MemoryReplayStore() }, async (r) => expect((await post(r.url)).text).to.equal("ok"));
  });

  it("the file store drops expired lines when they outnumber live ones, and keeps the live ids across a reload", () => {
    const file = path.join(dir, "seen.jsonl");
    const store = new FileReplayStore(file, 100);
    for (let i = 0; i < 99; i++) store.remember(`old-${i}`, T0 + MIN, T0);
    store.remember("live", T0 + 60 * MIN, T0 + 2 * MIN);
    const lines = () => fs.readFileSync(file, "utf8").trim().split("\n").length;
    expect(lines(), "compacted at the first write after the old ids expired").to.equal(1);
    const reloaded = new FileReplayStore(file);
    expect(reloaded.remember("live", T0 + 60 * MIN, T0 + 3 * MIN), "still remembered").to.equal(false);
    expect(reloaded.remember("old-7", T0 + 60 * MIN, T0 + 3 * MIN), "expired, so new again").to.equal(true);
  });

  it("takes a user's store that answers with promises", async () => {
    const ids = new Set<string>();
    const store: ReplayStore = { remember: async (id) => (ids.has(id) ? false : (ids.add(id), true)) };
    await withReceiver({ now: () => T0, store }, async (r) => {
      expect([(await post(r.url)).text, (await post(r.url)).text]).to.deep.equal(["ok", "duplicate event evt-retry-1 dropped"]);
      expect([...ids]).to.deep.equal(["evt-retry-1"]);
    });
  });

  it(`answers 200 without waiting for the handler (the spec allows ${WEBHOOK_ANSWER_WITHIN_MS / 1000} s), then runs it`, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    await withReceiver({ now: () => T0, onEvent: async (e) => {
      await gate;
      handled.push(e.id);
    }  }, async (r) => {
      const answer = await post(r.url);
      expect(answer.status).to.equal(200);
      // The handler is held on a gate until after the answer: a 200 that waited for it would
      // never come (the test would time out), however slow the machine. No stopwatch needed.
      expect(handled, "handler not finished at answer time").to.deep.equal([]);
      release();
      await r.idle();
      expect(handled).to.deep.equal(["evt-retry-1"]);
    });
  });

  it("reports a failing handler and keeps answering", async () => {
    const failures: string[] = [];
    const other = BODY.replace("evt-retry-1", "evt-retry-2");
    const options: Partial<ReceiverOptions> = {
      now: () => T0,
      onEvent: (e) => {
        if (e.id === "evt-retry-1") throw new Error("handler broke");
      },
      onHandlerError: (err, e) => failures.push(`${e.id}: ${(err as Error).message}`),
    };
    await withReceiver(options, async (r) => {
      expect((await post(r.url)).status).to.equal(200);
      expect((await post(r.url, other)).status).to.equal(200);
      await r.idle();
      expect(failures).to.deep.equal(["evt-retry-1: handler broke"]);
      expect(r.events.map((e) => e.id)).to.deep.equal(["evt-retry-1", "evt-retry-2"]);
    });
  });
});
