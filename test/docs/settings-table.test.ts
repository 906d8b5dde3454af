// README's configuration table is the one scripts/settings-table.ts prints from the settings
// declaration, so a setting added, renamed or re-defaulted in the code cannot be missing
// from (or stale in) README.
import { expect } from "chai";
import * as fs from "fs";
import * as path from "path";
import { SETTINGS } from "../../provider/core/settings";
import { settingsTable, TABLE_END, TABLE_START } from "../../scripts/settings-table";

const README = fs.readFileSync(path.resolve(__dirname, "../../../README.md"), "utf8");

describe("README's configuration table", () => {
  it("is exactly the table generated from the settings declaration", () => {
    const start = README.indexOf(TABLE_START);
    const end = README.indexOf(TABLE_END);
    expect(start, "README has the start marker").to.be.at.least(0);
    expect(end, "README has the end marker after it").to.be.greaterThan(start);
    const inReadme = README.slice(start + TABLE_START.length, end).trim();
    expect(inReadme, "run `npm run settings-table` and paste its output into README").to.equal(settingsTable());
  });

  it("has one row per declared setting, each naming its environment variable", () => {
    const table = settingsTable();
    for (const s of Object.values(SETTINGS)) expect(table, s.env).to.include(`\`${s.env}\``);
    expect(table.split("\n")).to.have.length(Object.keys(SETTINGS).length + 2);
  });

  it("is the only settings table: no other README table names a HOSTING_ variable in its first columns", () => {
    const outside = README.slice(0, README.indexOf(TABLE_START)) + README.slice(README.indexOf(TABLE_END));
    const rows = outside.split("\n").filter((l) => /^\|[^|]*\|\s*`HOSTING_/.test(l) || /^\|\s*`HOSTING_/.test(l));
    expect(rows).to.deep.equal([]);
  });
});
