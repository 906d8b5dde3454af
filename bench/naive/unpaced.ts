// The naive baseline's pacing: none. Every request goes at once, with no bucket, no probe and
// no pause after a 429; 429s are left to the client's retries, as a typical client does.

import type { Pacer, PacerSnapshot, Ticket } from "../../provider/api";

export class Unpaced implements Pacer {
  private seq = 0;
  private inFlight = 0;

  async acquire(): Promise<Ticket> {
    this.inFlight++;
    return { seq: ++this.seq, settled: false };
  }

  observe(ticket: Ticket): void {
    this.settle(ticket);
  }

  release(ticket: Ticket): void {
    this.settle(ticket);
  }

  snapshot(): PacerSnapshot {
    return {
      tokens: Infinity, capacity: Infinity, perMinute: Infinity, unlimited: true, waiting: 0, sharePerMinute: Infinity,
      othersPerMinute: 0, inFlight: this.inFlight, window: Infinity, pausedMs: 0, coordinated: false,
    };
  }

  private settle(ticket: Ticket): void {
    if (ticket.settled) return;
    ticket.settled = true;
    this.inFlight--;
  }
}
