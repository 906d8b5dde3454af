// provider/api/ is a facade over five subsystems whose imports point down only: this refuses an
// import that points up or sideways between its folders, which madge does not see.
//
// provider/api/ is a facade over five subsystems; imports point down only (provider/api/README.md):
// the facade (top-level files) may use every subsystem, http uses pacing and wire, pacing and
// catalogue use wire, every one may use time (the clock and the cancel signal's waits), and time
// uses nothing of the client. madge refuses file loops; this refuses an arrow that points up or
// sideways between folders, which madge does not see.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";

const API = path.resolve(__dirname, "../../../../provider/api");
const MAY_USE: Record<string, string[]> = {
  http: ["pacing", "wire", "time"],
  pacing: ["wire", "time"],
  catalogue: ["wire", "time"],
  wire: ["time"],
  time: [],
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}

/** The folder under provider/api a path sits in ("" for the facade), or undefined outside it. */
function layerOf(file: string): string | undefined {
  const rel = path.relative(API, file);
  if (rel.startsWith("..")) return undefined;
  const parts = rel.split(path.sep);
  return parts.length === 1 ? "" : parts[0];
}

describe("provider/api layers", () => {
  it("has exactly the five subsystem folders beside the facade", () => {
    const dirs = fs.readdirSync(API, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(dirs).to.deep.equal(Object.keys(MAY_USE).sort());
  });

  it("every import points down (facade -> http -> pacing -> wire, catalogue -> wire)", () => {
    const wrong: string[] = [];
    for (const file of sources(API)) {
      const from = layerOf(file)!;
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/from "(\.[^"]+)"|require\("(\.[^"]+)"\)/g)) {
        const spec = m[1] ?? m[2];
        const to = layerOf(path.resolve(path.dirname(file), spec));
        const rel = path.relative(API, file);
        if (to === undefined) {
          // Outside the client only the protocol (the spec as code) is allowed.
          if (!path.resolve(path.dirname(file), spec).startsWith(path.resolve(API, "../../protocol"))) wrong.push(`${rel} -> ${spec}`);
          continue;
        }
        if (to === from || from === "") continue;
        if (to === "" || !MAY_USE[from].includes(to)) wrong.push(`${rel} -> ${spec}`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });
});
