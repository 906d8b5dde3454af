// `npm run release` as a user of another language meets it, served from loopback with `node` unable
// to start: Pulumi YAML after `pulumi plugin install --server`, and a Go program whose engine
// fetches the plugin itself, each through up, changes and destroy in both shapes.
//
// `npm run release` as a user of another language meets it: the archives, the SDK
// packages and SHA256SUMS of one release, served from a loopback release server; then, with
// `node` unable to start in the environment of every command that uses the plugin:
//   - Pulumi YAML: `pulumi plugin install resource hosting <v> --server <url>`, then the YAML
//     example (two servers, a Fleet of 6, a webhook, a lookup) with no plugin path: up (with its
//     preview), no-change preview, label update, destroy;
//   - Go (examples/go-fleet on the release's Go SDK, through the Automation API's inline program):
//     an empty PULUMI_HOME, automatic plugin acquisition on, no install step: the engine fetches the
//     plugin from the schema's pluginDownloadURL; up, no-change preview, label update in place, OS
//     replace, a lookup, destroy;
// in both shapes, with neither the API key nor the webhook secret in plain text in the state or
// any output. And the Python wheel: it installs with `pip install --no-deps` into a virtual
// environment, and `import pulumi_hosting` gets as far as its own `import pulumi` (the wheel
// alone, no dependency; release-python.test.ts installs it with `pulumi` from PyPI and runs a program).
import { expect } from "chai";
import { execFile, execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { release, type ReleaseResult } from "../../scripts/release/main";
import { NODE_VERSION, TARGETS } from "../../scripts/release/targets";
import { API_KEY, SHAPES, startWorld, WEBHOOK_SECRET, type World } from "./fixtures";
import { createPulumiEnv, REPO_ROOT, TOOLS_DIR, type PulumiEnv } from "./pulumi-env";
import { buildGoFleet } from "./support/go-program";
import { withoutNode } from "./support/no-node";
import { startReleaseServer, type ReleaseServer } from "./support/release-server";

const VERSION = (require("../../../package.json") as { version: string }).version;
const SEA_FUSE_SET = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1";

/** Runs `cmd args` without Node; resolves with stdout and stderr, rejects with both. */
async function noNode(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; printed: string[] }): Promise<string> {
  const run = withoutNode(cmd, args, opts.env);
  try {
    const { stdout, stderr } = await promisify(execFile)(run.cmd, run.args, { cwd: opts.cwd, env: run.env, maxBuffer: 64 * 1024 * 1024 });
    opts.printed.push(stdout, stderr);
    return `${stdout}\n${stderr}`;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    opts.printed.push(err.stdout ?? "", err.stderr ?? "");
    throw new Error(`${cmd} ${args.join(" ")} failed (without node):\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`);
  }
}

/** The PATH of a user with the Pulumi CLI and the YAML language host, and Go. */
function userPath(): string {
  return [path.join(TOOLS_DIR, "bin"), path.dirname(execFileSync("sh", ["-c", "command -v go"], { encoding: "utf8" }).trim()), "/usr/bin", "/bin"].join(":");
}

function expectNoPlaintext(texts: string[]): void {
  for (const text of texts) {
    expect(text, "the API key in plain text").to.not.include(API_KEY);
    expect(text, "the webhook secret in plain text").to.not.include(WEBHOOK_SECRET);
  }
}

function stateTexts(env: PulumiEnv): string[] {
  const files = fs.readdirSync(env.backendDir, { recursive: true }) as string[];
  return files.map((f) => path.join(env.backendDir, f)).filter((f) => fs.statSync(f).isFile()).map((f) => fs.readFileSync(f, "utf8"));
}

describe("the release: archives, SDK packages and checksums from npm run release", function () {
  let work: string;
  let out: string;
  let server: ReleaseServer;
  let result: ReleaseResult;

  before(async function () {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-release-"));
    out = path.join(work, "release");
    fs.mkdirSync(out);
    server = await startReleaseServer(out);
    result = await release({ repoRoot: REPO_ROOT, outDir: out, targets: [], pluginDownloadURL: server.url, sdks: true, log: () => undefined });
  });
  after(async () => {
    await server?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("writes an archive per target, the three SDKs' packages, their install layouts, and SHA256SUMS that sha256sum -c accepts", () => {
    const names = result.files.map((f) => f.name).sort();
    expect(names).to.deep.equal(
      [
        ...TARGETS.map((t) => `pulumi-resource-hosting-v${VERSION}-${t.name}.tar.gz`),
        `pulumi-hosting-sdk-${VERSION}.tgz`,
        `pulumi-hosting-sdk-go-v${VERSION}.tar.gz`,
        `pulumi_hosting-${VERSION}-py3-none-any.whl`,
        `pulumi_hosting-${VERSION}.tar.gz`,
        ...["list", `v${VERSION}.info`, `v${VERSION}.mod`, `v${VERSION}.zip`].map((f) => `go/github.com/pulumi-hosting/pulumi-hosting/sdk/@v/${f}`),
        "python/simple/index.html",
        "python/simple/pulumi-hosting/index.html",
        // The Java SDK's Maven repository (release-java.test.ts runs a program on it).
        ...[`hosting/${VERSION}/hosting-${VERSION}.jar`, `hosting/${VERSION}/hosting-${VERSION}.pom`, "hosting/maven-metadata.xml"].flatMap((f) =>
          ["", ".sha1", ".md5"].map((ext) => `maven/com/pulumihosting/${f}${ext}`),
        ),
      ].sort(),
    );
    const onDisk = (fs.readdirSync(out, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(out, f)).isFile());
    expect(onDisk.sort()).to.deep.equal([...names, "SHA256SUMS"].sort());
    const check = execFileSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: out, encoding: "utf8" });
    expect(check.trim().split("\n")).to.have.length(names.length);
    expect(check).to.not.match(/FAILED/);
  });

  it("puts the executable at each archive's root beside README.md and LICENSE, Node injected with the plugin for its platform", () => {
    const magic: Record<string, (b: Buffer) => boolean> = {
      "linux-amd64": (b) => b.subarray(0, 4).toString("latin1") === "\x7fELF" && b.readUInt16LE(18) === 0x3e,
      "linux-arm64": (b) => b.subarray(0, 4).toString("latin1") === "\x7fELF" && b.readUInt16LE(18) === 0xb7,
      "darwin-amd64": (b) => b.readUInt32LE(0) === 0xfeedfacf && b.readUInt32LE(4) === 0x01000007,
      "darwin-arm64": (b) => b.readUInt32LE(0) === 0xfeedfacf && b.readUInt32LE(4) === 0x0100000c,
      "windows-amd64": (b) => b.subarray(0, 2).toString("latin1") === "MZ",
    };
    for (const t of TARGETS) {
      const archive = path.join(out, `pulumi-resource-hosting-v${VERSION}-${t.name}.tar.gz`);
      const entries = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n").sort();
      expect(entries, t.name).to.deep.equal(["LICENSE", "README.md", t.executable].sort());
      const dir = fs.mkdtempSync(path.join(work, `${t.name}-`));
      execFileSync("tar", ["-xzf", archive, "-C", dir]);
      const exe = fs.readFileSync(path.join(dir, t.executable));
      expect(magic[t.name]!(exe), `${t.name}: the executable's header`).to.equal(true);
      // Node flips this fuse when a blob is injected; an uninjected node has ":0".
      expect(exe.includes(SEA_FUSE_SET), `${t.name}: the SEA blob is injected`).to.equal(true);
      expect(exe.includes(`v${NODE_VERSION}`), `${t.name}: Node ${NODE_VERSION}`).to.equal(true);
      expect(fs.readFileSync(path.join(dir, "LICENSE"), "utf8")).to.include("Apache License");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the Python wheel installs with pip --no-deps into a virtual environment, and its import gets as far as `import pulumi`", () => {
    const venv = path.join(work, "venv");
    execFileSync("/usr/bin/python3", ["-m", "venv", venv]);
    const wheel = path.join(out, `pulumi_hosting-${VERSION}-py3-none-any.whl`);
    execFileSync(path.join(venv, "bin", "pip"), ["install", "--no-deps", "--no-index", wheel], { stdio: "pipe" });
    let failure = "";
    try {
      execFileSync(path.join(venv, "bin", "python"), ["-c", "import pulumi_hosting"], { stdio: "pipe", cwd: work });
    } catch (e) {
      failure = (e as { stderr: Buffer }).stderr.toString();
    }
    // The package's own modules load, and stop at the SDK dependency pip was told not to install.
    expect(failure).to.match(/site-packages\/pulumi_hosting\/\S+\.py/);
    expect(failure.trim().split("\n").pop()).to.equal("ModuleNotFoundError: No module named 'pulumi'");
  });

  for (const shape of SHAPES) {
    describe(`shape ${shape}, without node`, function () {
      let world: World;

      before(async () => {
        world = await startWorld(shape);
      });
      after(async () => world?.close());

      it("Pulumi YAML: plugin install --server, then up, no-change preview, label update, destroy", async () => {
        const env = await createPulumiEnv();
        const dir = fs.mkdtempSync(path.join(work, `yaml-${shape}-`));
        const yaml = fs.readFileSync(path.join(REPO_ROOT, "examples", "yaml-fleet", "Pulumi.yaml"), "utf8");
        expect(yaml, "the example names no plugin path").to.not.match(/^plugins:/m);
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yaml);
        const printed: string[] = [];
        const opts = { cwd: dir, env: { ...process.env, ...env.envVars, PATH: userPath() }, printed };
        const pulumi = (...args: string[]) => noNode(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, "--non-interactive"], opts);
        try {
          await pulumi("plugin", "install", "resource", "hosting", VERSION, "--server", server.url);
          expect(fs.existsSync(path.join(env.home, "plugins", `resource-hosting-v${VERSION}`, "pulumi-resource-hosting"))).to.equal(true);
          await pulumi("stack", "init", "dev");
          for (const [k, v] of Object.entries({ "hosting:baseUrl": world.sim.url, webhookUrl: world.receiver.url })) await pulumi("config", "set", k, v);
          for (const [k, v] of Object.entries({ "hosting:apiKey": API_KEY, webhookSecret: WEBHOOK_SECRET })) await pulumi("config", "set", "--secret", k, v);

          // Two servers, a Fleet of 6 members and a webhook.
          expect(await pulumi("up", "--yes")).to.match(/\+ 5 created/);
          const live = await world.sim.liveServers();
          expect(live.map((s) => s.status)).to.deep.equal(Array(8).fill("active"));
          await pulumi("preview", "--expect-no-changes");
          await pulumi("config", "set", "label", "relabelled");
          const before = (await world.sim.liveServers()).map((s) => s.id).sort();
          expect(await pulumi("up", "--yes")).to.match(/~ 3 updated/);
          const after = await world.sim.liveServers();
          expect(after.map((s) => s.id).sort()).to.deep.equal(before);
          expect(after.every((s) => s.label === "relabelled" || s.label.startsWith("relabelled-"))).to.equal(true);
          // No plugin path, no acquisition, no node: only the installed executable could have served.
          expect(await pulumi("stack", "export")).to.include('"type": "pulumi:providers:hosting"');
          expectNoPlaintext([...printed, ...stateTexts(env)]);
          await pulumi("destroy", "--yes");
          expect(await world.sim.liveServers()).to.deep.equal([]);
        } finally {
          env.dispose();
        }
      });

      it("Go on the generated SDK, through the Automation API: the plugin from pluginDownloadURL; up, no-change preview, label update, OS replace, a lookup, destroy", async () => {
        const goFleet = buildGoFleet(path.join(out, `pulumi-hosting-sdk-go-v${VERSION}.tar.gz`), fs.mkdtempSync(path.join(work, `go-${shape}-`)));
        const env = await createPulumiEnv();
        const acquiring: NodeJS.ProcessEnv = { ...process.env, ...env.envVars, PATH: userPath() };
        delete acquiring.PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION;
        expect(fs.readdirSync(env.home).filter((f) => f === "plugins")).to.deep.equal([]);
        const printed: string[] = [];
        const opts = { cwd: path.dirname(goFleet), env: acquiring, printed };
        const downloadsBefore = server.downloads.get(`pulumi-resource-hosting-v${VERSION}-linux-amd64.tar.gz`) ?? 0;
        const config = [`hosting:baseUrl=${world.sim.url}`, `secret:hosting:apiKey=${API_KEY}`, `webhookUrl=${world.receiver.url}`, `secret:webhookSecret=${WEBHOOK_SECRET}`];
        const goFleetRun = async (...args: string[]) => {
          const text = await noNode(goFleet, args, opts);
          const line = text.split("\n").find((l) => l.startsWith("result: "));
          if (!line) throw new Error(`go-fleet ${args[0]} printed no result line:\n${text}`);
          return JSON.parse(line.slice("result: ".length)) as { changes: Record<string, number>; outputs?: Record<string, string> };
        };
        try {
          const up = await goFleetRun("up", ...config);
          expect(up.changes).to.deep.equal({ create: 4 });
          expect(server.downloads.get(`pulumi-resource-hosting-v${VERSION}-linux-amd64.tar.gz`)).to.equal(downloadsBefore + 1);
          expect(fs.existsSync(path.join(env.home, "plugins", `resource-hosting-v${VERSION}`, "pulumi-resource-hosting"))).to.equal(true);
          const live = await world.sim.liveServers();
          expect(live.map((s) => s.status)).to.deep.equal(["active", "active"]);
          expect(live.map((s) => s.id).sort()).to.deep.equal([up.outputs!.web1Id, up.outputs!.web2Id].sort());
          // The lookups: the plan and the image the servers run.
          expect(up.outputs!.planId).to.equal(live[0].plan);
          expect(up.outputs!.osName).to.match(/^Ubuntu 24\.04/);

          expect((await goFleetRun("preview")).changes).to.deep.equal({ same: 4 });

          const relabelled = await goFleetRun("up", "label=relabelled");
          expect(relabelled.changes).to.deep.equal({ same: 2, update: 2 });
          expect((await world.sim.liveServers()).map((s) => [s.id, s.label]).sort()).to.deep.equal(live.map((s) => [s.id, "relabelled"]).sort());

          const replaced = await goFleetRun("up", "os=debian-12");
          expect(replaced.changes).to.deep.equal({ same: 2, replace: 2 });
          expect(replaced.outputs!.osName).to.match(/^Debian 12/);
          const after = await world.sim.liveServers();
          expect(after).to.have.length(2);
          expect(after.filter((s) => live.some((l) => l.id === s.id))).to.deep.equal([]);
          expect((await goFleetRun("preview")).changes).to.deep.equal({ same: 4 });

          expectNoPlaintext([...printed, ...stateTexts(env)]);
          expect((await goFleetRun("destroy")).changes).to.deep.equal({ delete: 4 });
          expect(await world.sim.liveServers()).to.deep.equal([]);
        } finally {
          env.dispose();
        }
      });
    });
  }
});
