// One version for everything a release holds: package.json's, or the one
// `npm run release -- --version X` names. main.ts hands it to the schema (so to the three SDKs'
// packages and the version they ask the engine for), to the archive names, to the Go module's
// tag, and to the package.json embedded in the plugin, whose version the plugin reports to the
// engine (GetPluginInfo). version-check.ts proves afterwards that every file agrees.

/**
 * MAJOR.MINOR.PATCH only: Go wants "v" + semver, Python PEP 440, npm semver, and a plain release
 * number is the one spelling all three read alike (a pre-release such as 1.0.0-rc.1 is spelt
 * 1.0.0rc1 by Python's packaging, so one name would no longer fit every file).
 */
const RELEASE_VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** The release's version: `requested` when given, else package.json's; refused unless MAJOR.MINOR.PATCH. */
export function releaseVersion(packageVersion: string, requested?: string): string {
  const version = requested ?? packageVersion;
  if (!RELEASE_VERSION.test(version)) {
    const source = requested === undefined ? `package.json's "version"` : "--version";
    throw new Error(`${source} is "${version}"; allowed: MAJOR.MINOR.PATCH without a leading "v", e.g. 0.2.0`);
  }
  return version;
}

/** The text of a package.json with its "version" set to `version`, every other field kept. */
export function withVersion(packageJson: string, version: string): string {
  const pkg = JSON.parse(packageJson) as Record<string, unknown>;
  return `${JSON.stringify({ ...pkg, version }, null, 2)}\n`;
}
