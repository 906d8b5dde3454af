// What a create may take beside a live Fleet instance (provider/fleet/ownership.ts createMayTake),
// by the servers' own marks and creation times, at the size of a Fleet of 150,000 members whose
// every server an update made carries the live mark.
import { expect } from "chai";
import { createMayTake } from "../../../provider/fleet/ownership";
import { liveMarkOf, ownerMarkOf } from "../../../provider/fleet/identity";
import type { Server } from "../../../provider/api/wire/types";

const server = (id: string, createdAt: string, tags: string[]): Server => ({ id, createdAt, tags, status: "active", label: id } as unknown as Server);

describe("a create beside a live instance takes only what was made after the live instance's marked servers", () => {
  it("at 150,000 marked servers: the killed create's later server, not an earlier one", () => {
    const live = "fleet-live";
    const marked = Array.from({ length: 150_000 }, (_, i) => server(`m${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i % 1000)).toISOString(), [ownerMarkOf(live), liveMarkOf(live)]));
    const before = server("before", "2025-12-31T23:59:59.000Z", [ownerMarkOf("fleet-dead")]);
    const after = server("after", "2026-01-01T00:00:01.000Z", [ownerMarkOf("fleet-dead")]);
    const taken = createMayTake([{ server: before }, { server: after }], [], [...marked, before, after], "fleet-new");
    expect(taken.claims.map((c) => c.server.id)).to.deep.equal(["after"]);
  });
});
