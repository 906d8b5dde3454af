#!/usr/bin/env node
// `hosting-simulator` / `npm run simulator -- <flags>`: starts the simulator and serves until
// SIGINT or SIGTERM. The first stdout line is exactly `listening on <url>` so scripts can
// wait for it and read the port.
import { parseArgs, USAGE } from "./cli-args";
import { startSimulator } from "./index";

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
