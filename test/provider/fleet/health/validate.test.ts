// The health check's inputs at check time (provider/fleet/health/validate.ts): defaults filled
// in, and every bad value refused naming its path and what is allowed; the URL follows a
// webhook's URL rules (http(s), no loopback or private host unless the API is loopback).
import { expect } from "chai";
import { checkHealthCheck } from "../../../../provider/fleet/health/validate";

const W = "healthCheck";
const refusals = (raw: unknown, apiIsLoopback = false) => checkHealthCheck(raw, W, apiIsLoopback).failures;

describe("fleet health check inputs", () => {
  it("fills in the defaults of an http check", () => {
    expect(checkHealthCheck({ url: "http://{mainIp}:8080/healthz" }, W, false)).to.deep.equal({
      check: { kind: "http", url: "http://{mainIp}:8080/healthz", healthyStatusCodes: [200], intervalSeconds: 5, timeoutSeconds: 2, graceSeconds: 0, healthyThreshold: 1, deadlineSeconds: 300 },
      failures: [],
    });
  });

  it("takes a tcp check on the member's address by default", () => {
    expect(checkHealthCheck({ kind: "tcp", port: 22, healthyThreshold: 2 }, W, false).check).to.deep.include({ kind: "tcp", host: "{mainIp}", port: 22, healthyThreshold: 2 });
  });

  it("absent or unknown (preview) is no check and no failure", () => {
    expect(checkHealthCheck(undefined, W, false)).to.deep.equal({ failures: [] });
  });

  const cases: [string, unknown, string, string][] = [
    ["not an object", "http://x", W, "must be an object"],
    ["an unknown field", { url: "http://{mainIp}/", path: "/" }, `${W}.path`, "allowed: kind, url, host, port"],
    ["an unknown kind", { kind: "grpc", url: "http://{mainIp}/" }, `${W}.kind`, "must be one of http, tcp"],
    ["http without url", {}, `${W}.url`, "is required for kind http"],
    ["a url that is not http(s)", { url: "ftp://{mainIp}/" }, `${W}.url`, "is not an absolute http:// or https:// URL"],
    ["a url that is no URL", { url: "{mainIp}/healthz" }, `${W}.url`, "is not an absolute http:// or https:// URL"],
    ["an unknown placeholder", { url: "http://{ip}/" }, `${W}.url`, "allowed placeholders: {mainIp}, {id}, {label}, {key}, {region}"],
    ["a loopback host while the API is not loopback", { url: "http://127.0.0.1:8080/_health/{id}" }, `${W}.url`, "is loopback"],
    ["a private host", { url: "http://10.0.0.5/{id}" }, `${W}.url`, "is not a public address"],
    ["a metadata address", { url: "http://169.254.169.254/latest" }, `${W}.url`, "is not a public address"],
    ["an internal name", { url: "http://health.internal/{id}" }, `${W}.url`, "is not a public address"],
    ["status codes out of range", { url: "http://{mainIp}/", healthyStatusCodes: [200, 700] }, `${W}.healthyStatusCodes`, "from 100 to 599"],
    ["an empty status code list", { url: "http://{mainIp}/", healthyStatusCodes: [] }, `${W}.healthyStatusCodes`, "non-empty list"],
    ["a zero interval", { url: "http://{mainIp}/", intervalSeconds: 0 }, `${W}.intervalSeconds`, "above 0"],
    ["a negative time-out", { url: "http://{mainIp}/", timeoutSeconds: -1 }, `${W}.timeoutSeconds`, "above 0"],
    ["a negative grace", { url: "http://{mainIp}/", graceSeconds: -5 }, `${W}.graceSeconds`, "of at least 0"],
    ["a threshold of 0", { url: "http://{mainIp}/", healthyThreshold: 0 }, `${W}.healthyThreshold`, "a whole number of at least 1"],
    ["a fractional threshold", { url: "http://{mainIp}/", healthyThreshold: 1.5 }, `${W}.healthyThreshold`, "a whole number"],
    ["a deadline within the grace", { url: "http://{mainIp}/", graceSeconds: 60, deadlineSeconds: 60 }, `${W}.deadlineSeconds`, "must be above graceSeconds (60)"],
    ["a string deadline", { url: "http://{mainIp}/", deadlineSeconds: "60" }, `${W}.deadlineSeconds`, "a number of seconds"],
    ["tcp without port", { kind: "tcp" }, `${W}.port`, "is required for kind tcp: a whole number from 1 to 65535"],
    ["tcp with port 70000", { kind: "tcp", port: 70000 }, `${W}.port`, "from 1 to 65535"],
    ["tcp with a url", { kind: "tcp", port: 22, url: "http://{mainIp}/" }, `${W}.url`, "is for kind http"],
    ["http with a port", { url: "http://{mainIp}/", port: 80 }, `${W}.port`, "is for kind tcp"],
    ["a tcp host with a scheme", { kind: "tcp", port: 22, host: "http://{mainIp}" }, `${W}.host`, "bare host name or address"],
    ["a loopback tcp host", { kind: "tcp", port: 22, host: "localhost" }, `${W}.host`, "is loopback"],
  ];
  for (const [what, raw, property, words] of cases) {
    it(`refuses ${what}, naming ${property}`, () => {
      const f = refusals(raw);
      expect(f.map((x) => x.property)).to.include(property);
      expect(f.find((x) => x.property === property)!.reason).to.contain(words).and.contain(property);
    });
  }

  it("takes a loopback URL while the API is loopback too (the simulator)", () => {
    expect(refusals({ url: "http://127.0.0.1:8080/_health/{id}" }, true)).to.deep.equal([]);
  });

  it("still refuses a private host while the API is loopback", () => {
    expect(refusals({ url: "http://192.168.1.4/{id}" }, true).map((f) => f.property)).to.deep.equal([`${W}.url`]);
  });

  it("quotes the URL as written in a refusal", () => {
    expect(refusals({ url: "gopher://{mainIp}/" })[0].reason).to.equal(`${W}.url "gopher://{mainIp}/" is not an absolute http:// or https:// URL`);
  });

  it("names a group's path", () => {
    expect(checkHealthCheck({ kind: "tcp" }, "groups[1].healthCheck", false).failures[0].property).to.equal("groups[1].healthCheck.port");
  });
});
