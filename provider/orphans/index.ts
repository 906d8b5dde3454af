export { deleteOrphans, findOrphans, serverIdsInState, stackOwnershipTag } from "./find-orphans";
