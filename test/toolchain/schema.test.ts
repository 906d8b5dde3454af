// schema.json is generated from the TypeScript declarations both faces share
// (scripts/schema/generate.ts): the committed file must be exactly what they generate now,
// so a property added to ServerArgs, a changed TSDoc or a new lookup fails here until
// `npm run schema` is run. And the run-time tables of the plugin agree with it.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { generateSchema } from "../../scripts/schema/generate";
import { RESOURCES } from "../../provider/plugin/resources";
import { FUNCTIONS } from "../../provider/plugin/functions";
import { CONFIG_KEYS } from "../../provider/plugin/config";
import { SERVER_DEFAULTS, SERVER_INPUT_NAMES, SERVER_REPORTED_NAMES } from "../../provider/server/types";
import { API_SHAPE_VALUES, SETTINGS } from "../../provider/core/settings/declaration";
import { WEBHOOK_EVENTS } from "../../protocol/events";

const ROOT = path.resolve(__dirname, "..", "..", "..");

describe("schema.json", function () {
  this.timeout(120_000);
  let generated: any;
  let committed: any;
  before(() => {
    generated = generateSchema(ROOT);
    committed = JSON.parse(fs.readFileSync(path.join(ROOT, "schema.json"), "utf8"));
  });

  it("is what the TypeScript declarations generate (run `npm run build && npm run schema` after changing them)", () => {
    expect(committed).to.deep.equal(generated);
  });

  it("describes every resource, property, function and type", () => {
    const missing: string[] = [];
    const props = (where: string, p: Record<string, any> = {}) => {
      for (const [k, v] of Object.entries(p)) if (!v.description) missing.push(`${where}.${k}`);
    };
    for (const [tok, r] of Object.entries<any>(committed.resources)) {
      if (!r.description) missing.push(tok);
      props(`${tok} input`, r.inputProperties);
      props(`${tok} output`, r.properties);
    }
    for (const [tok, f] of Object.entries<any>(committed.functions)) {
      if (!f.description) missing.push(tok);
      props(`${tok} input`, f.inputs?.properties);
      props(`${tok} output`, f.outputs.properties);
    }
    for (const [tok, t] of Object.entries<any>(committed.types)) props(tok, t.properties);
    props("config", committed.config.variables);
    expect(missing).to.deep.equal([]);
  });

  it("names the resources, functions and configuration the plugin serves", () => {
    expect(Object.keys(committed.resources).sort()).to.deep.equal(Object.keys(RESOURCES).sort());
    expect(Object.keys(committed.functions).sort()).to.deep.equal(Object.keys(FUNCTIONS).sort());
    expect(Object.keys(committed.config.variables).sort()).to.deep.equal([...CONFIG_KEYS].sort());
  });

  it("has the Server inputs the provider reads and the outputs it reports", () => {
    const server = committed.resources["hosting:index:Server"];
    expect(Object.keys(server.inputProperties).sort()).to.deep.equal([...SERVER_INPUT_NAMES, "adoptId"].sort());
    expect(Object.keys(server.properties).sort()).to.deep.equal([...SERVER_INPUT_NAMES, ...SERVER_REPORTED_NAMES].sort());
    expect(server.inputProperties.userData.secret).to.equal(true);
    expect(committed.resources["hosting:index:Webhook"].properties.secret.secret).to.equal(true);
    expect(committed.config.variables.apiKey.secret).to.equal(true);
  });

  it("has an enum for every closed set, each value described", () => {
    const values = (name: string) => committed.types[`hosting:index:${name}`].enum.map((e: any) => e.value);
    expect(values("PowerState")).to.deep.equal(["running", "stopped"]);
    expect(values("StopMode")).to.deep.equal(["graceful", "hard"]);
    expect(values("WebhookEvent")).to.deep.equal([...WEBHOOK_EVENTS]);
    expect(values("ApiShapeSetting")).to.deep.equal([...API_SHAPE_VALUES]);
    const server = committed.resources["hosting:index:Server"];
    expect(server.inputProperties.powerState.$ref).to.equal("#/types/hosting:index:PowerState");
    expect(server.inputProperties.stopMode.$ref).to.equal("#/types/hosting:index:StopMode");
    // An output only the API sets stays a string: Pulumi YAML refuses an enum-typed output as a
    // string input (`label: ${web.status}`; test/e2e/plugin-engine-contract.test.ts does that).
    expect(server.properties.status).to.include({ type: "string" });
    expect(server.properties.status.description).to.include("active");
    expect(committed.resources["hosting:index:Webhook"].inputProperties.events.items.$ref).to.equal("#/types/hosting:index:WebhookEvent");
    expect(committed.config.variables.apiShape.$ref).to.equal("#/types/hosting:index:ApiShapeSetting");
    for (const [tok, t] of Object.entries<any>(committed.types)) {
      for (const e of t.enum ?? []) expect(e.description, `${tok} ${e.value}`).to.be.a("string").and.not.equal("");
    }
  });

  it("says integer where the API has integers", () => {
    const server = committed.resources["hosting:index:Server"];
    for (const k of ["vcpus", "ramGb", "diskGb", "osId", "waitTimeoutSeconds"]) expect(server.properties[k].type, k).to.equal("integer");
    for (const k of ["osId", "waitTimeoutSeconds"]) expect(server.inputProperties[k].type, k).to.equal("integer");
    for (const k of ["vcpus", "ramGb", "diskGb"]) expect(committed.types["hosting:index:Plan"].properties[k].type, k).to.equal("integer");
    expect(committed.types["hosting:index:OsImage"].properties.id.type).to.equal("integer");
    expect(committed.functions["hosting:index:getPlans"].inputs.properties.minVcpus.type).to.equal("integer");
  });

  it("gives the code's defaults and every config key's environment variable", () => {
    const inputs = committed.resources["hosting:index:Server"].inputProperties;
    expect(inputs.waitTimeoutSeconds.default).to.equal(SERVER_DEFAULTS.waitTimeoutSeconds);
    expect(inputs.powerState.default).to.equal(SERVER_DEFAULTS.powerState);
    expect(inputs.backups.default).to.equal(false);
    // Compared but never written into inputs: an SDK that filled it in would change old state.
    expect(inputs.stopMode).not.to.have.property("default");
    for (const key of CONFIG_KEYS) {
      expect(committed.config.variables[key].defaultInfo, key).to.deep.equal({ environment: [SETTINGS[key].env] });
      // An enum provider input has none: Go's generator cannot compile it (generate.ts).
      if (key !== "apiShape") expect(committed.provider.inputProperties[key].defaultInfo, key).to.deep.equal({ environment: [SETTINGS[key].env] });
    }
  });

  it("describes every resource and function with an example in five languages, and every resource's import", () => {
    const all = { ...committed.resources, ...committed.functions };
    for (const [tok, r] of Object.entries<any>(all)) {
      expect(r.description, tok).to.include("{{% examples %}}").and.include("{{% /examples %}}");
      for (const lang of ["typescript", "python", "go", "java", "yaml"]) expect(r.description, `${tok} ${lang}`).to.include(`\`\`\`${lang}\n`);
      expect(r.description, tok).not.to.match(/^(import|package) .*example\.com/m);
    }
    for (const [tok, r] of Object.entries<any>(committed.resources)) {
      expect(r.description, tok).to.include(`\n\n## Import\n`).and.include(`pulumi import ${tok} `);
    }
    expect(committed.resources["hosting:index:Server"].description).to.include('"github.com/pulumi-hosting/pulumi-hosting/sdk/go/hosting"');
  });

  it("has language blocks for Node.js, Go, Python, C# and Java", () => {
    expect(Object.keys(committed.language).sort()).to.deep.equal(["csharp", "go", "java", "nodejs", "python"]);
    expect(committed.language.csharp.packageReferences).to.have.property("Pulumi");
    expect(committed.language.java.buildFiles).to.equal("gradle");
  });
});
