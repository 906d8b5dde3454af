// Lint: the recommended TypeScript rules on sources (dist/ is generated), no `any` in the
// product, and no import loops anywhere (import-x/no-cycle), so the layers of provider/
// (api <- core <- server, webhook <- functions, receiver, orphans) stay layers.
const tseslint = require("typescript-eslint");
const importX = require("eslint-plugin-import-x");

module.exports = tseslint.config(
  { ignores: ["dist/**", "node_modules/**", ".tools/**", "**/node_modules/**", "eslint.config.js", "scripts/*.js", ".stryker-tmp/**", "reports/**"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".js", ".json"] })],
      "import-x/extensions": [".ts", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts"] },
    },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  // Tests and tools feed hand-written, partial values; each `any` there is a local choice.
  { files: ["test/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts", "examples/**/*.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // chai's property assertions (`expect(x).to.exist`) are expressions by design.
  { files: ["test/**/*.ts"], rules: { "@typescript-eslint/no-unused-expressions": "off" } },
);
