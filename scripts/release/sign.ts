// The ad-hoc code signature of a macOS executable. arm64 macOS starts no binary without a valid
// signature, and the official Node binary's signature does not survive the injection: postject
// drops its LC_CODE_SIGNATURE (the step Node's SEA docs do with `codesign --remove-signature`),
// so the executable leaves sea.ts unsigned. `rcodesign sign` with no key or certificate writes
// what `codesign --sign -` does: a code directory of page hashes over the whole file up to the
// signature, the injected NODE_SEA segment included, with the ad-hoc flag and an empty CMS blob
// (https://nodejs.org/api/single-executable-applications.html; apple-codesign's `sign`).
// rcodesign is built once per machine by rcodesign.sh.

import { execFileSync } from "child_process";
import * as path from "path";

/** The executable's identifier in its code directory (what `codesign -dv` shows as Identifier). */
export const SIGNING_IDENTIFIER = "pulumi-resource-hosting";

const found = new Map<string, string>();

/** The path of rcodesign, built the first time on this machine (minutes; see rcodesign.sh). */
export function rcodesign(repoRoot: string): string {
  const cached = found.get(repoRoot);
  if (cached) return cached;
  const script = path.join(repoRoot, "scripts", "release", "rcodesign.sh");
  let bin: string;
  try {
    bin = execFileSync("bash", [script], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  } catch (e) {
    throw new Error(`release: the macOS targets need rcodesign to sign them, and ${script} could not provide it: ${(e as Error).message}`);
  }
  found.set(repoRoot, bin);
  return bin;
}

/** Signs `file` (a Mach-O executable) in place with an ad-hoc signature. */
export function signAdHoc(signer: string, file: string): void {
  try {
    execFileSync(signer, ["sign", "--binary-identifier", SIGNING_IDENTIFIER, file], { stdio: "pipe" });
  } catch (e) {
    const output = `${(e as { stdout?: Buffer }).stdout ?? ""}${(e as { stderr?: Buffer }).stderr ?? ""}`;
    throw new Error(`release: rcodesign could not sign ${file}: ${output.trim() || (e as Error).message}`);
  }
}
