// Reading one declared setting from the stack config or the environment: a blank value is no
// value, as `pulumi config set hosting:x ""` and `HOSTING_X= ` mean "not set".

import { OFF_VALUES, type SettingDeclaration } from "./declaration";

/** Gets a stack config value by its full key, e.g. "hosting:apiKey". */
export type ConfigGet = (key: string) => string | undefined;

/** The trimmed value from the stack config, or undefined when unset, blank or environment-only. */
export function fromStack(setting: SettingDeclaration, get: ConfigGet | undefined): string | undefined {
  return setting.config && get ? nonEmpty(get(setting.config)) : undefined;
}

/** The trimmed value from the environment, or undefined when unset or blank. */
export function fromEnv(setting: SettingDeclaration, env: NodeJS.ProcessEnv): string | undefined {
  return nonEmpty(env[setting.env]);
}

/** An on/off switch from the environment: on unless it says off (OFF_VALUES). */
export function switchOn(setting: SettingDeclaration, env: NodeJS.ProcessEnv): boolean {
  return !OFF_VALUES.includes((fromEnv(setting, env) ?? "").toLowerCase());
}

/** Where a value was given, for messages: "stack config hosting:x" or "environment variable HOSTING_X". */
export function sourceOf(setting: SettingDeclaration, fromConfig: boolean): string {
  return fromConfig && setting.config ? `stack config ${setting.config}` : `environment variable ${setting.env}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
