// The plugin's table from gRPC method to handler, in process: every method of the ResourceProvider
// service has an implementation, the served ones answer through their handler, and every other one
// answers UNIMPLEMENTED naming its path.
//
// The plugin's table from gRPC method to handler (provider/plugin/service.ts), in process and
// without a network: every method of the protocol's ResourceProvider service gets an
// implementation, the ones the face serves answer through their handler, and every other one
// answers UNIMPLEMENTED naming its path, a streaming one as a stream error. The service's
// definition and the status code come from the protocol (./rpc.ts), not from provider/plugin.
import { expect } from "chai";
import { PluginHost } from "../../../provider/plugin/plugin-host";
import { providerService } from "../../../provider/plugin/service";
import * as fs from "fs";
import * as path from "path";
import { emptypb, grpc, pb, pluginpb, rpc } from "./rpc";

type Callback = (error: { code?: number; details?: string } | null, res?: unknown) => void;
type Unary = (call: { request: unknown }, callback: Callback) => void;

/** Calls one unary method of the service as grpc-js would, with `request`. */
function callMethod(name: string, request: unknown): Promise<{ error: { code?: number; details?: string } | null; res?: unknown }> {
  const method = providerService(new PluginHost())[name] as unknown as Unary;
  return new Promise((resolve) => method({ request }, (error, res) => resolve({ error, res })));
}

const SERVED = ["attach", "cancel", "check", "checkConfig", "configure", "create", "delete", "diff", "diffConfig", "getMapping", "getMappings", "getPluginInfo", "getSchema", "invoke", "read", "update"];

describe("the plugin's method table", () => {
  it("implements every method of the protocol's ResourceProvider service", () => {
    const impl = providerService(new PluginHost());
    const methods = Object.keys(rpc.ResourceProviderService).sort();
    expect(Object.keys(impl).sort()).to.deep.equal(methods);
    for (const name of methods) expect(impl[name], name).to.be.a("function");
    expect(methods, "the methods this face serves are the protocol's").to.include.members(SERVED);
  });

  it("answers a served method through its handler: GetPluginInfo gives the package's version", async () => {
    const { error, res } = await callMethod("getPluginInfo", new emptypb.Empty());
    expect(error).to.equal(null);
    expect(res).to.be.instanceOf(pluginpb.PluginInfo);
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../../package.json"), "utf8")) as { version: string };
    expect((res as InstanceType<typeof pluginpb.PluginInfo>).getVersion()).to.equal(pkg.version);
  });

  it("answers every method it does not serve with UNIMPLEMENTED, naming the method's path", async () => {
    const unserved = Object.entries(rpc.ResourceProviderService).filter(([name]) => !SERVED.includes(name));
    expect(unserved.map(([name]) => name), "the protocol has methods this face leaves out").to.include.members(["construct", "call"]);
    for (const [name, def] of unserved) {
      const methodPath = (def as { path: string }).path;
      if ((def as { responseStream: boolean }).responseStream) {
        let emitted: { code?: number; details?: string } | undefined;
        (providerService(new PluginHost())[name] as unknown as (call: { emit(e: string, err: unknown): void }) => void)({ emit: (_e, err) => (emitted = err as typeof emitted) });
        expect([emitted?.code, emitted?.details], name).to.deep.equal([grpc.status.UNIMPLEMENTED, `${methodPath} is not implemented by the hosting provider`]);
        continue;
      }
      const { error } = await callMethod(name, {});
      expect([error?.code, error?.details], name).to.deep.equal([grpc.status.UNIMPLEMENTED, `${methodPath} is not implemented by the hosting provider`]);
    }
  });

  it("turns a handler's failure into the engine's error: an unknown resource type is UNKNOWN with the core's message", async () => {
    const req = new pb.CheckRequest().setType("hosting:index:Nope").setUrn("urn:pulumi:dev::proj::hosting:index:Nope::x");
    const { error } = await callMethod("check", req);
    expect(error?.code).to.equal(grpc.status.UNKNOWN);
    expect(error?.details).to.match(/^unknown resource type hosting:index:Nope; this provider serves hosting:index:Server, hosting:index:Fleet, hosting:index:Webhook$/);
  });
});
