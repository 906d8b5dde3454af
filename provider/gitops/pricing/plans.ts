// The plan catalogue for the cost, in the runner's own process: the same client, settings and
// file cache as the provider (provider/core/provider-process.ts), so right after the preview the plans
// come from the file the provider process has just read or written, with no request. Only when
// the file cache is off or stale does it send one GET /v1/plans, which any key may read.
import type { Stack } from "@pulumi/pulumi/automation";
import { clientFromSettings } from "../../core/client-factory";
import { resolveSettings, stackSettings } from "../../core/settings";
import { priceList, type PriceList } from "./price";

export async function loadPrices(stack: Stack, env: NodeJS.ProcessEnv): Promise<PriceList> {
  const config = await stack.getAllConfig();
  const s = resolveSettings(stackSettings((key) => config[key]?.value || undefined), env);
  const client = clientFromSettings(s, { env });
  return priceList(await client.listPlans());
}
