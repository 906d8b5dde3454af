// The one URN parser (provider/core/urn.ts) and the one list of resource types
// (provider/core/resource-types.ts), and that provider/ takes URNs apart nowhere else; the
// dynamic face's parents' types, which stand for the URN's part before the resource's own type.
import { expect } from "chai";
import { providerFilesMatching } from "../../helpers/provider-sources";
import { FLEET_TYPES, isFleetType, isHostingType, isServerType, SERVER_TYPES } from "../../../provider/core/resource-types";
import { parseUrn, urnName } from "../../../provider/core/urn";
import { factsOfUrn } from "../../../provider/plugin/plugin-host";
import { parentTypeOf } from "../../../provider/core/shell";
import type * as pulumi from "@pulumi/pulumi";

describe("one URN parser", () => {
  it("takes a top-level resource's URN apart", () => {
    expect(parseUrn("urn:pulumi:dev::fleet::hosting:index:Server::web-ewr-1")).to.deep.equal({
      stack: "dev", project: "fleet", qualifiedType: "hosting:index:Server", type: "hosting:index:Server", name: "web-ewr-1",
    });
  });

  it("reads the resource's own type after its parents' (a$b$type)", () => {
    const urn = "urn:pulumi:prod::shop::my:index:Component$hosting:index:Fleet$pulumi-nodejs:dynamic/hosting:Server::db";
    expect(parseUrn(urn)).to.include({ qualifiedType: "my:index:Component$hosting:index:Fleet$pulumi-nodejs:dynamic/hosting:Server", type: "pulumi-nodejs:dynamic/hosting:Server", name: "db" });
    expect(parseUrn(urn)?.parentType).to.equal("my:index:Component$hosting:index:Fleet");
    expect(parseUrn("urn:pulumi:dev::fleet::hosting:index:Server::web-ewr-1")?.parentType, "a resource whose parent is the stack").to.equal(undefined);
  });

  it("keeps a name that holds `::` whole", () => {
    const urn = "urn:pulumi:dev::fleet::a:b:C$hosting:index:Server::web::blue::1";
    expect(parseUrn(urn)).to.include({ stack: "dev", project: "fleet", type: "hosting:index:Server", name: "web::blue::1" });
    expect(urnName(urn)).to.equal("web::blue::1");
  });

  it("says undefined for what is not a URN; urnName then keeps the text", () => {
    for (const text of ["", "web", "urn:pulumi:dev::fleet::hosting:index:Server", "urn:other:dev::p::t::n"]) expect(parseUrn(text), text).to.equal(undefined);
    expect(urnName("web")).to.equal("web");
  });

  it("the plugin's request facts come from it: stack, project, name, parents' types", () => {
    expect(factsOfUrn("urn:pulumi:dev::fleet::a$hosting:index:Server::n::1")).to.deep.equal({ urn: "urn:pulumi:dev::fleet::a$hosting:index:Server::n::1", stack: "dev", project: "fleet", name: "n::1", parentType: "a" });
    expect(factsOfUrn("")).to.deep.equal({});
  });

  it("grep finds no other place in provider/ that splits at `::` (but IPv6's `::` in the webhook's address check)", () => {
    const splitting = providerFilesMatching(/\.(split|lastIndexOf|indexOf)\("::"\)/);
    expect(splitting).to.deep.equal(["core/urn.ts", "webhook/ip-ranges.ts"]);
  });
});

describe("one list of resource types", () => {
  it("a Server and a Fleet of either face, and nothing else", () => {
    expect([...SERVER_TYPES]).to.deep.equal(["pulumi-nodejs:dynamic/hosting:Server", "hosting:index:Server"]);
    expect([...FLEET_TYPES]).to.deep.equal(["pulumi-nodejs:dynamic/hosting:Fleet", "hosting:index:Fleet"]);
    expect(SERVER_TYPES.map(isServerType)).to.deep.equal([true, true]);
    expect(["hosting:index:Fleet", "hosting:index:Webhook", "other:index:Server", "hosting:index:ServerX"].map(isServerType)).to.deep.equal([false, false, false, false]);
    expect(["hosting:index:Fleet", "hosting:index:Server"].map(isFleetType)).to.deep.equal([true, false]);
    expect(["hosting:index:Volume", "pulumi:providers:hosting", "aws:s3:Bucket"].map(isHostingType)).to.deep.equal([true, true, false]);
  });

  it("grep finds the server types listed once in provider/", () => {
    const listing = providerFilesMatching(/\[\s*"pulumi-nodejs:dynamic\/hosting:Server"/);
    expect(listing).to.deep.equal(["core/resource-types.ts"]);
  });
});

describe("the parents' types of a dynamic resource (the part of its URN before its own type)", () => {
  /** A resource as the SDK keeps it: its type and its parent. */
  const resource = (type: string, parent?: object) => ({ __pulumiType: type, __parentResource: parent }) as unknown as pulumi.Resource;

  it("joins the types outermost first, up to the stack, as the engine's URN does", () => {
    const stack = resource("pulumi:pulumi:Stack");
    const group = resource("my:index:Group", stack);
    expect(parentTypeOf(resource("my:index:Tier", group))).to.equal("my:index:Group$my:index:Tier");
    expect(parentTypeOf(group)).to.equal("my:index:Group");
  });

  it("says nothing for a resource whose parent is the stack, or that has none", () => {
    expect(parentTypeOf(resource("pulumi:pulumi:Stack"))).to.equal(undefined);
    expect(parentTypeOf(undefined)).to.equal(undefined);
  });
});
