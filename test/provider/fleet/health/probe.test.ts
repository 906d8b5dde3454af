// The network prober (provider/fleet/health/probe.ts) against servers on loopback: an HTTP
// status in and out of the healthy list, a refused connection, a TCP connect, and an abort
// (the gate's time-out or Cancel) that ends a try whose server never answers.
import { expect } from "chai";
import * as http from "http";
import * as net from "net";
import type { AddressInfo } from "net";
import { networkProber } from "../../../../provider/fleet/health/probe";
import type { CheckedHealthCheck } from "../../../../provider/fleet/health/types";

const timing = { intervalSeconds: 1, timeoutSeconds: 1, graceSeconds: 0, healthyThreshold: 1, deadlineSeconds: 10 };
const httpCheck: CheckedHealthCheck = { kind: "http", url: "unused", healthyStatusCodes: [200, 204], ...timing };
const tcpCheck: CheckedHealthCheck = { kind: "tcp", host: "unused", port: 1, ...timing };

describe("fleet health prober (loopback network)", () => {
  let server: http.Server;
  let port = 0;
  let status = 200;
  let hang = false;
  before(async () => {
    server = http.createServer((_req, res) => {
      if (hang) return;
      res.writeHead(status).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  beforeEach(() => {
    status = 200;
    hang = false;
  });
  const url = () => `http://127.0.0.1:${port}/healthz`;

  it("passes on a healthy status code and says which it saw", async () => {
    status = 204;
    expect(await networkProber(httpCheck, url(), new AbortController().signal)).to.deep.equal({ pass: true, seen: "status 204" });
  });

  it("fails on any other status code", async () => {
    status = 503;
    expect(await networkProber(httpCheck, url(), new AbortController().signal)).to.deep.equal({ pass: false, seen: "status 503" });
  });

  it("names a refused connection", async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await networkProber(httpCheck, `http://127.0.0.1:${free}/`, new AbortController().signal)).to.deep.equal({ pass: false, seen: "connection refused" });
    expect(await networkProber(tcpCheck, `127.0.0.1:${free}`, new AbortController().signal)).to.deep.equal({ pass: false, seen: "connection refused" });
  });

  it("a tcp check passes when the port accepts a connection", async () => {
    expect(await networkProber(tcpCheck, `127.0.0.1:${port}`, new AbortController().signal)).to.deep.equal({ pass: true, seen: "connected" });
  });

  it("an abort ends a try whose server never answers", async () => {
    hang = true;
    const stop = new AbortController();
    const p = networkProber(httpCheck, url(), stop.signal);
    stop.abort();
    expect(await p).to.deep.equal({ pass: false, seen: "aborted" });
  });
});
