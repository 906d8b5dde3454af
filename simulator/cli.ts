#!/usr/bin/env node
// `hosting-simulator` / `npm run simulator -- <flags>`: starts the simulator and serves until
// SIGINT or SIGTERM. The first stdout line is exactly `listening on <url>` so scripts can
// wait for it and read the port. The flags and exit codes: cli-args.ts (`hosting-simulator --help`).
import { commandLine, EXIT_USAGE, UsageError, usageErrorText } from "../protocol/command-line";
import { SIMULATOR_COMMAND, simulatorOptions } from "./cli-args";
import { startSimulator } from "./index";
import { isLoopbackHost } from "./loopback";

async function main(): Promise<void> {
  const line = commandLine(SIMULATOR_COMMAND);
  if (line.exit !== undefined) {
    process.exitCode = line.exit;
    return;
  }
  let options;
  try {
    options = simulatorOptions(line.values);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(usageErrorText(SIMULATOR_COMMAND.name, e));
    process.exit(EXIT_USAGE);
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
