// Seeded generators so that `--seed` reproduces ids, IPs and fault draws. mulberry32 is a
// tiny 32-bit generator; its whole state is one integer, which the state file keeps.

export class Rng {
  constructor(public state: number) {
    this.state = state >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  hex(length: number): string {
    let s = "";
    while (s.length < length) s += (this.int(0x10000)).toString(16).padStart(4, "0");
    return s.slice(0, length);
  }

  /** An RFC 4122 version-4-looking UUID built from this generator. */
  uuid(): string {
    const h = this.hex(32).split("");
    h[12] = "4";
    h[16] = "89ab"[this.int(4)];
    const s = h.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}
