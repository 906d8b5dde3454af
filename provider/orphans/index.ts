export { deleteOrphans, findOrphans, fleetMemberOf, serverIdsInState, stackOwnershipTag, untrackedServers } from "./find-orphans";
export { FLEET_TYPES, SERVER_TYPES, serversInState, type StateServers } from "./state-servers";
export { matchPlanned, type Ambiguity, type Match, type MatchResult } from "./match-planned";
export { plannedCreates, plannedFleetTags, SERVER_TYPE, type PlannedCreate } from "./planned-creates";
export { findTaglessOrphans, type TaglessResult } from "./tagless";
