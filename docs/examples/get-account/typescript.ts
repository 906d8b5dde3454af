// The balance of the API key's account
import * as hosting from "@pulumi-hosting/sdk";

const account = hosting.getAccountOutput();

export const balance = account.balance;
