// The module the serialized `Webhook` shell requires by package name (`pulumi-hosting/internal/webhook`,
// package.json "exports"): its two entries, over the one implementation both faces call.

import type { ResourceFacts } from "../core/context";
import { impl } from "../webhook/provider";
import * as host from "./host";

/** configure, check, read, diff. */
export const observe = (args: unknown[], facts?: ResourceFacts) => host.observe(impl, args, facts);
/** create, update, delete. */
export const change = (args: unknown[], facts?: ResourceFacts) => host.change(impl, args, facts);
