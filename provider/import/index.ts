// hosting-import from code: find servers, turn them into entries, render a program or fleet entries.
export { findServersToImport, type ImportFilter } from "./find-servers";
export { importEntry, importName, type ImportEntry } from "./import-entry";
export { renderFleet, renderImportFile, renderProgram } from "./render";
export { fleetAdoptIds, SERVER_TYPES, type ExportedStack } from "./fleet-adopt-ids";
