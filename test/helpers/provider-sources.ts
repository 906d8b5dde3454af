// The TypeScript files of provider/ that match a pattern, as paths relative to provider/: for the
// tests that hold "one place does this" (one client construction, one URN parser, one type list).
import * as fs from "fs";
import * as path from "path";

const PROVIDER = path.resolve(__dirname, "../../../provider");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}

/** Every file under provider/ whose text matches `pattern`, relative to provider/, sorted. */
export function providerFilesMatching(pattern: RegExp): string[] {
  return sources(PROVIDER).filter((f) => pattern.test(fs.readFileSync(f, "utf8"))).map((f) => path.relative(PROVIDER, f)).sort();
}
