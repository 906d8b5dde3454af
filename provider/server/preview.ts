// What an update of a server will report, as far as anyone can know before it runs: the
// plugin face's Update at preview (the engine shows these values, and a program that reads
// `status` or `mainIp` gets them). Which outputs can the update change?
//   label, tags, ownerTag   one PATCH: the API changes exactly those fields and no other;
//                           they come from the new inputs (unknown where the input is)
//   powerState              start, stop or halt: the API moves `status` through states the
//                           spec does not list ("Transitions: not shown") and says nothing of
//                           the address across a power-off, so `status` and `mainIp` are unknown
//   rebootTriggers          POST /reboot: `status` passes through `rebooting`; unknown. The
//                           address is kept by a restart, so `mainIp` stays known
//   a server still provisioning (a create that timed out): the update waits for `active`
//                           first, and a server being provisioned may not have its address
//                           yet, so `status` and `mainIp` are unknown
//   region, plan, image     never an update (they replace: Create at preview answers every
//                           reported output unknown), so vcpus, ramGb, diskGb, osName,
//                           pricePerHour and createdAt keep their recorded values
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
