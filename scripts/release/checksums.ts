// SHA256SUMS over every file a release writes, in the format `sha256sum -c` reads.

import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";

export function writeChecksums(dir: string, files: string[]): string {
  const lines = [...files].sort().map((f) => `${createHash("sha256").update(fs.readFileSync(path.join(dir, f))).digest("hex")}  ${f}`);
  const out = path.join(dir, "SHA256SUMS");
  fs.writeFileSync(out, `${lines.join("\n")}\n`);
  return out;
}
