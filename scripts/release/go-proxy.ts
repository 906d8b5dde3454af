// The Go SDK as a Go module proxy serves it, a folder of plain files under `go/`, so that
//   GOPROXY=<release URL>/go,https://proxy.golang.org go get <module>@v<version>
// takes it like any module (the Go modules reference, "GOPROXY protocol": a proxy is any server,
// file:// included, answering GETs of $base/$module/@v/list, .info, .mod and .zip):
//   go/<module, case-escaped>/@v/list             the versions, one a line
//   go/<module, case-escaped>/@v/v<version>.info  {"Version", "Time"}: the release's commit time
//   go/<module, case-escaped>/@v/v<version>.mod   the module's go.mod
//   go/<module, case-escaped>/@v/v<version>.zip   every file of the module, each under
//                                                 "<module>@v<version>/" (reference, "Module zip files")
// The files come from the release's Go SDK archive (sdks.ts), so the two hold the same module.

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { writeZip } from "./zip-file";

export interface GoProxyOptions {
  /** The Go SDK archive: a gzipped tar with go.mod at its root. */
  goSdkArchive: string;
  /** The release folder; the layout goes into its `go/` folder. */
  outDir: string;
  module: string;
  /** The release's version, without the leading "v". */
  version: string;
  /** Seconds since 1970: the .info's Time and every zip entry's date. */
  epoch: number;
}

/**
 * A module path as the proxy protocol spells it in URLs and folders: each upper-case letter as
 * "!" and its lower case, so that case-insensitive file systems keep two modules apart.
 */
export function escapeModulePath(module: string): string {
  return module.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);
}

/** Writes the layout; returns the files written, relative to outDir. */
export function writeGoProxy(o: GoProxyOptions): string[] {
  const version = `v${o.version}`;
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-go-proxy-"));
  try {
    execFileSync("tar", ["-xzf", o.goSdkArchive, "-C", unpacked]);
    const files = walk(unpacked).map((f) => path.relative(unpacked, f).split(path.sep).join("/")).sort();
    if (!files.includes("go.mod")) throw new Error(`go proxy: ${o.goSdkArchive} has no go.mod at its root`);
    const goMod = fs.readFileSync(path.join(unpacked, "go.mod"));
    const declared = /^module\s+(\S+)/m.exec(goMod.toString("utf8"))?.[1];
    if (declared !== o.module) throw new Error(`go proxy: the SDK's go.mod declares module "${declared}"; the release serves "${o.module}"`);
    const prefix = `${o.module}@${version}/`;
    const zip = writeZip(files.map((f) => ({ name: prefix + f, data: fs.readFileSync(path.join(unpacked, f)) })), o.epoch);

    const dir = path.join("go", escapeModulePath(o.module), "@v");
    fs.mkdirSync(path.join(o.outDir, dir), { recursive: true });
    const written: [string, string | Buffer][] = [
      ["list", `${version}\n`],
      [`${version}.info`, `${JSON.stringify({ Version: version, Time: new Date(o.epoch * 1000).toISOString() })}\n`],
      [`${version}.mod`, goMod],
      [`${version}.zip`, zip],
    ];
    for (const [name, data] of written) fs.writeFileSync(path.join(o.outDir, dir, name), data);
    return written.map(([name]) => path.join(dir, name).split(path.sep).join("/"));
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
