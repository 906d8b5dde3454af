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
import { SERVER_INPUT_NAMES, SERVER_REPORTED_NAMES } from "../../provider/server/types";

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
});
