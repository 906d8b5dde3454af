// The SDKs as their ecosystems install them, generated from the release's schema by the same
// generator as `npm run sdk` (scripts/gen-sdk.sh, which also compiles each one):
//   Node.js  an npm tarball of the compiled package (`npm pack`);
//   Python   an sdist and a wheel, by the PyPA `build` frontend of Debian's python3-build with
//            Debian's setuptools (--no-isolation: no Python registry is reachable here);
//   Go       the module github.com/pulumi-hosting/pulumi-hosting/sdk as a gzipped tar with
//            go.mod at its root, for a `replace` directive or a module server.

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { writeArchive, type ArchiveEntry } from "./archive";

export interface SdkOptions {
  repoRoot: string;
  /** The release schema (written by main.ts). */
  schema: string;
  /** A scratch folder for the generated sources. */
  workDir: string;
  outDir: string;
  version: string;
  epoch: number;
}

/** Generates and packs the three SDKs; returns the files written into outDir. */
export function packSdks(o: SdkOptions): string[] {
  const sdk = path.join(o.workDir, "sdk");
  fs.rmSync(sdk, { recursive: true, force: true });
  try {
    execFileSync("bash", [path.join(o.repoRoot, "scripts", "gen-sdk.sh")], {
      env: { ...process.env, HOSTING_SDK_SCHEMA: o.schema, HOSTING_SDK_DIR: sdk },
      stdio: "pipe",
    });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`release: scripts/gen-sdk.sh failed:\n${err.stdout ?? ""}${err.stderr ?? ""}`);
  }
  return [packNode(sdk, o), ...packPython(sdk, o), packGo(sdk, o)];
}

function packNode(sdk: string, o: SdkOptions): string {
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", o.outDir], { cwd: path.join(sdk, "nodejs", "bin"), encoding: "utf8" });
  return name.trim().split("\n").pop()!;
}

function packPython(sdk: string, o: SdkOptions): string[] {
  const python = "/usr/bin/python3";
  const before = new Set(fs.readdirSync(o.outDir));
  try {
    execFileSync(python, ["-m", "build", "--no-isolation", "--sdist", "--wheel", "--outdir", o.outDir, path.join(sdk, "python")], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, SOURCE_DATE_EPOCH: String(o.epoch) },
    });
  } catch (e) {
    const err = (e as { stderr?: Buffer }).stderr?.toString() ?? String(e);
    throw new Error(`release: the Python SDK did not build (${python} -m build needs Debian's python3-build, python3-setuptools and python3-wheel: scripts/release/python-tools.sh): ${err}`);
  }
  return fs.readdirSync(o.outDir).filter((f) => !before.has(f));
}

function packGo(sdk: string, o: SdkOptions): string {
  const name = `pulumi-hosting-sdk-go-v${o.version}.tar.gz`;
  const files = ["go.mod", "go.sum", ...walk(path.join(sdk, "go")).map((f) => path.relative(sdk, f))];
  const entries: ArchiveEntry[] = files.map((f) => ({ name: f, source: path.join(sdk, f), mode: 0o644 }));
  writeArchive(path.join(o.outDir, name), entries, o.epoch);
  return name;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}
