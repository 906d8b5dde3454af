// What an update of a server will report before it runs: the plugin face's Update at preview
// (the engine shows these values, and a program that reads `status` or `mainIp` gets them).
//   label, tags, ownerTag   one PATCH changes exactly those fields: from the new inputs
//   powerState              the spec lists neither the states `status` passes through nor what
//                           a power-off does to the address: `status` and `mainIp` unknown
//   rebootTriggers          `status` passes through `rebooting` (unknown); a restart keeps the
//                           address, so `mainIp` stays known
//   still provisioning      the update waits for `active` first, and the address may not exist
//                           yet: `status` and `mainIp` unknown
//   region, plan, image     replace, never update: vcpus, ramGb, diskGb, osName, pricePerHour
//                           and createdAt keep their recorded values
// stopMode and waitTimeoutSeconds change nothing at the API.

import { UNKNOWN_VALUE, containsUnknown } from "../core/unknown";
import type { Recorded } from "../core/route";
import { ownerTagToKeep } from "./owner-tag";
import { rebootTriggered } from "./plan";
import { SERVER_INPUT_NAMES, type ServerInputs, type ServerOutputs } from "./types";

type Props = Record<string, unknown>;

/** Statuses an update starts from without a wait. */
const SETTLED = new Set(["active", "stopped"]);

export function previewUpdate(olds: Recorded<ServerOutputs>, news: Recorded<ServerInputs>): Props {
  const outs: Props = { ...olds };
  delete outs.__provider;
  for (const k of SERVER_INPUT_NAMES) if (news[k] !== undefined) outs[k] = news[k];
  const ownerTag = ownerTagToKeep(news.ownerTag, olds.ownerTag);
  if (ownerTag === undefined) delete outs.ownerTag;
  else outs.ownerTag = ownerTag;

  const powerChanges = containsUnknown(news.powerState) || (news.powerState ?? "running") !== (olds.powerState ?? "running");
  const settled = typeof olds.status === "string" && SETTLED.has(olds.status);
  if (powerChanges || !settled || rebootTriggered(olds, news)) outs.status = UNKNOWN_VALUE;
  if (powerChanges || !settled) outs.mainIp = UNKNOWN_VALUE;
  return outs;
}
