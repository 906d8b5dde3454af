// Lint: the recommended TypeScript rules, on sources only (dist/ is generated).
const tseslint = require("typescript-eslint");

module.exports = tseslint.config(
  { ignores: ["dist/**", "node_modules/**", ".tools/**", "**/node_modules/**", "eslint.config.js", "scripts/*.js"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  // chai's property assertions (`expect(x).to.exist`) are expressions by design.
  { files: ["test/**/*.ts"], rules: { "@typescript-eslint/no-unused-expressions": "off" } },
);
