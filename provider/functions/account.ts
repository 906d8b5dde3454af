// `getAccount`: GET /v1/account (works with any valid key), once per process per key.

import * as pulumi from "@pulumi/pulumi";
import type { Account, HostingApi } from "../api/wire/types";
import { PromiseCache } from "../api/catalogue/memoize";
import { explained } from "./client";

export type GetAccountResult = Account;

const accounts = new PromiseCache<HostingApi, Account>();

/** The account of the configured API key: name, email, balance, pending charges. */
export function getAccount(_opts?: pulumi.InvokeOptions): Promise<GetAccountResult> {
  return explained("getAccount", {}, findAccount);
}

/** `getAccount` with a given client (the plugin's Invoke passes its provider's). */
export function findAccount(client: HostingApi): Promise<GetAccountResult> {
  return accounts.get(client, () => client.getAccount()).then((a) => ({ ...a }));
}

export function getAccountOutput(opts?: pulumi.InvokeOptions): pulumi.Output<GetAccountResult> {
  return pulumi.output(getAccount(opts));
}
