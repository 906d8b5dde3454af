// The gRPC pieces the plugin serves with: the generated ResourceProvider stubs that
// @pulumi/pulumi ships, and the @grpc/grpc-js and google-protobuf copies it depends on
// (resolved from the SDK's own folder, so the messages built here are the ones the stubs
// serialize, and this package adds no dependency of its own). The standalone plugin's bundler
// reads SDK_MODULES to bundle the same modules from the same folder (scripts/release/bundle.ts).

import * as path from "path";

/** Each module this file exports, by its export name: resolved from the SDK's folder. */
export const SDK_MODULES = {
  grpc: "@grpc/grpc-js",
  structproto: "google-protobuf/google/protobuf/struct_pb",
  emptyproto: "google-protobuf/google/protobuf/empty_pb",
  anyproto: "google-protobuf/google/protobuf/any_pb",
  provproto: "@pulumi/pulumi/proto/provider_pb",
  provrpc: "@pulumi/pulumi/proto/provider_grpc_pb",
  plugproto: "@pulumi/pulumi/proto/plugin_pb",
  statusproto: "@pulumi/pulumi/proto/status_pb",
  engproto: "@pulumi/pulumi/proto/engine_pb",
  engrpc: "@pulumi/pulumi/proto/engine_grpc_pb",
} as const;

interface SdkModules {
  grpc: typeof import("@grpc/grpc-js");
  structproto: typeof import("google-protobuf/google/protobuf/struct_pb");
  emptyproto: typeof import("google-protobuf/google/protobuf/empty_pb");
  anyproto: typeof import("google-protobuf/google/protobuf/any_pb");
  provproto: typeof import("@pulumi/pulumi/proto/provider_pb");
  provrpc: typeof import("@pulumi/pulumi/proto/provider_grpc_pb");
  plugproto: typeof import("@pulumi/pulumi/proto/plugin_pb");
  statusproto: typeof import("@pulumi/pulumi/proto/status_pb");
  engproto: typeof import("@pulumi/pulumi/proto/engine_pb");
  engrpc: typeof import("@pulumi/pulumi/proto/engine_grpc_pb");
}

const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const loaded = Object.fromEntries(
  Object.entries(SDK_MODULES).map(([name, id]) => [name, require(require.resolve(id, { paths: [sdkDir] }))]),
) as SdkModules;

export const { grpc, structproto, emptyproto, anyproto, provproto, provrpc, plugproto, statusproto, engproto, engrpc } = loaded;
