// The size of what a fleet leaves in the state: the exported deployment (the JSON the file
// backend stores, secrets decrypted by the Automation API's export) and the serialized
// dynamic provider (`__provider`) that each resource carries in its inputs and outputs.

export interface StateSize {
  /** Bytes of the exported deployment as JSON. */
  exportedBytes: number;
  /** Resources of the fleet (dynamic resources carrying a `__provider`). */
  resources: number;
  /** Bytes of one `__provider` string: the largest seen, and the average. */
  providerBytesMax: number;
  providerBytesAvg: number;
  /** Times a `__provider` string is stored per resource (inputs and outputs). */
  providerCopiesPerResource: number;
  /** Servers in the state (either face) and the exported bytes per server. */
  servers: number;
  bytesPerServer: number;
}

export function measureState(exported: { deployment: { resources?: any[] } }): StateSize {
  const all = exported.deployment.resources ?? [];
  const dynamic = all.filter((r) => typeof r.inputs?.__provider === "string");
  const sizes = dynamic.map((r) => Buffer.byteLength(r.inputs.__provider));
  const copies = dynamic.reduce((c, r) => c + (typeof r.inputs?.__provider === "string" ? 1 : 0) + (typeof r.outputs?.__provider === "string" ? 1 : 0), 0);
  const servers = all.filter((r) => r.type === "hosting:index:Server" || typeof r.inputs?.__provider === "string").length;
  const exportedBytes = Buffer.byteLength(JSON.stringify(exported));
  return {
    servers,
    bytesPerServer: servers ? Math.round(exportedBytes / servers) : 0,
    exportedBytes,
    resources: dynamic.length,
    providerBytesMax: sizes.length ? Math.max(...sizes) : 0,
    providerBytesAvg: sizes.length ? Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length) : 0,
    providerCopiesPerResource: dynamic.length ? copies / dynamic.length : 0,
  };
}
