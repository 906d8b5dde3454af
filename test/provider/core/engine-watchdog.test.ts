// The provider process ends itself once the engine that started it stops answering,
// and not before; run in a child process, as the dynamic-provider host would be.
import { expect } from "chai";
import { spawn } from "child_process";
import * as net from "net";
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

  it("does nothing outside the dynamic-provider host (no engine address)", () => {
    const { startEngineWatchdog } = require(WATCHDOG);
    let exited = false;
    startEngineWatchdog({ exit: () => (exited = true) });
    expect(exited).to.equal(false);
  });
});
