export { deleteOrphans, findOrphans, serverIdsInState, stackOwnershipTag, untrackedServers } from "./find-orphans";
export { matchPlanned, type Ambiguity, type Match, type MatchResult } from "./match-planned";
export { plannedCreates, SERVER_TYPE, type PlannedCreate } from "./planned-creates";
export { findTaglessOrphans } from "./tagless";
