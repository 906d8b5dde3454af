// README's quickstart runs as written: its files and commands, taken from README's code blocks,
// through the plain CLI and the language-host stand-in against a simulator with the defaults of
// `npx hosting-simulator`.
//
// README's quickstart, run as written: its Pulumi.yaml, tsconfig.json and index.ts, taken from
// README's code blocks, and its commands (stack init, the two config sets, up, preview, destroy)
// through the plain CLI and the language-host stand-in, against a simulator started with the
// defaults of `npx hosting-simulator` (shape, keys). Only the port (a free one, not 8080) and
// the provisioning time (shortened) differ; neither changes what the API accepts. The state
// backend and passphrase are this test's own (README's `export` line sets the user's). One
// shape: the quickstart's is the simulator's default.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { startSimulator, type SimulatorHandle } from "../../simulator";
import { DEFAULT_KEY } from "../../simulator/options";
import { TEST_TIMINGS, unwrapList } from "../helpers/simulator";
import { createPulumiEnv, type PulumiEnv, REPO_ROOT, TOOLS_DIR } from "./pulumi-env";
import { plainPulumi } from "./support/plain-cli";

const README = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");

/** The code block that README puts right under "`<file>`:". */
function fileBlock(file: string): string {
  const m = new RegExp("`" + file.replace(".", "\\.") + "`:\\n\\n```\\w*\\n([\\s\\S]*?)```").exec(README);
  if (!m) throw new Error(`README's quickstart has no block for ${file}`);
  return m[1];
}

/** The quickstart's shell commands, in order, without comments. */
const COMMANDS = (/Run it against the simulator[\s\S]*?```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? "")
  .split("\n").flatMap((l) => l.replace(/\s+#.*$/, "").split(" && ")).map((c) => c.trim()).filter(Boolean);

describe("README's quickstart, as written, on the simulator's default shape", function () {
  let sim: SimulatorHandle;
  let env: PulumiEnv;
  let dir: string;

  const pulumi = plainPulumi(() => dir, () => env);

  /** Runs one of README's `pulumi ...` lines, its simulator URL replaced by this test's. */
  const run = (line: string): Promise<string> => {
    const args = line.replace(/^pulumi /, "").replace("http://127.0.0.1:8080", sim.url).split(/\s+/);
    return pulumi(...args);
  };

  before(async () => {
    sim = await startSimulator({ port: 0, provisionMs: TEST_TIMINGS.provisionMs, transitionMs: TEST_TIMINGS.transitionMs });
    env = await createPulumiEnv();
    // Inside the repository, so that pulumi-hosting, @pulumi/pulumi and typescript resolve as
    // the quickstart's `npm install` makes them.
    dir = fs.mkdtempSync(path.join(TOOLS_DIR, "quickstart-"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), fileBlock("Pulumi.yaml"));
    fs.writeFileSync(path.join(dir, "tsconfig.json"), fileBlock("tsconfig.json"));
    fs.writeFileSync(path.join(dir, "index.ts"), fileBlock("index.ts"));
    // What `npm init -y && npm pkg set main=index.ts` leaves that matters here.
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "my-infra", main: "index.ts" }));
  });

  after(async () => {
    await pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    env?.dispose();
    await sim?.close();
  });

  it("README starts the simulator with its defaults and configures its default key", () => {
    expect(COMMANDS[0]).to.match(/^npx hosting-simulator --port 8080 &$/);
    expect(COMMANDS).to.include(`pulumi config set --secret hosting:apiKey ${DEFAULT_KEY.key}`);
    expect(sim.shape, "the simulator's default shape").to.equal("A");
  });

  it("stack init, config, up, preview and destroy do what README says after each", async () => {
    const steps = COMMANDS.filter((c) => c.startsWith("pulumi "));
    expect(steps.map((s) => s.split(" ").slice(0, 2).join(" "))).to.deep.equal([
      "pulumi stack", "pulumi config", "pulumi config", "pulumi up", "pulumi preview", "pulumi destroy",
    ]);
    const out: string[] = [];
    for (const step of steps) out.push(await run(step));
    const [, , , up, preview, destroy] = out;
    expect(up).to.match(/hosting:Server web-1 created/).and.match(/\+ 2 created/).and.match(/status\s*: "active"/);
    expect(preview).to.match(/2 unchanged/);
    expect(destroy).to.match(/- 2 deleted/);
    const res = await fetch(`${sim.url}/v1/servers`, { headers: { Authorization: `Bearer ${DEFAULT_KEY.key}` } });
    const live = unwrapList(sim.shape, await res.json()).items.filter((s) => s.status !== "terminated" && !s.deleted_at);
    expect(live, "no server left").to.deep.equal([]);
  });
});
