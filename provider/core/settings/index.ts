// Settings: declared once (declaration.ts), read here and nowhere else.
export { API_SHAPE_VALUES, OFF_VALUES, SETTINGS, type SettingDeclaration, type SettingName } from "./declaration";
export { fromEnv, fromStack, sourceOf, switchOn, type ConfigGet } from "./read";
export { SettingError } from "./setting-error";
export {
  KEY_FROM_CONFIG, KEY_FROM_ENV, resolveSettings, stackSettings,
  type ConfigSource, type ResolvedSettings, type StackSettings,
} from "./resolve";
export { catalogueCacheDir, cooperation, heapGrowingPercent } from "./process-settings";
export { cliSettings, processEnvironment, type CliSettings } from "./environment";
