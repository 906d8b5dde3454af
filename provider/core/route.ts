// The calls a serialized shell forwards. The serialized `__provider` must stay under 1 KB,
// and every distinct function in it costs about 250 bytes, so a shell holds two functions
// instead of seven: `observe` (configure, check, read, diff: nothing changes in the world)
// and `change` (create, update, delete). Each tells its calls apart by how the dynamic-
// provider host calls them (@pulumi/pulumi cmd/dynamic-provider/index.js):
//   configure(req)            check(olds, news)        read(id, props)       diff(id, olds, news)
//   create(inputs)            delete(id, props)        update(id, olds, news)

import type * as pulumi from "@pulumi/pulumi";
import { startEngineWatchdog } from "./engine-watchdog";
import { configure } from "./settings";

type Props = Record<string, any>;

export interface ProviderImpl {
  check(olds: Props, news: Props): Promise<pulumi.dynamic.CheckResult>;
  diff(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult>;
  create(inputs: Props): Promise<pulumi.dynamic.CreateResult>;
  read(id: string, props: Props): Promise<pulumi.dynamic.ReadResult>;
  update(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.UpdateResult>;
  delete(id: string, props: Props): Promise<void>;
}

/** configure(req) | check(olds, news) | read(id, props) | diff(id, olds, news). */
export async function observe(impl: ProviderImpl, a: any[]): Promise<unknown> {
  switch (a.length) {
    case 1:
      startEngineWatchdog();
      return configure(a[0]?.config);
    case 2:
      return typeof a[0] === "string" ? impl.read(a[0], a[1]) : impl.check(a[0] ?? {}, a[1] ?? {});
    case 3:
      return impl.diff(a[0], a[1] ?? {}, a[2] ?? {});
    default:
      throw new Error(`unexpected provider call with ${a.length} arguments`);
  }
}

/** create(inputs) | delete(id, props) | update(id, olds, news). */
export async function change(impl: ProviderImpl, a: any[]): Promise<unknown> {
  switch (a.length) {
    case 1:
      return impl.create(a[0]);
    case 2:
      return impl.delete(a[0], a[1] ?? {});
    case 3:
      return impl.update(a[0], a[1] ?? {}, a[2] ?? {});
    default:
      throw new Error(`unexpected provider call with ${a.length} arguments`);
  }
}
