// The provider process ends itself once the engine that started it stops answering, and not
// before. The rule runs on a fake clock with a scripted look at the engine, so each case says
// at which virtual millisecond the process ends; the look itself (a TCP connection) is proven
// against a real socket, and one child process proves the host's wiring end to end.
import { expect } from "chai";
import { spawn } from "child_process";
import * as fs from "fs";
import * as net from "net";
import * as os from "os";
import * as path from "path";
import { engineAddressFromArgv, probeTcp, watchEngine, type ProbeResult } from "../../../provider/core/engine-watchdog";
import { fakeClock, type FakeClock } from "../../helpers/fake-clock";

const WATCHDOG = path.join(__dirname, "..", "..", "..", "provider", "core", "engine-watchdog.js");

/** A watchdog on the fake clock whose n-th look answers `script(n)`; records every event's virtual time. */
function watched(clock: FakeClock, script: (look: number) => ProbeResult, misses = 3) {
  const events: string[] = [];
  let looks = 0;
  const stop = watchEngine("127.0.0.1:9", {
    clock,
    intervalMs: 30,
    misses,
    probe: async (host, port) => {
      const found = script(++looks);
      events.push(`${clock.elapsed()} ${host}:${port} ${found}`);
      return found;
    },
    exit: (code) => events.push(`${clock.elapsed()} exit ${code}`),
    log: (line) => events.push(`${clock.elapsed()} ${line}`),
  });
  return { events, stop };
}

describe("engine watchdog (virtual time)", () => {
  let clock: FakeClock;
  beforeEach(() => (clock = fakeClock()));

  it("keeps the process while the engine answers, and ends it at the third refusal in a row", async () => {
    // The engine answers 4 looks, then is gone.
    const { events } = watched(clock, (n) => (n <= 4 ? "answered" : "refused"));
    await clock.tick(1000);
    expect(events).to.deep.equal([
      "30 127.0.0.1:9 answered",
      "60 127.0.0.1:9 answered",
      "90 127.0.0.1:9 answered",
      "120 127.0.0.1:9 answered",
      "150 127.0.0.1:9 refused",
      "180 127.0.0.1:9 refused",
      "210 127.0.0.1:9 refused",
      "210 pulumi-hosting: the Pulumi engine at 127.0.0.1:9 is gone; ending the provider process",
      "210 exit 1",
    ]);
    expect(clock.pending(), "the interval is cleared").to.equal(0);
  });

  it("counts refusals in a row only: an answer, or a look that tells nothing, does not end it", async () => {
    const pattern: ProbeResult[] = ["refused", "refused", "answered", "refused", "unknown", "refused", "answered"];
    const { events, stop } = watched(clock, (n) => pattern[(n - 1) % pattern.length]!);
    await clock.tick(30 * 70);
    expect(events).to.have.length(70);
    expect(events.filter((e) => e.includes("exit"))).to.deep.equal([]);
    expect(events.slice(0, 7)).to.deep.equal(pattern.map((p, i) => `${30 * (i + 1)} 127.0.0.1:9 ${p}`));
    stop();
    expect(clock.pending()).to.equal(0);
  });

  it("looks at the engine with a TCP connection: answered while it listens, refused once it is closed", async () => {
    const engine = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => engine.listen(0, "127.0.0.1", r));
    const { port } = engine.address() as net.AddressInfo;
    expect(await probeTcp("127.0.0.1", port)).to.equal("answered");
    await new Promise<void>((r) => engine.close(() => r()));
    expect(await probeTcp("127.0.0.1", port)).to.equal("refused");
  });

  it("takes the engine's address only from the dynamic-provider host's command line", () => {
    const host = "/x/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";
    expect(engineAddressFromArgv(["node", host, "127.0.0.1:4321"])).to.equal("127.0.0.1:4321");
    expect(engineAddressFromArgv(["node", host, "[::1]:4321"])).to.equal("[::1]:4321");
    expect(engineAddressFromArgv(["node", "/x/other/index.js", "127.0.0.1:4321"]), "any other script").to.equal(undefined);
    expect(engineAddressFromArgv(["node", host, "--flag"]), "not an address").to.equal(undefined);
    expect(engineAddressFromArgv(["node", host]), "no argument").to.equal(undefined);
  });

  it("ends a real dynamic-provider host whose engine refuses, with its farewell line", async function () {
    this.timeout(30_000);
    const refused = net.createServer();
    await new Promise<void>((r) => refused.listen(0, "127.0.0.1", r));
    const address = `127.0.0.1:${(refused.address() as net.AddressInfo).port}`;
    await new Promise<void>((r) => refused.close(() => r()));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "watchdog-"));
    try {
      const file = path.join(dir, "cmd", "dynamic-provider", "index.js");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // No address in the options: the host's first argument, as the provider's entry starts it.
      fs.writeFileSync(file, `require(${JSON.stringify(WATCHDOG)}).startEngineWatchdog({ intervalMs: 30 });\nsetInterval(() => {}, 1000);\n`);
      const child = spawn(process.execPath, [file, address], { stdio: ["ignore", "ignore", "pipe"] });
      let stderr = "";
      child.stderr!.on("data", (d) => (stderr += d));
      // Only the exit ends the wait (the test's time-out is a hang guard, not a bound).
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).to.equal(1);
      expect(stderr).to.include(`the Pulumi engine at ${address} is gone`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
