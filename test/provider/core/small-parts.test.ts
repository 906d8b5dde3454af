// The small parts of provider/core, each on its own: preview unknowns, the list normal form,
// the catalogue's image lookup, the shell's seven methods and the SDK's untyped members. (The kept warnings are process-wide
// state other tests count on, so they are not filled here; the
// benchmark's waiter module hook is tested in test/bench/naive-mode.test.ts.)
import { expect } from "chai";
import { findOs, type CatalogueSnapshot } from "../../../provider/core/catalogue";
import { untypedMember, untypedMethod } from "../../../provider/core/sdk-internals";
import { providerShell } from "../../../provider/core/shell";
import { sortedSet } from "../../../provider/core/sorted-set";
import { UNKNOWN_VALUE, containsUnknown, isUnknown } from "../../../provider/core/unknown";

describe("preview unknowns (isUnknown, containsUnknown)", () => {
  it("finds the engine's sentinel itself, in a list, or in an object, at any depth", () => {
    expect(isUnknown(UNKNOWN_VALUE)).to.equal(true);
    expect(isUnknown("04da6b54")).to.equal(false);
    expect(isUnknown([UNKNOWN_VALUE])).to.equal(false);
    expect(containsUnknown(UNKNOWN_VALUE)).to.equal(true);
    expect(containsUnknown(["a", UNKNOWN_VALUE])).to.equal(true);
    expect(containsUnknown({ a: { b: [1, UNKNOWN_VALUE] } })).to.equal(true);
    expect(containsUnknown({ a: { b: [1, 2] } })).to.equal(false);
    expect(containsUnknown({ known: 1, later: UNKNOWN_VALUE }), "one unknown field is enough").to.equal(true);
    expect(containsUnknown(["a", "b"])).to.equal(false);
    expect(containsUnknown(null)).to.equal(false);
    expect(containsUnknown(undefined)).to.equal(false);
    expect(containsUnknown(7)).to.equal(false);
  });
});

describe("the list normal form (sortedSet)", () => {
  it("sorts and de-duplicates a list, without changing the one it was given", () => {
    const given = ["web", "app", "web"];
    expect(sortedSet(given)).to.deep.equal(["app", "web"]);
    expect(given).to.deep.equal(["web", "app", "web"]);
    expect(sortedSet([])).to.deep.equal([]);
  });

  it("returns what is not a list, or holds an unknown, as it is", () => {
    const withUnknown = ["b", UNKNOWN_VALUE, "a"];
    expect(sortedSet(withUnknown)).to.equal(withUnknown);
    expect(sortedSet(UNKNOWN_VALUE)).to.equal(UNKNOWN_VALUE);
    expect(sortedSet(undefined)).to.equal(undefined);
    expect(sortedSet("a")).to.equal("a");
  });
});

describe("the catalogue's image lookup (findOs)", () => {
  const cat: CatalogueSnapshot = {
    regions: [], plans: [],
    osImages: [{ id: 2284, slug: "ubuntu-24.04", name: "Ubuntu", family: "ubuntu" }, { id: 2136, slug: "debian-12", name: "Debian", family: "debian" }],
  };

  it("finds by slug (any case) or id (a number or digits), the slug first, else nothing", () => {
    expect(findOs(cat, { os: "debian-12" })?.id).to.equal(2136);
    expect(findOs(cat, { osId: 2284 })?.slug).to.equal("ubuntu-24.04");
    expect(findOs(cat, { os: "debian-12", osId: 2284 })?.id, "the slug wins").to.equal(2136);
    expect(findOs(cat, { os: "arch", osId: 2284 }), "a slug that names nothing is not rescued by the id").to.equal(undefined);
    expect(findOs(cat, { osId: "2284" })?.slug, "an id as digits names it too (api/catalogue/match.ts)").to.equal("ubuntu-24.04");
    expect(findOs(cat, { osId: "22x4" })).to.equal(undefined);
    expect(findOs(cat, { os: "Debian-12" })?.id, "a slug in another case").to.equal(2136);
    expect(findOs(cat, {})).to.equal(undefined);
  });
});

describe("the serialized shell (providerShell)", () => {
  it("forwards configure, check, diff and read to observe, and create, update and delete to change", () => {
    const observe = () => "observe";
    const change = () => "change";
    const shell = providerShell(observe, change) as unknown as Record<string, unknown>;
    expect(Object.keys(shell).sort()).to.deep.equal(["check", "configure", "create", "delete", "diff", "read", "update"]);
    for (const m of ["configure", "check", "diff", "read"]) expect(shell[m], m).to.equal(observe);
    for (const m of ["create", "update", "delete"]) expect(shell[m], m).to.equal(change);
  });
});

describe("SDK members its typings leave out (untypedMember, untypedMethod)", () => {
  it("reads a member by name, and calls a method bound to its object; undefined when absent or not a function", () => {
    const target = { factor: 3, times(n: unknown) { return this.factor * Number(n); } };
    expect(untypedMember(target, "factor")).to.equal(3);
    expect(untypedMember(target, "missing")).to.equal(undefined);
    expect(untypedMethod(target, "times")?.(5), "bound: `this` is the object").to.equal(15);
    expect(untypedMethod(target, "factor")).to.equal(undefined);
    expect(untypedMethod(target, "missing")).to.equal(undefined);
  });
});
