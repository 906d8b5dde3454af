// The same contract on the dynamic face: a TypeScript program on the packed tarball,
// through the plain CLI and the language-host stand-in, in both shapes, every `up` with its
// preview. One server's label is another's id (the core's check and diff see the engine's
// unknown at preview), a label and an OS change replace for the OS alone (the core's
// `replaces`, which the dynamic-provider host passes on; it sends no detailed diff), and
// `ignoreChanges` and `replaceOnChanges` act as the engine documents, and the outputs derived
// from a secret plan and os are secret in the state.
import { expect } from "chai";
import { SHAPES, type World } from "./fixtures";
import { closeWorldProject, openWorldProject } from "./support/world-project";
import type { PluginProject } from "./support/plugin-project";
import { given } from "./support/given";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const SERVER = "pulumi-nodejs:dynamic/hosting:Server";

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";

const config = new pulumi.Config();
const label = config.get("label") ?? "first";
const web1 = new hosting.Server("web1", { region: "ewr", plan: "vc2-1c-1gb", os: config.get("os") ?? "ubuntu-24.04", label });
const web2 = new hosting.Server("web2", {
  region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: web1.id, tags: config.getObject<string[]>("tags") ?? ["a"],
}, { replaceOnChanges: ["tags"] });
// A secret plan and os: the outputs the API derives from them are secret too.
new hosting.Server("web3", { region: "fra", plan: pulumi.secret("vc2-1c-1gb"), os: pulumi.secret("ubuntu-24.04"), label }, { ignoreChanges: ["label"] });
export const web1Id = web1.id;
export const web2Label = web2.label;
`;

const TSCONFIG = { compilerOptions: { strict: true, target: "es2020", module: "commonjs", skipLibCheck: true }, files: ["index.ts"] };

type Step = { op: string; urn: string; replaceReasons?: string[]; diffReasons?: string[]; newState?: { inputs?: Record<string, unknown> } };

for (const shape of SHAPES) {
  describe(`the engine's contract on the dynamic face (TypeScript, packed tarball), shape ${shape}`, function () {
    let world: World;
    let project: PluginProject;
    const outputs = async () => JSON.parse(await project.pulumi("stack", "output", "--json"));
    const previewSteps = async (): Promise<Record<string, Step>> => {
      const doc = JSON.parse(await project.pulumi("preview", "--json"));
      return Object.fromEntries((doc.steps as Step[]).filter((s) => s.urn.includes(SERVER)).map((s) => [s.urn.split("::").pop()!, s]));
    };

    before(async () => {
      ({ world, project } = await openWorldProject(shape, "dynamic", "name: dynamic-contract\nruntime: nodejs\n", {
        "package.json": JSON.stringify({ name: "dynamic-contract", private: true, main: "index.ts" }),
        "tsconfig.json": JSON.stringify(TSCONFIG),
        "index.ts": PROGRAM,
      }));
    });
    after(() => closeWorldProject(world, project, true));
    /** The first up, after its preview's steps, which every later case stands on. */
    const upped = given(async () => {
      const steps = await previewSteps();
      await project.pulumi("up", "--yes");
      return steps;
    });

    it("up with its preview: web2's label is web1's id, unknown at preview, applied", async () => {
      const steps = await upped();
      expect(steps.web2.op).to.equal("create");
      expect(steps.web2.newState?.inputs?.label).to.equal(UNKNOWN);
      const o = await outputs();
      expect(o.web2Label).to.equal(o.web1Id);
      const state = JSON.parse(await project.pulumi("stack", "export"));
      const web3 = state.deployment.resources.find((r: { urn: string }) => r.urn.endsWith("::web3"));
      for (const k of ["plan", "os", "osId", "osName", "vcpus", "ramGb", "diskGb", "pricePerHour"]) {
        expect(web3.outputs[k], `${k} derived from a secret input`).to.have.property("ciphertext");
      }
      expect(web3.outputs.region).to.equal("fra");
    });

    it("a label and an OS change replace web1 for the OS alone; web3 ignores its label; web2 follows the new id", async () => {
      await upped();
      await project.config({ label: "second", os: "debian-12" });
      const steps = await previewSteps();
      expect(steps.web1.op).to.equal("replace");
      expect(steps.web1.replaceReasons).to.have.members(["os", "osId"]);
      expect(steps.web2.op).to.equal("update");
      expect(steps.web2.newState?.inputs?.label).to.equal(UNKNOWN);
      expect(steps.web3, "ignoreChanges: [label]").to.equal(undefined);
      const before = await outputs();
      await project.pulumi("up", "--yes");
      const after = await outputs();
      expect(after.web1Id).to.not.equal(before.web1Id);
      expect(after.web2Label).to.equal(after.web1Id);
      const web3 = (await world.sim.liveServers()).find((s) => s.region === "fra");
      expect(web3.label).to.equal("first");
      await project.pulumi("preview", "--expect-no-changes");
    });

    it("replaceOnChanges: [tags] replaces web2 for a tag change that is otherwise in place", async () => {
      await upped();
      for (const [i, t] of ["a", "b"].entries()) await project.pulumi("config", "set", "--path", `tags[${i}]`, t);
      const steps = await previewSteps();
      expect(steps.web2.op).to.equal("replace");
      expect(steps.web2.replaceReasons).to.deep.equal(["tags"]);
      const before = await outputs();
      await project.pulumi("up", "--yes");
      const web2 = (await world.sim.liveServers()).find((s) => s.label === before.web1Id);
      expect(web2.tags).to.include("b");
      await project.pulumi("preview", "--expect-no-changes");
    });
  });
}
