// Where the provider process keeps the catalogue file cache, from its environment
// (docs/guide/catalogue-cache.md): off, another folder, or the user's cache folder.
import { expect } from "chai";
import * as os from "os";
import * as path from "path";
import { catalogueCacheDir } from "../../../provider/core/settings";

describe("catalogue cache folder", () => {
  it("is off (empty) for HOSTING_CATALOGUE_CACHE=off, 0, false or no, whatever the case and spaces", () => {
    for (const value of ["off", "OFF", " 0 ", "false", "No"]) {
      expect(catalogueCacheDir({ HOSTING_CATALOGUE_CACHE: value, HOSTING_CATALOGUE_CACHE_DIR: "/tmp/x" }), value).to.equal("");
    }
  });

  it("is HOSTING_CATALOGUE_CACHE_DIR when set, before XDG_CACHE_HOME", () => {
    expect(catalogueCacheDir({ HOSTING_CATALOGUE_CACHE: "on", HOSTING_CATALOGUE_CACHE_DIR: " /srv/cache ", XDG_CACHE_HOME: "/xdg" })).to.equal("/srv/cache");
  });

  it("is $XDG_CACHE_HOME/pulumi-hosting, else ~/.cache/pulumi-hosting", () => {
    expect(catalogueCacheDir({ XDG_CACHE_HOME: "/xdg" })).to.equal(path.join("/xdg", "pulumi-hosting"));
    expect(catalogueCacheDir({ XDG_CACHE_HOME: "  " })).to.equal(path.join(os.homedir(), ".cache", "pulumi-hosting"));
    expect(catalogueCacheDir({})).to.equal(path.join(os.homedir(), ".cache", "pulumi-hosting"));
  });

  it("is, in this test run, a fresh temporary folder of the run's own, never the user's cache (.mocharc.json requires test/helpers/run-folders)", () => {
    const dir = catalogueCacheDir();
    expect(path.dirname(dir)).to.equal(os.tmpdir());
    expect(path.basename(dir)).to.match(/^hosting-test-catalogue-/);
  });
});
