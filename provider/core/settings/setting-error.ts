// The error of a setting that is missing or refused. The message says which setting, where
// the value came from, the value unless it is a secret, and what is allowed.
//
// The dynamic-provider host logs a failed call as `${e}: ${e.stack}` (@pulumi/pulumi
// cmd/dynamic-provider/index.js), which printed the class name and the message twice, then a
// trace. A setting is the user's to fix and its trace helps nobody, so the string of this
// error is its class name and its stack is its message: that line reads
// `SettingError: <message>`, once.

import { inspect } from "util";

export class SettingError extends Error {
  constructor(message: string) {
    super(message);
    this.stack = message;
  }

  override toString(): string {
    return this.name;
  }

  /** What `console.log` and the Pulumi program's error report print. */
  [inspect.custom](): string {
    return `${this.name}: ${this.message}`;
  }
}
// On the prototype, not an own property, so that inspecting the error lists no fields.
Object.defineProperty(SettingError.prototype, "name", { value: "SettingError" });
