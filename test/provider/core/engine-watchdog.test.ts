// The provider process ends itself once the engine that started it stops answering,
// and not before; run in a child process, as the dynamic-provider host would be.
import { expect } from "chai";
import { spawn } from "child_process";
import * as fs from "fs";
import * as net from "net";
import * as os from "os";
import * as path from "path";

const WATCHDOG = path.join(__dirname, "..", "..", "..", "provider", "core", "engine-watchdog.js");

function childWatching(address: string) {
  const script = `require(${JSON.stringify(WATCHDOG)}).startEngineWatchdog({ address: ${JSON.stringify(address)}, intervalMs: 30 });
setInterval(() => {}, 1000); // stands for the gRPC server that keeps the host alive`;
  return spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "pipe"] });
}

describe("engine watchdog", () => {
  it("keeps the process while the engine answers, and ends it once the engine is gone", async () => {
    const engine = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => engine.listen(0, "127.0.0.1", r));
    const address = `127.0.0.1:${(engine.address() as net.AddressInfo).port}`;
    const child = childWatching(address);
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));

    await new Promise((r) => setTimeout(r, 300));
    expect(child.exitCode, "alive while the engine answers").to.equal(null);

    await new Promise<void>((r) => engine.close(() => r()));
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), 3000))]);
    if (code === "still running") child.kill("SIGKILL");
    expect(code).to.equal(1);
    expect(stderr).to.include(`the Pulumi engine at ${address} is gone`);
  });

  it("does nothing outside the dynamic-provider host, even with an unanswered address as its argument", async () => {
    // The same refused address, once as the argument of the dynamic-provider host (the
    // control: it must end) and once as the argument of any other script (it must not).
    const refused = net.createServer();
    await new Promise<void>((r) => refused.listen(0, "127.0.0.1", r));
    const address = `127.0.0.1:${(refused.address() as net.AddressInfo).port}`;
    await new Promise<void>((r) => refused.close(() => r()));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "watchdog-"));
    try {
      const host = scriptAt(path.join(dir, "cmd", "dynamic-provider", "index.js"));
      const other = scriptAt(path.join(dir, "other", "index.js"));
      // Both start together; the other script must outlive the host by a second (33 intervals),
      // however slow a loaded machine makes the start of either.
      const otherRun = start(other, address);
      const hostCode = await stopAfter(start(host, address), 10_000);
      expect(hostCode, "the host with an engine that refuses ends").to.equal(1);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await stopAfter(otherRun, 0), "any other script keeps running").to.equal("still running");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A script that starts the watchdog with no address, as the provider's entry does. */
function scriptAt(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `require(${JSON.stringify(WATCHDOG)}).startEngineWatchdog({ intervalMs: 30 });\nsetInterval(() => {}, 1000);\n`);
  return file;
}

/** Starts `node file arg`; `exited` resolves with its exit code. */
function start(file: string, arg: string) {
  const child = spawn(process.execPath, [file, arg], { stdio: "ignore" });
  return { child, exited: new Promise<number | null>((resolve) => child.on("exit", resolve)) };
}

/** Its exit code once it ends, or "still running" (then killed) if it has not after `ms`. */
async function stopAfter(run: ReturnType<typeof start>, ms: number): Promise<number | null | string> {
  const code = await Promise.race([run.exited, new Promise<string>((r) => setTimeout(() => r("still running"), ms))]);
  if (code === "still running") {
    run.child.kill("SIGKILL");
    await run.exited;
  }
  return code;
}
