// `npm run release`: the plugin as one native executable per platform, in the archive layout
// Pulumi's plugin installer expects, the SDK packages, and SHA256SUMS over all of them, in one
// folder (dist/release by default). Build once, package per target (pulumi-awsx's
// scripts/build.sh has the same shape):
//   1. the release schema: schema.json's generator, plus a pluginDownloadURL when one is given;
//   2. one bundle of the compiled plugin (bundle.ts) and one SEA blob of it (sea.ts);
//   3. per target: its Node binary from npm (node-binary.ts), the blob injected, macOS ones
//      signed ad hoc (sign.ts), an archive;
//   4. the SDKs generated from the release schema and packed (sdks.ts), the Java SDK as a Maven
//      repository (maven-repository.ts);
//   5. the folders each ecosystem installs from: a Go module proxy, a PEP 503 index (install-layouts.ts);
//   6. SHA256SUMS, and a check that every file carries the one version (version-check.ts).
//
//   npm run release -- [--out DIR] [--targets linux-amd64,...] [--plugin-download-url URL] [--no-sdks] [--version X.Y.Z]
// HOSTING_PLUGIN_DOWNLOAD_URL gives the URL too (the flag wins).

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { schemaText } from "../schema/generate";
import { writeArchive } from "./archive";
import { bundlePlugin } from "./bundle";
import { writeChecksums } from "./checksums";
import { writeInstallLayouts } from "./install-layouts";
import { nodeBinary } from "./node-binary";
import { injectBlob, seaBlob } from "./sea";
import { writeMavenRepository } from "./maven-repository";
import { packSdks } from "./sdks";
import { rcodesign, signAdHoc } from "./sign";
import { isMacOS, NODE_VERSION, TARGETS, targetsNamed } from "./targets";
import { releaseVersion, withVersion } from "./version";
import { versionMismatches } from "./version-check";

export interface ReleaseOptions {
  repoRoot: string;
  outDir: string;
  targets: string[];
  pluginDownloadURL?: string;
  sdks: boolean;
  /** The release's version; package.json's when not given. */
  version?: string;
  log?: (line: string) => void;
}

export interface ReleaseResult {
  version: string;
  /** Every file written, by name, with its size in bytes. */
  files: { name: string; bytes: number }[];
  bundleBytes: number;
}

export function parseReleaseArgs(argv: string[], env: NodeJS.ProcessEnv, repoRoot: string): ReleaseOptions {
  const o: ReleaseOptions = { repoRoot, outDir: path.join(repoRoot, "dist", "release"), targets: [], sdks: true };
  const url = env.HOSTING_PLUGIN_DOWNLOAD_URL;
  if (url) o.pluginDownloadURL = url;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === "--out") o.outDir = path.resolve(value());
    else if (flag === "--targets") o.targets = value().split(",").filter(Boolean);
    else if (flag === "--plugin-download-url") o.pluginDownloadURL = value();
    else if (flag === "--no-sdks") o.sdks = false;
    else if (flag === "--version") o.version = value();
    else throw new Error(`unknown flag ${flag}; allowed: --out DIR, --targets ${TARGETS.map((t) => t.name).join(",")}, --plugin-download-url URL, --no-sdks, --version X.Y.Z`);
  }
  if (o.pluginDownloadURL !== undefined && !/^https?:\/\/\S+$/.test(o.pluginDownloadURL)) {
    throw new Error(`--plugin-download-url (or HOSTING_PLUGIN_DOWNLOAD_URL) is "${o.pluginDownloadURL}"; allowed: an http:// or https:// URL of the folder holding the archives`);
  }
  targetsNamed(o.targets);
  return o;
}

export async function release(o: ReleaseOptions): Promise<ReleaseResult> {
  const log = o.log ?? ((line: string) => console.log(`release: ${line}`));
  const root = o.repoRoot;
  const packageJson = fs.readFileSync(path.join(root, "package.json"), "utf8");
  const version = releaseVersion((JSON.parse(packageJson) as { version: string }).version, o.version);
  const epoch = Number(execFileSync("git", ["log", "-1", "--format=%ct"], { cwd: root, encoding: "utf8" }).trim()) || 0;
  fs.rmSync(o.outDir, { recursive: true, force: true });
  fs.mkdirSync(o.outDir, { recursive: true });
  // Inside the checkout: the Node SDK compiles against its node_modules (scripts/gen-sdk.sh).
  fs.mkdirSync(path.join(root, "dist"), { recursive: true });
  const work = fs.mkdtempSync(path.join(root, "dist", "release-work-"));

  const schema = path.join(work, "schema.json");
  fs.writeFileSync(schema, schemaText(root, { pluginDownloadURL: o.pluginDownloadURL, version }));
  log(`schema: version ${version}, pluginDownloadURL ${o.pluginDownloadURL ?? "(none: install with pulumi plugin install)"}`);

  const bundle = path.join(work, "plugin.js");
  const { bytes: bundleBytes } = await bundlePlugin({
    distDir: path.join(root, "dist"),
    outfile: bundle,
    files: { "package.json": withVersion(packageJson, version), "schema.json": fs.readFileSync(schema, "utf8") },
  });
  log(`bundle: ${bundleBytes} bytes`);
  const builder = nodeBinary(TARGETS.find((t) => t.name === "linux-amd64")!, NODE_VERSION);
  const blob = path.join(work, "plugin.blob");
  seaBlob(builder, bundle, blob);

  const written: string[] = [];
  for (const target of targetsNamed(o.targets)) {
    const exe = path.join(work, target.name, target.executable);
    fs.mkdirSync(path.dirname(exe), { recursive: true });
    injectBlob(target, nodeBinary(target, NODE_VERSION), blob, exe);
    if (isMacOS(target)) signAdHoc(rcodesign(root), exe);
    const name = `pulumi-resource-hosting-v${version}-${target.name}.tar.gz`;
    writeArchive(path.join(o.outDir, name), [
      { name: target.executable, source: exe, mode: 0o755 },
      { name: "README.md", source: path.join(root, "scripts", "release", "archive-readme.md"), mode: 0o644 },
      { name: "LICENSE", source: path.join(root, "LICENSE"), mode: 0o644 },
    ], epoch);
    written.push(name);
    log(`${name}: Node ${NODE_VERSION}${isMacOS(target) ? ", signed ad hoc" : ""}, ${fs.statSync(path.join(o.outDir, name)).size} bytes`);
  }
  if (o.sdks) {
    const sdks = packSdks({ repoRoot: root, schema, workDir: work, outDir: o.outDir, version, epoch });
    for (const f of sdks) log(`${f}: ${fs.statSync(path.join(o.outDir, f)).size} bytes`);
    written.push(...sdks);
    const maven = writeMavenRepository({ javaSdkDir: path.join(work, "sdk", "java"), outDir: o.outDir, epoch });
    log(maven.length ? `maven/: the Java SDK, ${maven.filter((f) => /\.(jar|pom)$/.test(f)).join(", ")}` : "maven/: none, the Java SDK was not built (no JDK or Maven)");
    written.push(...maven);
    const layouts = writeInstallLayouts({ outDir: o.outDir, version, epoch, sdkFiles: sdks });
    for (const [language, command] of Object.entries(layouts.commands)) log(`install ${language}: ${command.replace(/<url>/g, o.pluginDownloadURL ?? "<url>")}`);
    written.push(...layouts.files);
  }
  writeChecksums(o.outDir, written);
  const mismatches = await versionMismatches(o.outDir, version);
  if (mismatches.length > 0) throw new Error(`the release's files disagree on its version ${version}:\n  ${mismatches.join("\n  ")}`);
  fs.rmSync(work, { recursive: true, force: true });
  log(`wrote ${written.length} files and SHA256SUMS into ${o.outDir}`);
  return { version, bundleBytes, files: written.map((name) => ({ name, bytes: fs.statSync(path.join(o.outDir, name)).size })) };
}

if (require.main === module) {
  const root = path.resolve(__dirname, "..", "..", "..");
  Promise.resolve()
    .then(() => release(parseReleaseArgs(process.argv.slice(2), process.env, root)))
    .catch((e: unknown) => {
      console.error(`release: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    });
}
