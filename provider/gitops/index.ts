// pulumi-hosting/gitops: the GitOps runner (bin hosting-gitops) for code. Re-exports only.
export { plan } from "./plan";
export { apply } from "./apply";
export { drift } from "./drift";
export { cost } from "./cost";
export { runGitops } from "./run";
export { parseArgs, USAGE } from "./args";
export { EXIT, type GitopsOptions, type Verb } from "./options";
export type { GitopsResult } from "./result";
export type { CostJson, CostResourceJson } from "./pricing/json";
export type { ResourceChange, FieldChange, ChangeOp } from "./changes";
export { StackLockedError } from "./stack-lock";
