// The gRPC pieces the plugin serves with: the generated ResourceProvider stubs that
// @pulumi/pulumi ships, and the @grpc/grpc-js and google-protobuf copies it depends on
// (resolved from the SDK's own folder, so the messages built here are the ones the stubs
// serialize, and this package adds no dependency of its own).

import * as path from "path";

const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = <T>(id: string): T => require(require.resolve(id, { paths: [sdkDir] })) as T;

export const grpc = fromSdk<typeof import("@grpc/grpc-js")>("@grpc/grpc-js");
export const structproto = fromSdk<typeof import("google-protobuf/google/protobuf/struct_pb")>("google-protobuf/google/protobuf/struct_pb");
export const emptyproto = fromSdk<typeof import("google-protobuf/google/protobuf/empty_pb")>("google-protobuf/google/protobuf/empty_pb");
export const anyproto = fromSdk<typeof import("google-protobuf/google/protobuf/any_pb")>("google-protobuf/google/protobuf/any_pb");
export const provproto: typeof import("@pulumi/pulumi/proto/provider_pb") = require("@pulumi/pulumi/proto/provider_pb");
export const provrpc: typeof import("@pulumi/pulumi/proto/provider_grpc_pb") = require("@pulumi/pulumi/proto/provider_grpc_pb");
export const plugproto: typeof import("@pulumi/pulumi/proto/plugin_pb") = require("@pulumi/pulumi/proto/plugin_pb");
export const statusproto: typeof import("@pulumi/pulumi/proto/status_pb") = require("@pulumi/pulumi/proto/status_pb");
export const engproto: typeof import("@pulumi/pulumi/proto/engine_pb") = require("@pulumi/pulumi/proto/engine_pb");
export const engrpc: typeof import("@pulumi/pulumi/proto/engine_grpc_pb") = require("@pulumi/pulumi/proto/engine_grpc_pb");
