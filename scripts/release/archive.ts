// A plugin archive as Pulumi's plugin installer expects it: a gzipped tar with the executable
// at its root, here beside README.md and LICENSE. Entries are sorted, owned by 0:0 and dated
// SOURCE_DATE_EPOCH (the last commit's time), and gzip writes no name or time, so the same
// inputs give the same bytes.

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";

export interface ArchiveEntry {
  /** The name inside the archive. */
  name: string;
  /** The file to put there. */
  source: string;
  mode: number;
}

export function writeArchive(out: string, entries: ArchiveEntry[], epoch: number): void {
  const staging = `${out}.staging`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    for (const e of entries) {
      fs.mkdirSync(path.dirname(path.join(staging, e.name)), { recursive: true });
      fs.copyFileSync(e.source, path.join(staging, e.name));
      fs.chmodSync(path.join(staging, e.name), e.mode);
    }
    const names = entries.map((e) => e.name).sort();
    const tar = execFileSync("tar", ["--owner=0", "--group=0", "--numeric-owner", `--mtime=@${epoch}`, "-C", staging, "-cf", "-", ...names], {
      maxBuffer: 1 << 30,
    });
    fs.writeFileSync(out, execFileSync("gzip", ["-n", "-c"], { input: tar, maxBuffer: 1 << 30 }));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
