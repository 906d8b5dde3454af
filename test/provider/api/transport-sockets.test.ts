// The client's connection cap (provider/api/http/transport.ts): many requests at once share at
// most MAX_SOCKETS keep-alive connections. A plain loopback server counts the connections open
// at once and holds the answers until every allowed connection carries one (or the last requests are in), so the
// cap, not timing, decides what is open when it counts. The requests beyond the cap wait before
// axios builds them: none waits inside the agent, where each would hold a built request.
import { expect } from "chai";
import * as http from "http";
import type { AddressInfo } from "net";
import { Transport, MAX_SOCKETS } from "../../../provider/api/http/transport";

describe("api: the client's connection cap", () => {
  it(`sends 150 requests at once over at most ${MAX_SOCKETS} connections, and answers every one`, async () => {
    let open = 0;
    let mostOpen = 0;
    let arrived = 0;
    const held: http.ServerResponse[] = [];
    const server = http.createServer((_req, res) => {
      held.push(res);
      arrived++;
      // Every connection busy at once (or the last requests in): then all are answered.
      if (held.length === MAX_SOCKETS || arrived === 150) held.splice(0).forEach((r) => r.end("{}"));
    });
    server.on("connection", (socket) => {
      mostOpen = Math.max(mostOpen, ++open);
      socket.on("close", () => open--);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const t = new Transport({ apiKey: "k", baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 10_000, userAgent: "test" });
    try {
      const answers = await Promise.all(Array.from({ length: 150 }, () => t.send({ method: "GET", path: "/v1/regions" })));
      expect(answers.map((a) => a.status)).to.deep.equal(Array(150).fill(200));
      expect(mostOpen).to.equal(MAX_SOCKETS);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("the requests beyond the cap wait before axios builds them: none waits inside the agent", async () => {
    const held: http.ServerResponse[] = [];
    let release: () => void = () => undefined;
    const allBusy = new Promise<void>((r) => (release = r));
    const server = http.createServer((_req, res) => {
      held.push(res);
      if (held.length === MAX_SOCKETS) release();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const t = new Transport({ apiKey: "k", baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 10_000, userAgent: "test" });
    const agent = (t as unknown as { http(): { defaults: { httpAgent: http.Agent } } }).http().defaults.httpAgent;
    try {
      const sent = Promise.all(Array.from({ length: 300 }, () => t.send({ method: "GET", path: "/v1/regions" })));
      await allBusy;
      const inAgent = Object.values(agent.requests).reduce((n, q) => n + (q?.length ?? 0), 0);
      expect(inAgent, "requests queued inside the http.Agent").to.equal(0);
      server.on("request", (_req, res) => res.end("{}"));
      held.splice(0).forEach((r) => r.end("{}"));
      const answers = await sent;
      expect(answers.filter((a) => a.status === 200)).to.have.length(300);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
