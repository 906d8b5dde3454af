// `getAccount`: GET /v1/account (works with any valid key), once per process per key.

import * as pulumi from "@pulumi/pulumi";
import type { Account, HostingApi } from "../api/types";
import { lookupClient } from "./client";

export type GetAccountResult = Account;

const memo = new WeakMap<HostingApi, Promise<Account>>();

/** The account of the configured API key: name, email, balance, pending charges. */
export function getAccount(_opts?: pulumi.InvokeOptions): Promise<GetAccountResult> {
  const client = lookupClient();
  let entry = memo.get(client);
  if (!entry) {
    entry = client.getAccount();
    entry.catch(() => memo.delete(client));
    memo.set(client, entry);
  }
  return entry.then((a) => ({ ...a }));
}

export function getAccountOutput(opts?: pulumi.InvokeOptions): pulumi.Output<GetAccountResult> {
  return pulumi.output(getAccount(opts));
}
