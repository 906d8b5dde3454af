// What a create may take beside a live Fleet instance (provider/fleet/ownership.ts createMayTake),
// by the servers' own marks alone, whatever the API's dates say, at the size of a Fleet of 150,000
// members whose every server an update made carries the live mark.
import { expect } from "chai";
import { createMayTake } from "../../../provider/fleet/ownership";
import { liveMarkOf, ownerMarkOf } from "../../../provider/fleet/identity";
import { NEW_PENDING_LABEL_PREFIX, PENDING_LABEL_PREFIX } from "../../../provider/server/system-tags";
import type { Server } from "../../../provider/api/wire/types";

const server = (id: string, createdAt: string, tags: string[], label = id): Server => ({ id, createdAt, tags, status: "active", label } as unknown as Server);
const marked = Array.from({ length: 150_000 }, (_, i) => server(`m${i}`, new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i % 1000)).toISOString(), [ownerMarkOf("fleet-live"), liveMarkOf("fleet-live")]));

describe("a create beside a live instance takes what interrupted runs left by their marks, not by date", () => {
  it("at 150,000 marked servers: a killed create's tagged servers made before and after the live ones", () => {
    const before = server("before", "2025-12-31T23:59:59.000Z", [ownerMarkOf("fleet-dead")]);
    const after = server("after", "2026-01-01T00:00:01.000Z", [ownerMarkOf("fleet-dead")]);
    const taken = createMayTake([{ server: before }, { server: after }], [], [...marked, before, after], "fleet-new");
    expect(taken.claims.map((c) => c.server.id)).to.deep.equal(["before", "after"]);
  });

  it("at 150,000 marked servers: an untagged server with a create's label, never one with an update's (the live instance's killed update's)", () => {
    const created = server("created", "2025-12-31T23:59:59.000Z", [], `${NEW_PENDING_LABEL_PREFIX}proj/dev/web`);
    const updated = server("updated", "2026-01-01T00:00:01.000Z", [], `${PENDING_LABEL_PREFIX}proj/dev/web`);
    const taken = createMayTake([], [created, updated], [...marked, created, updated], "fleet-new");
    expect(taken.untagged.map((s) => s.id)).to.deep.equal(["created"]);
  });

  it("with no other instance live: everything the runs left", () => {
    const updated = server("updated", "2026-01-01T00:00:01.000Z", [], `${PENDING_LABEL_PREFIX}proj/dev/web`);
    const own = server("own", "2026-01-01T00:00:02.000Z", [ownerMarkOf("fleet-dead")]);
    const taken = createMayTake([{ server: own }], [updated], [own, updated], "fleet-new");
    expect([taken.claims.map((c) => c.server.id), taken.untagged.map((s) => s.id)]).to.deep.equal([["own"], ["updated"]]);
  });
});
