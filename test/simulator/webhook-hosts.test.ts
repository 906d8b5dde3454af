// The simulator sends nothing off the machine by default: a webhook whose url is not on
// loopback is refused at registration (422 VALIDATION_FAILED on `url`, as any refused url),
// and a delivery is only made to loopback, unless `allowWebhookHosts` (`--allow-webhook-hosts`)
// names the host or network. The allowed receiver here listens on this machine's own network
// address, which is not loopback, so nothing leaves the machine in this test either.
import { expect } from "chai";
import * as http from "http";
import type { AddressInfo } from "net";
import * as os from "os";
import { parseArgs } from "../../simulator/cli-args";
import { resolveOptions } from "../../simulator/options";
import { verifyWebhookSignature } from "../../protocol/signature";
import { SHAPES, startTestSimulator, type TestSimulator } from "../helpers/simulator";

const SECRET = "hosts-secret";

/** This machine's first IPv4 address that is not loopback. */
function interfaceAddress(): string {
  const found = Object.values(os.networkInterfaces()).flat().find((a) => a && a.family === "IPv4" && !a.internal);
  expect(found, "a network interface address of this machine that is not loopback").to.not.equal(undefined);
  return found!.address;
}

/** A receiver on `host` that answers 200 and hands over each body it gets, in order. */
async function receiverOn(host: string): Promise<{ url: string; next: () => Promise<{ body: string; signature: string }>; close: () => Promise<void> }> {
  const waiting: Array<(d: { body: string; signature: string }) => void> = [];
  const got: Array<{ body: string; signature: string }> = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      res.writeHead(200).end();
      const d = { body, signature: String(req.headers["x-service-signature"]) };
      const w = waiting.shift();
      if (w) w(d);
      else got.push(d);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/hooks`,
    next: () => (got.length > 0 ? Promise.resolve(got.shift()!) : new Promise((resolve) => waiting.push(resolve))),
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

async function register(sim: TestSimulator, url: string): Promise<{ status: number; body: any }> {
  const res = await sim.api("POST", "/v1/webhooks", { body: { url, events: ["server.created"], secret: SECRET } });
  return { status: res.status, body: await res.json() };
}

const webhookOf = (sim: TestSimulator, body: any): any => (sim.shape === "A" ? body.webhook : body.data);

for (const shape of SHAPES) {
  describe(`simulator: webhook deliveries stay on this machine unless allowed, shape ${shape}`, () => {
    describe("with its defaults", () => {
      let sim: TestSimulator;
      before(async () => {
        sim = await startTestSimulator({ shape });
      });
      after(() => sim.close());

      it("refuses a url outside loopback at registration, naming url and the flag that allows it", async () => {
        for (const url of [`http://${interfaceAddress()}:8080/hooks`, "https://hooks.example.com/in", "http://10.0.0.7/", "http://[fd00::2]/", "http://[::ffff:127.0.0.1]/"]) {
          const { status, body } = await register(sim, url);
          expect(status, url).to.equal(422);
          expect(body.error, url).to.include({ code: "VALIDATION_FAILED", field: "url" });
          expect(body.error.message, url).to.match(/not loopback.*--allow-webhook-hosts/);
        }
        expect(await sim.rawWebhooks()).to.deep.equal([]);
      });

      it("takes loopback receivers in every spelling, and refuses a PATCH that moves one off the machine", async () => {
        for (const url of ["http://127.0.0.1:9/a", "http://127.8.9.10/b", "http://localhost:9/c", "http://[::1]:9/d", "http://2130706433/e"]) {
          expect((await register(sim, url)).status, url).to.equal(201);
        }
        const made = webhookOf(sim, (await register(sim, "http://127.0.0.1:9/f")).body);
        const res = await sim.api("PATCH", `/v1/webhooks/${made.id}`, { body: { url: "https://hooks.example.com/in" } });
        expect(res.status).to.equal(422);
        expect(((await res.json()) as any).error).to.include({ code: "VALIDATION_FAILED", field: "url" });
        const kept = await sim.api("GET", `/v1/webhooks/${made.id}`);
        expect(webhookOf(sim, await kept.json()).url).to.equal("http://127.0.0.1:9/f");
      });

      it("does not deliver to a url outside loopback that a state file brought in: the delivery fails, naming why", async () => {
        const receiver = await receiverOn(interfaceAddress());
        try {
          await sim.reset();
          const made = webhookOf(sim, (await register(sim, "http://127.0.0.1:9/g")).body);
          // As a state file written under a wider allow list would have it.
          sim.handle.admin.sim.store.webhooks.get(made.id)!.url = receiver.url;
          await sim.admin("POST", "/events", { event: "server.created", data: { server: { id: "s" } } });
          const [d] = await sim.deliveries();
          expect(d).to.include({ status: "failed", attempts: 0, url: receiver.url });
          expect(d.last_error).to.match(/not loopback/);
        } finally {
          await receiver.close();
        }
      });
    });

    describe("with the host allowed (allowWebhookHosts)", () => {
      let sim: TestSimulator;
      let receiver: Awaited<ReturnType<typeof receiverOn>>;
      before(async () => {
        receiver = await receiverOn(interfaceAddress());
        sim = await startTestSimulator({ shape, allowWebhookHosts: [interfaceAddress(), "hooks.example.com"] });
      });
      after(async () => {
        await sim.close();
        await receiver.close();
      });

      it("accepts the url and delivers to it, signed", async () => {
        const { status, body } = await register(sim, receiver.url);
        expect(status).to.equal(201);
        expect(webhookOf(sim, body).url).to.equal(receiver.url);
        const id = await sim.seedServer();
        const got = await receiver.next();
        expect(JSON.parse(got.body)).to.deep.include({ event: "server.created" });
        expect(JSON.parse(got.body).data.server.id).to.equal(id);
        expect(verifyWebhookSignature(SECRET, got.body, got.signature)).to.equal(true);
      });

      it("accepts a named host; still refuses one not named", async () => {
        expect((await register(sim, "https://hooks.example.com/in")).status).to.equal(201);
        const other = await register(sim, "https://other.example.com/in");
        expect(other.status).to.equal(422);
        expect(other.body.error.field).to.equal("url");
      });
    });
  });
}

describe("simulator: the webhook host allow list as an option and a flag", () => {
  it("takes host names, addresses and networks, and refuses a bad entry naming it", () => {
    expect(resolveOptions({ allowWebhookHosts: ["Hooks.Example.com", "203.0.113.7", "10.0.0.0/8", "[fd00::]/8"] }).allowWebhookHosts)
      .to.deep.equal(["hooks.example.com", "203.0.113.7", "10.0.0.0/8", "fd00::/8"]);
    expect(resolveOptions({}).allowWebhookHosts).to.deep.equal([]);
    for (const bad of ["10.0.0.0/33", "hooks.example.com/8", "not a host", "http://x.example", "1.2.3.4/8/9"]) {
      expect(() => resolveOptions({ allowWebhookHosts: [bad] }), bad).to.throw(`allowWebhookHosts entry "${bad}"`);
    }
  });

  it("a network allows every address in it and none outside", async () => {
    const sim = await startTestSimulator({ allowWebhookHosts: ["192.0.2.0/24"] });
    try {
      expect((await register(sim, "http://192.0.2.200/in")).status).to.equal(201);
      expect((await register(sim, "http://192.0.3.1/in")).status).to.equal(422);
    } finally {
      await sim.close();
    }
  });

  it("--allow-webhook-hosts takes a comma-separated list and may repeat", () => {
    expect(parseArgs(["--allow-webhook-hosts", "hooks.example.com,10.0.0.0/8", "--allow-webhook-hosts=203.0.113.7"]).allowWebhookHosts)
      .to.deep.equal(["hooks.example.com", "10.0.0.0/8", "203.0.113.7"]);
  });
});
