// A Python program on the release as a Python user gets it: the SDK installed by README's pip
// command from the release's index, the plugin fetched from pluginDownloadURL and `node` unable to
// start, through up, changes and destroy in both shapes, with no key or secret in plain text.
//
// A Python program through the real CLI, on the release as a Python user gets it:
// `npm run release` served from loopback; the Python SDK installed into a fresh venv by the
// README's install command only (pip, from the release's PEP 503 index, `pulumi` from PyPI);
// then examples/python-fleet, an inline program of Python's Automation API (the Go module
// proxy refuses pulumi-language-python, so a `runtime: python` project cannot run here), with
// `node` unable to start, an empty PULUMI_HOME and automatic plugin acquisition on: the engine
// fetches the plugin from the SDK's pluginDownloadURL. In both shapes: up, no-change preview,
// label update, OS replace of the Servers, a Fleet's count change, the lookups' outputs,
// destroy; the requests the simulator saw at each step, and no API key or webhook secret in
// plain text in the state or any output.
// Beside it, the README's other install commands (Go, Node.js) run as written against the same
// served release, and every file of the release carries one version.
import { expect } from "chai";
import { execFile, execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { installCommands } from "../../scripts/release/install-layouts";
import { parseReleaseArgs, release } from "../../scripts/release/main";
import { normalizeProjectName } from "../../scripts/release/pep503";
import { versionMismatches } from "../../scripts/release/version-check";
import { API_KEY, SHAPES, startWorld, WEBHOOK_SECRET, type World } from "./fixtures";
import { createPulumiEnv, REPO_ROOT, TOOLS_DIR, type PulumiEnv } from "./pulumi-env";
import { countRequests } from "../helpers/simulator";
import { pythonFleet } from "./support/python-program";
import { given } from "./support/given";
import { createVenv, PULUMI_VERSION } from "./support/python-venv";
import { startReleaseServer, type ReleaseServer } from "./support/release-server";

const VERSION = (require("../../../package.json") as { version: string }).version;
const GO_MODULE = "github.com/pulumi-hosting/pulumi-hosting/sdk";

/** The README's install command for a language, from its install table (the row's code span). */
function readmeCommand(language: string): string {
  const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const row = readme.split("\n").find((l) => l.startsWith(`| ${language} |`));
  const command = row && /`([^`]+)`/.exec(row.split("|")[2] ?? "")?.[1];
  if (!command) throw new Error(`README.md's install table has no command for ${language}`);
  return command;
}

/** Runs a shell command line as a user types it; resolves with its output. */
async function sh(line: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)("sh", ["-c", line], { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return `${stdout}\n${stderr}`;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${line} failed:\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`);
  }
}

/**
 * A shell script that forgets the SDK module in the machine's Go module cache (so that `go get`
 * fetches it from the served proxy, not a copy from an earlier run with another
 * pluginDownloadURL), then runs `line`, holding a lock so that two runs on one machine take
 * turns. Only this module is removed.
 */
function withFreshGoModule(line: string): string {
  return [
    'exec 9>"$LOCK" && flock 9',
    'for d in "$GOMODCACHE/github.com/pulumi-hosting" "$GOMODCACHE/cache/download/github.com/pulumi-hosting"; do if [ -d "$d" ]; then chmod -R u+w "$d" && rm -rf "$d"; fi; done',
    line,
  ].join("\n");
}

function stateTexts(env: PulumiEnv): string[] {
  const files = fs.readdirSync(env.backendDir, { recursive: true }) as string[];
  return files.map((f) => path.join(env.backendDir, f)).filter((f) => fs.statSync(f).isFile()).map((f) => fs.readFileSync(f, "utf8"));
}

function expectNoPlaintext(texts: string[]): void {
  for (const text of texts) {
    expect(text, "the API key in plain text").to.not.include(API_KEY);
    expect(text, "the webhook secret in plain text").to.not.include(WEBHOOK_SECRET);
  }
}

const MUTATIONS = ["POST /v1/servers", "PATCH /v1/servers/:id", "DELETE /v1/servers/:id", "POST /v1/webhooks", "PATCH /v1/webhooks/:id", "DELETE /v1/webhooks/:id"];

describe("the release for Python: the SDK from the release's index by pip, a program through the Automation API", function () {
  let work: string;
  let out: string;
  let server: ReleaseServer;
  /** The README's pip command run in a fresh virtual environment: the environment, and what pip printed. */
  const installed = given(async () => {
    const venv = createVenv(path.join(work, "venv"));
    // `pulumi` first, at the CLI's version, from the machine's wheelhouse (PyPI's files, fetched
    // once); the README's command then finds it satisfied (its own --extra-index-url would
    // otherwise take the newest 3.x from PyPI).
    await venv.installPulumi();
    const line = readmeCommand("Python").replace(/<url>/g, server.url);
    return { venv, pip: line.split(" ")[0]!, printed: await venv.pip(line.split(" ").slice(1)) };
  });

  before(async function () {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-release-python-"));
    out = path.join(work, "release");
    fs.mkdirSync(out);
    server = await startReleaseServer(out);
    await release({ repoRoot: REPO_ROOT, outDir: out, targets: ["linux-amd64"], pluginDownloadURL: server.url, sdks: true, log: () => undefined });
  });
  after(async () => {
    await server?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("every file of the release carries package.json's version, the plugin's own answer included", async () => {
    expect(await versionMismatches(out, VERSION)).to.deep.equal([]);
    // A file of another version is caught.
    fs.copyFileSync(path.join(out, `pulumi_hosting-${VERSION}.tar.gz`), path.join(out, "pulumi_hosting-9.9.9.tar.gz"));
    try {
      expect(await versionMismatches(out, VERSION)).to.deep.equal(["the sdist's name pulumi_hosting-9.9.9.tar.gz: 9.9.9"]);
    } finally {
      fs.rmSync(path.join(out, "pulumi_hosting-9.9.9.tar.gz"));
    }
  });

  it("npm run release -- --version sets the version the archive is named by and the plugin reports", async () => {
    const other = path.join(work, "release-0.1.1");
    const options = parseReleaseArgs(["--out", other, "--targets", "linux-amd64", "--no-sdks", "--version", "0.1.1"], {}, REPO_ROOT);
    const result = await release({ ...options, log: () => undefined });
    expect(result.version).to.equal("0.1.1");
    expect(result.files.map((f) => f.name)).to.deep.equal(["pulumi-resource-hosting-v0.1.1-linux-amd64.tar.gz"]);
    // The plugin started from the archive answers GetPluginInfo with 0.1.1 (release() refuses to
    // finish otherwise, and so does this check).
    expect(await versionMismatches(other, "0.1.1")).to.deep.equal([]);
    expect(await versionMismatches(other, VERSION)).to.deep.equal([
      "the plugin archive's name pulumi-resource-hosting-v0.1.1-linux-amd64.tar.gz: 0.1.1",
      "the plugin of pulumi-resource-hosting-v0.1.1-linux-amd64.tar.gz: GetPluginInfo: 0.1.1",
    ]);
  });

  it("the README's install table gives the commands the release's layouts answer", () => {
    const commands = installCommands(VERSION);
    expect(readmeCommand("Go")).to.equal(commands.go);
    expect(readmeCommand("Python")).to.equal(commands.python);
    expect(readmeCommand("Node.js on the plugin")).to.equal(commands.nodejs);
  });

  it("Python: the README's pip command installs the wheel from the release's PEP 503 index, under its normalized name", async () => {
    const { venv, pip, printed } = await installed();
    expect(pip).to.equal("pip");
    expect(printed, printed).to.match(new RegExp(`Successfully installed .*pulumi[-_]hosting-${VERSION.replace(/\./g, "\\.")}`));
    // pip asked the index by the normalized name, and took the wheel whose sha256 the index names.
    expect(server.downloads.get(`python/simple/${normalizeProjectName("pulumi_hosting")}/`)).to.equal(1);
    expect(server.downloads.get(`pulumi_hosting-${VERSION}-py3-none-any.whl`)).to.equal(1);
    const shown = execFileSync(venv.python, ["-c", "import importlib.metadata as m, pulumi_hosting, pulumi; print(m.version('pulumi_hosting'), m.version('pulumi'))"], { encoding: "utf8", cwd: work });
    expect(shown.trim()).to.equal(`${VERSION} ${PULUMI_VERSION}`);
  });

  it("Go: the README's go get takes the module from the release's module proxy", async function () {
    const dir = fs.mkdtempSync(path.join(work, "go-user-"));
    const cache = process.env.PULUMI_HOSTING_CACHE ?? path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "pulumi-hosting");
    fs.mkdirSync(cache, { recursive: true });
    const env = { ...process.env, GOTOOLCHAIN: "local", GOMODCACHE: execFileSync("go", ["env", "GOMODCACHE"], { encoding: "utf8" }).trim(), LOCK: path.join(cache, ".go-sdk-module.lock") };
    await sh("go mod init example.com/user", dir, env);
    // The package builds from what go get fetched.
    fs.writeFileSync(path.join(dir, "main.go"), `package main\n\nimport _ "${GO_MODULE}/go/hosting"\n\nfunc main() {}\n`);
    const before = server.downloads.get(`go/${GO_MODULE}/@v/v${VERSION}.zip`) ?? 0;
    await sh(withFreshGoModule(`${readmeCommand("Go").replace(/<url>/g, server.url)} && go build -o /dev/null .`), dir, env);
    expect(server.downloads.get(`go/${GO_MODULE}/@v/v${VERSION}.zip`)).to.equal(before + 1);
    expect(fs.readFileSync(path.join(dir, "go.mod"), "utf8")).to.include(`${GO_MODULE} v${VERSION}`);
  });

  it("Node.js: the README's npm install takes the SDK's tarball from the release's URL", async () => {
    const dir = fs.mkdtempSync(path.join(work, "npm-user-"));
    const env = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
    await sh("npm init -y", dir, env);
    await sh(readmeCommand("Node.js on the plugin").replace(/<url>/g, server.url), dir, env);
    const installed = JSON.parse(fs.readFileSync(path.join(dir, "node_modules", "@pulumi-hosting", "sdk", "package.json"), "utf8")) as { version: string };
    expect(installed.version).to.equal(VERSION);
    expect(server.downloads.get(`pulumi-hosting-sdk-${VERSION}.tgz`)).to.be.at.least(1);
  });

  for (const shape of SHAPES) {
    describe(`shape ${shape}, without node`, function () {
      let world: World;

      before(async () => {
        world = await startWorld(shape);
      });
      after(async () => world?.close());

      it("examples/python-fleet: the plugin from pluginDownloadURL; up, no-change preview, label update, OS replace, Fleet count change, lookups, destroy", async () => {
        const { venv } = await installed();
        const env = await createPulumiEnv();
        const acquiring: NodeJS.ProcessEnv = { ...process.env, ...env.envVars, PATH: [path.join(TOOLS_DIR, "bin"), "/usr/bin", "/bin"].join(":") };
        delete acquiring.PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION;
        expect(fs.readdirSync(env.home).filter((f) => f === "plugins")).to.deep.equal([]);
        const printed: string[] = [];
        const program = pythonFleet(venv.python, fs.mkdtempSync(path.join(work, `python-${shape}-`)), acquiring, printed);
        const archive = `pulumi-resource-hosting-v${VERSION}-linux-amd64.tar.gz`;
        const downloadsBefore = server.downloads.get(archive) ?? 0;
        // Shape B's create request has no tags: they follow each create as a PATCH.
        const creates = (n: number) => ({ "POST /v1/servers": n, ...(shape === "B" ? { "PATCH /v1/servers/:id": n } : {}) });
        const mutations = async () => {
          const stats = await world.sim.stats();
          await world.sim.resetStats();
          return Object.fromEntries(MUTATIONS.map((r) => [r, countRequests(stats, r)]).filter(([, n]) => n !== 0));
        };
        try {
          await world.sim.resetStats();
          const up = await program.run(["up", `hosting:baseUrl=${world.sim.url}`, `secret:hosting:apiKey=${API_KEY}`, `webhookUrl=${world.receiver.url}`, `secret:webhookSecret=${WEBHOOK_SECRET}`]);
          // The stack, the webhook, two servers and the Fleet (its two members: two POSTs). The
          // Fleet's first run ends by marking one member live (its instance finished a run, so a
          // create beside it never takes its servers: docs/guide/ownership.md): one PATCH, once.
          expect(up.changes).to.deep.equal({ create: 5 });
          const made = creates(4);
          expect(await mutations()).to.deep.equal({ "POST /v1/webhooks": 1, ...made, "PATCH /v1/servers/:id": (made["PATCH /v1/servers/:id"] ?? 0) + 1 });
          expect(server.downloads.get(archive)).to.equal(downloadsBefore + 1);
          expect(fs.existsSync(path.join(env.home, "plugins", `resource-hosting-v${VERSION}`, "pulumi-resource-hosting"))).to.equal(true);
          const live = await world.sim.liveServers();
          expect(live.map((s) => s.status)).to.deep.equal(Array(4).fill("active"));
          const servers = [up.outputs!.web1Id, up.outputs!.web2Id] as string[];
          const members = () => (world.sim.liveServers() as Promise<{ id: string; label: string }[]>).then((l) => l.filter((s) => !servers.includes(s.id)).map((s) => s.label).sort());
          expect(await members()).to.deep.equal(["worker-ewr-1", "worker-ewr-2"]);
          // The lookups: the plan and the image the servers run.
          expect(up.outputs!.planId).to.equal(live.find((s) => s.id === servers[0])!.plan);
          expect(up.outputs!.osName).to.match(/^Ubuntu 24\.04/);

          expect((await program.run(["preview"])).changes).to.deep.equal({ same: 5 });
          expect(await mutations(), "a no-change preview changes nothing").to.deep.equal({});

          const relabelled = await program.run(["up", "label=relabelled"]);
          expect(relabelled.changes).to.deep.equal({ same: 3, update: 2 });
          expect(await mutations()).to.deep.equal({ "PATCH /v1/servers/:id": 2 });
          const labels = Object.fromEntries((await world.sim.liveServers()).map((s) => [s.id, s.label]));
          expect(servers.map((id) => labels[id])).to.deep.equal(["relabelled", "relabelled"]);

          const replaced = await program.run(["up", "os=debian-12"]);
          expect(replaced.changes).to.deep.equal({ same: 3, replace: 2 });
          expect(replaced.outputs!.osName).to.match(/^Debian 12/);
          expect(await mutations()).to.deep.equal({ ...creates(2), "DELETE /v1/servers/:id": 2 });
          const afterReplace = await world.sim.liveServers();
          expect(afterReplace).to.have.length(4);
          expect(afterReplace.filter((s) => servers.includes(s.id))).to.deep.equal([]);

          const grown = await program.run(["up", "workers=3"]);
          expect(grown.changes).to.deep.equal({ same: 4, update: 1 });
          expect(await mutations(), "only the new member is created").to.deep.equal(creates(1));
          const newServers = [grown.outputs!.web1Id, grown.outputs!.web2Id] as string[];
          const workers = (await world.sim.liveServers()).filter((s) => !newServers.includes(s.id)).map((s) => s.label).sort();
          expect(workers).to.deep.equal(["worker-ewr-1", "worker-ewr-2", "worker-ewr-3"]);
          expect((await program.run(["preview"])).changes).to.deep.equal({ same: 5 });
          expect(await mutations()).to.deep.equal({});

          expect(execFileSync(path.join(TOOLS_DIR, "bin", "pulumi"), ["stack", "export", "--stack", "dev"], { cwd: program.dir, env: acquiring, encoding: "utf8" })).to.include('"type": "pulumi:providers:hosting"');
          expectNoPlaintext([...printed, ...stateTexts(env)]);
          expect((await program.run(["destroy"])).changes).to.deep.equal({ delete: 5 });
          expect(await mutations()).to.deep.equal({ "DELETE /v1/servers/:id": 5, "DELETE /v1/webhooks/:id": 1 });
          expect(await world.sim.liveServers()).to.deep.equal([]);
          expectNoPlaintext(printed);
        } finally {
          env.dispose();
        }
      });
    });
  }
});
