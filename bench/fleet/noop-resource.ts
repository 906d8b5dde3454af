// The lower bound's resource: a dynamic resource whose provider does nothing. Its create
// and delete return at once, so an `up` of N of them measures what the engine, the language
// host, the dynamic-provider host and the file backend cost for N resources, and nothing of
// the API. The provider object captures nothing, so its serialized closure is self-contained
// (no require at all in the provider process).

import * as pulumi from "@pulumi/pulumi";

const noopProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs: any) {
    return { id: String(inputs.key), outs: inputs };
  },
  async delete() {
    return;
  },
};

export interface NoopServerArgs {
  key: string;
  region: string;
  plan: string;
  os: string;
  label: string;
}

/** N of these cost the engine what N servers cost it, without an API behind them. */
export class NoopServer extends pulumi.dynamic.Resource {
  constructor(name: string, args: NoopServerArgs, opts?: pulumi.CustomResourceOptions) {
    super(noopProvider, name, { ...args }, opts, "bench", "NoopServer");
  }
}
