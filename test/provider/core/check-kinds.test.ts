// The type checks every resource's `check` starts with (provider/core/check-kinds.ts).
import { expect } from "chai";
import { failuresForEngine, validateKinds, type Kind } from "../../../provider/core/check-kinds";
import { UNKNOWN_VALUE } from "../../../provider/core/unknown";

const FIELDS: Record<string, Kind> = {
  name: "string", count: "integer", on: "boolean", tags: "string[]", triggers: "list", wait: "positive number", userData: "string", secret: "string",
};

describe("input kinds (validateKinds)", () => {
  it("accepts every value of its kind, and skips absent, null, unknown and engine (__) values", () => {
    const news = {
      name: "a", count: 3, on: false, tags: ["x", UNKNOWN_VALUE], triggers: [1, { a: 2 }], wait: 0.5,
      userData: undefined, secret: null, __provider: 42, __adoptName: ["x"],
    };
    expect(validateKinds(news, FIELDS)).to.deep.equal([]);
    expect(validateKinds({ name: UNKNOWN_VALUE, count: UNKNOWN_VALUE, tags: UNKNOWN_VALUE }, FIELDS)).to.deep.equal([]);
    expect(validateKinds({ tags: [] }, FIELDS)).to.deep.equal([]);
  });

  it("refuses an unknown property, listing the allowed ones", () => {
    expect(validateKinds({ colour: "red" }, { name: "string", count: "integer" })).to.deep.equal([
      { property: "colour", reason: 'unknown property "colour"; allowed: name, count' },
    ]);
  });

  it("names the kind wanted and the value got, for each kind", () => {
    const got = validateKinds({ name: 5, count: 1.5, on: "yes", tags: ["a", 2], triggers: "x", wait: 0 }, FIELDS);
    expect(got).to.deep.equal([
      { property: "name", reason: "name must be a string, not number 5" },
      { property: "count", reason: "count must be an integer, not number 1.5" },
      { property: "on", reason: 'on must be a boolean, not string "yes"' },
      { property: "tags", reason: 'tags must be a list of strings, not a list (["a",2])' },
      { property: "triggers", reason: 'triggers must be a list, not string "x"' },
      { property: "wait", reason: "wait must be a positive number, not number 0" },
    ]);
  });

  it("refuses what only looks like its kind", () => {
    const reasons = (news: Record<string, unknown>) => validateKinds(news, FIELDS).map((f) => f.property);
    expect(reasons({ count: "3" })).to.deep.equal(["count"]);
    expect(reasons({ wait: -1 })).to.deep.equal(["wait"]);
    expect(reasons({ wait: Infinity })).to.deep.equal(["wait"]);
    expect(reasons({ wait: "5" })).to.deep.equal(["wait"]);
    expect(reasons({ tags: "a" })).to.deep.equal(["tags"]);
    expect(reasons({ on: 1 })).to.deep.equal(["on"]);
  });

  it("cuts a long value to 60 characters", () => {
    const long = "x".repeat(100);
    const [failure] = validateKinds({ count: long }, FIELDS);
    expect(failure.reason).to.equal(`count must be an integer, not string ${JSON.stringify(long).slice(0, 60)}`);
    // A value JSON cannot show (a function) is still described, by its type.
    expect(validateKinds({ name: () => 1 }, FIELDS)[0].reason).to.equal("name must be a string, not function undefined");
    const [list] = validateKinds({ name: [long] }, FIELDS);
    expect(list.reason).to.equal(`name must be a string, not a list (${JSON.stringify([long]).slice(0, 60)})`);
  });

  it("describes a mistyped secret by its type only, never its value", () => {
    const got = validateKinds({ userData: 12345, secret: ["hunter2"] }, FIELDS);
    expect(got).to.deep.equal([
      { property: "userData", reason: "userData must be a string, not a number" },
      { property: "secret", reason: "secret must be a string, not a list" },
    ]);
    expect(validateKinds({ secret: { v: "hunter2" } }, FIELDS)).to.deep.equal([{ property: "secret", reason: "secret must be a string, not an object" }]);
    expect(JSON.stringify(validateKinds({ secret: true }, FIELDS))).to.not.include("true");
  });

  it("hands the engine secret failures without their property, so it cannot print the value", () => {
    const failures = [
      { property: "userData", reason: "r1" }, { property: "secret", reason: "r2" }, { property: "label", reason: "r3" },
    ];
    expect(failuresForEngine(failures)).to.deep.equal([
      { property: "", reason: "r1" }, { property: "", reason: "r2" }, { property: "label", reason: "r3" },
    ]);
  });
});
