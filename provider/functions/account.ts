// `getAccount` of the program, with its `...Output` form; the read is lookups/account.ts's.

import * as pulumi from "@pulumi/pulumi";
import { findAccount, type GetAccountResult } from "../lookups/account";
import { explained } from "./client";

export type { GetAccountResult };

/** The account of the configured API key: name, email, balance, pending charges. */
export function getAccount(_opts?: pulumi.InvokeOptions): Promise<GetAccountResult> {
  return explained("getAccount", {}, findAccount);
}

export function getAccountOutput(opts?: pulumi.InvokeOptions): pulumi.Output<GetAccountResult> {
  return pulumi.output(getAccount(opts));
}
