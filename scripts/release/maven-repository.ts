// The Java SDK as a Maven repository: the folder layout Maven reads from any <repository> URL
// (https://maven.apache.org/repository/layout.html), so a release folder served over HTTP is a
// repository a pom.xml can name:
//   maven/<groupId as folders>/<artifactId>/maven-metadata.xml (+ .sha1, .md5)
//   maven/<groupId as folders>/<artifactId>/<version>/<artifactId>-<version>.jar, .pom (+ .sha1, .md5)
// from the jar and pom.xml that scripts/release/java-sdk.sh built (via scripts/gen-sdk.sh).

import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";

export interface MavenOptions {
  /** The Java SDK's folder: pom.xml and target/<artifactId>-<version>.jar. */
  javaSdkDir: string;
  outDir: string;
  /** Seconds since 1970: maven-metadata.xml's lastUpdated, for a reproducible release. */
  epoch: number;
}

export interface MavenCoordinates {
  groupId: string;
  artifactId: string;
  version: string;
}

/** The folder, under the release, of one artifact version. */
export function mavenVersionDir(c: MavenCoordinates): string {
  return path.posix.join("maven", ...c.groupId.split("."), c.artifactId, c.version);
}

/** The project's own coordinates from a pom.xml (not those of its parent or dependencies). */
export function pomCoordinates(pom: string): MavenCoordinates {
  // The project's own elements come before <dependencies> and <build>; dependencies repeat the names.
  const head = pom.split(/<(?:dependencies|build|properties|licenses)>/)[0]!;
  const field = (name: keyof MavenCoordinates): string => {
    const m = new RegExp(`<${name}>\\s*([^<\\s]+)\\s*</${name}>`).exec(head);
    if (!m) throw new Error(`pom.xml has no <${name}> of its own before <dependencies>; a Maven repository needs groupId, artifactId and version`);
    return m[1]!;
  };
  return { groupId: field("groupId"), artifactId: field("artifactId"), version: field("version") };
}

/**
 * Writes the layout; returns its files relative to outDir (for SHA256SUMS), or none when the Java
 * SDK was not built (java-sdk.sh skips it without a JDK or Maven, and says so).
 */
export function writeMavenRepository(o: MavenOptions): string[] {
  const pomFile = path.join(o.javaSdkDir, "pom.xml");
  if (!fs.existsSync(pomFile)) return [];
  const pom = fs.readFileSync(pomFile, "utf8");
  const c = pomCoordinates(pom);
  const jar = path.join(o.javaSdkDir, "target", `${c.artifactId}-${c.version}.jar`);
  if (!fs.existsSync(jar)) throw new Error(`the Java SDK's ${jar} is missing: scripts/release/java-sdk.sh wrote a pom.xml but Maven built no jar`);

  const written: string[] = [];
  const put = (rel: string, content: Buffer | string) => {
    const file = path.join(o.outDir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    // Maven checks a download against these when present (its checksum policy warns by default).
    for (const algo of ["sha1", "md5"]) fs.writeFileSync(`${file}.${algo}`, createHash(algo).update(content).digest("hex"));
    written.push(rel, `${rel}.sha1`, `${rel}.md5`);
  };
  const dir = mavenVersionDir(c);
  put(path.posix.join(dir, `${c.artifactId}-${c.version}.jar`), fs.readFileSync(jar));
  put(path.posix.join(dir, `${c.artifactId}-${c.version}.pom`), pom);
  put(path.posix.join(path.posix.dirname(dir), "maven-metadata.xml"), metadata(c, o.epoch));
  return written;
}

/** The artifact's version list, which Maven reads for ranges, LATEST and RELEASE. */
function metadata(c: MavenCoordinates, epoch: number): string {
  const stamp = new Date(epoch * 1000).toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<metadata>`,
    `  <groupId>${c.groupId}</groupId>`,
    `  <artifactId>${c.artifactId}</artifactId>`,
    `  <versioning>`,
    `    <latest>${c.version}</latest>`,
    `    <release>${c.version}</release>`,
    `    <versions>`,
    `      <version>${c.version}</version>`,
    `    </versions>`,
    `    <lastUpdated>${stamp}</lastUpdated>`,
    `  </versioning>`,
    `</metadata>`,
    ``,
  ].join("\n");
}
