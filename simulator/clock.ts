// The simulator's wall clock: real time plus an offset the admin API can advance, so tests
// can expire 24-hour idempotency keys or refill rate-limit buckets without waiting.
export class Clock {
  offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }
}
