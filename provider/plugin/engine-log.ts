// The engine's diagnostics for the plugin face, through its Log service (pulumirpc.Engine, at
// the address the engine gives at start-up or through Attach), which the CLI prints under the
// resource; the plugin's stderr is not shown to the user. Every warning of a request goes there
// (its operation context's logger: a Fleet's plan in words among them), with the URN of the
// resource whose request raised it; a warning the engine cannot take (it is gone, or never gave
// an address) still reaches stderr. Progress lines (core/progress.ts) go the same way as
// ephemeral INFO entries, the engine's status messages: the CLI shows the latest in the
// resource's Info column (in a non-interactive run, a printed row each) and keeps none in its
// final output. One the engine cannot take is dropped: a late status is worth nothing.

import type { Logger } from "../core/context";
import type { StatusSink } from "../core/progress";
import { engproto, engrpc, grpc } from "./grpc";

type EngineClient = InstanceType<typeof engrpc.EngineClient>;

export class EngineLog {
  private client: EngineClient | undefined;
  /** The last progress line's call, answered or not: the next one waits for it. */
  private statusSent: Promise<void> = Promise.resolve();

  constructor(private readonly stderr: (line: string) => void = (line) => process.stderr.write(`${line}\n`)) {}

  /** Sends later warnings to the engine at `address` (host:port); a later call replaces it. */
  connect(address: string): void {
    this.client?.close();
    this.client = new engrpc.EngineClient(address, grpc.credentials.createInsecure());
  }

  /** Back to stderr alone. */
  close(): void {
    this.client?.close();
    this.client = undefined;
  }

  /** The logger of one resource's requests (an empty urn attaches the warnings to none). */
  logger(urn: string): Logger {
    return { warn: (message) => this.warn(message, urn) };
  }

  /**
   * Where the progress lines of one resource's requests go (ephemeral: shown while it runs). They
   * go one at a time, each after the engine answered the one before: the engine handles calls
   * side by side, and a count's lines sent at once reached the display out of order (its row
   * could end on a count lower than the last one sent).
   */
  status(urn: string): StatusSink {
    return (message) => {
      const req = new engproto.LogRequest().setSeverity(engproto.LogSeverity.INFO).setMessage(message).setUrn(urn).setEphemeral(true);
      this.statusSent = this.statusSent.then(() => new Promise<void>((done) => {
        const engine = this.client;
        if (!engine) return done();
        engine.log(req, () => done());
      }));
    };
  }

  private warn(message: string, urn: string): void {
    const engine = this.client;
    if (!engine) return this.stderr(`warning: ${message}`);
    const req = new engproto.LogRequest().setSeverity(engproto.LogSeverity.WARNING).setMessage(message).setUrn(urn);
    engine.log(req, (err) => {
      if (err) this.stderr(`warning: ${message}`);
    });
  }
}
