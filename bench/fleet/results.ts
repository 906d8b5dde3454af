// Writes one run's results as JSON to bench/results/<timestamp>.json (git-ignored): the
// options, the machine, every scenario as measured, the table rows and the target checks.

import * as fs from "fs";
import * as path from "path";

export function writeResults(outDir: string, startedAt: Date, payload: unknown): string {
  fs.mkdirSync(outDir, { recursive: true });
  const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
  const file = path.join(outDir, `${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify(payload, null, 2) + "\n");
  return file;
}
