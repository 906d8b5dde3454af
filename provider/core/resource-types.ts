// The type tokens of this package's resources on both faces, listed once: the dynamic face's
// (`pulumi-nodejs:dynamic/hosting:<Kind>`, what the Node SDK names a dynamic resource) and the
// plugin's (`hosting:index:<Kind>`). The tools that read a state or a preview (hosting-orphans,
// hosting-import, hosting-gitops's pricing) decide what a resource is by these lists.

export const SERVER_TYPES = ["pulumi-nodejs:dynamic/hosting:Server", "hosting:index:Server"] as const;
export const FLEET_TYPES = ["pulumi-nodejs:dynamic/hosting:Fleet", "hosting:index:Fleet"] as const;
export const WEBHOOK_TYPES = ["pulumi-nodejs:dynamic/hosting:Webhook", "hosting:index:Webhook"] as const;
/** The plugin's provider resource. */
export const PROVIDER_TYPE = "pulumi:providers:hosting";

/** A `Server` of either face. */
export const isServerType = (type: string): boolean => (SERVER_TYPES as readonly string[]).includes(type);

/** A `Fleet` of either face. */
export const isFleetType = (type: string): boolean => (FLEET_TYPES as readonly string[]).includes(type);

/** True for a type token of this provider (either face, or its provider resource), known to this version or not. */
export function isHostingType(type: string): boolean {
  return type.startsWith("hosting:") || type.startsWith("pulumi-nodejs:dynamic/hosting:") || type === PROVIDER_TYPE;
}
