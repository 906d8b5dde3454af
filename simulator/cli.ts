#!/usr/bin/env node
// `hosting-simulator` / `npm run simulator -- <flags>`: starts the simulator and serves until
// SIGINT or SIGTERM. The first stdout line is exactly `listening on <url>` so scripts can
// wait for it and read the port.
import { parseArgs, USAGE } from "./cli-args";
import { startSimulator } from "./index";
import { isLoopbackHost } from "./loopback";

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return;
  }
  let options;
  try {
    options = parseArgs(argv);
  } catch (e) {
    console.error(`hosting-simulator: ${(e as Error).message}`);
    process.exit(2);
  }
  const sim = await startSimulator(options);
  console.log(`listening on ${sim.url}`);
  if (options.adminToken !== undefined && !isLoopbackHost(options.host ?? "127.0.0.1")) {
    console.error(`hosting-simulator: warning: listening on ${options.host}, beyond this machine; the admin API needs the admin token, the /v1 API its keys`);
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void sim.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((e) => {
  console.error(`hosting-simulator: ${(e as Error).message}`);
  process.exit(1);
});
