// A user's TypeScript program (Pulumi.yaml `runtime: nodejs`, index.ts, tsconfig.json) through
// the plain CLI and the language-host stand-in, laid out as README's quickstart has a user write it.
// The real host tells the SDK to compile TypeScript (PULUMI_NODEJS_TYPESCRIPT, the runtime
// option `typescript`, on by default); without it Node runs index.ts as JavaScript: on
// Node 20 any type annotation is a SyntaxError, on 22 and 24 type stripping still refuses
// an `enum` or a parameter property. This program uses all three.
// It also carries a literal userData: a check failure naming a property makes the
// engine print that property's value, and a literal made secret by the Server class is
// printed in plain text, so the provider reports userData's failures without the property.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { createPulumiEnv, PulumiEnv, TOOLS_DIR } from "./pulumi-env";
import { API_KEY, SHAPES, startWorld, World } from "./fixtures";
import { given } from "./support/given";
import { plainPulumi } from "./support/plain-cli";

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";

enum Plan { Small = "vc2-1c-1gb" }

class Names {
  constructor(private readonly prefix: string) {}
  name(n: number): string { return \`\${this.prefix}-\${n}\`; }
}

const names = new Names("ts");
// A literal script, made a secret by the Server class.
const userData = new pulumi.Config("ts").getBoolean("withUserData") ? "#!/bin/sh\\necho e2e-user-data-7c41\\n" : undefined;
const web = new hosting.Server(names.name(1), { region: "ewr", plan: Plan.Small, os: "ubuntu-24.04", label: names.name(1), ...(userData ? { userData } : {}) });
export const label: hosting.Server["label"] = web.label;
`;

// A program that awaits a lookup for a region that does not exist. A program that fails after
// its first tick takes the CLI about 35 s to end (seen on 24 November 2026 with any error, with
// or without a lookup), so this runs in one shape: what it checks does not depend on the shape.
const LOOKUP_PROGRAM = `import * as hosting from "pulumi-hosting";

export = (async () => {
  const region = await hosting.getRegion({ id: "frx" });
  return { city: region.city };
})();
`;

const TSCONFIG = { compilerOptions: { strict: true, target: "es2020", module: "node16", moduleResolution: "node16", skipLibCheck: true }, files: ["index.ts"] };

for (const shape of SHAPES) {
  describe(`a TypeScript program through the plain CLI and the language-host stand-in, shape ${shape}`, function () {
    let world: World;
    let env: PulumiEnv;
    let dir: string;

    const pulumi = plainPulumi(() => dir, () => env, ["--stack", "ts"]);

    before(async () => {
      world = await startWorld(shape);
      env = await createPulumiEnv();
      // Inside the project whose node_modules hold pulumi-hosting, @pulumi/pulumi and typescript.
      dir = fs.mkdtempSync(path.join(TOOLS_DIR, "ts-program-"));
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: ts-program\nruntime: nodejs\n");
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "ts-program", private: true, main: "index.ts" }));
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
      fs.writeFileSync(path.join(dir, "index.ts"), PROGRAM);
      await pulumi("stack", "init");
      await pulumi("config", "set", "--secret", "hosting:apiKey", API_KEY);
      await pulumi("config", "set", "hosting:baseUrl", world.sim.url);
    });

    after(async () => {
      await pulumi("destroy", "--yes", "--skip-preview").catch(() => undefined);
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      env?.dispose();
      await world?.close();
    });

    /** The first up, which every later case stands on. */
    const upped = given(() => pulumi("up", "--yes", "--skip-preview"));

    it("pulumi up compiles index.ts (an enum, a parameter property, type annotations) and creates the server", async () => {
      const out = await upped();
      expect(out).to.match(/\+ 2 created/);
      expect(JSON.parse(await pulumi("stack", "output", "--json"))).to.deep.equal({ label: "ts-1" });
      expect((await world.sim.liveServers()).map((s) => s.label)).to.deep.equal(["ts-1"]);
    });

    it("a preview that adds userData never prints the script; shape A refuses it naming userData", async () => {
      await upped();
      await pulumi("config", "set", "ts:withUserData", "true");
      let out: string;
      try {
        out = await pulumi("preview", "--diff");
      } catch (e) {
        out = (e as Error).message;
      }
      await pulumi("config", "rm", "ts:withUserData");
      expect(out).to.not.include("e2e-user-data-7c41");
      if (shape === "A") expect(out).to.include("has a problem: userData cannot be sent to this deployment: it speaks API shape A");
      else expect(out).to.match(/userData\s*: \[secret\]/);
    });

    if (shape === "A") it("a lookup that finds nothing prints one message: what it searched for and what is near, no stack or fields", async () => {
      fs.writeFileSync(path.join(dir, "index.ts"), LOOKUP_PROGRAM);
      let out: string;
      try {
        out = await pulumi("preview");
        throw new Error(`the preview passed:\n${out}`);
      } catch (e) {
        out = (e as Error).message;
      } finally {
        fs.writeFileSync(path.join(dir, "index.ts"), PROGRAM);
      }
      expect(out, out).to.match(/error: getRegion: nothing matches id "frx"; nearest: fra \(Frankfurt\)/);
      expect(out, out).to.not.include("unhandled exception");
      expect(out, out).to.not.match(/^\s+at /m);
      expect(out, out).to.not.include("LookupError");
    });

    // The warning comes from the program process, before any request: one shape is enough.
    if (shape === "B") it("hosting:apiKey set without --secret: the preview warns to set it with --secret, and never prints the key", async () => {
      await pulumi("config", "set", "hosting:apiKey", API_KEY);
      let out: string;
      try {
        out = await pulumi("preview");
      } finally {
        await pulumi("config", "set", "--secret", "hosting:apiKey", API_KEY);
      }
      // The CLI prints a warning as it happens and again under Diagnostics: count the latter.
      const diagnostics = out.slice(out.indexOf("Diagnostics:"));
      expect(diagnostics, out).to.include("pulumi config set --secret hosting:apiKey");
      expect(diagnostics.split("pulumi config set --secret hosting:apiKey").length - 1, "warned once").to.equal(1);
      expect(out).to.not.include(API_KEY);
      const quiet = await pulumi("preview");
      expect(quiet, quiet).to.not.include("--secret hosting:apiKey");
    });
  });
}
