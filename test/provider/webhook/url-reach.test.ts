// Webhook URLs that point inside a network, in every literal spelling the URL parser
// accepts: each is refused at `check`, as the engine calls it at preview, with
// the field, the host as parsed and the rule that matched. Public addresses written in
// the same odd spellings are accepted, so a check that refused everything would fail here.
// The API base URL is public, so that loopback receivers count as refusals too.
import { expect } from "chai";
import type { CheckFailure } from "../../../provider/core/check-kinds";
import * as webhookTyped from "../../../provider/webhook/provider";
import { forgetSettings } from "../harness";
import { loose } from "../../helpers/loose-provider";
import { useProcess } from "../../helpers/test-process";

const webhook = loose(webhookTyped);
const OK = { __provider: "SHELL", events: ["server.created"], secret: "s".repeat(32) };

const RFC1918 = /10\.0\.0\.0\/8 \(private network, RFC 1918\)/;
const LOOPBACK = /127\.0\.0\.0\/8 \(loopback\)/;
const METADATA = /169\.254\.169\.254\/32 \(cloud metadata service: AWS, GCP, Azure\)/;

/** [url, the rule quoted in the refusal]; 50 spellings. */
export const BAD_URLS: [string, RegExp][] = [
  // IPv4 inside IPv6: mapped (both spellings), compatible, NAT64, 6to4.
  ["https://[::ffff:10.0.0.1]/", /10\.0\.0\.0\/8 .* inside IPv4-mapped ::ffff:0:0\/96/],
  ["https://[::ffff:169.254.169.254]/", /169\.254\.169\.254\/32 .* inside IPv4-mapped/],
  ["https://[::ffff:127.0.0.1]/", /127\.0\.0\.0\/8 \(loopback\) inside IPv4-mapped/],
  ["https://[::ffff:a00:1]/", RFC1918],
  ["https://[0:0:0:0:0:ffff:192.168.1.1]/", /192\.168\.0\.0\/16/],
  ["https://[::ffff:7f00:1]/", LOOPBACK],
  ["https://[::10.0.0.1]/", /::\/96 \(IPv4-compatible IPv6, deprecated by RFC 4291\)/],
  ["https://[::127.0.0.1]/", /IPv4-compatible/],
  ["https://[::8.8.8.8]/", /IPv4-compatible/],
  ["https://[64:ff9b::10.0.0.1]/", /10\.0\.0\.0\/8 .* inside NAT64 64:ff9b::\/96/],
  ["https://[64:ff9b::a9fe:a9fe]/", /169\.254\.169\.254\/32 .* inside NAT64/],
  ["https://[64:ff9b:1::1]/", /64:ff9b:1::\/48 \(local-use NAT64/],
  ["https://[2002:a00:1::]/", /10\.0\.0\.0\/8 .* inside 6to4 2002::\/16/],
  // Decimal, octal, hex and short IPv4.
  ["http://2130706433/", LOOPBACK],
  ["http://0177.0.0.1/", LOOPBACK],
  ["http://0x7f.0.0.1/", LOOPBACK],
  ["http://0x7f000001/", LOOPBACK],
  ["http://127.1/", LOOPBACK],
  ["http://2852039166/", METADATA],
  ["http://0xa9fea9fe/", METADATA],
  ["http://0251.0376.0251.0376/", METADATA],
  ["http://169.254.43518/", METADATA],
  ["http://10.1/", RFC1918],
  ["http://012.0.0.1/", RFC1918],
  ["http://169.254.169.254./", METADATA],
  // Unspecified, loopback, link-local, CGNAT, unique-local, multicast, broadcast, reserved.
  ["http://0.0.0.0/", /0\.0\.0\.0\/8 \("this network", unspecified\)/],
  ["http://0/", /0\.0\.0\.0\/8/],
  ["https://[::]/", /::\/128 \(unspecified address\)/],
  ["https://[::1]/", /::1\/128 \(loopback\)/],
  ["https://[0:0:0:0:0:0:0:1]/", /::1\/128 \(loopback\)/],
  ["http://localhost:8080/", /localhost names/],
  ["http://169.254.1.1/", /169\.254\.0\.0\/16 \(link-local\)/],
  ["https://[fe80::1]/", /fe80::\/10 \(link-local\)/],
  ["https://[febf:ffff::1]/", /fe80::\/10 \(link-local\)/],
  ["https://[fec0::1]/", /fec0::\/10 \(site-local/],
  ["http://100.64.0.1/", /100\.64\.0\.0\/10 \(carrier-grade NAT/],
  ["http://100.127.255.254/", /100\.64\.0\.0\/10/],
  ["https://[fc00::1]/", /fc00::\/7 \(unique-local/],
  ["https://[fd12:3456::1]/", /fc00::\/7 \(unique-local/],
  ["http://224.0.0.1/", /224\.0\.0\.0\/4 \(multicast\)/],
  ["http://239.255.255.250/", /224\.0\.0\.0\/4 \(multicast\)/],
  ["https://[ff02::1]/", /ff00::\/8 \(multicast\)/],
  ["http://255.255.255.255/", /255\.255\.255\.255\/32 \(limited broadcast\)/],
  ["http://240.0.0.1/", /240\.0\.0\.0\/4 \(reserved/],
  // Cloud metadata services, private networks, and a host hidden behind userinfo.
  ["http://169.254.169.254/latest/meta-data/", METADATA],
  ["http://100.100.100.200/", /100\.100\.100\.200\/32 \(cloud metadata service: Alibaba Cloud\)/],
  ["https://[fd00:ec2::254]/", /fd00:ec2::254\/128 \(cloud metadata service: AWS IPv6\)/],
  ["http://192.0.0.192/", /192\.0\.0\.192\/32 \(cloud metadata service: Oracle Cloud\)/],
  ["http://172.16.0.1/", /172\.16\.0\.0\/12/],
  ["https://hooks.example.com@10.0.0.1/in", RFC1918],
];

/** Public receivers in the same families of spelling: all accepted. */
const GOOD_URLS = [
  "https://hooks.example.com/in",
  "https://8.8.8.8/",
  "http://134744072/",
  "http://0x8080808/",
  "https://[2606:4700:4700::1111]/",
  "https://[::ffff:8.8.8.8]/",
  "https://[64:ff9b::808:808]/",
  "https://[2002:808:808::1]/",
  "http://100.128.0.1/",
  "http://172.32.0.1/",
];

describe("webhook url: literal addresses inside a network are refused at check, in every spelling", () => {
  before(() => void useProcess({ "hosting:apiKey": "k", "hosting:baseUrl": "https://api.hosting.example" }));
  after(forgetSettings);

  it(`the table holds at least 30 spellings (it holds ${BAD_URLS.length})`, () => {
    expect(BAD_URLS.length).to.be.at.least(30);
    expect(new Set(BAD_URLS.map(([u]) => u)).size).to.equal(BAD_URLS.length);
  });

  for (const [url, rule] of BAD_URLS) {
    it(`refuses ${url}, naming the field and the rule`, async () => {
      const res = await webhook.check({}, { ...OK, url });
      const failures: CheckFailure[] = res.failures ?? [];
      expect(failures, JSON.stringify(failures)).to.have.length(1);
      expect(failures[0].property).to.equal("url");
      expect(failures[0].reason).to.match(/^url host "[^"]+" is (not a public address|loopback) \(rule: /);
      expect(failures[0].reason).to.match(rule);
    });
  }

  for (const url of GOOD_URLS) {
    it(`accepts the public ${url}`, async () => {
      const res = await webhook.check({}, { ...OK, url });
      expect(res.failures ?? []).to.deep.equal([]);
    });
  }

  it("checks host names for syntax only: a name is not resolved, a malformed label is refused by rule", async () => {
    const ok = await webhook.check({}, { ...OK, url: "https://resolves-to-anything.example/in" });
    expect(ok.failures ?? []).to.deep.equal([]);
    const bad = await webhook.check({}, { ...OK, url: "https://-bad-.example/in" });
    expect(bad.failures?.[0]?.reason).to.match(/url host "-bad-.example" is not a valid host \(rule: host name syntax/);
  });
});
