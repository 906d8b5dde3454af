// Lint: the recommended TypeScript rules on sources (dist/ is generated) and no `any` in the
// product. Import loops are refused by `madge --circular` in `npm run lint` (package.json).
const tseslint = require("typescript-eslint");

module.exports = tseslint.config(
  { ignores: ["dist/**", "node_modules/**", ".tools/**", "**/node_modules/**", "eslint.config.js", "scripts/*.js", ".stryker-tmp/**", "reports/**", "docs/api/**", "sdk/**"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  // The product's `no-explicit-any` (and every other rule) cannot be switched off by a comment.
  { files: ["provider/**/*.ts", "protocol/**/*.ts", "simulator/**/*.ts"], linterOptions: { noInlineConfig: true } },
  // Tests and tools feed hand-written, partial values; each `any` there is a local choice.
  { files: ["test/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts", "examples/**/*.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // chai's property assertions (`expect(x).to.exist`) are expressions by design.
  { files: ["test/**/*.ts"], rules: { "@typescript-eslint/no-unused-expressions": "off" } },
);
