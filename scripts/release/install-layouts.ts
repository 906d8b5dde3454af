// Beside the packages, the folders each ecosystem's own install command reads, so that a release
// served at <url> installs the SDKs the way their users install anything (the README's install
// table):
//   Go       go/             a Go module proxy (go-proxy.ts)
//   Python   python/simple/  a PEP 503 simple index of the wheel and sdist (pep503.ts)
//   Node.js  (none)          npm installs the tarball from its URL
//   Java     maven/          a Maven repository layout: not written yet (the Java SDK's build adds it here)

import * as path from "path";
import { GO_MODULE } from "../schema/generate";
import { writeGoProxy } from "./go-proxy";
import { writeSimpleIndex } from "./pep503";

export interface InstallLayoutOptions {
  outDir: string;
  version: string;
  epoch: number;
  /** The SDK packages in outDir, by file name (sdks.ts). */
  sdkFiles: string[];
}

export interface InstallLayouts {
  /** Every file written, relative to outDir. */
  files: string[];
  /** The install command of each language, with <url> for the release's URL. */
  commands: Record<string, string>;
}

export function writeInstallLayouts(o: InstallLayoutOptions): InstallLayouts {
  const goArchive = o.sdkFiles.find((f) => f === `pulumi-hosting-sdk-go-v${o.version}.tar.gz`);
  const npmTarball = o.sdkFiles.find((f) => f.endsWith(".tgz"));
  const python = o.sdkFiles.filter((f) => f.endsWith(".whl") || (f.startsWith("pulumi_hosting-") && f.endsWith(".tar.gz")));
  if (!goArchive || !npmTarball || python.length === 0) throw new Error(`install layouts: the SDK packages are ${o.sdkFiles.join(", ")}; a Go archive, an npm tarball and a wheel are needed`);
  const files = [
    ...writeGoProxy({ goSdkArchive: path.join(o.outDir, goArchive), outDir: o.outDir, module: GO_MODULE, version: o.version, epoch: o.epoch }),
    ...writeSimpleIndex({ outDir: o.outDir, distributions: python }),
  ];
  const commands = installCommands(o.version, npmTarball);
  return { files, commands };
}

/** The README's install table, from the same names the layouts are written under. */
export function installCommands(version: string, npmTarball = `pulumi-hosting-sdk-${version}.tgz`): Record<string, string> {
  const goHost = GO_MODULE.split("/").slice(0, 3).join("/");
  return {
    // The package, not the module: `go get <module>@v` leaves go.sum without the package's own
    // dependencies, and the first `go build` stops at "missing go.sum entry" (measured).
    go: `GOPROXY=<url>/go,https://proxy.golang.org GONOSUMDB=${goHost} go get ${GO_MODULE}/go/hosting@v${version}`,
    python: `pip install --index-url <url>/python/simple --extra-index-url https://pypi.org/simple pulumi_hosting==${version}`,
    nodejs: `npm install <url>/${npmTarball}`,
  };
}
