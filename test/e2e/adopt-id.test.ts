// Bringing existing servers under management with `adoptId` and `hosting-import`,
// and the two remaining server actions (reboot through rebootTriggers, halt through
// stopMode "hard"). Real CLI, both shapes; what the API saw comes from the simulator's stats.
import { execFile } from "child_process";
import { promisify } from "util";
import { expect } from "chai";
import * as pulumi from "@pulumi/pulumi";
import * as hosting from "pulumi-hosting";
import { E2EStack } from "./e2e-stack";
import { until } from "../helpers/wait";
import { API_KEY, SHAPES, stackConfig, startWorld, type World } from "./fixtures";
import { countRequests, TEST_TIMINGS } from "../helpers/simulator";
import { evalProgramFragment, type ServerTweak } from "./support/program-fragment";
import { packageBin } from "./support/package-bin";
import { DEBIAN, UBUNTU } from "./support/os-images";
import { given } from "./support/given";

const execFileAsync = promisify(execFile);
const FLEET = 20;
const OWNER = "pulumi-stack:hosting-e2e/test";
const MUTATIONS = ["POST /v1/servers", "PATCH /v1/servers/:id", "DELETE /v1/servers/:id", "POST /v1/servers/:id/start",
  "POST /v1/servers/:id/stop", "POST /v1/servers/:id/halt", "POST /v1/servers/:id/reboot"];

/** Creates a server through the API (as a person or another tool would) and returns its id. */
function createDirectly(world: World, body: Record<string, unknown>): Promise<string> {
  return world.sim.seedServer(body, API_KEY);
}

/**
 * The fleet: servers 0-9 already look exactly as the generated program will declare them
 * (with the stack's ownership tag in shape A, where it is the default; with none in shape B,
 * where it is not), so adopting them must send nothing; servers 10-19 lack the ownership tag
 * (a PATCH in shape A), and the test's program relabels 15-19 (a PATCH in either shape).
 */
async function createFleet(world: World): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < FLEET; i++) {
    const ready = i < 10;
    ids.push(await createDirectly(world, {
      region: i % 2 === 0 ? "ewr" : "fra",
      plan: i % 3 === 0 ? "vc2-2c-4gb" : "vc2-1c-1gb",
      ...(world.sim.shape === "A" ? { os_id: i % 4 === 0 ? DEBIAN : UBUNTU } : { os: i % 4 === 0 ? "debian-12" : "ubuntu-24.04" }),
      label: ready ? `web-${i}` : `legacy-${i}`,
      tags: ready ? ["fleet", "web", ...(world.sim.shape === "A" ? [OWNER] : [])] : ["fleet", "legacy"],
    }));
  }
  return ids;
}

async function allActive(world: World): Promise<void> {
  const live = await until("every server active", () => world.sim.liveServers(), { done: (all) => all.every((s) => s.status === "active"), timeoutMs: 10_000, intervalMs: 100 });
  expect(live.map((s) => s.status)).to.not.include.members(["pending", "starting"]);
}

async function mutations(world: World): Promise<Record<string, number>> {
  const stats = await world.sim.stats();
  return Object.fromEntries(MUTATIONS.map((route) => [route, countRequests(stats, route)]));
}

async function hostingImport(world: World, ...args: string[]): Promise<string> {
  const cli = packageBin("hosting-import");
  const { stdout } = await execFileAsync(process.execPath, [cli, ...args], {
    env: { ...process.env, HOSTING_API_KEY: API_KEY, HOSTING_BASE_URL: world.sim.url },
  });
  return stdout;
}

for (const shape of SHAPES) {
  describe(`end to end, shape ${shape}: adoptId, hosting-import, reboot and halt`, function () {
    let world: World;
    let stack: E2EStack;
    let ids: string[];
    let generated: string;
    const tweak: ServerTweak = { args: {}, dropAdoptId: false, retain: new Set() };

    before(async () => {
      world = await startWorld(shape, { ...TEST_TIMINGS });
      ids = await createFleet(world);
      await createDirectly(world, { label: "not-in-the-fleet", tags: ["other"] });
      await allActive(world);
      generated = await hostingImport(world, "--tag", "fleet");
      stack = await E2EStack.create({
        config: stackConfig(world),
        program: async () => {
          const servers = [...evalProgramFragment(generated, tweak)];
          return {
            ids: pulumi.all(Object.fromEntries(servers.map(([key, s]) => [key, s.id]))),
            statuses: pulumi.all(Object.fromEntries(servers.map(([key, s]) => [key, s.status]))),
          };
        },
      });
    });

    after(async () => {
      await stack?.dispose();
      await world?.close();
    });

    it("hosting-import writes one Server with adoptId per listed server, and only those", () => {
      expect(generated.match(/new hosting\.Server\(/g)).to.have.length(FLEET);
      for (const id of ids) expect(generated).to.include(`adoptId: "${id}"`);
      expect(generated).to.not.include("not-in-the-fleet");
      expect(generated).to.not.match(/tags: .*pulumi-stack:/);
      if (shape === "A") expect(generated).to.include(`carried the ownership tag of ${OWNER}`);
      expect(generated).to.not.include(API_KEY);
    });

    /** The up that adopts the fleet, 5 of its servers relabelled, with the requests it sent. */
    const adopted = given(async () => {
      for (let i = 15; i < FLEET; i++) tweak.args[ids[i]] = { label: `renamed-${i}` };
      await world.sim.resetStats();
      const result = await stack.up();
      return { result, sent: await mutations(world), byRoute: (await world.sim.stats()).byRoute };
    });

    it("1. up adopts all 20: no POST, no DELETE, one PATCH for each server that differs and none for the others", async () => {
      const { result, sent, byRoute } = await adopted();
      expect(result.outputs.ids.value).to.deep.equal(Object.fromEntries(ids.map((id) => [id, id])));
      expect(result.outputs.statuses.value).to.deep.equal(Object.fromEntries(ids.map((id) => [id, "active"])));
      console.log(`      scenario 1, shape ${shape}, requests of \`up\`: ${JSON.stringify(byRoute)}`);
      // Shape A: 10 servers need the ownership tag (5 also a new label): 10 PATCHes in all, so
      // each of them got exactly one and the 10 that already matched got none. Shape B: no
      // ownership tag by default, so only the 5 relabelled servers get one.
      expect(sent).to.deep.equal({ ...zero(), "PATCH /v1/servers/:id": shape === "A" ? 10 : 5 });
      const live = new Map((await world.sim.liveServers()).map((s) => [s.id, s]));
      for (let i = 0; i < FLEET; i++) {
        if (shape === "A") expect(live.get(ids[i]).tags).to.include(OWNER);
        else expect(live.get(ids[i]).tags).to.not.include(OWNER);
      }
      for (let i = 15; i < FLEET; i++) expect(live.get(ids[i]).label).to.equal(`renamed-${i}`);
      expect(stack.logs.join("")).to.match(/adopted server .* recorded from the program, not read from the API/);
    });

    it("1. preview --expect-no-changes passes, and again after a refresh", async () => {
      await adopted();
      await world.sim.resetStats();
      await stack.preview(true);
      const stats = await world.sim.stats();
      expect(countRequests(stats, "GET /v1/servers/:id"), "a single GET per server").to.be.at.most(1);
      await stack.refresh();
      await stack.preview(true);
      expect(await mutations(world)).to.deep.equal(zero());
    });

    it("2. removing adoptId is no change; a tag change is one PATCH; an OS change replaces", async () => {
      await adopted();
      tweak.dropAdoptId = true;
      await world.sim.resetStats();
      await stack.preview(true);
      await stack.up();
      expect(await mutations(world)).to.deep.equal(zero());

      tweak.args[ids[0]] = { tags: ["fleet", "web", "tagged-later"] };
      await stack.up();
      expect(await mutations(world)).to.deep.equal({ ...zero(), "PATCH /v1/servers/:id": 1 });

      await world.sim.resetStats();
      tweak.args[ids[1]] = { os: "ubuntu-22.04" };
      const result = await stack.up();
      // The new server's create: shape B's create table has no tags, so they follow by one PATCH.
      const createPatches = shape === "B" ? 1 : 0;
      expect(await mutations(world)).to.deep.equal({ ...zero(), "POST /v1/servers": 1, "PATCH /v1/servers/:id": createPatches, "DELETE /v1/servers/:id": 1 });
      expect(result.outputs.ids.value[ids[1]]).to.not.equal(ids[1]);
      expect((await world.sim.liveServers()).map((s) => s.id)).to.not.include(ids[1]);
    });

    it("4. a rebootTriggers change is one POST /reboot, same id, active after; stopMode hard halts", async () => {
      await adopted();
      tweak.args[ids[2]] = { rebootTriggers: ["v1"] };
      await stack.up();
      await world.sim.resetStats();
      tweak.args[ids[2]] = { rebootTriggers: ["v2"] };
      let result = await stack.up();
      expect(await mutations(world)).to.deep.equal({ ...zero(), "POST /v1/servers/:id/reboot": 1 });
      expect(result.outputs.ids.value[ids[2]]).to.equal(ids[2]);
      expect(result.outputs.statuses.value[ids[2]]).to.equal("active");
      expect((await world.sim.liveServers()).find((s) => s.id === ids[2]).status).to.equal("active");

      await world.sim.resetStats();
      tweak.args[ids[3]] = { powerState: "stopped", stopMode: "hard" };
      result = await stack.up();
      expect(await mutations(world)).to.deep.equal({ ...zero(), "POST /v1/servers/:id/halt": 1 });
      expect(result.outputs.statuses.value[ids[3]]).to.equal("stopped");
      await stack.preview(true);
    });

    it("5. destroy deletes adopted servers like created ones; retainOnDelete leaves them", async () => {
      await adopted();
      tweak.retain = new Set([ids[4], ids[5]]);
      await stack.up();
      await world.sim.resetStats();
      await stack.destroy();
      expect(await mutations(world)).to.deep.equal({ ...zero(), "DELETE /v1/servers/:id": FLEET - 2 });
      const live = (await world.sim.liveServers()).map((s) => s.id);
      expect(live).to.include.members([ids[4], ids[5]]);
      expect(live.filter((id) => ids.includes(id))).to.have.length(2);
    });
  });

  describe(`end to end, shape ${shape}: adoptions that preview refuses, with nothing sent`, function () {
    let world: World;
    let id: string;
    let terminated: string;

    before(async () => {
      world = await startWorld(shape, { ...TEST_TIMINGS });
      id = await createDirectly(world, { region: "ewr", plan: "vc2-1c-1gb", label: "live" });
      terminated = await createDirectly(world, { label: "gone" });
      await allActive(world);
      await world.sim.admin("PATCH", `/servers/${terminated}`, { status: "terminated" });
    });

    after(() => world?.close());

    const base = { region: "ewr", plan: "vc2-1c-1gb", os: "ubuntu-24.04", label: "live" };
    const cases: [string, () => Record<string, hosting.ServerArgs>, RegExp][] = [
      ["region", () => ({ a: { ...base, region: "fra", adoptId: id } }), /region: server \S+ has "ewr" but the program declares "fra"/],
      ["plan", () => ({ a: { ...base, plan: "vc2-2c-4gb", adoptId: id } }), /plan: server \S+ has "vc2-1c-1gb" but the program declares "vc2-2c-4gb"/],
      ["OS", () => ({ a: { ...base, os: "debian-12", adoptId: id } }), /os: server \S+ has "ubuntu-24.04" \(image 2284\) but the program declares "debian-12" \(image 2136\)/],
      ["an unknown id", () => ({ a: { ...base, adoptId: "no-such-server" } }), /adoptId "no-such-server": no server with this id exists/],
      ["a terminated server", () => ({ a: { ...base, adoptId: terminated } }), /adoptId "\S+": (the server is terminated|no server with this id exists \(or it is terminated\))/],
      ["one id adopted twice", () => ({ a: { ...base, adoptId: id }, b: { ...base, adoptId: id } }), /adoptId "\S+" is adopted by resource "(a" and by "b|b" and by "a)"/],
    ];
    for (const [what, servers, message] of cases) {
      it(`3. ${what}: preview fails naming the field and both values`, async () => {
        const stack = await E2EStack.create({
          config: stackConfig(world),
          stackName: `refuse-${what.replace(/\W+/g, "-")}`,
          program: async () => {
            for (const [name, args] of Object.entries(servers())) new hosting.Server(name, args);
          },
        });
        try {
          await world.sim.resetStats();
          let failure: unknown;
          await stack.preview().catch((e) => (failure = e));
          expect(failure, "preview should fail").to.exist;
          // The whole text in the message: chai cuts the actual value short, and a failure here
          // must say what the engine printed instead.
          const text = String(failure) + stack.logs.join("");
          expect(text, text.slice(0, 4000)).to.match(message);
          expect(await mutations(world)).to.deep.equal(zero());
        } finally {
          await stack.dispose();
        }
      });
    }
  });
}

function zero(): Record<string, number> {
  return Object.fromEntries(MUTATIONS.map((route) => [route, 0]));
}
