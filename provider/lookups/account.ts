// The account lookup against a client: GET /v1/account (works with any valid key), once per
// process per client. The program's `getAccount` (functions/account.ts) and the plugin's Invoke
// call it.

import type { Account, HostingApi } from "../api/wire/types";
import { PromiseCache } from "../api/catalogue/memoize";

export type GetAccountResult = Account;

const accounts = new PromiseCache<HostingApi, Account>();

/** The account of the client's key: name, email, balance, pending charges. */
export function findAccount(client: HostingApi): Promise<GetAccountResult> {
  return accounts.get(client, () => client.getAccount()).then((a) => ({ ...a }));
}
