// The executables that only a platform check uses (macOS's two and Windows'), built once per
// test process by `npm run release`'s own function, without SDKs: release-platforms and
// release-windows share one build when mocha runs them together. Each archive is unpacked
// into its own folder; the folder goes when the process ends.
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { release } from "../../../scripts/release/main";
import { TARGETS, type Target } from "../../../scripts/release/targets";
import { REPO_ROOT } from "../pulumi-env";

export const PLATFORM_TARGETS = ["darwin-amd64", "darwin-arm64", "windows-amd64"] as const;
export type PlatformTarget = (typeof PLATFORM_TARGETS)[number];

export interface PlatformRelease {
  /** The release folder: the archives and SHA256SUMS. */
  dir: string;
  version: string;
  /** The unpacked executable of a target. */
  executable(target: PlatformTarget): string;
  /** Seconds the build took. */
  buildSeconds: number;
}

let building: Promise<PlatformRelease> | undefined;

export function platformRelease(): Promise<PlatformRelease> {
  building ??= build();
  return building;
}

async function build(): Promise<PlatformRelease> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-platforms-"));
  process.once("exit", () => fs.rmSync(work, { recursive: true, force: true }));
  const dir = path.join(work, "release");
  const started = Date.now();
  const result = await release({ repoRoot: REPO_ROOT, outDir: dir, targets: [...PLATFORM_TARGETS], sdks: false, log: () => undefined });
  const buildSeconds = (Date.now() - started) / 1000;
  const unpacked = new Map<string, string>();
  for (const name of PLATFORM_TARGETS) {
    const target: Target = TARGETS.find((t) => t.name === name)!;
    const into = path.join(work, name);
    fs.mkdirSync(into);
    execFileSync("tar", ["-xzf", path.join(dir, `pulumi-resource-hosting-v${result.version}-${name}.tar.gz`), "-C", into]);
    unpacked.set(name, path.join(into, target.executable));
  }
  return { dir, version: result.version, buildSeconds, executable: (t) => unpacked.get(t)! };
}
