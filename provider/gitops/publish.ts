// Where a summary goes: the --summary file, and GitHub Actions' job summary when the job has one
// ($GITHUB_STEP_SUMMARY is a file the runner renders on the run's page; we append, as every
// step does: https://docs.github.com/actions/using-workflows/workflow-commands-for-github-actions#adding-a-job-summary).
import * as fs from "fs";
import type { ResolvedOptions } from "./options";

export function publish(markdown: string, o: Pick<ResolvedOptions, "summaryFile" | "env">): void {
  const text = markdown.endsWith("\n") ? markdown : markdown + "\n";
  if (o.summaryFile) fs.writeFileSync(o.summaryFile, text);
  const step = o.env.GITHUB_STEP_SUMMARY;
  if (step) fs.appendFileSync(step, text + "\n");
}
