// What the demo prints: steps, the fleet table, the verified events, and what to try next.
import { DeliveryEvent } from "../../provider/receiver";

export function step(text: string): void {
  console.log(`\n==> ${text}`);
}

interface ServerRow {
  name: string;
  id: string;
  region: string;
  mainIp: string;
  status: string;
}

export function printServers(rows: ServerRow[]): void {
  step(`${rows.length} servers`);
  const table = [["NAME", "REGION", "IP", "STATUS", "ID"], ...rows.map((r) => [r.name, r.region, r.mainIp, r.status, r.id])];
  const widths = table[0].map((_, col) => Math.max(...table.map((row) => String(row[col]).length)));
  for (const row of table) console.log("    " + row.map((cell, col) => String(cell).padEnd(widths[col])).join("  "));
}

export function printEvents(events: DeliveryEvent[], rejected: { status: number; reason: string }[]): void {
  step(`${events.length} webhook events received, each with a verified HMAC-SHA-256 signature`);
  for (const e of events.slice(-12)) {
    const server = (e.data as any)?.server ?? {};
    console.log(`    ${e.timestamp}  ${e.event.padEnd(22)} ${server.label ?? ""} ${server.status ?? ""}`);
  }
  if (events.length > 12) console.log(`    ... and ${events.length - 12} earlier`);
  if (rejected.length > 0) console.log(`    ${rejected.length} deliveries refused: ${rejected.map((r) => r.reason).join("; ")}`);
}

export function printNextSteps(): void {
  console.log(`
Next:
  - change the fleet: edit fleet.yaml (e.g. add "sgp" to web.regions, or a tag), then run \`npm run demo\` again:
    only the difference is applied.
  - tear it down:     npm run demo -- destroy
  - run the tests:    npm test`);
}
