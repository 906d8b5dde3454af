// fleetAdoptIds: the Fleet's adoptIds from a stack export's Server resources (both faces' types).
import { expect } from "chai";
import { fleetAdoptIds } from "../../../provider/import/fleet-adopt-ids";

const resource = (type: string, name: string, id?: string) => ({ urn: `urn:pulumi:dev::shop::${type}::${name}`, type, ...(id ? { id } : {}) });

const STACK = {
  deployment: {
    resources: [
      resource("pulumi:pulumi:Stack", "shop-dev"),
      resource("pulumi-nodejs:dynamic/hosting:Server", "web-fra-1", "id-3"),
      resource("hosting:index:Server", "web-ewr-1", "id-1"),
      resource("pulumi-nodejs:dynamic/hosting:Server", "db-ewr-1", "id-2"),
      resource("pulumi-nodejs:dynamic/hosting:Webhook", "web-ewr-2", "hook-1"),
      resource("hosting:index:Server", "web-ewr-2"),
    ],
  },
};

describe("fleetAdoptIds: a Fleet's adoptIds from a stack's Servers", () => {
  it("takes every Server of either face that has an id, by resource name in key order", () => {
    expect(fleetAdoptIds(STACK)).to.deep.equal({ "db-ewr-1": "id-2", "web-ewr-1": "id-1", "web-fra-1": "id-3" });
    expect(Object.keys(fleetAdoptIds(STACK))).to.deep.equal(["db-ewr-1", "web-ewr-1", "web-fra-1"]);
  });

  it("keeps only the member keys given, and answers {} for a stack with none", () => {
    expect(fleetAdoptIds(STACK, ["web-ewr-1", "web-fra-1", "web-fra-2"])).to.deep.equal({ "web-ewr-1": "id-1", "web-fra-1": "id-3" });
    expect(fleetAdoptIds({}, ["web-ewr-1"])).to.deep.equal({});
  });
});
