// The Python SDK's wheel and sdist as a package index serves them, a folder of static pages
// under `python/simple/` (PEP 503, the "simple repository API"), so that
//   pip install --index-url <release URL>/python/simple pulumi_hosting
// finds them like any package:
//   python/simple/index.html                  one link per project
//   python/simple/<normalized name>/index.html one link per file, `#sha256=<hex>` appended (pip
//                                             checks it), `data-requires-python` when the wheel
//                                             declares Requires-Python (PEP 503 with PEP 345)
// pip asks for <index>/<normalized name>/, the name lower-cased with runs of "-", "_" and "."
// as one "-" (PEP 503 "Normalized names"): pulumi_hosting is served as pulumi-hosting. The links
// point at the files in the release folder itself (../../../<file>), so the index holds no
// second copy and stays valid wherever the whole folder is served.

import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { readZip } from "./zip-file";

export interface SimpleIndexOptions {
  outDir: string;
  /** The wheels and sdists in outDir, by file name. */
  distributions: string[];
}

export function normalizeProjectName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** The core metadata fields of a wheel (its .dist-info/METADATA headers), by field name. */
export function wheelMetadata(wheel: string): Map<string, string> {
  const entries = readZip(fs.readFileSync(wheel));
  const name = [...entries.keys()].find((n) => /^[^/]+\.dist-info\/METADATA$/.test(n));
  if (!name) throw new Error(`${wheel} has no <name>.dist-info/METADATA: not a wheel`);
  const headers = entries.get(name)!.toString("utf8").split(/\r?\n\r?\n/)[0]!;
  const fields = new Map<string, string>();
  for (const line of headers.split(/\r?\n/)) {
    const m = /^([A-Za-z-]+): (.*)$/.exec(line);
    if (m && !fields.has(m[1]!)) fields.set(m[1]!, m[2]!);
  }
  return fields;
}

const escapeHtml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(title: string, links: string[]): string {
  // PEP 629: the repository API version the page speaks.
  return `<!DOCTYPE html>\n<html>\n<head><meta name="pypi:repository-version" content="1.0"><title>${escapeHtml(title)}</title></head>\n<body>\n${links.join("\n")}\n</body>\n</html>\n`;
}

/** Writes the index; returns the files written, relative to outDir. */
export function writeSimpleIndex(o: SimpleIndexOptions): string[] {
  const wheels = o.distributions.filter((f) => f.endsWith(".whl"));
  if (wheels.length === 0) throw new Error(`python index: no wheel among ${o.distributions.join(", ")}; a project needs its wheel's metadata`);
  const metadata = wheelMetadata(path.join(o.outDir, wheels[0]!));
  const project = metadata.get("Name");
  if (!project) throw new Error(`python index: ${wheels[0]} has no Name in its METADATA`);
  const normalized = normalizeProjectName(project);
  const requiresPython = metadata.get("Requires-Python");
  for (const f of o.distributions) {
    if (normalizeProjectName(f.split("-")[0]!) !== normalized) {
      throw new Error(`python index: ${f} is not a distribution of ${project}; allowed: the files of one project`);
    }
  }
  const links = [...o.distributions].sort().map((f) => {
    const sha256 = createHash("sha256").update(fs.readFileSync(path.join(o.outDir, f))).digest("hex");
    const requires = requiresPython ? ` data-requires-python="${escapeHtml(requiresPython)}"` : "";
    return `<a href="../../../${encodeURIComponent(f)}#sha256=${sha256}"${requires}>${escapeHtml(f)}</a><br>`;
  });
  const root = path.join("python", "simple");
  fs.mkdirSync(path.join(o.outDir, root, normalized), { recursive: true });
  const written: [string, string][] = [
    [path.join(root, "index.html"), page("Simple index", [`<a href="${normalized}/">${escapeHtml(normalized)}</a><br>`])],
    [path.join(root, normalized, "index.html"), page(`Links for ${normalized}`, links)],
  ];
  for (const [name, text] of written) fs.writeFileSync(path.join(o.outDir, name), text);
  return written.map(([name]) => name.split(path.sep).join("/"));
}
