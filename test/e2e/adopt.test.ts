// Scenario 10: adopting a server that was created outside Pulumi.
// `Server.get(name, id)` reads it into the stack without managing it (the engine's
// ReadResource, which carries the serialized provider). The engine's `import`
// option cannot serve dynamic providers: it calls Read with no properties, so
// the dynamic-provider host has no `__provider` to load (documented in README).
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";
import { E2EStack } from "./e2e-stack";
import { until } from "../helpers/wait";
import { API_KEY, SHAPES, stackConfig, startWorld, World } from "./fixtures";
import { given } from "./support/given";

async function createOutsidePulumi(world: World, shape: string): Promise<string> {
  const osField = shape === "A" ? { os_id: await ubuntuId(world) } : { os: "ubuntu-24.04" };
  const headers = { Authorization: `Bearer ${API_KEY}`, "Content-Type": "application/json" };
  // Shape B's create table has no tags (the simulator refuses them): they follow by PATCH.
  const tags = { tags: ["legacy"] };
  const res = await fetch(`${world.sim.url}/v1/servers`, {
    method: "POST",
    headers,
    body: JSON.stringify({ region: "ams", plan: "vc2-1c-1gb", label: "hand-made", ...(shape === "A" ? tags : {}), ...osField }),
  });
  const body = (await res.json()) as any;
  const id = (body.server ?? body.data).id;
  if (shape === "B") await fetch(`${world.sim.url}/v1/servers/${id}`, { method: "PATCH", headers, body: JSON.stringify(tags) });
  return id;
}

async function ubuntuId(world: World): Promise<number> {
  const res = await fetch(`${world.sim.url}/v1/os`, { headers: { Authorization: `Bearer ${API_KEY}` } });
  const body = (await res.json()) as any;
  return (body.os ?? body.data).find((i: any) => i.slug === "ubuntu-24.04").id;
}

for (const shape of SHAPES) {
  describe(`end to end, shape ${shape}: adopting an existing server`, function () {
    let world: World;
    let stack: E2EStack;
    let id: string;

    before(async () => {
      world = await startWorld(shape);
      id = await createOutsidePulumi(world, shape);
      await until("every server active", () => world.sim.liveServers(), { done: (all) => all.every((s) => s.status === "active"), timeoutMs: 10_000, intervalMs: 100 });
      stack = await E2EStack.create({
        config: stackConfig(world),
        program: async () => {
          const adopted = hosting.Server.get("adopted", id);
          return {
            adopted: pulumi
              .all([adopted.id, adopted.label, adopted.region, adopted.os, adopted.tags, adopted.status])
              .apply(([i, label, region, os, tags, status]) => ({ id: i, label, region, os, tags, status })),
          };
        },
      });
    });

    after(async () => {
      await stack?.dispose();
      await world?.close();
    });
    /** The up that reads the hand-made server into the stack. */
    const upped = given(() => stack.up());

    it("10. Server.get reads every field of a hand-made server into the stack", async () => {
      const result = await upped();
      expect(result.outputs.adopted.value).to.deep.equal({
        id,
        label: "hand-made",
        region: "ams",
        os: "ubuntu-24.04",
        tags: ["legacy"],
        status: "active",
      });
      const [resource] = await stack.resources("pulumi-nodejs:dynamic/hosting:Server");
      expect(resource.external).to.equal(true);
      const preview = await stack.preview(true);
      expect(preview.changeSummary).to.not.have.any.keys("create", "update", "replace", "delete");
    });

    it("10. destroying the stack leaves the adopted server running (it is only read)", async () => {
      await upped();
      await stack.destroy();
      expect((await world.sim.liveServers()).map((s) => s.id)).to.deep.equal([id]);
    });
  });
}
