// What a test of the plugin's gRPC face needs, taken from the protocol alone: the generated
// stubs and messages @pulumi/pulumi ships, google-protobuf's Struct and @grpc/grpc-js (the
// copies the SDK itself resolves), and the engine's constants written out as literals. Nothing
// here comes from provider/plugin: a wrong constant or a wrong translation there must fail.
import * as path from "path";

const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = <T>(id: string): T => require(require.resolve(id, { paths: [sdkDir] })) as T;

export const grpc = fromSdk<typeof import("@grpc/grpc-js")>("@grpc/grpc-js");
export const emptypb = fromSdk<typeof import("google-protobuf/google/protobuf/empty_pb")>("google-protobuf/google/protobuf/empty_pb");
export const structpb = fromSdk<typeof import("google-protobuf/google/protobuf/struct_pb")>("google-protobuf/google/protobuf/struct_pb");
export const pb: typeof import("@pulumi/pulumi/proto/provider_pb") = require("@pulumi/pulumi/proto/provider_pb");
export const rpc: typeof import("@pulumi/pulumi/proto/provider_grpc_pb") = require("@pulumi/pulumi/proto/provider_grpc_pb");
export const pluginpb: typeof import("@pulumi/pulumi/proto/plugin_pb") = require("@pulumi/pulumi/proto/plugin_pb");
export const statuspb: typeof import("@pulumi/pulumi/proto/status_pb") = require("@pulumi/pulumi/proto/status_pb");
export const enginepb: typeof import("@pulumi/pulumi/proto/engine_pb") = require("@pulumi/pulumi/proto/engine_pb");
export const enginerpc: typeof import("@pulumi/pulumi/proto/engine_grpc_pb") = require("@pulumi/pulumi/proto/engine_grpc_pb");

/** The engine's unknown value (sdk/go/common/resource/plugin/rpc.go UnknownStringValue). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** The special signature key and the secret's signature (sdk/go/common/resource/sig). */
export const SIG = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export type Props = Record<string, any>;
export type Client = InstanceType<typeof rpc.ResourceProviderClient>;
export type Struct = InstanceType<typeof structpb.Struct>;

export const URN = (type: string, name: string) => `urn:pulumi:dev::proj::${type}::${name}`;
/** A secret as the engine sends it, and as an answer must carry it. */
export const secret = (value: unknown) => ({ [SIG]: SECRET_SIG, value });
export const struct = (props: Props): Struct => structpb.Struct.fromJavaScript(props);
export const plain = (s: Struct | undefined): Props => (s?.toJavaScript() ?? {}) as Props;

/** One unary call as a promise; a failure rejects with the gRPC error. */
export function call<Res>(client: Client, method: string, req: unknown): Promise<Res> {
  return new Promise((resolve, reject) => {
    (client as unknown as Record<string, (r: unknown, cb: (e: Error | null, res: Res) => void) => void>)[method](req, (e, res) => (e ? reject(e) : resolve(res)));
  });
}

/** One message the plugin sent to the engine's Log service. */
export interface Logged {
  severity: number;
  message: string;
  urn: string;
  /** Present (true) only on a status message: shown while the resource runs, not kept. */
  ephemeral?: true;
}

/**
 * A stand-in for the engine's Log service on a free loopback port: it records every message.
 * The plugin sends a Log without waiting for its answer, so a test awaits `firstLog`.
 */
export async function startEngineStandIn(): Promise<{ address: string; logged: Logged[]; firstLog: Promise<Logged>; close(): void }> {
  const logged: Logged[] = [];
  let heard: (l: Logged) => void = () => undefined;
  const firstLog = new Promise<Logged>((resolve) => (heard = resolve));
  const engine = new grpc.Server();
  engine.addService(enginerpc.EngineService, {
    log: (c: { request: InstanceType<typeof enginepb.LogRequest> }, cb: (e: null, r: unknown) => void) => {
      const entry: Logged = { severity: c.request.getSeverity(), message: c.request.getMessage(), urn: c.request.getUrn(), ...(c.request.getEphemeral() ? { ephemeral: true as const } : {}) };
      logged.push(entry);
      heard(entry);
      cb(null, new emptypb.Empty());
    },
  } as never);
  const port = await new Promise<number>((resolve, reject) => engine.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  return { address: `127.0.0.1:${port}`, logged, firstLog, close: () => engine.forceShutdown() };
}
