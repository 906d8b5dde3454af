// What a reviewer must know before approving a replace or a delete: the server behind it is
// destroyed, so its disk (with every file written since it was created) and its IP address go
// with it. The numbers come from the old state, so the sentence names this server's own.
import type { ResourceChange } from "./changes";

const isServer = (type: string) => /hosting:Server$/.test(type);

/** One sentence on what is lost, or undefined for a change that loses nothing. */
export function describeLoss(change: ResourceChange): string | undefined {
  if (change.op !== "replace" && change.op !== "delete") return undefined;
  const outs = change.oldOutputs ?? {};
  if (!isServer(change.type)) {
    return change.op === "replace" ? "the resource is deleted and created again under a new id" : "the resource is deleted";
  }
  const id = change.id ? `server ${change.id}` : "the server";
  const disk = typeof outs.diskGb === "number" ? `its ${outs.diskGb} GB disk and all data on it` : "its disk and all data on it";
  const ip = typeof outs.mainIp === "string" && outs.mainIp !== "" ? `its IP address ${outs.mainIp}` : "its IP address";
  const after = change.op === "replace" ? "; the new server gets a new disk, a new IP and a new id" : "";
  return `${id} is destroyed with ${disk} and ${ip}${after}`;
}
