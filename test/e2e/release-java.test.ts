// The Java SDK as a Java user meets it: a `runtime: java` program on the SDK from the release's
// Maven repository only, the plugin fetched from pluginDownloadURL and `node` unable to start,
// through up, changes and destroy in both shapes, with no key or secret in plain text.
//
// The Java SDK as a Java user meets it: `npm run release` writes it as a Maven
// repository (maven/ in the release folder), served from a loopback release server; then
// examples/java-fleet, a `runtime: java` project, runs through the real CLI and Pulumi's Java
// language host (pulumi-language-java, built by scripts/release/java-tools.sh), which runs
// `mvn compile exec:java`. The SDK comes only from the served repository (the README's
// <repository> and <dependency>, in the example's pom.xml); the plugin only from the schema's
// pluginDownloadURL (an empty PULUMI_HOME, plugin acquisition on, no install step); and `node`
// cannot start in any command that uses the plugin. Both shapes: up (two servers, a Fleet, a
// webhook, two lookups), no-change preview, label update, OS replace of the servers, a Fleet
// count change, destroy; neither the API key nor the webhook secret in plain text in the state
// or any output.
import { expect } from "chai";
import { execFile, execFileSync } from "child_process";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { release, type ReleaseResult } from "../../scripts/release/main";
import { mavenVersionDir } from "../../scripts/release/maven-repository";
import { API_KEY, SHAPES, startWorld, WEBHOOK_SECRET, type World } from "./fixtures";
import { createPulumiEnv, REPO_ROOT, TOOLS_DIR, type PulumiEnv } from "./pulumi-env";
import { prepareJavaFleet } from "./support/java-program";
import { withoutNode } from "./support/no-node";
import { startReleaseServer, type ReleaseServer } from "./support/release-server";

const VERSION = (require("../../../package.json") as { version: string }).version;
const SDK = { groupId: "com.pulumihosting", artifactId: "hosting", version: VERSION };
const SDK_DIR = mavenVersionDir(SDK);
const JAR = `${SDK_DIR}/hosting-${VERSION}.jar`;
const POM = `${SDK_DIR}/hosting-${VERSION}.pom`;
const PLUGIN_ARCHIVE = `pulumi-resource-hosting-v${VERSION}-linux-amd64.tar.gz`;

/** Runs `cmd args` without Node; resolves with stdout, rejects with stdout and stderr. */
async function noNode(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; printed: string[] }): Promise<string> {
  const run = withoutNode(cmd, args, opts.env);
  try {
    const { stdout, stderr } = await promisify(execFile)(run.cmd, run.args, { cwd: opts.cwd, env: run.env, maxBuffer: 64 * 1024 * 1024 });
    opts.printed.push(stdout, stderr);
    return stdout;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    opts.printed.push(err.stdout ?? "", err.stderr ?? "");
    throw new Error(`${cmd} ${args.join(" ")} failed (without node):\n${err.stdout ?? ""}\n${err.stderr ?? err.message}`);
  }
}

/** The PATH of a Java user: the Pulumi CLI and the Java language host, the JDK and Maven. */
function userPath(): string {
  return [path.join(TOOLS_DIR, "bin"), "/usr/bin", "/bin"].join(":");
}

function stateTexts(env: PulumiEnv): string[] {
  const files = fs.readdirSync(env.backendDir, { recursive: true }) as string[];
  return files.map((f) => path.join(env.backendDir, f)).filter((f) => fs.statSync(f).isFile()).map((f) => fs.readFileSync(f, "utf8"));
}

/** The README install table's Maven row: its `<repository>` and `<dependency>` snippets. */
function readmeMavenSnippets(): string[] {
  const row = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8").split("\n").find((l) => /^\| Java\b/.test(l));
  if (!row) throw new Error("README.md's install table has no Java row");
  return [...row.matchAll(/`(<[^`]+>)`/g)].map((m) => m[1]!);
}

describe("the release's Java SDK: a Maven repository, and a Java program on it through the CLI (runtime: java)", function () {
  let work: string;
  let out: string;
  let server: ReleaseServer;
  let result: ReleaseResult;

  before(async function () {
    execFileSync("bash", [path.join(REPO_ROOT, "scripts", "release", "java-tools.sh")], { stdio: "pipe" });
    work = fs.mkdtempSync(path.join(os.tmpdir(), "hosting-release-java-"));
    out = path.join(work, "release");
    fs.mkdirSync(out);
    server = await startReleaseServer(out);
    result = await release({ repoRoot: REPO_ROOT, outDir: out, targets: ["linux-amd64"], pluginDownloadURL: server.url, sdks: true, log: () => undefined });
  });
  after(async () => {
    await server?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("writes the Java SDK as a Maven repository: jar, pom, their .sha1 and .md5, maven-metadata.xml, all in SHA256SUMS", () => {
    const metadata = `${path.posix.dirname(SDK_DIR)}/maven-metadata.xml`;
    const layout = [JAR, POM, metadata].flatMap((f) => [f, `${f}.sha1`, `${f}.md5`]);
    expect(result.files.map((f) => f.name).filter((f) => f.startsWith("maven/")).sort()).to.deep.equal(layout.sort());
    for (const f of [JAR, POM, metadata]) {
      const bytes = fs.readFileSync(path.join(out, f));
      expect(fs.readFileSync(path.join(out, `${f}.sha1`), "utf8"), f).to.equal(createHash("sha1").update(bytes).digest("hex"));
      expect(fs.readFileSync(path.join(out, `${f}.md5`), "utf8"), f).to.equal(createHash("md5").update(bytes).digest("hex"));
    }
    const sums = fs.readFileSync(path.join(out, "SHA256SUMS"), "utf8");
    for (const f of layout) expect(sums, f).to.include(`  ${f}\n`);
    expect(fs.readFileSync(path.join(out, metadata), "utf8")).to.include(`<release>${VERSION}</release>`);
    const pom = fs.readFileSync(path.join(out, POM), "utf8");
    expect(pom).to.match(/<groupId>com\.pulumihosting<\/groupId>\s*<artifactId>hosting<\/artifactId>\s*<version>0\.1\.0<\/version>/);
    expect(pom).to.match(/<artifactId>pulumi<\/artifactId>\s*<version>1\.12\.0<\/version>/);
    // What the language host reads to tell the engine which plugin the program needs, and where from.
    const plugin = JSON.parse(execFileSync("unzip", ["-p", path.join(out, JAR), "com/pulumihosting/hosting/plugin.json"], { encoding: "utf8" })) as unknown;
    expect(plugin).to.deep.equal({ resource: true, name: "hosting", version: VERSION, server: server.url });
    const classes = execFileSync("unzip", ["-Z1", path.join(out, JAR)], { encoding: "utf8" });
    for (const c of ["Server", "Fleet", "Webhook", "HostingFunctions", "Provider"]) expect(classes, c).to.include(`com/pulumihosting/hosting/${c}.class`);
  });

  it("the README's Maven row is what examples/java-fleet's pom.xml says, the release URL its hosting.release", () => {
    const snippets = readmeMavenSnippets();
    expect(snippets.map((s) => s.replace(/>.*/, ">"))).to.deep.equal(["<repository>", "<dependency>"]);
    const pom = fs.readFileSync(path.join(REPO_ROOT, "examples", "java-fleet", "pom.xml"), "utf8");
    for (const s of snippets) expect(pom).to.include(s.replace("RELEASE_URL", "${hosting.release}"));
  });

  for (const shape of SHAPES) {
    describe(`shape ${shape}, without node`, function () {
      let world: World;

      before(async () => {
        world = await startWorld(shape);
      });
      after(async () => world?.close());

      it("runtime: java on the Maven SDK, the plugin from pluginDownloadURL: up, no-change preview, label update, OS replace, Fleet count change, lookups, destroy", async () => {
        const program = prepareJavaFleet(fs.mkdtempSync(path.join(work, `java-${shape}-`)), server.url);
        const env = await createPulumiEnv();
        const acquiring: NodeJS.ProcessEnv = { ...process.env, ...env.envVars, PATH: userPath() };
        delete acquiring.PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION;
        expect(fs.readdirSync(env.home).filter((f) => f === "plugins")).to.deep.equal([]);
        const printed: string[] = [];
        const opts = { cwd: program.dir, env: acquiring, printed };
        const pulumi = (...args: string[]) => noNode(path.join(TOOLS_DIR, "bin", "pulumi"), [...args, "--non-interactive"], opts);
        const lastChanges = async () => (JSON.parse(await pulumi("stack", "history", "--json")) as { resourceChanges: Record<string, number> }[])[0]!.resourceChanges;
        const outputs = async () => JSON.parse(await pulumi("stack", "output", "--json")) as Record<string, unknown>;
        const downloads = (f: string) => server.downloads.get(f) ?? 0;
        const pluginsBefore = downloads(PLUGIN_ARCHIVE);
        const jarsBefore = downloads(JAR);
        try {
          await pulumi("stack", "init", "dev");
          for (const [k, v] of Object.entries({ "hosting:baseUrl": world.sim.url, webhookUrl: world.receiver.url })) await pulumi("config", "set", k, v);
          for (const [k, v] of Object.entries({ "hosting:apiKey": API_KEY, webhookSecret: WEBHOOK_SECRET })) await pulumi("config", "set", "--secret", k, v);

          await pulumi("up", "--yes", "--skip-preview");
          expect(await lastChanges()).to.deep.equal({ create: 5 });
          expect(downloads(JAR), "the SDK's jar from the served repository").to.equal(jarsBefore + 1);
          expect(downloads(PLUGIN_ARCHIVE), "the plugin from pluginDownloadURL").to.equal(pluginsBefore + 1);
          expect(fs.existsSync(path.join(env.home, "plugins", `resource-hosting-v${VERSION}`, "pulumi-resource-hosting"))).to.equal(true);
          const live = await world.sim.liveServers();
          expect(live.map((s) => s.status)).to.deep.equal(["active", "active", "active"]);
          const up = await outputs();
          const fleet = up.fleetMembers as Record<string, string>;
          expect(Object.keys(fleet)).to.deep.equal(["app-ewr-1"]);
          expect(live.map((s) => s.id).sort()).to.deep.equal([up.web1Id, up.web2Id, fleet["app-ewr-1"]].sort());
          // The lookups: the plan and the image the servers run.
          const web = live.filter((s) => s.id === up.web1Id || s.id === up.web2Id);
          expect(web.map((s) => s.plan)).to.deep.equal([up.planId, up.planId]);
          expect(up.osName).to.match(/^Ubuntu 24\.04/);

          await pulumi("preview", "--expect-no-changes");

          await pulumi("config", "set", "label", "relabelled");
          await pulumi("up", "--yes", "--skip-preview");
          expect(await lastChanges()).to.deep.equal({ same: 2, update: 3 });
          const relabelled = await world.sim.liveServers();
          expect(relabelled.map((s) => [s.id, s.label]).sort()).to.deep.equal(
            [[up.web1Id, "relabelled"], [up.web2Id, "relabelled"], [fleet["app-ewr-1"], "relabelled-app-ewr-1"]].sort(),
          );

          await pulumi("config", "set", "os", "debian-12");
          await pulumi("up", "--yes", "--skip-preview");
          expect(await lastChanges()).to.deep.equal({ same: 3, replace: 2 });
          const replaced = await outputs();
          expect(replaced.osName).to.match(/^Debian 12/);
          expect([replaced.web1Id, replaced.web2Id].filter((id) => id === up.web1Id || id === up.web2Id), "new servers").to.deep.equal([]);
          expect((replaced.fleetMembers as Record<string, string>)["app-ewr-1"], "the fleet keeps its OS").to.equal(fleet["app-ewr-1"]);
          expect((await world.sim.liveServers()).map((s) => s.id).sort()).to.deep.equal([replaced.web1Id, replaced.web2Id, fleet["app-ewr-1"]].sort());

          await pulumi("config", "set", "fleetCount", "2");
          await pulumi("up", "--yes", "--skip-preview");
          expect(await lastChanges()).to.deep.equal({ same: 4, update: 1 });
          const grown = (await outputs()).fleetMembers as Record<string, string>;
          expect(Object.keys(grown)).to.deep.equal(["app-ewr-1", "app-ewr-2"]);
          expect(grown["app-ewr-1"]).to.equal(fleet["app-ewr-1"]);
          expect(await world.sim.liveServers()).to.have.length(4);
          await pulumi("preview", "--expect-no-changes");

          expect(downloads(PLUGIN_ARCHIVE), "the plugin is downloaded once").to.equal(pluginsBefore + 1);
          for (const text of [...printed, ...stateTexts(env)]) {
            expect(text.includes(API_KEY), "the API key in plain text").to.equal(false);
            expect(text.includes(WEBHOOK_SECRET), "the webhook secret in plain text").to.equal(false);
          }
          await pulumi("destroy", "--yes");
          expect(await world.sim.liveServers()).to.deep.equal([]);
        } finally {
          program.saveDownloads();
          env.dispose();
        }
      });
    });
  }
});
