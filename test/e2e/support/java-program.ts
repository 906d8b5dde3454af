// examples/java-fleet set up as a user sets it up: a copy of the project whose pom.xml names the
// served release's Maven repository (`-Dhosting.release=<url>` in .mvn/maven.config, which every
// `mvn` the language host runs there reads), and a Maven local repository of its own.
//
// Why a local repository of its own: Maven keeps every artifact it downloads and never asks again,
// so in the machine's repository a com.pulumihosting:hosting from an earlier run (or another
// checkout) would stand in for the release's. The private one starts as a copy of the machine's
// (scripts/release/java-sdk.sh fills it: com.pulumi:pulumi and Maven's plugins) without any
// com.pulumihosting artifact, and what Maven adds to it is saved back, so that a warm machine runs
// the program without Maven Central.

import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { REPO_ROOT } from "../pulumi-env";

const OUR_GROUP = path.join("com", "pulumihosting");

/** The machine's Maven repository that scripts/release/java-sdk.sh uses. */
export function machineMavenRepository(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOSTING_MAVEN_REPO) return env.HOSTING_MAVEN_REPO;
  const cacheRoot = env.PULUMI_HOSTING_CACHE ?? path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-hosting");
  return path.join(cacheRoot, "maven-repository");
}

export interface JavaProgram {
  /** The project folder (Pulumi.yaml, pom.xml). */
  dir: string;
  /** Its Maven local repository. */
  mavenRepository: string;
  /** Saves what Maven downloaded, but our own artifacts, into the machine's repository. */
  saveDownloads(): void;
}

/** Copies examples/java-fleet into workDir, its SDK to come from `<releaseUrl>/maven`. */
export function prepareJavaFleet(workDir: string, releaseUrl: string): JavaProgram {
  const dir = path.join(workDir, "java-fleet");
  const repo = path.join(workDir, "m2");
  const machine = machineMavenRepository();
  // The lock scripts/release/java-sdk.sh takes around its Maven build.
  const lock = `${machine}.lock`;
  fs.cpSync(path.join(REPO_ROOT, "examples", "java-fleet"), dir, { recursive: true, filter: (f) => path.basename(f) !== "target" });
  fs.mkdirSync(path.join(dir, ".mvn"), { recursive: true });
  // maven.config takes one option per line.
  fs.writeFileSync(path.join(dir, ".mvn", "maven.config"), [`-Dhosting.release=${releaseUrl}`, `-Dmaven.repo.local=${repo}`, ""].join("\n"));
  fs.mkdirSync(repo);
  if (fs.existsSync(machine)) execFileSync("flock", [lock, "cp", "-a", "--reflink=auto", `${machine}/.`, repo]);
  fs.rmSync(path.join(repo, OUR_GROUP), { recursive: true, force: true });
  return {
    dir,
    mavenRepository: repo,
    saveDownloads: () => {
      fs.rmSync(path.join(repo, OUR_GROUP), { recursive: true, force: true });
      fs.mkdirSync(machine, { recursive: true });
      execFileSync("flock", [lock, "cp", "-a", "--no-clobber", `${repo}/.`, machine]);
    },
  };
}
