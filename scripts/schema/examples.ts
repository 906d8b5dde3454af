// The examples and import notes of schema.json's descriptions, read from docs/examples/<name>/:
//   typescript.ts, python.py, go.go, java.java,  one program each, in each language, whose
//   yaml.yaml                                    first line is a comment with the example's
//                                                title (the same in the five files);
//   import.md                                    resources only: the `## Import` section's text.
// Whole programs live in files rather than in TSDoc so that they can be compiled against the
// generated SDKs (scripts/check-examples.sh) and read with an editor's highlighting.
// The description takes Pulumi's `{{% examples %}}` shortcodes, which the SDK generators and
// the documentation generator (scripts/gen-docs) turn into each language's docs.

import * as fs from "fs";
import * as path from "path";

/** Language of the fenced block (as Pulumi's docs generator names it) -> file name. */
export const EXAMPLE_FILES = { typescript: "typescript.ts", python: "python.py", go: "go.go", java: "java.java", yaml: "yaml.yaml" } as const;

const COMMENT = { typescript: "//", python: "#", go: "//", java: "//", yaml: "#" } as const;

/** The folder of a resource's or function's examples: `Server` -> server, `getOsImage` -> get-os-image. */
export function exampleDir(root: string, name: string): string {
  return path.join(root, "docs", "examples", name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase());
}

/** The `{{% examples %}}` section of one resource or function. */
export function examplesSection(root: string, name: string): string {
  const dir = exampleDir(root, name);
  let title: string | undefined;
  const blocks = Object.entries(EXAMPLE_FILES).map(([lang, file]) => {
    const where = path.relative(root, path.join(dir, file));
    if (!fs.existsSync(path.join(dir, file))) throw new Error(`schema: ${name} needs an example in ${where}`);
    const [first, ...rest] = fs.readFileSync(path.join(dir, file), "utf8").trimEnd().split("\n");
    const marker = COMMENT[lang as keyof typeof COMMENT];
    if (!first.startsWith(`${marker} `)) throw new Error(`schema: ${where} must open with a "${marker} <title>" line`);
    const own = first.slice(marker.length + 1).trim();
    if (title !== undefined && own !== title) throw new Error(`schema: ${where} is titled "${own}", the other languages "${title}"`);
    title = own;
    return `\`\`\`${lang}\n${rest.join("\n").replace(/^\n+/, "")}\n\`\`\``;
  });
  return ["{{% examples %}}", "## Example Usage", "{{% example %}}", `### ${title}`, "", ...blocks.flatMap((b) => [b, ""]), "{{% /example %}}", "{{% /examples %}}"].join("\n");
}

/** The `## Import` section of a resource. */
export function importSection(root: string, name: string): string {
  const file = path.join(exampleDir(root, name), "import.md");
  if (!fs.existsSync(file)) throw new Error(`schema: ${name} needs its import note in ${path.relative(root, file)}`);
  return `## Import\n\n${fs.readFileSync(file, "utf8").trim()}`;
}
