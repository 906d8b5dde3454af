#!/usr/bin/env bash
# Checks the examples of schema.json's descriptions (docs/examples/*) against the SDKs that
# `npm run sdk` generated into sdk/, so an example cannot name what an SDK does not have:
#   typescript.ts   type-checked with tsc against sdk/nodejs/bin (its .d.ts)
#   go.go           built, each as its own program, against sdk/go
#   python.py       byte-compiled, and every `hosting.<name>` it uses defined in sdk/python
#   java.java       compiled with javac (Maven, offline) against the SDK's jar in sdk/java/target,
#                   when scripts/gen-sdk.sh built it (it skips the Java SDK without a JDK or Maven)
#   yaml.yaml       parsed, and every `type:`/`function:` token it uses declared in schema.json
#   npm run sdk && npm run examples:check
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXAMPLES="$ROOT/docs/examples"
SDK="$ROOT/sdk"
[[ -f "$SDK/nodejs/bin/index.d.ts" && -d "$SDK/go/hosting" && -d "$SDK/python" ]] || { echo "check-examples: run npm run sdk first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# TypeScript: each example is a module; @pulumi-hosting/sdk resolves to the generated SDK.
mkdir -p "$work/ts/node_modules/@pulumi-hosting" "$work/ts/node_modules/@pulumi"
ln -s "$SDK/nodejs/bin" "$work/ts/node_modules/@pulumi-hosting/sdk"
ln -s "$ROOT/node_modules/@pulumi/pulumi" "$work/ts/node_modules/@pulumi/pulumi"
for f in "$EXAMPLES"/*/typescript.ts; do cp "$f" "$work/ts/$(basename "$(dirname "$f")").ts"; done
cat > "$work/ts/tsconfig.json" <<'JSON'
{ "compilerOptions": { "strict": true, "noEmit": true, "module": "commonjs", "target": "ES2022", "skipLibCheck": true, "types": [], "isolatedModules": true }, "include": ["*.ts"] }
JSON
(cd "$work/ts" && "$ROOT/node_modules/.bin/tsc" -p tsconfig.json)
echo "check-examples: typescript: $(ls "$EXAMPLES"/*/typescript.ts | wc -l) examples type-check against sdk/nodejs"

# Go: one program per example, in a module that takes the SDK from sdk/go.
export GOFLAGS=-mod=mod GOTOOLCHAIN=local
# The SDK's module file: sdk/go/go.mod or sdk/go.mod, whichever scripts/gen-sdk.sh writes.
GO_MOD="$(ls "$SDK/go/go.mod" "$SDK/go.mod" 2>/dev/null | head -1 || true)"
[[ -n "$GO_MOD" ]] || { echo "check-examples: no go.mod for the Go SDK under sdk/" >&2; exit 1; }
GO_MODULE="$(sed -n 's/^module //p' "$GO_MOD")"
cat > "$work/go.mod" <<MOD
module examples

go 1.24

require $GO_MODULE v0.0.0
replace $GO_MODULE => $(dirname "$GO_MOD")
MOD
cp "$(dirname "$GO_MOD")/go.sum" "$work/go.sum" 2>/dev/null || true
for f in "$EXAMPLES"/*/go.go; do d="$work/$(basename "$(dirname "$f")")"; mkdir -p "$d"; cp "$f" "$d/main.go"; done
(cd "$work" && go mod tidy >/dev/null 2>&1 || true; go build ./... )
echo "check-examples: go: $(ls "$EXAMPLES"/*/go.go | wc -l) examples build against sdk/go"

# Python: compiles, and uses only names the SDK defines (no Python registry here to run it).
python3 - "$EXAMPLES" "$SDK/python/pulumi_hosting" <<'PY'
import ast, pathlib, sys
examples, sdk = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
defined = set()
for src in sdk.rglob("*.py"):
    for node in ast.walk(ast.parse(src.read_text())):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)): defined.add(node.name)
        if isinstance(node, ast.ClassDef):
            defined.update(t.id for b in node.body if isinstance(b, ast.Assign) for t in b.targets if isinstance(t, ast.Name))
missing = []
for f in sorted(examples.glob("*/python.py")):
    tree = ast.parse(f.read_text(), str(f))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "hosting" and node.attr not in defined:
            missing.append(f"{f.parent.name}: hosting.{node.attr}")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.attr.isupper() and node.attr not in defined:
            missing.append(f"{f.parent.name}: {node.value.attr}.{node.attr}")
if missing: sys.exit("check-examples: python names the SDK does not define: " + ", ".join(missing))
print(f"check-examples: python: {len(list(examples.glob('*/python.py')))} examples compile and name only what sdk/python defines")
PY

# Java: every example compiled by Maven's compiler plugin against the SDK's jar and the
# com.pulumi:pulumi the SDK was built with, offline from the local repository that
# scripts/release/java-sdk.sh filled. Each example is `package generated_program; class App`,
# as the docs show it; here each gets a package of its own so that one compile takes them all.
JAVA_POM="$SDK/java/pom.xml"
JAVA_JAR="$(ls "$SDK"/java/target/*.jar 2>/dev/null | head -1 || true)"
if [[ -f "$JAVA_POM" && -n "$JAVA_JAR" ]]; then
  CACHE_ROOT="${PULUMI_HOSTING_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-hosting}"
  MAVEN_REPO="${HOSTING_MAVEN_REPO:-$CACHE_ROOT/maven-repository}"
  # The SDK pom's dependencies and compiler plugin, with the SDK's jar added as a file.
  mkdir -p "$work/java"
  node - "$JAVA_POM" "$JAVA_JAR" > "$work/java/pom.xml" <<'JS'
const fs = require("fs");
const [pomFile, jar] = process.argv.slice(2);
const pom = fs.readFileSync(pomFile, "utf8");
const deps = pom.match(/<dependencies>[\s\S]*?<\/dependencies>/)[0].replace("</dependencies>",
  `  <dependency><groupId>examples</groupId><artifactId>sdk</artifactId><version>0</version><scope>system</scope><systemPath>${jar}</systemPath></dependency>\n  </dependencies>`);
const compiler = pom.match(/<plugin>\s*<groupId>org.apache.maven.plugins<\/groupId>\s*<artifactId>maven-compiler-plugin<\/artifactId>[\s\S]*?<\/plugin>/)[0];
process.stdout.write(`<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>examples</groupId><artifactId>examples</artifactId><version>0</version>
  <properties><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding><maven.compiler.release>11</maven.compiler.release></properties>
  ${deps}
  <build><plugins>${compiler}</plugins></build>
</project>
`);
JS
  for f in "$EXAMPLES"/*/java.java; do
    pkg="$(basename "$(dirname "$f")" | tr -- - _)"
    mkdir -p "$work/java/src/main/java/$pkg"
    sed "s/^package generated_program;/package $pkg;/" "$f" > "$work/java/src/main/java/$pkg/App.java"
  done
  compiler="$(grep -A1 '<artifactId>maven-compiler-plugin</artifactId>' "$JAVA_POM" | sed -n 's/ *<version>\(.*\)<\/version>/\1/p')"
  # Maven's output only when it fails: a quiet run still prints its terminal's colour codes.
  if ! out="$(cd "$work/java" && mvn -B -q -o --no-transfer-progress -Dmaven.repo.local="$MAVEN_REPO" "org.apache.maven.plugins:maven-compiler-plugin:$compiler:compile" 2>&1)"; then
    echo "$out" >&2
    echo "check-examples: java: the examples do not compile against sdk/java" >&2
    exit 1
  fi
  echo "check-examples: java: $(ls "$EXAMPLES"/*/java.java | wc -l) examples compile against sdk/java ($(basename "$JAVA_JAR"))"
elif [[ "${CI:-}" == "true" ]]; then
  echo "check-examples: CI checks the Java examples; sdk/java has no jar (npm run sdk builds it with a JDK and Maven)" >&2
  exit 1
else
  echo "check-examples: java: skipped, sdk/java has no jar (scripts/gen-sdk.sh builds it only with a JDK and Maven)"
fi

# YAML: parses, and names only resources and functions of schema.json.
node - "$EXAMPLES" "$ROOT/schema.json" "$ROOT" <<'JS'
const fs = require("fs"), path = require("path");
const [examples, schemaFile, root] = process.argv.slice(2);
const yaml = require(require.resolve("yaml", { paths: [root] }));
const schema = JSON.parse(fs.readFileSync(schemaFile, "utf8"));
const known = new Set([...Object.keys(schema.resources), ...Object.keys(schema.functions)]);
const bad = [];
const dirs = fs.readdirSync(examples).filter((d) => fs.existsSync(path.join(examples, d, "yaml.yaml")));
for (const d of dirs) {
  const doc = yaml.parse(fs.readFileSync(path.join(examples, d, "yaml.yaml"), "utf8"));
  const tokens = JSON.stringify(doc).match(/"(type|function)":"hosting:[^"]+"/g) ?? [];
  for (const t of tokens) if (!known.has(t.split('"')[3])) bad.push(`${d}: ${t}`);
}
if (bad.length) { console.error(`check-examples: yaml names what schema.json does not declare: ${bad.join(", ")}`); process.exit(1); }
console.log(`check-examples: yaml: ${dirs.length} examples parse and name only schema.json's resources and functions`);
JS
