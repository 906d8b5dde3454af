// The one diff both faces send (provider/core/detailed-diff.ts): kinds from the raw values,
// changes and replaces derived from the detailed diff alone, and the dynamic face's
// replaceOnChanges (which its host cannot hand to the engine) applied by name.
import { expect } from "chai";
import { changeKind, detailOf, plannedDiff, withReplaceOnChanges } from "../../../provider/core/detailed-diff";

describe("the detailed diff (core/detailed-diff.ts)", () => {
  it("a kind is add when nothing was recorded, delete when nothing is given, else update", () => {
    expect([changeKind(undefined, "a"), changeKind(null, "a"), changeKind("a", undefined), changeKind("a", null), changeKind("a", "b"), changeKind("", "b")])
      .to.deep.equal(["add", "add", "delete", "delete", "update", "update"]);
  });

  it("changes and replaces come from the detailed diff alone", () => {
    const d = plannedDiff(detailOf({ label: "a", region: "ewr" }, { label: "b", region: "fra" }, { updates: ["label"], replaces: ["region"] }));
    expect(d).to.deep.equal({
      changes: true, replaces: ["region"], deleteBeforeReplace: false,
      detailedDiff: { label: { kind: "update", replace: false }, region: { kind: "update", replace: true } },
    });
    expect(plannedDiff({})).to.deep.include({ changes: false, replaces: [] });
  });

  it("replaceOnChanges turns the changes it names into replaces (a path names its property; * names all)", () => {
    const d = plannedDiff({ tags: { kind: "update", replace: false }, label: { kind: "update", replace: false } }, { stables: ["region"] });
    const tags = withReplaceOnChanges(d, ["tags[0]"]);
    expect(tags.replaces).to.deep.equal(["tags"]);
    expect(tags.detailedDiff.label.replace).to.equal(false);
    expect(tags.stables, "nothing is stable in a replace").to.deep.equal([]);
    expect(withReplaceOnChanges(d, ["*"]).replaces).to.deep.equal(["tags", "label"]);
    expect(withReplaceOnChanges(d, ["region"])).to.deep.equal(d);
    expect(withReplaceOnChanges(d, undefined)).to.equal(d);
  });
});
