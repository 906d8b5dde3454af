// ioredis is optional: a configured Redis without it fails with an error that names the
// setting and the install command (the loader is injected, so nothing is uninstalled here).
import { expect } from "chai";
import { INSTALL_REDIS_PACKAGES, loadRedisPackages, RedisPackageMissingError } from "../../../../provider/api/pacing/redis-packages";

function notFound(id: string): Error {
  return Object.assign(new Error(`Cannot find module '${id}'`), { code: "MODULE_NOT_FOUND" });
}

function loaderWithout(missing: string): (id: string) => unknown {
  return (id) => {
    if (id === missing) throw notFound(id);
    return require(id);
  };
}

describe("Redis packages (optional peer dependencies)", () => {
  {
    const missing = "ioredis";
    it(`without ${missing}: an error naming the package, the setting and the command`, () => {
      let error: unknown;
      try {
        loadRedisPackages(loaderWithout(missing));
      } catch (e) {
        error = e;
      }
      expect(error).to.be.an.instanceOf(RedisPackageMissingError);
      const message = (error as Error).message;
      expect((error as RedisPackageMissingError).packageName).to.equal(missing);
      expect(message).to.include(`"${missing}"`);
      expect(message).to.include("HOSTING_RATE_LIMIT_REDIS").and.to.include("hosting:rateLimitRedis");
      expect(message).to.include("npm install ioredis");
      expect(INSTALL_REDIS_PACKAGES).to.equal("npm install ioredis");
    });
  }

  it("an error other than 'not found' passes through unchanged", () => {
    const broken = new Error("syntax error in the package");
    expect(() => loadRedisPackages(() => { throw broken; })).to.throw(broken);
  });

  it("installed, it loads", () => {
    const p = loadRedisPackages();
    expect(p.ioredis.Redis).to.be.a("function");
  });
});
