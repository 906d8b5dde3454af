// Proves that every file of a release carries its one version (version.ts), by reading each the
// way its installer or the engine does:
//   - every file name with a version in it (plugin archives, SDK packages);
//   - the npm tarball's package.json, the wheel's METADATA, the plugin version each SDK asks the
//     engine for (package.json's "pulumi" block, pulumi-plugin.json);
//   - the Go module proxy's @v/list, .info and the zip's folder;
//   - the version the plugin itself reports (GetPluginInfo), from the executable of this
//     machine's platform when the release has it.
// main.ts refuses a release that fails it; the release tests call it on what they serve.

import { execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { emptyproto, grpc, provrpc } from "../../provider/plugin/grpc";
import { GO_MODULE } from "../schema/generate";
import { escapeModulePath } from "./go-proxy";
import { wheelMetadata } from "./pep503";
import { TARGETS } from "./targets";
import { readZip } from "./zip-file";

const VERSIONED_NAMES: [RegExp, string][] = [
  [/^pulumi-resource-hosting-v([^-]+)-/, "the plugin archive's name"],
  [/^pulumi-hosting-sdk-go-v(.+)\.tar\.gz$/, "the Go SDK archive's name"],
  [/^pulumi-hosting-sdk-(\d.*)\.tgz$/, "the npm tarball's name"],
  [/^pulumi_hosting-([^-]+)-.*\.whl$/, "the wheel's name"],
  [/^pulumi_hosting-(.+)\.tar\.gz$/, "the sdist's name"],
];

/** Each disagreement found, as "<what>: <version found>"; empty when all agree. */
export async function versionMismatches(outDir: string, version: string): Promise<string[]> {
  const found: [string, string | undefined][] = [];
  const names = fs.readdirSync(outDir);
  for (const name of names) {
    for (const [pattern, what] of VERSIONED_NAMES) {
      const m = pattern.exec(name);
      if (m) found.push([`${what} ${name}`, m[1]]);
    }
  }
  for (const tgz of names.filter((n) => n.endsWith(".tgz"))) {
    const pkg = JSON.parse(execFileSync("tar", ["-xzOf", path.join(outDir, tgz), "package/package.json"], { encoding: "utf8" })) as { version?: string; pulumi?: { version?: string } };
    found.push([`${tgz}: package/package.json`, pkg.version]);
    // The Node.js SDK's plugin version: its package.json's "pulumi" block.
    found.push([`${tgz}: package/package.json pulumi.version`, pkg.pulumi?.version]);
  }
  for (const whl of names.filter((n) => n.endsWith(".whl"))) {
    found.push([`${whl}: METADATA`, wheelMetadata(path.join(outDir, whl)).get("Version")]);
    const plugin = [...readZip(fs.readFileSync(path.join(outDir, whl))).entries()].find(([n]) => n.endsWith("/pulumi-plugin.json"));
    found.push([`${whl}: pulumi-plugin.json`, plugin && pluginJsonVersion(plugin[1].toString("utf8"))]);
  }
  const goArchive = names.find((n) => n.startsWith("pulumi-hosting-sdk-go-"));
  if (goArchive) {
    const listed = execFileSync("tar", ["-tzf", path.join(outDir, goArchive)], { encoding: "utf8" }).split("\n").find((n) => n.endsWith("pulumi-plugin.json"));
    found.push([`${goArchive}: pulumi-plugin.json`, listed && pluginJsonVersion(execFileSync("tar", ["-xzOf", path.join(outDir, goArchive), listed], { encoding: "utf8" }))]);
  }
  const proxy = path.join(outDir, "go", escapeModulePath(GO_MODULE), "@v");
  if (fs.existsSync(proxy)) {
    found.push(["go/.../@v/list", fs.readFileSync(path.join(proxy, "list"), "utf8").trim().replace(/^v/, "")]);
    for (const f of fs.readdirSync(proxy).filter((n) => n !== "list")) {
      found.push([`go/.../@v/${f}`, /^v(.+)\.(info|mod|zip)$/.exec(f)?.[1]]);
      if (f.endsWith(".info")) found.push([`go/.../@v/${f}: Version`, (JSON.parse(fs.readFileSync(path.join(proxy, f), "utf8")) as { Version?: string }).Version?.replace(/^v/, "")]);
      if (f.endsWith(".zip")) {
        const folders = new Set([...readZip(fs.readFileSync(path.join(proxy, f))).keys()].map((n) => n.split("/go.mod")[0]!.split("@")[1]?.split("/")[0]));
        for (const v of folders) found.push([`go/.../@v/${f}: the files' folder`, v?.replace(/^v/, "")]);
      }
    }
  }
  const own = TARGETS.find((t) => t.name === `${{ linux: "linux", darwin: "darwin", win32: "windows" }[os.platform() as string]}-${{ x64: "amd64", arm64: "arm64" }[os.arch() as string]}`);
  const archive = own && names.find((n) => n.startsWith("pulumi-resource-hosting-") && n.endsWith(`-${own.name}.tar.gz`));
  if (own && archive) found.push([`the plugin of ${archive}: GetPluginInfo`, await reportedVersion(path.join(outDir, archive), own.executable)]);
  return found.filter(([, v]) => v !== version).map(([what, v]) => `${what}: ${v ?? "(no version)"}`);
}

function pluginJsonVersion(text: string): string | undefined {
  return (JSON.parse(text) as { version?: string }).version;
}

/** Starts the archive's executable, asks it GetPluginInfo, and ends it. */
async function reportedVersion(archive: string, executable: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-version-"));
  execFileSync("tar", ["-xzf", archive, "-C", dir, executable]);
  const child = spawn(path.join(dir, executable), [], { stdio: ["ignore", "pipe", "ignore"] });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.once("data", (d: Buffer) => resolve(d.toString().split("\n")[0]!.trim()));
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`${executable} exited (${code}) before its port handshake`)));
    });
    const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    try {
      return await new Promise<string>((resolve, reject) =>
        client.getPluginInfo(new emptyproto.Empty(), (err, info) => (err ? reject(err) : resolve(info!.getVersion()))),
      );
    } finally {
      client.close();
    }
  } finally {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
