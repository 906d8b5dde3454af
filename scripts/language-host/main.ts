// A stand-in for `pulumi-language-nodejs`, the engine's Node.js language host,
// so that a plain `pulumi up` runs this repository's project on a machine
// where the Go module of the real host cannot be fetched (scripts/setup-pulumi.sh).
//
// It serves the LanguageRuntime gRPC service from @pulumi/pulumi's own protos
// and answers what `preview`, `up`, `refresh` and `destroy` ask: the program is
// run the way the real host runs it, as `node @pulumi/pulumi/cmd/run <flags>
// <entry point>` with the stack config in PULUMI_CONFIG. Plugin discovery,
// dependency installation and code generation are not offered: this project
// needs only the dynamic-provider plugin, which ships with the SDK.
import * as grpc from "@grpc/grpc-js";
import { runProgram } from "./run-program";

const langrpc = require("@pulumi/pulumi/proto/language_grpc_pb");
const langproto = require("@pulumi/pulumi/proto/language_pb");
const plugproto = require("@pulumi/pulumi/proto/plugin_pb");
const SDK_VERSION: string = require("@pulumi/pulumi/package.json").version;

type Callback = (err: grpc.ServiceError | null, value?: unknown) => void;

/** The engine passes its own address as the last argument, after any runtime options. */
const engineAddress = process.argv.slice(2).filter((a) => !a.startsWith("-")).pop() ?? "";

const service = {
  getPluginInfo(_call: unknown, cb: Callback) {
    cb(null, new plugproto.PluginInfo().setVersion(SDK_VERSION));
  },
  getRequiredPlugins(_call: unknown, cb: Callback) {
    cb(null, new langproto.GetRequiredPluginsResponse());
  },
  getRequiredPackages(_call: unknown, cb: Callback) {
    cb(null, new langproto.GetRequiredPackagesResponse());
  },
  getProgramDependencies(_call: unknown, cb: Callback) {
    cb(null, new langproto.GetProgramDependenciesResponse());
  },
  about(_call: unknown, cb: Callback) {
    cb(null, new langproto.AboutResponse().setExecutable(process.execPath).setVersion(process.version));
  },
  installDependencies(call: grpc.ServerWritableStream<unknown, unknown>) {
    // `npm ci` is the project's own step; nothing to install here.
    call.end();
  },
  async run(call: grpc.ServerUnaryCall<any, unknown>, cb: Callback) {
    const outcome = await runProgram(call.request, engineAddress);
    cb(null, new langproto.RunResponse().setError(outcome.error ?? "").setBail(outcome.bail ?? false));
  },
};

const server = new grpc.Server();
server.addService(langrpc.LanguageRuntimeService, service);
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) {
    console.error(`pulumi-language-nodejs (pulumi-hosting stand-in): ${err.message}`);
    process.exit(1);
  }
  // The engine reads the port from the first line of stdout.
  process.stdout.write(`${port}\n`);
});
