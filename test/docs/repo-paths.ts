// Finds the paths that leave the repository: a relative Markdown link whose target is missing
// or outside, and any `../` path in a text file that climbs above the repository's root. A
// clone has nothing beside it, so such a path is dead for every reader but the author.
import * as fs from "fs";
import * as path from "path";

/** One path that does not resolve inside the repository. */
export interface Escape {
  file: string;
  line: number;
  path: string;
  why: string;
}

/** Markdown links and images: `[text](target)`, `![alt](target "title")`. */
const MD_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
/** A `../` path starting a token: not the tail of `.../`, of a word or of a longer path (a URL, `$(dirname x)/../`). */
const DOT_DOT = /(?<![./\w])(?:\.\.\/)+[^\s"'`)\]}>,;*]*/g;
/** Compiled files run from dist/<same folder>, so their `../` counts from there too. */
const COMPILED = /\.(ts|js)$/;

function inside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** The escapes of one file's text (`file` relative to `root`). */
export function escapesOf(root: string, file: string, text: string): Escape[] {
  const out: Escape[] = [];
  const dir = path.join(root, path.dirname(file));
  const bases = COMPILED.test(file) ? [dir, path.join(root, "dist", path.dirname(file))] : [dir];
  if (file.endsWith(".md")) {
    for (const m of text.matchAll(MD_LINK)) {
      const target = m[1];
      // URLs, anchors and site-absolute links (the generated registry pages link the registry's site).
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#") || target.startsWith("/")) continue;
      const clean = decodeURIComponent(target.split("#")[0].split("?")[0]);
      if (clean === "") continue;
      const resolved = path.resolve(dir, clean);
      const why = !inside(root, resolved) ? "links outside the repository" : !fs.existsSync(resolved) ? "links to a missing file" : "";
      if (why) out.push({ file, line: lineOf(text, m.index), path: target, why });
    }
  }
  for (const m of text.matchAll(DOT_DOT)) {
    if (!bases.some((b) => inside(root, path.resolve(b, m[0])))) {
      out.push({ file, line: lineOf(text, m.index), path: m[0], why: "climbs above the repository's root" });
    }
  }
  return out;
}

/** The escapes of every text file of `files` (relative to `root`); binary files are skipped. */
export function repoEscapes(root: string, files: string[]): Escape[] {
  const out: Escape[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    if (!fs.existsSync(full) || !fs.statSync(full).isFile()) continue;
    const bytes = fs.readFileSync(full);
    if (bytes.includes(0)) continue;
    out.push(...escapesOf(root, file, bytes.toString("utf8")));
  }
  return out;
}

export const describeEscape = (e: Escape): string => `${e.file}:${e.line}: ${e.path} ${e.why}`;
