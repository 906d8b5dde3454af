// The read-only catalogue and the account: /v1/os, /v1/plans (filters type, region),
// /v1/regions and /v1/account, in the envelopes of docs/contract.md.
import { ACCOUNT, OS_IMAGES, PLANS, REGIONS } from "../catalogue-data";
import type { Sim } from "../context";
import { catalogueList } from "../http/envelope";
import type { Router } from "../http/router";

export function registerCatalogueRoutes(r: Router, sim: Sim): void {
  r.add("GET", "/v1/os", "read", false, () => ({ status: 200, body: catalogueList("os", OS_IMAGES, sim.shape) }));
  r.add("GET", "/v1/plans", "read", false, (req) => {
    const type = req.query.get("type");
    const region = req.query.get("region");
    const plans = PLANS.filter((p) => (type === null || p.type === type) && (region === null || p.regions.includes(region)));
    return { status: 200, body: catalogueList("plans", plans, sim.shape) };
  });
  r.add("GET", "/v1/regions", "read", false, () => ({ status: 200, body: { regions: REGIONS } }));
  r.add("GET", "/v1/account", "read", false, () => ({ status: 200, body: { account: ACCOUNT } }));
}
